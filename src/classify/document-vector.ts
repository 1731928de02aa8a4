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

/** A word type as the pooling sees it: its vector row and idf, and its summed weight in the current text. */
interface WordEntry {
  row: number;
  idf: number;
  weight: number;
  /** The text (DocumentVectorizer's count) whose weight `weight` holds. */
  text: number;
}

/** Word types remembered between texts; past this many the memory starts afresh. */
const MAX_REMEMBERED_WORDS = 50_000;

/**
 * Document vectors of feature tokens for one model. A word's vector row and
 * idf are looked up once and remembered (bounded): running text repeats its
 * words, and the lookups cost more than the pooling.
 */
export class DocumentVectorizer {
  private readonly words = new Map<string, WordEntry>();
  private texts = 0;
  private readonly dim: number;
  private readonly row: Float32Array;

  constructor(
    private readonly vectors: WordVectors,
    /** A token's idf, or undefined when the model has none (then settings.unknownIdf). */
    private readonly idfOf: (token: string) => number | undefined,
    readonly settings: DocumentVectorSettings,
  ) {
    this.dim = vectors.meta.dim;
    this.row = new Float32Array(this.dim);
  }

  /**
   * The document vector of feature tokens (featureTokens: lower case,
   * numbers as `#n` shapes, which have no vector); `weights` (optional)
   * scale each token, as boilerplate does for topics. A word type counts
   * once, with its tokens' weights summed, in the order of its first
   * token; tokens without a vector are skipped, and a text with none gets
   * all zeros.
   */
  vector(tokens: readonly string[], weights?: ArrayLike<number>): Float32Array {
    const { dim, settings } = this;
    const out = new Float32Array(documentVectorWidth(settings, dim));
    if (this.words.size > MAX_REMEMBERED_WORDS) this.words.clear();
    const text = ++this.texts;
    const seen: WordEntry[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      const w = weights ? weights[i] : 1;
      if (w <= 0 || t.charCodeAt(0) === 35) continue; // '#': a number shape
      let e = this.words.get(t);
      if (!e) {
        e = { row: this.vectors.row(t), idf: this.idfOf(t) ?? settings.unknownIdf, weight: 0, text: 0 };
        this.words.set(t, e);
      }
      if (e.row === 0) continue;
      if (e.text !== text) {
        e.text = text;
        e.weight = 0;
        seen.push(e);
      }
      e.weight += w;
    }
    if (seen.length === 0) return out;
    const mean = new Float64Array(dim);
    const max = settings.pooling === 'mean-max' ? new Float64Array(dim).fill(-Infinity) : undefined;
    const row = this.row;
    for (const e of seen) {
      const w = e.weight * e.idf;
      this.vectors.copyRow(e.row, row, 0);
      for (let d = 0; d < dim; d++) mean[d] += w * row[d];
      if (max) for (let d = 0; d < dim; d++) if (row[d] > max[d]) max[d] = row[d];
    }
    writeNormalized(mean, settings.scale, out, 0);
    if (max) writeNormalized(max, settings.scale, out, dim);
    return out;
  }
}

/** v scaled to norm `scale`, into out[at …] (all zeros when v is). */
function writeNormalized(v: Float64Array, scale: number, out: Float32Array, at: number): void {
  let norm = 0;
  for (let d = 0; d < v.length; d++) norm += v[d] * v[d];
  if (norm === 0) return;
  const k = scale / Math.sqrt(norm);
  for (let d = 0; d < v.length; d++) out[at + d] = v[d] * k;
}
