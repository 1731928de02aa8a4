/**
 * The context features word-sense disambiguation sees, in one place so that
 * training (SemCor, glosses) and the runtime (the analyzer's lemmas and tags,
 * the eval's framework files) cannot disagree:
 *
 *  - the bag of content lemmas (noun, verb, adjective, adverb; not stopwords)
 *    of the target's sentence and of `window` sentences either side, the
 *    target itself excluded (IMS's "surrounding words");
 *  - local collocations: the lemma one and two tokens to the left and right
 *    of the target within its sentence, any part of speech, so that "to",
 *    "of", "out" after a verb count (IMS's collocations, reduced).
 */
import type { WordNetPos } from '../lexicon/penn.js';
import { STOPWORDS } from '../linking/stopwords.js';

export interface ContextToken {
  /** Lower-case lemma; '_' joins the words of a multiword unit. */
  lemma: string;
  /** WordNet part of speech for open-class tokens, else undefined. */
  pos: WordNetPos | undefined;
}

/**
 * Sentences either side that feed the bag of words. 0 (the sentence alone)
 * and 1 tied on dev (mean of SE07 and SemCor dev 67.7 both); 0 is ~2× faster
 * and the model a third smaller (see the model card).
 */
export const DEFAULT_WINDOW = 0;

const HAS_LETTER = /\p{L}/u;

/** Whether a token's lemma belongs in the bag of content words. */
export function isBagLemma(t: ContextToken): boolean {
  return t.pos !== undefined && isBagWord(t.lemma);
}

/** The lemma-level half of isBagLemma: long enough, not a stopword, has a letter. */
function isBagWord(lemma: string): boolean {
  return lemma.length > 1 && !STOPWORDS.has(lemma) && HAS_LETTER.test(lemma);
}

/**
 * What one content token (pos defined) adds to the bag: its lemma, and for a
 * multiword unit also its words ("take_place" → take, place); nothing when
 * the lemma is a stopword, one character or has no letter.
 */
export function lemmaBagFeatures(lemma: string): string[] {
  if (!isBagWord(lemma)) return [];
  const out = [lemma];
  if (lemma.includes('_')) for (const w of lemma.split('_')) if (w.length > 1 && !STOPWORDS.has(w)) out.push(w);
  return out;
}

/** Feature strings of the bag of words (the lemma itself) and of the collocations (prefixed by their slot). */
export function bagFeature(lemma: string): string {
  return lemma;
}

/**
 * The collocation slots: a token at `offset` from the target (before its
 * first token when negative, after its last when positive) gives the
 * feature prefix + lemma. The order is the order of collocationFeatures.
 */
export const COLLOCATION_SLOTS: readonly { offset: number; prefix: string }[] = [
  { offset: -1, prefix: '<' },
  { offset: -2, prefix: '<<' },
  { offset: 1, prefix: '>' },
  { offset: 2, prefix: '>>' },
];

/**
 * The collocation features of a target spanning tokens [first, last] of a
 * sentence: slot-prefixed lemmas at -2, -1, +1, +2.
 */
export function collocationFeatures(sentence: readonly ContextToken[], first: number, last: number): string[] {
  const out: string[] = [];
  for (const { offset, prefix } of COLLOCATION_SLOTS) {
    const at = offset < 0 ? first + offset : last + offset;
    if (at >= 0 && at < sentence.length) out.push(prefix + sentence[at].lemma);
  }
  return out;
}

/**
 * The bag of content lemmas of sentences [from, to) of a document, each
 * lemma once. The caller drops the target's own lemma.
 */
export function bagOfLemmas(sentences: readonly (readonly ContextToken[])[], from: number, to: number): Set<string> {
  const bag = new Set<string>();
  for (let s = Math.max(0, from); s < Math.min(sentences.length, to); s++) {
    for (const t of sentences[s]) {
      if (t.pos === undefined) continue;
      for (const f of lemmaBagFeatures(t.lemma)) bag.add(f);
    }
  }
  return bag;
}
