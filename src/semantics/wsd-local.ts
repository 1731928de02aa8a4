/**
 * The discriminative correction of the sense model: for each lemma that
 * SemCor-train tags often enough (verbs, adjectives and adverbs; nouns did
 * not gain on dev), a multinomial logistic regression over its senses on
 * the features of wsd-local-features.ts (IMS's local collocations, the
 * neighbours' parts of speech, the sentence's bag of lemmas), trained by
 * training/senses/local.py. Its log-probabilities are added to the naive
 * Bayes score with a per-part-of-speech weight (WsdParams.lambdaLocal):
 *
 *   score(s) += λ_local · log softmax(b + Σ_f W[f])(s)
 *
 * File (wsd-local.bin, little-endian): 'WSL1', u32 lemma count; per lemma
 * u16 key bytes, the key (`pos:lemma`, UTF-8), u8 senses K, u32 rows, u32
 * weights, f32 scale, f32 bias[K], i32 feature hash[rows] (ascending), u8
 * weights per row[rows], then per weight its u8 sense and its i8 value (times
 * scale), row after row. Weights under 0.15 are not stored (local.py). Lemmas
 * are decoded at their first use, into a bit filter and an open-addressing
 * table from feature hash to weights (see Classifier).
 */

const MAGIC = 0x314c5357; // 'WSL1'
export const WSD_LOCAL_FILE = 'wsd-local.bin';

/** One lemma's regression (LocalClassifiers.find). */
export interface Classifier {
  readonly senses: number;
  readonly scale: number;
  readonly bias: Float32Array;
  /**
   * Open addressing from feature hash to its weights, laid out so that a probe reads one slot: per slot
   * the hash, then 0 (empty), or SINGLE | sense << 8 | weight byte for a row of one weight (most rows),
   * or start << 8 | count for a longer row, whose weights are packed[start … start + count − 1]
   * (sense << 8 | weight byte). mask = slots − 1.
   */
  readonly table: Int32Array;
  readonly mask: number;
  readonly packed: Int32Array;
  /**
   * One bit per FILTER_BITS_PER_ROW / rows of the hash space, set for the rows' hashes: most context
   * features are not in the table, and this filter (a byte per row, so it stays in cache) answers most
   * of them without reading the table. filterShift = 32 − log2(bits).
   */
  readonly filter: Int32Array;
  readonly filterShift: number;
}

export class LocalClassifiers {
  /** Per key, the byte offset of its record (decoded at its first use). */
  private readonly offsets = new Map<string, number>();
  private readonly decoded = new Map<string, Classifier>();
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 8 || this.view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_LOCAL_FILE}: not a WSL1 file`);
    const count = this.view.getUint32(4, true);
    const decoder = new TextDecoder();
    let at = 8;
    for (let i = 0; i < count; i++) {
      const keyBytes = this.view.getUint16(at, true);
      const key = decoder.decode(bytes.subarray(at + 2, at + 2 + keyBytes));
      at += 2 + keyBytes;
      this.offsets.set(key, at);
      const senses = bytes[at];
      const rows = this.view.getUint32(at + 1, true);
      const entries = this.view.getUint32(at + 5, true);
      at += 13 + 4 * senses + 5 * rows + 2 * entries;
    }
    if (at !== bytes.byteLength) throw new Error(`${WSD_LOCAL_FILE}: length mismatch`);
  }

  get size(): number {
    return this.offsets.size;
  }

  /** The regression of a lemma (lower case, '_' between words) under a part of speech, if it has one. */
  find(lemma: string, pos: string): Classifier | undefined {
    return this.classifier(`${pos}:${lemma}`);
  }

  /** Writes log P(sense | features) for the classifier's senses into out[0..senses). */
  logProbabilities(c: Classifier, features: Int32Array, out: Float64Array): void {
    const { senses, table, mask, packed, scale, bias, filter, filterShift } = c;
    out.fill(0, 0, senses);
    for (let i = 0; i < features.length; i++) {
      const f = features[i];
      const bit = filterBit(f, filterShift);
      if ((filter[bit >>> 5] & (1 << (bit & 31))) === 0) continue;
      let slot = slotOf(f) & mask;
      let v: number;
      while ((v = table[2 * slot + 1]) !== 0 && table[2 * slot] !== f) slot = (slot + 1) & mask;
      if (v === 0) continue;
      if (v & SINGLE) out[(v >> 8) & 0xff] += (v << 24) >> 24;
      else for (let e = v >>> 8, end = e + (v & 0xff); e < end; e++) out[packed[e] >> 8] += (packed[e] << 24) >> 24;
    }
    let best = -Infinity;
    for (let k = 0; k < senses; k++) {
      out[k] = bias[k] + scale * out[k];
      if (out[k] > best) best = out[k];
    }
    let z = 0;
    for (let k = 0; k < senses; k++) z += Math.exp(out[k] - best);
    const log = best + Math.log(z);
    for (let k = 0; k < senses; k++) out[k] -= log;
  }

  private classifier(key: string): Classifier | undefined {
    let c = this.decoded.get(key);
    if (c !== undefined) return c;
    let at = this.offsets.get(key);
    if (at === undefined) return undefined;
    const view = this.view;
    const bytes = this.bytes;
    const senses = bytes[at];
    const rows = view.getUint32(at + 1, true);
    const entries = view.getUint32(at + 5, true);
    const scale = view.getFloat32(at + 9, true);
    at += 13;
    const bias = new Float32Array(senses);
    for (let k = 0; k < senses; k++, at += 4) bias[k] = view.getFloat32(at, true);
    const keys = new Int32Array(rows);
    for (let r = 0; r < rows; r++, at += 4) keys[r] = view.getInt32(at, true);
    const rowStart = new Int32Array(rows + 1);
    for (let r = 0; r < rows; r++) rowStart[r + 1] = rowStart[r] + bytes[at + r];
    at += rows;
    if (rowStart[rows] !== entries) throw new Error(`${WSD_LOCAL_FILE}: ${key}: row counts do not add up to its weights`);
    // Copies through typed-array views: a Node Buffer's slice() would share (and its .buffer span) the whole file.
    const sense = new Uint8Array(bytes.buffer, bytes.byteOffset + at, entries).slice();
    const weight = new Int8Array(bytes.buffer, bytes.byteOffset + at + entries, entries).slice();
    let size = 8;
    while (size < 2 * rows) size *= 2;
    const mask = size - 1;
    const table = new Int32Array(2 * size);
    const packed = new Int32Array(entries);
    let used = 0;
    for (let r = 0; r < rows; r++) {
      let slot = slotOf(keys[r]) & mask;
      while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = keys[r];
      const from = rowStart[r];
      const count = rowStart[r + 1] - from;
      if (count === 1) table[2 * slot + 1] = SINGLE | (sense[from] << 8) | (weight[from] & 0xff);
      else {
        table[2 * slot + 1] = (used << 8) | count;
        for (let e = from; e < from + count; e++) packed[used++] = (sense[e] << 8) | (weight[e] & 0xff);
      }
    }
    let bits = 32;
    while (bits < FILTER_BITS_PER_ROW * rows) bits *= 2;
    const filterShift = 32 - Math.log2(bits);
    const filter = new Int32Array(bits / 32);
    for (let r = 0; r < rows; r++) {
      const bit = filterBit(keys[r], filterShift);
      filter[bit >>> 5] |= 1 << (bit & 31);
    }
    c = { senses, scale, bias, table, mask, packed: packed.slice(0, used), filter, filterShift };
    this.decoded.set(key, c);
    return c;
  }
}

/** Marks a table value that holds its row's one weight (see Classifier.table). */
const SINGLE = 1 << 30;

/** Filter bits per row (at least; a power of two in all): ~1 − e^(−1/8) ≈ 12 % of absent features get past it. */
const FILTER_BITS_PER_ROW = 8;

/** A feature hash's bit in the filter: the top bits of another multiplicative hash than the table's. */
function filterBit(f: number, shift: number): number {
  return Math.imul(f ^ (f >>> 16), 0x85ebca6b) >>> shift;
}

/** A feature hash's home slot (before masking): the hashes are already mixed, one more round spreads their low bits. */
function slotOf(f: number): number {
  return Math.imul(f, 0x9e3779b1) >>> 7;
}
