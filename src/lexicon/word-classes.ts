/**
 * What WordNet says a word form can be, as two small integer codes that the
 * tagger embeds like any other feature (models/tagger, meta.json →
 * embedding.lexical). Aimed at words the treebank never showed the tagger:
 * WordNet knows ~150k lemmas and morphy() maps inflected forms onto them, so
 * "recalibrated" is a possible verb form and "unhelpfully" an adverb even
 * when neither occurs in EWT train.
 *
 * Training computes the codes with this same function (training/common/
 * word_classes.mts), so the runtime and the training data cannot disagree.
 */
import { morphy } from './morphy.js';
import { WORDNET_POS, type WordNetPos } from './penn.js';
import type { WordNetLexicon } from './wordnet.js';

/** Number of values `wordNetClasses` gives for each code (rows of the tagger's tables). */
export const WORD_CLASS_CODES = { parts: 81, dominant: 5 } as const;

export interface WordClasses {
  /**
   * Per part of speech (noun, verb, adjective, adverb in that order, base 3):
   * 0 = WordNet has no such word, 1 = the form itself is a lemma,
   * 2 = only as an inflection of another lemma ("went" → go). 0..80.
   */
  parts: number;
  /** The part of speech whose lemmas have the most sense-tagged occurrences: 0 none, 1 n, 2 v, 3 a, 4 r. */
  dominant: number;
}

const NONE: WordClasses = { parts: 0, dominant: 0 };

/** WordNet's classes of a token's form (any case). Forms WordNet cannot hold (no letter, over 40 code units) get 0 / 0. */
export function wordNetClasses(form: string, wordnet: WordNetLexicon): WordClasses {
  if (form.length > 40 || !/\p{L}/u.test(form)) return NONE;
  const lower = form.toLowerCase();
  let parts = 0;
  let best = 0;
  let dominant = 0;
  WORDNET_POS.forEach((pos: WordNetPos, k) => {
    const bases = morphy(lower, pos, wordnet);
    let code = 0;
    if (bases.includes(lower)) code = 1;
    else if (bases.length > 0) code = 2;
    parts += code * 3 ** k;
    const tagged = bases.reduce((n, b) => n + wordnet.taggedSenseCount(b, pos), 0);
    if (tagged > best) {
      best = tagged;
      dominant = k + 1;
    }
  });
  return { parts, dominant };
}
