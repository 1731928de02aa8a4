/**
 * Language codes a caller gives (languageOverride). Apart from detect.ts so
 * that a request with languageOverride does not load franc's trigram data.
 */
import { badRequest } from '../errors.js';
import { toIso6392 } from './iso639.js';

/** The language reported when there is nothing to detect from. */
export const UNDETERMINED = 'und';

/**
 * Checks a caller's `languageOverride` and returns its ISO 639-2/T code.
 * Accepts ISO 639-1 (`en`), 639-2/B or /T (`fre`, `fra`) and the 639-3 codes
 * franc uses (`cmn`), case-insensitive, with an optional region (`en-US`).
 */
export function normalizeLanguageCode(code: string): string {
  const iso = toIso6392(code);
  if (!iso || iso === UNDETERMINED || iso === 'mul' || iso === 'zxx') {
    throw badRequest(`languageOverride: unknown language code "${code}"; expected an ISO 639-2 code such as "eng"`, 'languageOverride');
  }
  return iso;
}
