/**
 * Browser side of the url seam. A page cannot make the guarded download
 * (no DNS, no choice of address, and CORS hides most pages anyway), so `url`
 * is refused with a 400 unless the analyzer's config supplies
 * `download.fetch`, which is then used as is (a proxy of the app's own, say).
 */
import { badRequest } from '../../errors.js';
import { fetchWith } from '../../source/fetch-delegated.js';
import type { FetchedPage, FetchOptions } from '../../source/download-common.js';

export async function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  if (!opts.fetch) {
    throw badRequest(
      `url ${url}: downloading a url is not available in a browser by default; pass the text, or give createAnalyzer a fetch to download with (download: { fetch })`,
      'url',
    );
  }
  return fetchWith(opts.fetch, url, opts);
}
