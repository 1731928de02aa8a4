/**
 * Strings interned by content, looked up straight from a slice of a longer
 * string. The dictionary compiler meets each word of a million surface forms
 * this way without cutting a substring out for every one, and the parser
 * checks a million entry ids for duplicates with it: both faster than a Map
 * or Set of fresh strings, which re-hashes every key and grows by rehashing
 * (measured in bench/DICTIONARIES.md's load figures). Platform-free.
 *
 * Open addressing with linear probing over two Int32Arrays (the word's hash
 * and its index + 1); a probe that hits an equal hash compares characters.
 */

const INITIAL_SLOTS = 1 << 10;

/** FNV-1a over UTF-16 code units: the hash callers fold in while they scan, one code unit at a time. */
export const FNV_OFFSET = 0x811c9dc5;
export function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** fnvStep over text[start, end). */
export function fnvHash(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let i = start; i < end; i++) hash = fnvStep(hash, text.charCodeAt(i));
  return hash;
}

export class StringTable {
  private mask = INITIAL_SLOTS - 1;
  private hashes = new Int32Array(INITIAL_SLOTS);
  private indices = new Int32Array(INITIAL_SLOTS);
  private readonly words: string[] = [];

  get size(): number {
    return this.words.length;
  }

  /** The string at `index`. */
  word(index: number): string {
    return this.words[index];
  }

  /**
   * The index of the string text[start, end), whose hash (fnvStep over its
   * code units from FNV_OFFSET, as fnvHash) is `hash`; a new string gets the
   * next index (=== size before the call).
   */
  intern(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    let slot = hash & this.mask;
    for (;;) {
      const stored = this.indices[slot];
      if (stored === 0) break;
      if (this.hashes[slot] === hash) {
        const word = this.words[stored - 1];
        if (word.length === length && text.startsWith(word, start)) return stored - 1;
      }
      slot = (slot + 1) & this.mask;
    }
    const index = this.words.length;
    this.words.push(start === 0 && end === text.length ? text : text.slice(start, end));
    this.hashes[slot] = hash;
    this.indices[slot] = index + 1;
    // Grow at half full: short probes matter more than bytes here.
    if (this.words.length * 2 > this.mask) this.grow();
    return index;
  }

  private grow(): void {
    const { hashes, indices } = this;
    const slots = (this.mask + 1) * 2;
    this.mask = slots - 1;
    this.hashes = new Int32Array(slots);
    this.indices = new Int32Array(slots);
    for (let s = 0; s < indices.length; s++) {
      if (indices[s] === 0) continue;
      let slot = hashes[s] & this.mask;
      while (this.indices[slot] !== 0) slot = (slot + 1) & this.mask;
      this.hashes[slot] = hashes[s];
      this.indices[slot] = indices[s];
    }
  }
}
