/**
 * Sense embeddings for the sense model's sense-vector term (wsd-model.ts, λ_sense): one unit vector per
 * synset, in the space of the shared GloVe vectors (models/vectors/), built by
 * training/senses/sense-vectors.ts from what the synset's SemCor-train occurrences had around them (the
 * mean of their sentences' context vectors, computed as the runtime computes a target's) and from its
 * gloss, examples, members and hypernyms' glosses; a synset SemCor never tagged borrows its neighbours'
 * occurrences. The vector term over the model's own vectors (λ_emb) builds a sense's vector from the
 * naive Bayes's gains, so it can only say again what the counts say; these vectors are averages of whole
 * contexts, LMMS-style (Loureiro & Jorge 2019) with static vectors in place of a contextual encoder.
 *
 * Only the synsets the model can be asked to choose between ship (those of lemmas with several senses,
 * of the parts of speech the build weighs). A lemma's rows are decoded at its first scoring, into its
 * scoring table (wsd-model.ts), as the other per-lemma data are.
 *
 * wsd-sense-vectors.bin, little-endian:
 *   u32 magic 'WSE1', u32 rows, u32 dim, u32 0
 *   i32 synset[rows]               store indexes (synsets.tsv order), ascending
 *   f32 scale[rows]
 *   i8  value[rows × dim]          row r's vector ≈ value[r] × scale[r] (unit length before quantizing)
 */
import type { ResourceLoader } from '../resources/loader.js';

export const WSD_SENSE_VECTORS_FILE = 'wsd-sense-vectors.bin';
const MAGIC = 0x31455357; // 'WSE1'
const HEADER = 16;

export class SenseEmbeddings {
  private constructor(
    readonly dim: number,
    /** The rows' synsets, ascending. */
    private readonly synsets: Int32Array,
    private readonly scales: Float32Array,
    private readonly values: Int8Array,
  ) {}

  /** The table in a file's bytes (its arrays are views of them where aligned, copies where not). */
  static decode(bytes: Uint8Array): SenseEmbeddings {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < HEADER || view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_SENSE_VECTORS_FILE}: not a WSE1 sense vectors file`);
    const rows = view.getUint32(4, true);
    const dim = view.getUint32(8, true);
    const expected = HEADER + 8 * rows + rows * dim;
    if (bytes.byteLength !== expected) throw new Error(`${WSD_SENSE_VECTORS_FILE}: ${bytes.byteLength} bytes, the header says ${expected}`);
    // A loader's bytes may start anywhere in their buffer: 4-byte arrays are views only where aligned.
    const aligned = bytes.byteOffset % 4 === 0;
    const ints = (at: number) => (aligned ? new Int32Array(bytes.buffer, bytes.byteOffset + at, rows) : new Int32Array(bytes.slice(at, at + 4 * rows).buffer));
    const floats = (at: number) => (aligned ? new Float32Array(bytes.buffer, bytes.byteOffset + at, rows) : new Float32Array(bytes.slice(at, at + 4 * rows).buffer));
    const synsets = ints(HEADER);
    const scales = floats(HEADER + 4 * rows);
    const values = new Int8Array(bytes.buffer, bytes.byteOffset + HEADER + 8 * rows, rows * dim);
    for (let r = 1; r < rows; r++) if (synsets[r] <= synsets[r - 1]) throw new Error(`${WSD_SENSE_VECTORS_FILE}: synsets not ascending at row ${r}`);
    return new SenseEmbeddings(dim, synsets, scales, values);
  }

  /** The table of `dir`, or undefined where the directory has none (a model built before it). */
  static async read(loader: ResourceLoader, dir: string): Promise<SenseEmbeddings | undefined> {
    const path = `${dir}/${WSD_SENSE_VECTORS_FILE}`;
    return (await loader.exists(path)) ? SenseEmbeddings.decode(await loader.bytes(path)) : undefined;
  }

  /** How many synsets have a vector. */
  get size(): number {
    return this.synsets.length;
  }

  /** The row of a synset, -1 for none (bisection). */
  rowOf(synset: number): number {
    const s = this.synsets;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid] < synset) lo = mid + 1;
      else hi = mid;
    }
    return lo < s.length && s[lo] === synset ? lo : -1;
  }

  /**
   * The synsets' unit vectors, one after the other (synsets.length × dim); zeros for a synset without one,
   * so that it scores 0 (the term then neither raises nor lowers it against the others' mean).
   */
  rowsOf(synsets: ArrayLike<number>): Float32Array {
    const { dim, values, scales } = this;
    const out = new Float32Array(synsets.length * dim);
    for (let k = 0; k < synsets.length; k++) {
      const r = this.rowOf(synsets[k]);
      if (r < 0) continue;
      let norm = 0;
      for (let d = 0; d < dim; d++) {
        const v = values[r * dim + d] * scales[r];
        out[k * dim + d] = v;
        norm += v * v;
      }
      // Quantizing moves the length a little: unit rows again.
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < dim; d++) out[k * dim + d] *= inv;
    }
    return out;
  }
}

/** The file for these synsets' vectors (rows × dim, row-major; synsets ascending): each row scaled to unit length, then int8. */
export function encodeSenseEmbeddings(synsets: Int32Array, dim: number, vectors: ArrayLike<number>): Uint8Array {
  const rows = synsets.length;
  if (vectors.length !== rows * dim) throw new Error(`encodeSenseEmbeddings: ${vectors.length} values for ${rows} rows of ${dim}`);
  const out = new Uint8Array(HEADER + 8 * rows + rows * dim);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, rows, true);
  view.setUint32(8, dim, true);
  const at = HEADER + 8 * rows;
  for (let r = 0; r < rows; r++) {
    if (r > 0 && synsets[r] <= synsets[r - 1]) throw new Error('encodeSenseEmbeddings: synsets must be ascending');
    view.setInt32(HEADER + 4 * r, synsets[r], true);
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += vectors[r * dim + d] ** 2;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    let max = 0;
    for (let d = 0; d < dim; d++) max = Math.max(max, Math.abs(vectors[r * dim + d] * inv));
    const scale = max > 0 ? max / 127 : 1;
    view.setFloat32(HEADER + 4 * rows + 4 * r, scale, true);
    for (let d = 0; d < dim; d++) view.setInt8(at + r * dim + d, Math.round((vectors[r * dim + d] * inv) / scale));
  }
  return out;
}
