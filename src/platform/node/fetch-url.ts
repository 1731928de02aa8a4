/**
 * Node side of the url seam: textlens's own guarded download (private
 * addresses refused, every redirect checked), or the caller's fetch when the
 * config supplies one. The guarded download is imported on the first `url`
 * request: it brings node:http, https, net, tls and dns (~5 MB resident),
 * which an analyzer that never downloads should not carry.
 */
import { fetchWith } from '../../source/fetch-delegated.js';
import type { FetchedPage, FetchOptions } from '../../source/download-common.js';

export async function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  if (opts.fetch) return fetchWith(opts.fetch, url, opts);
  const { fetchUrl: guardedFetch } = await import('../../source/fetch-url.js');
  return guardedFetch(url, opts);
}
