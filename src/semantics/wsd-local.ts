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
 * are decoded at their first use into a bit filter and where each row's
 * weights start; the hashes and weights are read in the file (see Classifier).
 */

const MAGIC = 0x314c5357; // 'WSL1'
export const WSD_LOCAL_FILE = 'wsd-local.bin';

/** One lemma's regression (LocalClassifiers.find). */
export interface Classifier {
  readonly senses: number;
  readonly scale: number;
  readonly bias: Float32Array;
  /**
   * The rows in the file, read in place: row r's feature hash is the i32 at keysAt + 4r (ascending, found
   * by bisection), its weights are entries rowStart[r] … rowStart[r + 1] − 1, each a u8 sense at
   * sensesAt + e and an i8 weight at sensesAt + entries + e. A decoded table (open addressing, 16–32
   * bytes a row) took 5.3 MB for the lemmas of one 50 kB document; this takes 1–2 bytes a row (rowStart)
   * and the filter's one, and the filter leaves few features to bisect for.
   */
  readonly rows: number;
  readonly keysAt: number;
  readonly rowStart: Uint16Array | Uint32Array;
  readonly sensesAt: number;
  readonly entries: number;
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
    const { senses, rows, keysAt, rowStart, sensesAt, entries, scale, bias, filter, filterShift } = c;
    const view = this.view;
    const bytes = this.bytes;
    out.fill(0, 0, senses);
    for (let i = 0; i < features.length; i++) {
      const f = features[i];
      const bit = filterBit(f, filterShift);
      if ((filter[bit >>> 5] & (1 << (bit & 31))) === 0) continue;
      let lo = 0;
      let hi = rows;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (view.getInt32(keysAt + 4 * mid, true) < f) lo = mid + 1;
        else hi = mid;
      }
      if (lo === rows || view.getInt32(keysAt + 4 * lo, true) !== f) continue;
      // The weights are integers (times scale): their sum is exact in any order.
      for (let e = rowStart[lo], end = rowStart[lo + 1]; e < end; e++) out[bytes[sensesAt + e]] += (bytes[sensesAt + entries + e] << 24) >> 24;
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
    const keysAt = at;
    at += 4 * rows;
    const rowStart = entries < 2 ** 16 ? new Uint16Array(rows + 1) : new Uint32Array(rows + 1);
    for (let r = 0; r < rows; r++) rowStart[r + 1] = rowStart[r] + bytes[at + r];
    at += rows;
    if (rowStart[rows] !== entries) throw new Error(`${WSD_LOCAL_FILE}: ${key}: row counts do not add up to its weights`);
    let bits = 32;
    while (bits < FILTER_BITS_PER_ROW * rows) bits *= 2;
    const filterShift = 32 - Math.log2(bits);
    const filter = new Int32Array(bits / 32);
    for (let r = 0; r < rows; r++) {
      const bit = filterBit(view.getInt32(keysAt + 4 * r, true), filterShift);
      filter[bit >>> 5] |= 1 << (bit & 31);
    }
    c = { senses, scale, bias, rows, keysAt, rowStart, sensesAt: at, entries, filter, filterShift };
    this.decoded.set(key, c);
    return c;
  }
}

/** Filter bits per row (at least; a power of two in all): ~1 − e^(−1/8) ≈ 12 % of absent features get past it. */
const FILTER_BITS_PER_ROW = 8;

/** A feature hash's bit in the filter: the top bits of another multiplicative hash than the table's. */
function filterBit(f: number, shift: number): number {
  return Math.imul(f ^ (f >>> 16), 0x85ebca6b) >>> shift;
}
