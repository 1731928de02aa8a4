/**
 * Browser (and other non-Node) side of the resource seam: there is no file
 * system, so a "directory" is a URL path and models are fetched from it.
 * Without any setting, models are fetched from `models/` next to the page
 * (or the worker script).
 */
import type { ResourceLoader } from '../../resources/loader.js';
import { urlLoader } from '../../resources/url-loader.js';
import type { ModelsLocation } from '../types.js';
import { AnalysisError } from '../../errors.js';

/** In a browser, the models are looked for at this URL, relative to the page. */
export const defaultModelsDir = 'models/';

/** In a browser a directory can only be a URL: the same as urlLoader(dir). */
export function fileLoader(modelsDir: string = defaultModelsDir): ResourceLoader {
  return urlLoader(modelsDir);
}

export function defaultLoader(where: ModelsLocation): ResourceLoader {
  return urlLoader(where.modelsUrl ?? where.modelsDir ?? defaultModelsDir);
}

/** A caller's dictionary "file": fetched as a URL. */
export async function readTextFile(path: string): Promise<string> {
  const res = await globalThis.fetch(new URL(path, (globalThis as { location?: { href?: string } }).location?.href).href);
  if (!res.ok) throw new AnalysisError(400, `Dictionary ${path}: HTTP ${res.status}`, 'dictionaries');
  return res.text();
}
