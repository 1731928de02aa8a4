import { readFile, access } from 'node:fs/promises';
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { RandomAccessFile, ResourceLoader } from './loader.js';
import { missingResource } from './url-loader.js';

/** The models/ directory shipped with the package. */
export const defaultModelsDir = fileURLToPath(new URL('../../models/', import.meta.url));

/**
 * A language pack's folder (`fra/`, `deu/` …) ships as a package of its own,
 * `textlens-<code>` (scripts/language-packs/pack.mjs), so that a user who
 * never analyses German never downloads German. A models directory without
 * the folder reads it from that package where it is installed beside textlens.
 */
export type PackDirResolver = (code: string) => string | undefined;

const requireFromHere = createRequire(import.meta.url);

/** The folder of the installed package `textlens-<code>`, if any. */
export const installedPackDir: PackDirResolver = (code) => {
  try {
    return dirname(requireFromHere.resolve(`textlens-${code}/package.json`));
  } catch {
    return undefined;
  }
};

/** A language pack's folder name: an ISO 639-2 code. */
const PACK_FOLDER = /^[a-z]{3}$/;

export interface FileLoaderOptions {
  /** Where a language pack missing from the models directory is found (default: the installed textlens-<code> package). */
  packDir?: PackDirResolver;
}

export function fileLoader(modelsDir: string = defaultModelsDir, options: FileLoaderOptions = {}): ResourceLoader {
  const root = resolve(modelsDir);
  const packDir = options.packDir ?? installedPackDir;
  // Per top folder: where its files are (checked once; a pack installed later needs a new loader).
  const folders = new Map<string, string>();
  const locate = (path: string): string => {
    const slash = path.indexOf('/');
    const top = slash < 0 ? '' : path.slice(0, slash);
    if (!PACK_FOLDER.test(top)) return join(root, path);
    let base = folders.get(top);
    if (base === undefined) {
      base = existsSync(join(root, top)) ? join(root, top) : (packDir(top) ?? join(root, top));
      folders.set(top, base);
    }
    return join(base, path.slice(slash + 1));
  };
  // A missing file names the model and the directory, not just ENOENT.
  const read = async <T>(path: string, how: () => Promise<T>): Promise<T> => {
    try {
      return await how();
    } catch (e) {
      if ((e as { code?: string }).code === 'ENOENT') throw missingResource(path, `looked in ${dirname(locate(path))}`);
      throw e;
    }
  };
  return {
    async bytes(path) {
      return read(path, async () => new Uint8Array(await readFile(locate(path))));
    },
    async text(path) {
      return read(path, () => readFile(locate(path), 'utf8'));
    },
    async exists(path) {
      try {
        await access(locate(path));
        return true;
      } catch {
        return false;
      }
    },
    filePath(path) {
      return locate(path);
    },
    async openFile(path) {
      return read(path, async () => openRandomAccess(locate(path)));
    },
  };
}

/** Closes a file's descriptor once nothing reads it any more (an analyzer disposed, a loader dropped). */
const CLOSE_WHEN_COLLECTED = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed: nothing to do
  }
});

function openRandomAccess(file: string): RandomAccessFile {
  const fd = openSync(file, 'r');
  const handle: RandomAccessFile = {
    size: fstatSync(fd).size,
    read(into, position) {
      let done = 0;
      while (done < into.byteLength) {
        const n = readSync(fd, into, done, into.byteLength - done, position + done);
        if (n === 0) break;
        done += n;
      }
      return done;
    },
  };
  CLOSE_WHEN_COLLECTED.register(handle, fd);
  return handle;
}
