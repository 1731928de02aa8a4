/**
 * Resource loaders that need no file system: models fetched from a base URL
 * (a browser serving models/ as static files) or handed over as bytes by the
 * caller. Platform-free: they use only `fetch`, so they work in browsers,
 * Web Workers and Node alike.
 */
import { AnalysisError } from '../errors.js';
import type { ResourceLoader } from './loader.js';

/** The part of `fetch` a loader calls; the global fetch fits, and so does a test stub. */
export type FetchFunction = (url: string, init?: { method?: string; signal?: AbortSignal; headers?: Record<string, string>; redirect?: 'follow' }) => Promise<Response>;

export interface UrlLoaderOptions {
  /** Fetch to use instead of the global one (tests, custom caching, credentials). */
  fetch?: FetchFunction;
}

/** A missing model file, named, with what the caller can do about it. */
export function missingResource(path: string, where: string): AnalysisError {
  return new AnalysisError(
    500,
    `Model file ${path} was not found (${where}). Serve or copy the package's models/ directory there, or pass a loader that has it.`,
  );
}

/**
 * Models under a base URL: `urlLoader('/assets/textlens-models/')` reads
 * `sentences/model.onnx` from `/assets/textlens-models/sentences/model.onnx`.
 * A relative base is resolved against the page (or worker) location.
 */
export function urlLoader(base: string | URL, opts: UrlLoaderOptions = {}): ResourceLoader {
  let root: URL;
  try {
    root = new URL(withSlash(String(base)), documentBase());
  } catch {
    throw new AnalysisError(400, `urlLoader: ${String(base)} is not an absolute URL, and there is no page location to resolve it against`);
  }
  const fetchFn: FetchFunction = opts.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const urlOf = (path: string): string => new URL(path.replace(/^\/+/, ''), root).href;

  async function get(path: string): Promise<Response> {
    const url = urlOf(path);
    let res: Response;
    try {
      res = await fetchFn(url);
    } catch (e) {
      throw new AnalysisError(503, `Model file ${path} could not be fetched from ${url}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (res.status === 404 || res.status === 410) throw missingResource(path, `HTTP ${res.status} from ${url}`);
    if (!res.ok) throw new AnalysisError(502, `Model file ${path}: ${url} answered HTTP ${res.status}`);
    return res;
  }

  return {
    async bytes(path) {
      return new Uint8Array(await (await get(path)).arrayBuffer());
    },
    async text(path) {
      return (await get(path)).text();
    },
    async exists(path) {
      try {
        // HEAD asks without downloading a model twice; a server that refuses
        // HEAD (405/501) is asked again with GET.
        let res = await fetchFn(urlOf(path), { method: 'HEAD' });
        if (res.status === 405 || res.status === 501) res = await fetchFn(urlOf(path));
        return res.ok;
      } catch {
        return false;
      }
    },
  };
}

/** Bytes the caller already holds, by path relative to the models directory. */
export type ResourceBytes = Readonly<Record<string, ArrayBuffer | Uint8Array>>;

/**
 * Models handed over as bytes (`{ 'sentences/model.onnx': buffer, … }`),
 * e.g. read from IndexedDB or a zip. Paths not given are asked of
 * `fallback` when there is one, and are missing otherwise.
 */
export function bufferLoader(files: ResourceBytes, fallback?: ResourceLoader): ResourceLoader {
  const own = (path: string): Uint8Array | undefined => {
    const b = files[path];
    return b === undefined ? undefined : b instanceof Uint8Array ? b : new Uint8Array(b);
  };
  return {
    async bytes(path) {
      const b = own(path);
      if (b) return b;
      if (fallback) return fallback.bytes(path);
      throw missingResource(path, 'not among the buffers given to bufferLoader');
    },
    async text(path) {
      const b = own(path);
      if (b) return new TextDecoder().decode(b);
      if (fallback) return fallback.text(path);
      throw missingResource(path, 'not among the buffers given to bufferLoader');
    },
    async exists(path) {
      return own(path) !== undefined || (fallback ? fallback.exists(path) : false);
    },
  };
}

function withSlash(s: string): string {
  return s.endsWith('/') ? s : `${s}/`;
}

/** The location relative URLs mean: the page's or the worker's, when there is one. */
function documentBase(): string | undefined {
  const loc = (globalThis as { location?: { href?: string } }).location;
  return loc?.href;
}
