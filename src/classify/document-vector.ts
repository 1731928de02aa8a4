/**
 * Document vectors for the linear classifier: the pretrained word vectors
 * (models/vectors/, src/models/word-vectors.ts) of a document's words,
 * pooled into one dense vector that sits beside the sparse n-gram features.
 * The n-grams know only words seen in training; the vectors let a word the
 * training data never showed count as its neighbours do.
 *
 * Pooling: the idf-weighted mean of the words' vectors (idf from the
 * classifier's own unigram table, so a frequent word weighs little and no
 * stop list is needed), optionally followed by the per-dimension maximum over
 * the same words; each part is L2-normalized and multiplied by `scale`, the
 * weight of the dense part against the sparse vector (whose norm is 1).
 * Training and scoring call the same function, so the model sees at run time
 * exactly the values it was trained on.
 */
import type { WordVectors } from '../models/word-vectors.js';

/** How a model pools word vectors (stored in its meta.json). */
export interface DocumentVectorSettings {
  /** 'mean': the idf-weighted mean; 'mean-max': that, then the per-dimension max. */
  pooling: 'mean' | 'mean-max';
  /** The norm of each pooled part. */
  scale: number;
  /** The idf of a word the classifier's unigram table does not hold (rare in training: the highest idf). */
  unknownIdf: number;
}

/** Dense features a model with these settings reads from vectors of `dim` values. */
export function documentVectorWidth(settings: Pick<DocumentVectorSettings, 'pooling'>, dim: number): number {
  return settings.pooling === 'mean-max' ? 2 * dim : dim;
}

/**
 * The document vector of feature tokens (featureTokens: lower case, numbers
 * as `#n` shapes, which have no vector). `idfOf` gives a token's idf, or
 * undefined when the model has none; `weights` (optional) scale each token,
 * as boilerplate does for topics. Tokens without a vector are skipped; a
 * document with none gets all zeros.
 */
export function documentVector(
  tokens: readonly string[],
  weights: ArrayLike<number> | undefined,
  vectors: WordVectors,
  idfOf: (token: string) => number | undefined,
  settings: DocumentVectorSettings,
): Float32Array {
  const dim = vectors.meta.dim;
  const out = new Float32Array(documentVectorWidth(settings, dim));
  const mean = new Float64Array(dim);
  const max = settings.pooling === 'mean-max' ? new Float64Array(dim).fill(-Infinity) : undefined;
  const row = new Float32Array(dim);
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.charCodeAt(0) === 35) continue; // '#': a number shape
    const r = vectors.row(t);
    if (r === 0) continue;
    const w = (weights ? weights[i] : 1) * (idfOf(t) ?? settings.unknownIdf);
    if (w <= 0) continue;
    vectors.copyRow(r, row, 0);
    for (let d = 0; d < dim; d++) mean[d] += w * row[d];
    if (max) for (let d = 0; d < dim; d++) if (row[d] > max[d]) max[d] = row[d];
    words++;
  }
  if (words === 0) return out;
  writeNormalized(mean, settings.scale, out, 0);
  if (max) writeNormalized(max, settings.scale, out, dim);
  return out;
}

/** v scaled to norm `scale`, into out[at …] (all zeros when v is). */
function writeNormalized(v: Float64Array, scale: number, out: Float32Array, at: number): void {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
  if (norm === 0) return;
  const k = scale / Math.sqrt(norm);
  for (let d = 0; d < v.length; d++) out[at + d] = v[d] * k;
}
