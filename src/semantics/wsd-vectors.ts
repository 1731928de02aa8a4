/**
 * Word vectors for the sense model's soft context match: one unit vector per
 * lemma, trained here by PPMI + truncated SVD over SemCor-train, WordNet's
 * glosses and EWT train (training/senses/vectors.py). The naive-Bayes terms
 * only count context lemmas a sense has seen; the vectors let "cash" in a
 * sentence speak for the money sense of "bank" even where no training
 * context of that sense had "cash" (see wsd-model.ts, λ_emb).
 *
 * wsd-vectors.bin, little-endian:
 *   u32 magic 'WSV1', u32 rows, u32 dim, u32 byte length L of the lemma list
 *   L bytes: the rows' lemmas, UTF-8, '\n' between them; zero padding to 4
 *   f32 scale[rows]
 *   i8  value[rows × dim]          row r's vector ≈ value[r] × scale[r] (unit length before quantizing)
 */

export const WSD_VECTORS_FILE = 'wsd-vectors.bin';
const MAGIC = 0x31565357; // 'WSV1'

/**
 * The vectors' rows, each of unit length. Kept as the file's int8 values with a factor per row (a quarter
 * of float32 rows' memory) and decoded value by value where read: every value read is
 * fround(fround(q × scale) × unit) — the float32 a decoded table would hold — so sums and cosines are the
 * same to the last bit as over such a table.
 */
export interface WordVectors {
  readonly dim: number;
  readonly lemmas: readonly string[];
  /** Σ_d a_d × b_d over rows a and b (both unit: their cosine). */
  dot(a: number, b: number): number;
  /** Σ_d row_d × v[d]. */
  dotWith(r: number, v: ArrayLike<number>): number;
  /** out[at + d] += weight × row_d, for d < D. */
  addTo(r: number, weight: number, out: Float32Array | Float64Array, at: number, D: number): void;
  /** out[at + d] = row_d, for d < dim. */
  copyRow(r: number, out: Float32Array | Float64Array, at: number): void;
}

/** Rows as int8 values (a view into the file's bytes), a float32 scale and the double that makes each row unit. */
class QuantizedVectors implements WordVectors {
  constructor(
    readonly dim: number,
    readonly lemmas: readonly string[],
    private readonly q: Int8Array,
    private readonly scale: Float32Array,
    private readonly unit: Float64Array,
  ) {}

  dot(a: number, b: number): number {
    const { dim, q } = this;
    const sa = this.scale[a], ua = this.unit[a], sb = this.scale[b], ub = this.unit[b];
    let sum = 0;
    for (let d = 0, x = a * dim, y = b * dim; d < dim; d++) sum += Math.fround(Math.fround(q[x + d] * sa) * ua) * Math.fround(Math.fround(q[y + d] * sb) * ub);
    return sum;
  }

  dotWith(r: number, v: ArrayLike<number>): number {
    const { dim, q } = this;
    const s = this.scale[r], u = this.unit[r];
    let sum = 0;
    for (let d = 0, x = r * dim; d < dim; d++) sum += Math.fround(Math.fround(q[x + d] * s) * u) * v[d];
    return sum;
  }

  addTo(r: number, weight: number, out: Float32Array | Float64Array, at: number, D: number): void {
    const q = this.q;
    const s = this.scale[r], u = this.unit[r];
    for (let d = 0, x = r * this.dim; d < D; d++) out[at + d] += weight * Math.fround(Math.fround(q[x + d] * s) * u);
  }

  copyRow(r: number, out: Float32Array | Float64Array, at: number): void {
    const { dim, q } = this;
    const s = this.scale[r], u = this.unit[r];
    for (let d = 0, x = r * dim; d < dim; d++) out[at + d] = Math.fround(Math.fround(q[x + d] * s) * u);
  }
}

/** Rows given as floats (tools and tests that build vectors of their own), taken as they are. */
class DenseVectors implements WordVectors {
  constructor(
    readonly dim: number,
    readonly lemmas: readonly string[],
    private readonly values: Float32Array,
  ) {}

  dot(a: number, b: number): number {
    const { dim, values } = this;
    let sum = 0;
    for (let d = 0, x = a * dim, y = b * dim; d < dim; d++) sum += values[x + d] * values[y + d];
    return sum;
  }

  dotWith(r: number, v: ArrayLike<number>): number {
    const { dim, values } = this;
    let sum = 0;
    for (let d = 0, x = r * dim; d < dim; d++) sum += values[x + d] * v[d];
    return sum;
  }

  addTo(r: number, weight: number, out: Float32Array | Float64Array, at: number, D: number): void {
    const values = this.values;
    for (let d = 0, x = r * this.dim; d < D; d++) out[at + d] += weight * values[x + d];
  }

  copyRow(r: number, out: Float32Array | Float64Array, at: number): void {
    out.set(this.values.subarray(r * this.dim, (r + 1) * this.dim), at);
  }
}

/** Vectors over rows of floats already unit length (row-major, lemmas.length × dim). */
export function denseVectors(lemmas: readonly string[], dim: number, values: Float32Array): WordVectors {
  if (values.length !== lemmas.length * dim) throw new Error(`denseVectors: ${values.length} values for ${lemmas.length} rows of ${dim}`);
  return new DenseVectors(dim, lemmas, values);
}

/** Row r of `vectors` as a new array (tests and tools). */
export function vectorRow(vectors: WordVectors, r: number): Float32Array {
  const out = new Float32Array(vectors.dim);
  vectors.copyRow(r, out, 0);
  return out;
}

export function decodeVectors(bytes: Uint8Array): WordVectors {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 16 || view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_VECTORS_FILE}: not a WSV1 vectors file`);
  const rows = view.getUint32(4, true);
  const dim = view.getUint32(8, true);
  const textBytes = view.getUint32(12, true);
  let at = 16;
  const expected = at + textBytes + ((4 - (textBytes % 4)) % 4) + 4 * rows + rows * dim;
  if (bytes.byteLength !== expected) throw new Error(`${WSD_VECTORS_FILE}: ${bytes.byteLength} bytes, the header says ${expected}`);
  const lemmas = rows === 0 ? [] : new TextDecoder().decode(bytes.subarray(at, at + textBytes)).split('\n');
  if (lemmas.length !== rows) throw new Error(`${WSD_VECTORS_FILE}: ${lemmas.length} lemmas for ${rows} rows`);
  at += textBytes + ((4 - (textBytes % 4)) % 4);
  const scale = new Float32Array(rows);
  for (let r = 0; r < rows; r++, at += 4) scale[r] = view.getFloat32(at, true);
  const q = new Int8Array(bytes.buffer, bytes.byteOffset + at, rows * dim);
  const unit = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const v = q[r * dim + d] * scale[r];
      norm += v * v;
    }
    // Quantizing moves the length a little; unit rows keep every word's weight its own.
    unit[r] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  }
  return new QuantizedVectors(dim, lemmas, q, scale, unit);
}

/** The file for `vectors` (the inverse of decodeVectors up to int8 rounding; tests and tools). */
export function encodeVectors(lemmas: readonly string[], dim: number, values: ArrayLike<number>): Uint8Array {
  const rows = lemmas.length;
  const text = new TextEncoder().encode(lemmas.join('\n'));
  const pad = (4 - (text.length % 4)) % 4;
  const out = new Uint8Array(16 + text.length + pad + 4 * rows + rows * dim);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, rows, true);
  view.setUint32(8, dim, true);
  view.setUint32(12, text.length, true);
  out.set(text, 16);
  let at = 16 + text.length + pad;
  const scaleAt = at;
  at += 4 * rows;
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let d = 0; d < dim; d++) max = Math.max(max, Math.abs(values[r * dim + d]));
    const scale = max > 0 ? max / 127 : 1;
    view.setFloat32(scaleAt + 4 * r, scale, true);
    for (let d = 0; d < dim; d++) view.setInt8(at + r * dim + d, Math.round(values[r * dim + d] / scale));
  }
  return out;
}
