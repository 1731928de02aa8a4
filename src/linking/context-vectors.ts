/**
 * Dense context similarity for the ranker and the NIL decision (features
 * contextVector and descriptionVector, features.ts): the cosine between the
 * document's context vector and the candidate's, both weighted means of the
 * shared GloVe rows
 * (models/vectors/, src/models/word-vectors.ts). The bag-of-words context
 * (context.ts) only counts a candidate's own words; "striker" in the text
 * and "midfielder" in a club's context, or "shares" and "investors", are
 * near in the vectors and nowhere in the words.
 *
 * - The document: its content words (stopwords.ts), each occurrence weighted
 *   by an idf estimated from the word's frequency rank (wordWeight).
 * - A candidate: its context words (already count × idf from the training
 *   documents that link it) and the words of its label, description and
 *   title (rank-weighted), each half normalized so that neither drowns the
 *   other. Computed at first use and kept per entity object: nothing is
 *   stored in the KB.
 *
 * Both are centred on the mean of the frequent rows before the cosine:
 * GloVe rows share a common direction, and uncentred means of any two texts
 * score 0.7–0.9.
 *
 * The shipped ranker does not weigh these features (measured on the dev sets
 * and not shipped: models/kb/MODEL_CARD.md, "Context vectors"), so the
 * linker loads no vectors for it; training/linker/train.ts --context-vectors
 * trains a ranker that does.
 */
import type { WordVectors } from '../models/word-vectors.js';
import type { KbEntity } from './knowledge-base.js';
import { contentWords } from './stopwords.js';

/** The rows the vectors builder kept by GloVe frequency come first, in rank order (models/vectors/MODEL_CARD.md). */
const RANKED_ROWS = 60_000;

/**
 * A word's weight from its frequency rank r (row r, 1 = most frequent):
 * a / (a + p(w)) with p(w) = 1 / (r · H) under Zipf's law, H ≈ ln 60,000 +
 * 0.58 = 11.6, a = 10⁻³ — the smooth inverse-frequency weighting of Arora
 * et al. (2017): rank 10 weighs 0.10, rank 100 0.54, rank 1,000 0.92. Rows
 * past the ranked ones (rarer words kept for the corpora and lexicon) weigh
 * as the last ranked row.
 */
export function wordWeight(row: number): number {
  if (row <= 0) return 0;
  const x = 0.0116 * Math.min(row, RANKED_ROWS);
  return x / (x + 1);
}

export interface ContextVectors {
  readonly dim: number;
  /** The centred, weighted mean vector of the document's content words (zeros when none has a vector). */
  documentVector(tokens: readonly string[]): Float32Array;
  /** The entity's centred vector from `context` (its context words) and its own text; zeros when none has a vector. */
  entityVector(e: KbEntity, context: Readonly<Record<string, number>>): Float32Array;
  /** The entity's own text alone (label, description, title), unit length or zeros. */
  textVector(e: KbEntity): Float32Array;
}

/** Cosine of two vectors, 0 when either is zero. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

export function contextVectors(vectors: WordVectors): ContextVectors {
  const { dim } = vectors.meta;
  const ranked = Math.min(RANKED_ROWS, vectors.meta.rows - 1);
  const mean = new Float32Array(dim);
  const row = new Float32Array(dim);
  for (let r = 1; r <= ranked; r++) {
    vectors.copyRow(r, row, 0);
    for (let d = 0; d < dim; d++) mean[d] += row[d] / ranked;
  }

  /** Adds weight × (the word's row − mean) to out, its rank weight when `weight` is not given; nothing for a word without a vector. */
  const addWord = (word: string, out: Float32Array, weight?: number): void => {
    const r = vectors.row(word);
    const w = weight ?? wordWeight(r);
    if (r <= 0 || w <= 0) return;
    vectors.copyRow(r, row, 0);
    for (let d = 0; d < dim; d++) out[d] += w * (row[d] - mean[d]);
  };
  const normalized = (v: Float32Array): Float32Array => {
    let n = 0;
    for (let d = 0; d < dim; d++) n += v[d] * v[d];
    if (n > 0) for (let d = 0; d < dim; d++) v[d] /= Math.sqrt(n);
    return v;
  };

  const cache = new WeakMap<KbEntity, { context: Readonly<Record<string, number>>; vector: Float32Array }>();
  const textVectors = new WeakMap<KbEntity, Float32Array>();
  /** The entity's own words: label, description, title (normalized). */
  const textVector = (e: KbEntity): Float32Array => {
    let v = textVectors.get(e);
    if (!v) {
      v = new Float32Array(dim);
      const title = (e.title ?? '').replace(/_/g, ' ');
      for (const w of new Set(contentWords(`${e.label} ${e.description ?? ''} ${title}`.split(/[^\p{L}'-]+/u)))) addWord(w, v);
      textVectors.set(e, normalized(v));
    }
    return v;
  };

  return {
    dim,
    textVector,
    documentVector(tokens) {
      const v = new Float32Array(dim);
      for (const w of contentWords(tokens)) addWord(w, v);
      return v;
    },
    entityVector(e, context) {
      const hit = cache.get(e);
      if (hit && hit.context === context) return hit.vector;
      const words = new Float32Array(dim);
      for (const w in context) addWord(w, words, context[w]);
      normalized(words);
      const own = textVector(e);
      const vector = new Float32Array(dim);
      for (let d = 0; d < dim; d++) vector[d] = words[d] + own[d];
      // Training's leave-one-out contexts are new objects per document: only the KB's own context is kept.
      if (context === e.context) cache.set(e, { context, vector });
      return vector;
    },
  };
}
