/**
 * Everything before the Doc: a validated request becomes the text to analyze
 * and its language.
 *
 *   source    the request's text (size-checked), or a download of its `url`
 *   cleanup   raw | stripTags | cleanHTML (default: cleanHTML for an HTML
 *             page, raw otherwise), with the page's title and description
 *   language  languageOverride, else detected; unreliable detection on
 *             non-empty text falls back to English, with a warning
 *
 * The download itself is handed in (the platform seam's fetchUrl), so this
 * module reaches no network and no platform on its own. The HTML parser and
 * the language detector's data are imported only for input that needs them.
 */
import type { AnalyzeRequest } from '../request.js';
import type { CleanupMode, WarningCode } from '../types.js';
import type { CleanupResult } from '../cleanup/index.js';
import { normalizeLanguageCode } from '../language/codes.js';
import type { FetchedPage, FetchOptions } from './download-common.js';
import { checkTextSize } from './text.js';

/** Unreliable detection, and text without language, is analyzed in the shipped models' language. */
const FALLBACK_LANGUAGE = 'eng';

export interface InputOptions {
  /** Downloads `url` (the platform's guarded download, or the caller's fetch). */
  fetchUrl(url: string, options: FetchOptions): Promise<FetchedPage>;
  /** Loopback/private hosts `url` may reach (createAnalyzer's allowHosts). */
  allowHosts?: readonly string[];
  /** Download limits and the caller's fetch (createAnalyzer's download). */
  download?: Omit<FetchOptions, 'userAgent' | 'allowHosts'>;
}

export interface Input {
  /** The text as given, or the downloaded body. */
  raw: string;
  /** The text to analyze: `raw` after cleanup. */
  text: string;
  /** Page title and description, when cleanup read them. */
  metadata: CleanupResult['metadata'];
  /** ISO 639-2 code. */
  language: string;
  languageIsReliable: boolean;
}

export async function readInput(req: AnalyzeRequest, options: InputOptions, warn: (code: WarningCode, message: string) => void): Promise<Input> {
  const { raw, isHtml } = await source(req, options, warn);
  const mode: CleanupMode = req.cleanup.mode ?? (isHtml ? 'cleanHTML' : 'raw');
  // The HTML parser (cheerio) is loaded only for input that needs it.
  const cleaned: CleanupResult = mode === 'raw' ? { text: raw, metadata: undefined } : (await import('../cleanup/index.js')).cleanup(raw, mode, { useMetadata: req.cleanup.useMetadata });
  const text = cleaned.text;
  // A downloaded page is limited like sent text once cleaned (its markup does not count).
  if (req.url !== undefined) checkTextSize(text);
  const { language, languageIsReliable } = await languageOf(req, text, warn);
  return { raw, text, metadata: cleaned.metadata, language, languageIsReliable };
}

async function source(req: AnalyzeRequest, options: InputOptions, warn: (code: WarningCode, message: string) => void): Promise<{ raw: string; isHtml: boolean }> {
  if (req.text !== undefined) {
    checkTextSize(req.text);
    return { raw: req.text, isHtml: false };
  }
  const page = await options.fetchUrl(req.url!, {
    userAgent: req.userAgent,
    allowHosts: options.allowHosts ? [...options.allowHosts] : undefined,
    ...options.download,
  });
  if (page.truncated) warn('download-truncated', `The page at ${req.url} was larger than the download limit and was truncated.`);
  return { raw: page.body, isHtml: page.isHtml };
}

async function languageOf(req: AnalyzeRequest, text: string, warn: (code: WarningCode, message: string) => void): Promise<{ language: string; languageIsReliable: boolean }> {
  if (req.languageOverride !== undefined) return { language: normalizeLanguageCode(req.languageOverride), languageIsReliable: true };
  // franc and its trigram data load only when a language is to be detected.
  const detected = (await import('../language/detect.js')).detectLanguage(text);
  // Short or ambiguous text: the detector's guess is noise ("Running dogs"
  // scores as Norwegian), so analyze in the default language, English, and say so.
  if (!detected.reliable && text.trim() !== '') {
    // The reason says what would help: more text, fewer names and code, or an override.
    warn(
      'language-unreliable',
      `Language detection is not reliable for this text (best guess '${detected.language}'): ${detected.reason} Analyzed as English. Set languageOverride to choose.`,
    );
  }
  return { language: detected.reliable ? detected.language : FALLBACK_LANGUAGE, languageIsReliable: detected.reliable };
}
