/**
 * Which language a text is in: franc's trigram model, restricted to the
 * languages a caller is likely to send, reported as ISO 639-2.
 */
import { francAll } from 'franc';
import { francCodeToIso6392 } from './iso639.js';
import { UNDETERMINED } from './codes.js';

export { normalizeLanguageCode, UNDETERMINED } from './codes.js';

/**
 * The candidate set, as franc's ISO 639-3 codes: the ~50 most widely written
 * languages. Without it franc chooses among 187 languages, and short English
 * is often taken for Scots (`sco`: "The quick brown fox jumps over the lazy
 * dog") or another close relative that almost nobody sends. Languages franc
 * knows by script alone (Chinese, Japanese, Korean, Greek, Thai, …) are in the
 * list too so that they are not filtered out.
 */
export const CANDIDATE_LANGUAGES: readonly string[] = [
  // Latin script
  'eng', 'fra', 'deu', 'spa', 'por', 'ita', 'nld', 'swe', 'dan', 'nob', 'fin', 'pol', 'ces', 'slk',
  'hun', 'ron', 'tur', 'hrv', 'slv', 'lit', 'lvs', 'ekk', 'cat', 'glg', 'ind', 'vie', 'tgl', 'swh',
  'afr', 'als',
  // Cyrillic
  'rus', 'ukr', 'bel', 'bul', 'srp', 'mkd',
  // Other scripts
  'ell', 'heb', 'arb', 'pes', 'urd', 'hin', 'mar', 'ben', 'tam', 'tel', 'guj', 'kan', 'mal', 'pan',
  'tha', 'cmn', 'jpn', 'kor', 'kat', 'hye', 'amh',
];

/**
 * How much more often a language is written on the web, as a tier: 3 for
 * English, 2 for the next ~20 most used languages, 1 for the rest. Trigram
 * scores of close relatives (Portuguese/Galician, Dutch/Afrikaans,
 * Russian/Bulgarian) often differ by less than a percent on one sentence; a
 * small prior breaks such near-ties toward the language a caller is far more
 * likely to send.
 */
const PREVALENCE_TIER: Readonly<Record<string, number>> = {
  eng: 3,
  ...Object.fromEntries(
    ['rus', 'spa', 'deu', 'fra', 'jpn', 'por', 'ita', 'cmn', 'pol', 'nld', 'tur', 'arb', 'kor', 'vie', 'ind', 'pes', 'ukr', 'swe', 'ces', 'hin'].map(
      (l) => [l, 2],
    ),
  ),
};

/**
 * Score added per prevalence tier. Chosen on UD English test sentences and
 * the multilingual fixture: 0 → 73.4 % / 88.3 % accuracy, 0.03 → 77.7 % /
 * 91.3 %; larger values keep helping English only by overriding evidence.
 */
export const PREVALENCE_WEIGHT = 0.03;

/** Below this many characters (letters and spaces, trimmed) nothing is guessed. */
export const MIN_DETECT_LENGTH = 3;

/**
 * Text shorter than this (characters) or with fewer words than
 * MIN_RELIABLE_WORDS is never marked reliable: trigram statistics of a few
 * words say little (franc's own accuracy on word pairs is ~66 %).
 */
export const MIN_RELIABLE_LENGTH = 35;
export const MIN_RELIABLE_WORDS = 5;

/**
 * franc scores are normalized so the best language has 1; when the runner-up
 * is within this margin (after the prevalence prior) the guess is not called
 * reliable. On UD EWT test sentences: margin 0.03 → 96.4 % of reliable
 * guesses right (57.6 % of sentences reliable), 0.08 → 98.3 % (53.5 %),
 * 0.12 → 99.5 % (49.3 %). See src/language/eval.ts.
 */
export const RELIABLE_MARGIN = 0.08;

export interface DetectedLanguage {
  /** ISO 639-2/T code, or `und` when the text holds no letters to go by. */
  language: string;
  /** Whether the guess is trustworthy: long enough and clearly ahead of the runner-up. */
  reliable: boolean;
}

/**
 * franc reads at most this many characters, cut at a space. Trigram
 * statistics settle long before that, and a 200 kB document would otherwise
 * cost ~5 ms of detection per call.
 */
export const DETECT_SAMPLE_CHARS = 4096;

/**
 * The commonest English function words. franc's trigrams are weak on one
 * short sentence, and a news sentence made mostly of names ("Satya Nadella has
 * led Microsoft since 2014.") reads to it as Swedish; its lower-case function
 * words still say English. Closed-class words only: content words are shared
 * across languages far more often.
 */
const ENGLISH_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  ('the a an of in on at to for from by with and or but is are was were be been being has have had will would can ' +
    'could should may might must it its this that these those he she they we you i his her their our my your not as ' +
    'after before over into about than then also said says new who which what when where there here up out more most ' +
    'all some any if so do does did just only very while during against between under since until because')
    .split(' '),
);

/**
 * English function words needed to overrule franc: at least this many, and
 * this share of the lower-case words. On EWT + GUM dev sentences (3,576) and
 * the 162 everyday news sentences of test/fixtures/everyday-entities.jsonl,
 * English taken for another language and marked reliable went 28 → 7 and
 * 7 → 1; the 300 non-English fixture sentences did not change.
 */
export const ENGLISH_FUNCTION_WORDS_MIN = 2;
export const ENGLISH_FUNCTION_WORDS_SHARE = 0.3;

/**
 * Names say nothing about the language around them, so the evidence for
 * "reliable" is the words that are not capitalized: at least
 * MIN_RELIABLE_EVIDENCE_WORDS of them and MIN_RELIABLE_EVIDENCE_CHARS
 * characters (four, not five: German capitalizes its nouns).
 * "Barack Obama visited Paris. Angela Merkel met Tim Cook in Berlin." has
 * three ("visited met in"), so franc's "Indonesian" is not trusted and the
 * text is analyzed as English. On the sets above: reliable mistakes 7 → 5
 * (EWT + GUM dev) and 1 → 0 (everyday); non-English fixture unchanged.
 */
export const MIN_RELIABLE_EVIDENCE_WORDS = 4;
export const MIN_RELIABLE_EVIDENCE_CHARS = 20;

export function detectLanguage(text: string): DetectedLanguage {
  if (text.length > DETECT_SAMPLE_CHARS) {
    const cut = text.lastIndexOf(' ', DETECT_SAMPLE_CHARS);
    text = text.slice(0, cut > DETECT_SAMPLE_CHARS / 2 ? cut : DETECT_SAMPLE_CHARS);
  }
  const scores = francAll(text, { only: [...CANDIDATE_LANGUAGES], minLength: MIN_DETECT_LENGTH })
    .map(([lang, score]): [string, number] => [lang, score + PREVALENCE_WEIGHT * (PREVALENCE_TIER[lang] ?? 1)])
    .sort((a, b) => b[1] - a[1]);
  const [best, second] = scores;
  if (!best || best[0] === 'und') return { language: UNDETERMINED, reliable: false };
  const trimmed = text.trim();
  // Scripts without spaces between words (Han, kana, Thai) are judged by length alone.
  const spaceless = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(trimmed);
  if (spaceless) {
    const clearLead = !second || best[1] - second[1] >= RELIABLE_MARGIN;
    return { language: francCodeToIso6392(best[0]), reliable: [...trimmed].length >= MIN_RELIABLE_LENGTH / 3 && clearLead };
  }
  const tokens = trimmed.split(/\s+/u);
  const words = tokens.filter((w) => /\p{L}/u.test(w)).length;
  const evidence = wordsOtherThanNames(tokens);
  if (best[0] !== 'eng' && readsAsEnglish(evidence)) return { language: 'eng', reliable: false };
  const longEnough =
    trimmed.length >= MIN_RELIABLE_LENGTH &&
    words >= MIN_RELIABLE_WORDS &&
    evidence.length >= MIN_RELIABLE_EVIDENCE_WORDS &&
    evidence.join(' ').length >= MIN_RELIABLE_EVIDENCE_CHARS;
  const clearLead = !second || best[1] - second[1] >= RELIABLE_MARGIN;
  return { language: francCodeToIso6392(best[0]), reliable: longEnough && clearLead };
}

/**
 * The tokens' words (edge punctuation stripped) that do not start with a
 * capital: sentence-initial words go too, as news sentences so often open
 * with a name. Caseless scripts (Arabic, Hebrew, Devanagari…) keep every word.
 */
function wordsOtherThanNames(tokens: string[]): string[] {
  return tokens.map((t) => t.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')).filter((w) => /\p{L}/u.test(w) && !/^\p{Lu}/u.test(w));
}

function readsAsEnglish(lowerCaseWords: string[]): boolean {
  const hits = lowerCaseWords.filter((w) => ENGLISH_FUNCTION_WORDS.has(w)).length;
  return hits >= ENGLISH_FUNCTION_WORDS_MIN && hits / lowerCaseWords.length >= ENGLISH_FUNCTION_WORDS_SHARE;
}
