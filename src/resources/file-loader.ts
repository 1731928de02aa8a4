import { readFile, access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import type { ResourceLoader } from './loader.js';
import { missingResource } from './url-loader.js';

/** The models/ directory shipped with the package. */
export const defaultModelsDir = fileURLToPath(new URL('../../models/', import.meta.url));

export function fileLoader(modelsDir: string = defaultModelsDir): ResourceLoader {
  const root = resolve(modelsDir);
  // A missing file names the model and the directory, not just ENOENT.
  const read = async <T>(path: string, how: () => Promise<T>): Promise<T> => {
    try {
      return await how();
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') throw missingResource(path, `looked in ${root}`);
      throw e;
    }
  };
  return {
    async bytes(path) {
      return read(path, async () => new Uint8Array(await readFile(join(root, path))));
    },
    async text(path) {
      return read(path, () => readFile(join(root, path), 'utf8'));
    },
    async exists(path) {
      try {
        await access(join(root, path));
        return true;
      } catch {
        return false;
      }
    },
    filePath(path) {
      return join(root, path);
    },
  };
}
