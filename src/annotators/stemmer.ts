/**
 * The stemmer annotator: doc.stem by the Porter algorithm (the `stemmer`
 * package) over the lower-cased token. Needs no model and no tags.
 */
import { stemmer } from 'stemmer';
import type { Doc } from '../doc/doc.js';
import { boundedMemo } from '../lexicon/memo.js';
import type { Annotator } from './annotator.js';

/** Tokens without a letter (punctuation, numbers, symbols) are their own stem. */
const HAS_LETTER = /\p{L}/u;

/** Porter stem of a word: lower-cased, then stemmed; a token with no letter is returned as is. */
export function stem(word: string): string {
  if (!HAS_LETTER.test(word)) return word;
  return stemmer(word.toLowerCase());
}

/** Word forms whose stems are remembered: running text repeats its words (Zipf), Porter's rules cost more than a lookup. */
const CACHE_LIMIT = 100_000;

export function createStemmer(): Annotator {
  const cachedStem = boundedMemo(stem, CACHE_LIMIT);
  return {
    run(doc: Doc) {
      doc.stem = doc.tokens.map(cachedStem);
    },
  };
}
