/**
 * A set of lower-case words asked about words in any case: `has(w)` is
 * `words.has(lowerCase(w))`, but most words are answered from their first
 * two characters alone. The walks ask such sets about every determiner,
 * adverb or lemma they pass ("is this a negation?"), and lowering each word
 * means reading all of it; a word whose first character (or first two) is
 * ASCII and does not begin any word of the set, lowered, cannot be in it,
 * as lowering maps an ASCII character to one ASCII character in place.
 */
import { lowerCase } from '../lexicon/lower-case.js';

export class WordSet {
  private readonly words: ReadonlySet<string>;
  /** 1 for each ASCII code that a word of the set begins with, lower or upper case. */
  private readonly firsts = new Uint8Array(128);
  /** 1 at (c0 << 7) | c1 for each two ASCII letters, lower case, that a word of the set begins with. */
  private readonly pairs = new Uint8Array(128 * 128);

  constructor(words: Iterable<string>) {
    this.words = new Set(words);
    for (const w of this.words) {
      if (w !== lowerCase(w)) throw new Error(`WordSet: "${w}" is not lower case`);
      const c = w.charCodeAt(0);
      if (c < 128) this.firsts[c] = this.firsts[w[0].toUpperCase().charCodeAt(0)] = 1;
      const c1 = w.charCodeAt(1);
      if (c < 128 && c1 < 128) this.pairs[(c << 7) | c1] = 1;
    }
  }

  /** Whether w, lowered, is one of the words. */
  has(w: string): boolean {
    return this.mayHave(w) && this.words.has(lowerCase(w));
  }

  /** False when w cannot be in the set whatever its case (its first character rules it out); true when it may be. */
  mayHave(w: string): boolean {
    const c = w.charCodeAt(0);
    // (an empty word gives NaN: asked in full; so does a one-letter word its second character)
    if (!(c < 128)) return true;
    if (this.firsts[c] === 0) return false;
    const c1 = w.charCodeAt(1);
    if (!(c1 < 128)) return true;
    return this.pairs[(asciiLower(c) << 7) | asciiLower(c1)] === 1;
  }

  /** Whether `lowered`, a word already in lower case, is one of the words. */
  hasLowered(lowered: string): boolean {
    return this.words.has(lowered);
  }
}

/** The lower case of an ASCII character code. */
function asciiLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}
