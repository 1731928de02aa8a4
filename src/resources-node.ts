import { readFile, access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import type { ResourceLoader } from './resources.js';

/** The models/ directory shipped with the package. */
export const defaultModelsDir = fileURLToPath(new URL('../models/', import.meta.url));

export function fileLoader(modelsDir: string = defaultModelsDir): ResourceLoader {
  const root = resolve(modelsDir);
  return {
    async bytes(path) {
      return new Uint8Array(await readFile(join(root, path)));
    },
    async text(path) {
      return readFile(join(root, path), 'utf8');
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
