/**
 * What the entailments model reads from the word vectors (wsd-vectors.ts,
 * shared with the sense model): a word's row, the cosine of two words, a
 * target's context as one unit vector, and a lemma's nearest neighbours.
 *
 * The context vector of a target is Σ_j ω(d_j)·v_j over the sentence's content
 * lemmas j that have a vector (the target's own tokens left out), d_j the
 * distance in tokens to the nearer end of the target and ω(d) = 1/d^ρ, so that
 * closer words weigh more (ρ = 0: all alike); scaled to unit length.
 */
import type { WordVectors } from './wsd-vectors.js';

/** The vectors with a lemma → row map (built once per vectors object). */
export interface VectorIndex {
  readonly vectors: WordVectors;
  readonly dim: number;
  row(lemma: string): number;
}

const INDEXES: WeakMap<WordVectors, VectorIndex> = new WeakMap();

export function vectorIndex(vectors: WordVectors): VectorIndex {
  let index = INDEXES.get(vectors);
  if (index === undefined) {
    const rows = new Map<string, number>();
    vectors.lemmas.forEach((lemma, r) => rows.set(lemma, r));
    index = { vectors, dim: vectors.dim, row: (lemma) => rows.get(lemma) ?? -1 };
    INDEXES.set(vectors, index);
  }
  return index;
}

/** The dot product of rows a and b (both unit length: their cosine). */
export function rowCosine(vectors: WordVectors, a: number, b: number): number {
  return vectors.dot(a, b);
}

/** The dot product of row r with a unit vector `unit` (their cosine). */
export function cosineWith(vectors: WordVectors, r: number, unit: Float32Array): number {
  return vectors.dotWith(r, unit);
}

/**
 * The unit context vector of the target over tokens [first, last] of a sentence whose
 * tokens have vector rows `rows` (-1: none, or not a content word), or undefined when no
 * other token has one. `rho` is the closeness exponent of the header.
 */
export function contextVector(vectors: WordVectors, rows: ArrayLike<number>, first: number, last: number, rho: number): Float32Array | undefined {
  const { dim } = vectors;
  const out = new Float32Array(dim);
  let any = false;
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j];
    if (r < 0 || (j >= first && j <= last)) continue;
    const distance = j < first ? first - j : j - last;
    const w = rho === 0 ? 1 : distance ** -rho;
    vectors.addTo(r, w, out, 0, dim);
    any = true;
  }
  if (!any) return undefined;
  let norm = 0;
  for (let d = 0; d < dim; d++) norm += out[d] * out[d];
  if (norm === 0) return undefined;
  const inv = 1 / Math.sqrt(norm);
  for (let d = 0; d < dim; d++) out[d] *= inv;
  return out;
}

/**
 * The `k` rows nearest to row r by cosine, among the first `searchRows` rows
 * (the vocabulary is stored commonest first) that `accept` lets through, best
 * first (ties by row), with their cosines.
 */
export function nearestRows(vectors: WordVectors, r: number, k: number, searchRows: number, accept: (row: number) => boolean): { rows: number[]; cosines: number[] } {
  const n = Math.min(searchRows, vectors.lemmas.length);
  const rows: number[] = [];
  const cosines: number[] = [];
  if (k <= 0) return { rows, cosines };
  for (let c = 0; c < n; c++) {
    if (c === r) continue;
    const cos = rowCosine(vectors, r, c);
    if (rows.length === k && cos <= cosines[k - 1]) continue;
    if (!accept(c)) continue;
    let at = rows.length === k ? k - 1 : rows.length;
    if (rows.length < k) {
      rows.push(c);
      cosines.push(cos);
    }
    for (; at > 0 && cosines[at - 1] < cos; at--) {
      rows[at] = rows[at - 1];
      cosines[at] = cosines[at - 1];
    }
    rows[at] = c;
    cosines[at] = cos;
  }
  return { rows, cosines };
}
