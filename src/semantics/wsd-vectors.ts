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

export interface WordVectors {
  readonly dim: number;
  readonly lemmas: readonly string[];
  /** Row-major, rows.length × dim, each row scaled back to unit length. */
  readonly values: Float32Array;
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
  const values = new Float32Array(rows * dim);
  for (let r = 0; r < rows; r++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      const v = ((bytes[at + r * dim + d] << 24) >> 24) * scale[r];
      values[r * dim + d] = v;
      norm += v * v;
    }
    // Quantizing moves the length a little; unit rows keep every word's weight its own.
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) values[r * dim + d] *= inv;
  }
  return { dim, lemmas, values };
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
