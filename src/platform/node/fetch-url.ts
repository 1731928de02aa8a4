/**
 * Node side of the url seam: textlens's own guarded download (private
 * addresses refused, every redirect checked), or the caller's fetch when the
 * config supplies one.
 */
import { fetchWith } from '../../source/fetch-delegated.js';
import { fetchUrl as guardedFetch } from '../../source/fetch-url.js';
import type { FetchedPage, FetchOptions } from '../../source/download-common.js';

export function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  return opts.fetch ? fetchWith(opts.fetch, url, opts) : guardedFetch(url, opts);
}
