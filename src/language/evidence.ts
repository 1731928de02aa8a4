/**
 * What of a text says which language it is in. Names, URLs, e-mail
 * addresses, file paths, command-line options, identifiers and numbers are
 * the same in every language (or belong to none), and in technical writing
 * they are a large share of the tokens: "--ignore-case", "src/index.ts",
 * "getElementById", "Barack Obama". So are the markup of README files (HTML
 * tags, Markdown badges and link targets) and code blocks. They are taken out
 * before franc reads the trigrams and before the word model counts words.
 *
 * Pure string functions, no data: the word tables are built with the same
 * functions (training/langid/build-words.ts), so that what is counted there
 * is what is looked up here.
 */

/** Code, removed whole: Markdown code blocks and spans, HTML code, pre, script and style elements. */
const CODE_BLOCK = /```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]{0,200}`|<(code|pre|script|style)\b[^>]*>[\s\S]*?(?:<\/\1>|$)/gi;
/** URLs and bare web addresses. */
const URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/gi;
/** HTML and XML tags and comments (the text between tags stays). */
const TAG = /<!--[\s\S]*?(?:-->|$)|<\/?[a-z][^<>]{0,500}>/gi;
/** Markdown link targets and reference definitions: `](url)`, `][ref]`, `[ref]: url`. */
const LINK_TARGET = /\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+"[^"]*")?\)|\]\[[^\]]*\]|^[ \t]*\[[^\]\n]+\]:[ \t]*\S.*$/gm;
/** Character references: `&amp;`, `&#8217;`. */
const ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/gi;
/** A word: letters (with their combining marks), joined by one apostrophe or hyphen ("don't", "well-known", "aujourd'hui"). */
const WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*$/u;
/** Tokens end at white space and at the punctuation of scripts written without spaces (。、，！？：；「」『』（）). */
const TOKEN_BREAK = /[\s\u3000-\u3003\u300c-\u300f\uff01\uff08\uff09\uff0c\uff1a\uff1b\uff1f]+/u;
/** A command-line option, bracketed or not: "-v", "--verbose", "[-a]", "(--all)". */
const OPTION = /^[[({<"'“‘]*-{1,2}\p{L}/u;
/** Punctuation that may wrap a word without making it code. */
const EDGE = /^[\s"'“”‘’«»„‚‹›()[\]{}¿¡*_,.;:!?…–—-]+|[\s"'“”‘’«»„‚‹›()[\]{}*_,.;:!?…–—-]+$/gu;
/** A sentence ends before the next token: ., ! or ? at the token's end (closing quotes allowed). */
const SENTENCE_END = /[.!?…]["'”’»)\]]*$/u;

export interface Evidence {
  /** The text for franc: every token that is a word, in order, names included. */
  text: string;
  /**
   * The words for the word model, lower-cased: words in lower case, and a
   * capitalized word only where a sentence starts ("The", "Les", "Der"),
   * since anywhere else it is most likely a name (unless the whole text is
   * in Title Case or in capitals).
   */
  words: string[];
  /**
   * The capitalized words inside sentences, as written ("Tuesday", "I'm", "London", and every German
   * noun): mostly names, which say little, but a few are a language's own (its days, months,
   * nationalities, "I", German nouns). The word model scores those it knows (word-model.ts); empty
   * where case says nothing (shouted or Title Case text, whose words are all in `words`).
   */
  capitals: string[];
  /** How many tokens were words (names included); the rest was code, numbers or symbols. */
  wordTokens: number;
  /**
   * How many words were in lower case (or in a script without case): the
   * evidence that is neither a name nor a heading (all words, where the whole
   * text is in capitals or Title Case).
   */
  lowerWords: number;
  /** Their characters (spaces between them included). */
  lowerChars: number;
  /** All whitespace-separated tokens. */
  tokens: number;
}

/**
 * Splits `text` into its language evidence. A token is a word when, its
 * wrapping punctuation stripped, it is letters only (with inner apostrophes
 * and hyphens), does not start with a hyphen (a command-line option) and is
 * not an identifier: camelCase, ALL CAPS of two letters or more (unless the
 * text is shouted), or anything with a digit, slash, dot, underscore, @, =
 * inside.
 */
export function languageEvidence(text: string): Evidence {
  const plain = text.replace(CODE_BLOCK, ' ').replace(TAG, ' ').replace(LINK_TARGET, ']').replace(URL, ' ').replace(ENTITY, ' ');
  const candidates: Array<{ word: string; shape: Shape; startsSentence: boolean }> = [];
  let tokens = 0;
  let sentenceStart = true;
  for (const token of plain.split(TOKEN_BREAK)) {
    if (!token) continue;
    tokens++;
    const word = token.replace(EDGE, '');
    const startsSentence = sentenceStart;
    sentenceStart = SENTENCE_END.test(token) || /^[-*•#>]+$|^\d+[.)]$/u.test(token);
    if (!word || !WORD.test(word) || OPTION.test(token)) continue;
    const shape = shapeOf(word);
    if (shape !== 'mixed') candidates.push({ word, shape, startsSentence });
  }
  // Text in capitals or in Title Case says nothing by its case: its capitals
  // are words, not acronyms or names ("WHO WANTS TO HELP", "Thanks For The
  // Prompt Service").
  const share = (shape: Shape): number => candidates.filter((c) => c.shape === shape).length / candidates.length;
  const shouted = candidates.length >= 3 && share('caps') >= CASELESS_SHARE;
  const titled = candidates.length >= 3 && share('capitalized') >= CASELESS_SHARE;
  const kept: string[] = [];
  const words: string[] = [];
  const capitals: string[] = [];
  for (const { word, shape, startsSentence } of candidates) {
    if (shape === 'caps' && !shouted && [...word].length > 1) continue;
    kept.push(word);
    if (shape === 'lower' || titled || shouted || (startsSentence && shape === 'capitalized')) words.push(word.toLowerCase());
    // One capital letter ("A", "I", "C") is too ambiguous a word: an article after a heading, a grade, a name.
    else if (!startsSentence && shape === 'capitalized') capitals.push(word);
  }
  // In shouted or Title Case text every word is evidence.
  const lower = candidates.filter((c) => c.shape === 'lower' || shouted || titled);
  const lowerChars = lower.reduce((n, c) => n + c.word.length + 1, -1);
  return { text: kept.join(' '), words, capitals, wordTokens: kept.length, lowerWords: lower.length, lowerChars: Math.max(0, lowerChars), tokens };
}

/**
 * From this share of its words in capitals (or capitalized), a text's case is
 * ignored. Not lower: a news sentence is often two thirds names ("Barack
 * Obama visited London on Tuesday.").
 */
const CASELESS_SHARE = 0.8;

type Shape = 'lower' | 'capitalized' | 'caps' | 'mixed';

/**
 * A word's case: lower (or caseless script), Capitalized, ALL CAPS, or mixed —
 * camelCase and inner capitals ("getElementById", "iPhone", "JavaScript"),
 * names of things in code, never words.
 */
function shapeOf(word: string): Shape {
  const upper = word.replace(/[^\p{Lu}]/gu, '').length;
  if (upper === 0) return 'lower';
  if (upper === word.replace(/[^\p{L}]/gu, '').length) return 'caps';
  if (/\p{Ll}\p{Lu}/u.test(word)) return 'mixed';
  return /^\p{Lu}/u.test(word) ? 'capitalized' : 'mixed';
}
