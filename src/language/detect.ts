/**
 * Which language a text is in, reported as ISO 639-2, with whether the
 * answer can be trusted and why.
 *
 * Two opinions on the text's evidence (evidence.ts: its words, without
 * names, URLs, code, numbers and markup):
 *   franc    character trigrams, restricted to ~57 widely written languages,
 *            with a small prior for the most written ones;
 *   words    a unigram model of the commonest words of English, French,
 *            Spanish, Portuguese and German (word-model.ts), the languages
 *            textlens analyzes or may analyze.
 * franc alone is weak on one short sentence ("Please let me know if you need
 * anything else." reads to it as Danish) and on technical text, where names
 * and identifiers are most of the trigrams; the word model knows only five
 * languages. Together:
 *   - a non-Latin script is franc's alone;
 *   - the word model's language wins when franc agrees, when most words are
 *     its common words (`strong`), when franc names another of the five and
 *     the words are clearly for this one, or when franc names a language
 *     outside the five and this one is close behind in franc's own ranking;
 *   - otherwise franc's answer stands.
 * `reliable` is calibrated on dev data (UD EWT/GUM dev, the UD dev files of
 * French, Spanish, Portuguese and German, technical documents and man page
 * paragraphs in 22 languages; see models/langid/MODEL_CARD.md): answers
 * marked reliable were right for ≥ 99 % of those texts of ≥ 40 characters,
 * on every basis, and no language had more than 1 % of its texts marked
 * reliable with a wrong answer. The detector never substitutes a language:
 * what an unreliable answer means for an analysis (it is analyzed in
 * English, with a warning) is the caller's business, src/source/input.ts.
 * See README.md in this folder.
 */
import { francAll } from 'franc';
import { francCodeToIso6392 } from './iso639.js';
import { UNDETERMINED } from './codes.js';
import { languageEvidence } from './evidence.js';
import { OTHER_LANGUAGE_BITS_PER_WORD, scoreWords, WORD_MODEL_LANGUAGES } from './word-model.js';

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

/** Letters enough to name the language of a script that only one candidate writes. */
const SCRIPT_MIN_CHARS = 5;

/** Han, kana, Hangul syllables and Thai: scripts whose text has few or no spaces between words. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** The candidates written in Latin script: the only ones the word model may overrule. */
const LATIN_CANDIDATES: ReadonlySet<string> = new Set(CANDIDATE_LANGUAGES.slice(0, CANDIDATE_LANGUAGES.indexOf('rus')));

/**
 * How much more often a language is written on the web, as a tier: 3 for
 * English, 2 for the next ~20 most used languages, 1 for the rest. Trigram
 * scores of close relatives (Portuguese/Galician, Russian/Bulgarian) often
 * differ by less than a percent on one sentence; a small prior breaks such
 * near-ties toward the language a caller is far more likely to send.
 */
const PREVALENCE_TIER: Readonly<Record<string, number>> = {
  eng: 3,
  ...Object.fromEntries(
    ['rus', 'spa', 'deu', 'fra', 'jpn', 'por', 'ita', 'cmn', 'pol', 'nld', 'tur', 'arb', 'kor', 'vie', 'ind', 'pes', 'ukr', 'swe', 'ces', 'hin'].map(
      (l) => [l, 2],
    ),
  ),
};

/** Score added to franc's (0–1) per prevalence tier. */
export const PREVALENCE_WEIGHT = 0.03;

/** Below this many characters of evidence nothing is guessed. */
export const MIN_DETECT_LENGTH = 3;

/**
 * A long text is judged by its first DETECT_SAMPLE_CHARS characters (cut at
 * a space): both opinions settle long before that, and a 200 kB document
 * would otherwise cost milliseconds per call. On the dev documents (README
 * files and man pages that open with badges, synopses and code) samples of
 * 4, 8 and 16 kB gave the same answers for every English document.
 */
export const DETECT_SAMPLE_CHARS = 4096;

/**
 * The thresholds, all chosen on the dev sets named in the header (by a
 * search over them, keeping the choice whose reliable answers stayed ≥ 99 %
 * right for every language while the most English sentences were marked
 * reliable) and reported in models/langid/MODEL_CARD.md.
 */
export const THRESHOLDS = {
  /**
   * Bits per word that "some other language" costs: a text fits the word
   * model's language only if its words cost less than this on average
   * (English dev sentences average 9.8 bits, text in other languages 14).
   */
  otherLanguageBitsPerWord: OTHER_LANGUAGE_BITS_PER_WORD,
  /** The word model supports its language with at least this many known words… */
  minKnownWords: 2,
  /** …a lead of at least this many bits over the second of its languages… */
  minLeadBits: 3,
  /** …and a fit (bits saved against "some other language") of at least this. */
  minFitBits: 0,
  /** Where the letters of unknown words alone rank the word model's language first, this share of its words must be known. */
  lettersDecidedKnownShare: 0.5,
  /** Strong support: this many known words, and this share of the words known. */
  strongKnownWords: 3,
  strongKnownShare: 0.6,
  /**
   * Where franc names another language, the word model's language is still
   * plausible with this share of known words, when franc ranks it at most
   * this far behind its best (as a share of the spread of all its scores).
   */
  plausibleKnownShare: 0.5,
  plausibleFrancGap: 0.3,
  /**
   * Below this many characters of words other than names nothing is reliable
   * ("See you soon.", "Barack Obama visited Paris. Angela Merkel met Tim Cook
   * in Berlin."): on dev sentences of 1–19 characters 1.2 % of the answers
   * the rules above call reliable were wrong, of 20–39 characters 0.1 %.
   */
  wordsMinChars: 20,
  /**
   * …unless this share of the words is known, this many of them in the cost table (and this many
   * different words), with a lead of this many bits and this many characters: "Our web address is …",
   * "For more details: …" (a URL or an address is the rest).
   */
  shortKnownShare: 0.75,
  shortKnownWords: 3,
  shortLeadBits: 10,
  shortMinChars: 10,
  /** Words that are reliable against franc's answer need at least this many known words. */
  minKnownWordsAgainstFranc: 3,
  /**
   * …of which this many in the cost table: the vocabulary's rarer words are more often shared with a
   * sixth language (Swedish "till", "poster").
   */
  minTableWordsAgainstFranc: 2,
  /** Where franc names another of the five, words lead by this many bits to overrule it. */
  overruleLeadBits: 8,
  /**
   * franc alone is reliable with a lead of this share of the spread of its
   * scores, this many evidence characters, and this many lower-case words
   * (names say nothing about their language).
   */
  francLeadShare: 0.25,
  francMinChars: 40,
  francMinLowerWords: 4,
  /** …and only while the text does not fit one of the word model's languages this well (bits). */
  francMaxWordFitBits: 10,
  /**
   * A Latin-script answer is not reliable when this share of the letters is
   * in another script: a Japanese or Russian man page whose command names
   * outnumber, in letters, its Japanese or Russian.
   */
  maxOtherScriptShare: 0.1,
} as const;

/**
 * Why an answer was given: `agree` (franc and the word model), `words` (the
 * commonest words overrule franc), `trigrams` (franc alone, a language
 * outside the word model), `script` (a script that one language or a few
 * write) — all reliable; `close-call` (the evidence fits more than one
 * language), `few-words` (too little of it), `no-words` (none) — not.
 */
export type DetectionBasis = 'agree' | 'words' | 'trigrams' | 'script' | 'close-call' | 'few-words' | 'no-words';

export interface DetectedLanguage {
  /** ISO 639-2/T code, or `und` when the text holds no words to go by. */
  language: string;
  /** Whether the answer can be trusted: right in ≥ 99 % of such dev texts, for every language. */
  reliable: boolean;
  /** The share of dev texts (≥ 40 characters) with the same basis whose answer was right. */
  confidence: number;
  basis: DetectionBasis;
  /** One sentence for a person: why the answer is, or is not, reliable. */
  reason: string;
}

/**
 * The share of dev texts of ≥ 40 characters answered right per basis
 * (rounded down), as training/langid/eval-dev.ts measures it over all its
 * sets; see models/langid/MODEL_CARD.md.
 */
export const CONFIDENCE: Readonly<Record<DetectionBasis, number>> = {
  agree: 0.99,
  words: 0.99,
  trigrams: 0.99,
  script: 0.99,
  'close-call': 0.83,
  'few-words': 0.5,
  'no-words': 0,
};

const NO_WORDS = 'The text has no words to tell its language by (only names, numbers, code or symbols).';
const FEW_WORDS = 'The text has too few words, other than names, numbers and code, to tell its language reliably.';
const FEW_COMMON_WORDS = 'Too few of its words are common words of the language its character sequences suggest.';
const MIXED_SCRIPTS = 'The text mixes scripts: its Latin-script words may not be its language.';

export function detectLanguage(text: string): DetectedLanguage {
  const evidence = languageEvidence(sample(text));
  const franc = francScores(evidence.text);
  const words = scoreWords(evidence.words, evidence.capitals);
  const best = franc[0];
  if (!best && !words) return answer(UNDETERMINED, false, 'no-words', NO_WORDS);
  const f = best?.[0] ?? UNDETERMINED;
  const francLead = relativeGap(franc, franc[1]?.[0]);

  if (best && !LATIN_CANDIDATES.has(f)) {
    // A script only one candidate writes (Hangul, kana, Thai, Greek…) names
    // its language in a few letters; scripts written without spaces pack a
    // word into a character or two.
    const minChars = franc.length === 1 ? SCRIPT_MIN_CHARS : SPACELESS.test(evidence.text) ? THRESHOLDS.francMinChars / 3 : THRESHOLDS.francMinChars;
    if ([...evidence.text].length < minChars) return answer(f, false, 'few-words', FEW_WORDS);
    return francLead >= THRESHOLDS.francLeadShare
      ? answer(f, true, 'script', 'Its script and its character sequences are clear.')
      : answer(f, false, 'close-call', 'Its script is clear, but not which of the languages written in it.');
  }

  const t = THRESHOLDS;
  const w = words?.best;
  // How much cheaper the text is in that language than "some other language" (without what the letters
  // of unknown words add: they tell the five apart, not one of them from a sixth).
  const fit = words ? t.otherLanguageBitsPerWord * words.words - words.plainCost : -Infinity;
  // The same where the language's known words never count against it (word-model.ts): what says
  // whether the words support it.
  const knownFit = words?.fit ?? -Infinity;
  const known = words?.known ?? 0;
  const tableKnown = known - (words?.vocabulary ?? 0);
  const knownShare = words ? known / words.words : 0;
  const francGapToWords = w ? relativeGap(franc, w) : 1;
  // Where only the letters of unknown words make this language the cheapest, most words must still be
  // known ones: a Hungarian page's words, known to none of the five, look a little English to them.
  const lettersDecided = words !== undefined && words.plainBest !== words.best && knownShare < t.lettersDecidedKnownShare;
  const supports = words !== undefined && known >= t.minKnownWords && words.lead >= t.minLeadBits && knownFit >= t.minFitBits && !lettersDecided;
  const strong = supports && known >= t.strongKnownWords && knownShare >= t.strongKnownShare;
  const plausible = supports && knownShare >= t.plausibleKnownShare && francGapToWords <= t.plausibleFrancGap;
  const francIsWordLanguage = WORD_MODEL_LANGUAGES.includes(f);
  const wordsWin =
    w !== undefined &&
    knownFit > 0 &&
    known >= 1 &&
    (f === w || strong || (francIsWordLanguage && words!.lead >= t.overruleLeadBits) || (!francIsWordLanguage && plausible));

  const mixedScripts = otherScriptShare(evidence.text) >= t.maxOtherScriptShare;
  if (wordsWin) {
    const enoughAgainstFranc = f === w || (known >= t.minKnownWordsAgainstFranc && tableKnown >= t.minTableWordsAgainstFranc);
    // Against franc, names do not count (they are most of a short news sentence's trigrams), but the
    // capitals this language's table knows do ("Tuesday", "I'm", German nouns).
    const chars = f === w ? evidence.text.length : evidence.lowerChars + words!.knownCapitalChars;
    // Different words: a refrain ("Na na, na na na.") repeats one word of a table.
    const shortButClear =
      tableKnown >= t.shortKnownWords &&
      knownShare >= t.shortKnownShare &&
      words!.lead >= t.shortLeadBits &&
      chars >= t.shortMinChars &&
      new Set(evidence.words).size >= t.shortKnownWords;
    const longEnough = chars >= t.wordsMinChars || shortButClear;
    if (supports && (f === w || strong || plausible) && enoughAgainstFranc && longEnough && !mixedScripts) {
      return f === w
        ? answer(w, true, 'agree', 'Its common words and its character sequences agree.')
        : answer(w, true, 'words', 'Most of its words are common words of this language.');
    }
    if (known < t.minKnownWords || words!.words < 3 || !longEnough) return answer(w, false, 'few-words', FEW_WORDS);
    return answer(w, false, 'close-call', mixedScripts ? MIXED_SCRIPTS : f === w ? FEW_COMMON_WORDS : 'Its words and its character sequences point to different languages.');
  }
  if (f === UNDETERMINED) return answer(UNDETERMINED, false, 'no-words', NO_WORDS);
  // One of the word model's languages that its words do not support is never
  // reliable on trigrams alone: on technical text franc's English, French or
  // Spanish is often a guess from option names and identifiers.
  const reliable =
    !francIsWordLanguage &&
    !mixedScripts &&
    francLead >= t.francLeadShare &&
    evidence.lowerWords >= t.francMinLowerWords &&
    fit < t.francMaxWordFitBits &&
    evidence.text.length >= t.francMinChars;
  if (reliable) return answer(f, true, 'trigrams', 'Its character sequences are clearly those of this language.');
  // Too little to be sure: where the words fit one of the word model's
  // languages at all, that is the better guess ("Barack Obama visited London
  // on Tuesday." has two words, and franc reads Finnish).
  const guess = w !== undefined && knownFit > 0 && known >= 1 ? w : f;
  if (evidence.lowerWords < t.francMinLowerWords || evidence.text.length < t.francMinChars) return answer(guess, false, 'few-words', FEW_WORDS);
  return answer(
    f,
    false,
    'close-call',
    mixedScripts ? MIXED_SCRIPTS : francIsWordLanguage ? FEW_COMMON_WORDS : 'Its character sequences fit more than one language about as well.',
  );
}

function answer(francOrIso: string, reliable: boolean, basis: DetectionBasis, reason: string): DetectedLanguage {
  const language = francOrIso === UNDETERMINED ? UNDETERMINED : francCodeToIso6392(francOrIso);
  return { language, reliable, confidence: CONFIDENCE[basis], basis, reason };
}

/** The share of letters outside the Latin script. */
function otherScriptShare(evidenceText: string): number {
  const latin = evidenceText.match(/\p{Script=Latin}/gu)?.length ?? 0;
  const other = evidenceText.match(/(?!\p{Script=Latin})\p{L}/gu)?.length ?? 0;
  return latin + other === 0 ? 0 : other / (latin + other);
}

/** The text's first DETECT_SAMPLE_CHARS characters, cut at a space. */
function sample(text: string): string {
  if (text.length <= DETECT_SAMPLE_CHARS) return text;
  const cut = text.lastIndexOf(' ', DETECT_SAMPLE_CHARS);
  return text.slice(0, cut > DETECT_SAMPLE_CHARS / 2 ? cut : DETECT_SAMPLE_CHARS);
}

/** franc's scores over the candidates, plus the prevalence prior, best first. */
function francScores(evidenceText: string): Array<[string, number]> {
  if (evidenceText.length < MIN_DETECT_LENGTH) return [];
  return francAll(evidenceText, { only: [...CANDIDATE_LANGUAGES], minLength: MIN_DETECT_LENGTH })
    .filter(([lang]) => lang !== 'und')
    .map(([lang, score]): [string, number] => [lang, score + PREVALENCE_WEIGHT * (PREVALENCE_TIER[lang] ?? 1)])
    .sort((a, b) => b[1] - a[1]);
}

/**
 * How far `language` trails franc's best, as a share of the spread between
 * its best and worst candidate: 0 for the best, 1 for the worst or a
 * language it did not score. franc's own scores are normalized by the text's
 * length, so their plain differences shrink on long text; this share does not.
 */
function relativeGap(scores: ReadonlyArray<[string, number]>, language: string | undefined): number {
  const best = scores[0];
  const worst = scores.at(-1);
  if (!best || !worst || best[1] <= worst[1]) return language === best?.[0] ? 0 : 1;
  if (language === undefined) return 1;
  const found = scores.find(([l]) => l === language);
  return found ? (best[1] - found[1]) / (best[1] - worst[1]) : 1;
}
