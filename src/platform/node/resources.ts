/**
 * Node side of the resource seam: models are files (the package's models/
 * by default), and a dictionary path is a file path.
 */
import { readFile } from 'node:fs/promises';
import type { ResourceLoader } from '../../resources/loader.js';
import { urlLoader } from '../../resources/url-loader.js';
import { defaultModelsDir, fileLoader } from '../../resources/file-loader.js';
import type { ModelsLocation } from '../types.js';

export { defaultModelsDir, fileLoader };

/** The loader an analyzer uses when the caller gives none. */
export function defaultLoader(where: ModelsLocation): ResourceLoader {
  return where.modelsUrl !== undefined ? urlLoader(where.modelsUrl) : fileLoader(where.modelsDir);
}

/** A caller's dictionary file. */
export function readTextFile(path: string): Promise<string> {
  return readFile(path, 'utf8');
}
