/**
 * Strings looked up inside a file's UTF-8 bytes without a JS string per
 * entry: line offsets, an open-addressing hash of byte ranges (FNV-1a) and
 * a lookup that encodes the query once and compares bytes. The senses'
 * tables (WordNet's index, the feature vocabulary) are read this way: as
 * Maps of strings they were most of the senses layer's heap.
 */

export const TAB = 9;
export const NEWLINE = 10;

const encoder = new TextEncoder();

/**
 * Where each line of a text file starts, and one past the end of the last
 * line (its '\n' included) as the final entry; a last line without '\n'
 * counts, an empty text after the last '\n' does not (as `split('\n')`
 * with a trailing empty string dropped).
 */
export function lineStarts(bytes: Uint8Array): Uint32Array {
  let lines = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) lines++;
  const unterminated = bytes.length > 0 && bytes[bytes.length - 1] !== NEWLINE;
  const starts = new Uint32Array(lines + (unterminated ? 1 : 0) + 1);
  let line = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) starts[line++] = i + 1;
  if (unterminated) starts[line] = bytes.length + 1;
  return starts;
}

/** The first index of `byte` in bytes[from, to), -1 when absent. */
export function indexOfByte(bytes: Uint8Array, byte: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i] === byte) return i;
  return -1;
}

function sameBytes(a: Uint8Array, at: number, b: Uint8Array, bt: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a[at + i] !== b[bt + i]) return false;
  return true;
}

/** FNV-1a, 32 bits, over bytes[from, to). */
function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

/**
 * Distinct byte ranges of one blob, numbered 0, 1, … in the order first
 * added; `add` returns the number of an equal range added before, if any.
 */
export class Utf8Index {
  private keyStart: Uint32Array;
  private keyLength: Uint32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;
  private count = 0;
  private scratch = new Uint8Array(256);

  /** `capacity`: the most distinct keys that will be added. */
  constructor(
    private readonly blob: Uint8Array,
    capacity: number,
  ) {
    let size = 1;
    while (size < 1.5 * capacity) size <<= 1;
    this.mask = size - 1;
    this.slots = new Int32Array(size).fill(-1);
    this.keyStart = new Uint32Array(capacity);
    this.keyLength = new Uint32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** The number of blob[from, from + length), added now if new. */
  add(from: number, length: number): number {
    for (let h = fnv1a(this.blob, from, from + length) & this.mask; ; h = (h + 1) & this.mask) {
      const k = this.slots[h];
      if (k < 0) {
        if (this.count === this.keyStart.length) throw new Error('Utf8Index: more keys than its capacity');
        this.keyStart[this.count] = from;
        this.keyLength[this.count] = length;
        this.slots[h] = this.count;
        return this.count++;
      }
      if (this.keyLength[k] === length && sameBytes(this.blob, this.keyStart[k], this.blob, from, length)) return k;
    }
  }

  /** Drops the spare capacity once every key is in. */
  trim(): void {
    this.keyStart = this.keyStart.slice(0, this.count);
    this.keyLength = this.keyLength.slice(0, this.count);
  }

  /** Where key k starts in the blob, and its length in bytes. */
  start(k: number): number {
    return this.keyStart[k];
  }

  length(k: number): number {
    return this.keyLength[k];
  }

  /** The number of the key equal to the string's UTF-8 bytes, -1 for none. */
  find(key: string): number {
    if (this.scratch.length < 3 * key.length) this.scratch = new Uint8Array(3 * key.length);
    const length = encoder.encodeInto(key, this.scratch).written;
    for (let h = fnv1a(this.scratch, 0, length) & this.mask; ; h = (h + 1) & this.mask) {
      const k = this.slots[h];
      if (k < 0) return -1;
      if (this.keyLength[k] === length && sameBytes(this.blob, this.keyStart[k], this.scratch, 0, length)) return k;
    }
  }
}
