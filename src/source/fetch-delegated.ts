/**
 * Downloading a caller's `url` through a fetch the caller supplied
 * (`download.fetch` of the analyzer config). The same limits as the guarded
 * download apply (timeout, byte cap, http/https only, text or HTML only);
 * redirects and which hosts may be reached are the fetch's business.
 */
import { badRequest } from '../errors.js';
import type { FetchFunction } from '../resources/url-loader.js';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  downloadFailure,
  pageFromBody,
  parseHttpUrl,
  trimPartialUtf8,
  type FetchedPage,
  type FetchOptions,
} from './download-common.js';

export async function fetchWith(fetchFn: FetchFunction, url: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  parseHttpUrl(url, url);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5' };
    if (opts.userAgent?.trim()) headers['user-agent'] = opts.userAgent.trim();
    const res = await fetchFn(url, { signal, headers, redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw badRequest(`url ${url}: the server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`, 'url');
    }
    const contentType = res.headers.get('content-type') ?? '';
    const { bytes, truncated } = await readCapped(res, maxBytes);
    return pageFromBody({ url, finalUrl: res.url || url, status: res.status, contentType }, bytes, truncated);
  } catch (e) {
    throw downloadFailure(e, url, signal.aborted, timeoutMs, e instanceof Error ? e.message : String(e));
  }
}

/** Reads at most `maxBytes` of the body, then cancels the rest of the transfer. */
async function readCapped(res: Response, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(await res.arrayBuffer()).subarray(0, maxBytes), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  let bytes: Uint8Array = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  if (truncated) bytes = trimPartialUtf8(bytes);
  return { bytes, truncated };
}
