/** The text to analyze: request bytes or a guarded download of a URL. */
export { decodeText, checkTextSize, utf8ByteLength, MAX_TEXT_BYTES } from './text.js';
export {
  fetchUrl,
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_USER_AGENT,
  type FetchOptions,
  type FetchedPage,
} from './fetch-url.js';
export { blockedReason } from './address-guard.js';
