/**
 * A trained document classifier: one-vs-rest logistic regression over
 * hashed tf-idf n-gram features (see features.ts), so every label gets an
 * independent probability in 0..1. A model may also read a document vector
 * pooled from the shared pretrained word vectors (document-vector.ts).
 *
 * On disk a model is a directory with two files:
 *   meta.json    labels, feature settings, decision thresholds, training facts
 *   weights.bin  little-endian: feature hashes (u32 × F), idf (f32 × F),
 *                bias (f32 × L), per-label scale (f32 × L),
 *                weights (i8 × F × L, row-major by feature),
 *                then, with word vectors (version 2), the document vector's
 *                weights (f32 × D × L, row-major by dimension)
 * Weights are stored as int8 with one scale per label: 4× smaller than
 * float32; the eval figures are measured on the quantized model. The few
 * dense weights stay float32 (a few KB): they share no scale with the n-grams.
 */
import { badRequest } from '../errors.js';
import type { ResourceLoader } from '../resources/loader.js';
import { FeatureRows, featureTokens, unigramHash, type SparseVector } from '../models/text-features.js';
import { loadWordVectors, type WordVectors } from '../models/word-vectors.js';
import { DocumentVectorizer, documentVectorWidth, type DocumentVectorSettings } from './document-vector.js';

export const MODEL_FORMAT = 'textlens-classifier';
/** A model of n-gram features only. */
export const MODEL_VERSION = 1;
/** A model that also reads word vectors (meta.vectors): older readers refuse it rather than score without them. */
export const VECTORS_MODEL_VERSION = 2;

/** Which word vectors a model reads and how it pools them. */
export interface ClassifierVectorsMeta extends DocumentVectorSettings {
  /** The vectors' directory inside the models directory (e.g. 'vectors'). */
  dir: string;
  /** Their meta.json's name, rows and dim: a model is refused with other vectors than it was trained on. */
  name: string;
  rows: number;
  dim: number;
}

export interface ClassifierMeta {
  format: typeof MODEL_FORMAT;
  version: number;
  /** Category ids, in weight-column order. */
  labels: string[];
  /** Human-readable labels by category id, where they differ from the id. */
  labelNames?: Record<string, string>;
  /** 1 = unigrams, 2 = unigrams and bigrams. */
  ngrams: number;
  /** Number of feature rows. */
  features: number;
  /** Decision threshold on the probability, per label (same order as labels). */
  thresholds: number[];
  /** When no label passes its threshold, predict the best one anyway (every training document had a label). */
  atLeastOne: boolean;
  /** Free-form facts about training (data, epochs, settings, time). */
  training?: Record<string, unknown>;
  /** Present when the model reads word vectors (version 2). */
  vectors?: ClassifierVectorsMeta;
  /**
   * ISO 639-2 code of the language of the training documents; the analyzer
   * runs the classifier on documents in that language only. Absent: English
   * (models written before the field existed).
   */
  language?: string;
}

/** A document as a model sees it: its n-gram vector and, for a model with word vectors, its document vector. */
export interface ClassifierInput {
  sparse: SparseVector;
  dense?: Float32Array;
}

/** The document vector's part of a model: its weights (f32, D × L) and the vectors it pools. */
export interface DenseWeights {
  weights: Float32Array;
  vectors: WordVectors;
}

export interface Prediction {
  categoryId: string;
  label: string;
  score: number;
}

export class Classifier {
  readonly meta: ClassifierMeta;
  private readonly rowOf: FeatureRows;
  private readonly idf: Float32Array;
  private readonly bias: Float32Array;
  private readonly scale: Float32Array;
  private readonly weights: Int8Array;
  private readonly dense: DenseWeights | undefined;
  private readonly documentVectors: DocumentVectorizer | undefined;

  constructor(meta: ClassifierMeta, hashes: Uint32Array, idf: Float32Array, bias: Float32Array, scale: Float32Array, weights: Int8Array, dense?: DenseWeights) {
    if ((meta.vectors === undefined) !== (dense === undefined)) throw new Error('a classifier has dense weights exactly when its meta names word vectors');
    this.meta = meta;
    this.idf = idf;
    this.bias = bias;
    this.scale = scale;
    this.weights = weights;
    this.dense = dense;
    this.rowOf = new FeatureRows(hashes);
    this.documentVectors = dense && meta.vectors && new DocumentVectorizer(dense.vectors, this.idfOf, meta.vectors);
  }

  /** A token's idf as a unigram, undefined when the model has no row for it. */
  readonly idfOf = (token: string): number | undefined => {
    const r = this.rowOf.get(unigramHash(token));
    return r < 0 ? undefined : this.idf[r];
  };

  get labels(): readonly string[] {
    return this.meta.labels;
  }

  /** The features of a text, as the model sees it. */
  vectorize(text: string): ClassifierInput {
    return this.vectorizeTokens(featureTokens(text));
  }

  /** The same from tokens already split by featureTokens. */
  vectorizeTokens(tokens: readonly string[]): ClassifierInput {
    return this.input(tokens, undefined);
  }

  /** The same with a weight per token (countWeightedTokenFeatures; the document vector weighs its words alike). */
  vectorizeWeightedTokens(tokens: readonly string[], weights: ArrayLike<number>): ClassifierInput {
    return this.input(tokens, weights);
  }

  /** Training's vectorize(count…TokenFeatures(…)), computed without the counts Map (FeatureRows.tokenVector). */
  private input(tokens: readonly string[], weights: ArrayLike<number> | undefined): ClassifierInput {
    const sparse: SparseVector = this.rowOf.tokenVector(tokens, weights, this.meta.ngrams, this.idf);
    return this.documentVectors ? { sparse, dense: this.documentVectors.vector(tokens, weights) } : { sparse };
  }

  /** Independent probabilities of every label, in label order. */
  scores(text: string): Float64Array {
    return this.scoresOf(this.vectorize(text));
  }

  scoresOf(x: ClassifierInput): Float64Array {
    const L = this.meta.labels.length;
    const acc = new Float64Array(L);
    const w = this.weights;
    const { index, value } = x.sparse;
    for (let k = 0; k < index.length; k++) {
      const base = index[k] * L;
      const v = value[k];
      for (let l = 0; l < L; l++) acc[l] += v * w[base + l];
    }
    for (let l = 0; l < L; l++) acc[l] *= this.scale[l];
    if (this.dense && x.dense) {
      const dw = this.dense.weights;
      for (let d = 0; d < x.dense.length; d++) {
        const v = x.dense[d];
        if (v === 0) continue;
        for (let l = 0; l < L; l++) acc[l] += v * dw[d * L + l];
      }
    }
    for (let l = 0; l < L; l++) acc[l] = sigmoid(this.bias[l] + acc[l]);
    return acc;
  }

  /** Labels that pass their threshold (or the best one, under atLeastOne), best first. */
  predict(text: string): Prediction[] {
    return this.decide(this.scores(text));
  }

  decide(scores: Float64Array): Prediction[] {
    const { labels, thresholds } = this.meta;
    const out: Prediction[] = [];
    let best = -1;
    for (let l = 0; l < labels.length; l++) {
      if (best < 0 || scores[l] > scores[best]) best = l;
      if (scores[l] >= thresholds[l]) out.push(this.prediction(l, scores[l]));
    }
    if (out.length === 0 && this.meta.atLeastOne && best >= 0) out.push(this.prediction(best, scores[best]));
    return out.sort((a, b) => b.score - a.score);
  }

  private prediction(l: number, score: number): Prediction {
    const id = this.meta.labels[l];
    return { categoryId: id, label: this.meta.labelNames?.[id] ?? id, score };
  }

  /** The model files' bytes: meta.json text and weights.bin. */
  serialize(hashes: Uint32Array): { meta: string; weights: Uint8Array } {
    const F = hashes.length;
    const L = this.meta.labels.length;
    const sparseBytes = F * 8 + L * 8 + F * L;
    const denseValues = this.dense?.weights.length ?? 0;
    const buf = new ArrayBuffer(sparseBytes + 4 * denseValues);
    new Uint32Array(buf, 0, F).set(hashes);
    new Float32Array(buf, F * 4, F).set(this.idf);
    new Float32Array(buf, F * 8, L).set(this.bias);
    new Float32Array(buf, F * 8 + L * 4, L).set(this.scale);
    new Int8Array(buf, F * 8 + L * 8, F * L).set(this.weights);
    // The dense block may start at any byte: write it through a view that needs no alignment.
    if (this.dense) {
      const view = new DataView(buf, sparseBytes);
      this.dense.weights.forEach((v, i) => view.setFloat32(4 * i, v, true));
    }
    return { meta: JSON.stringify(this.meta, null, 1) + '\n', weights: new Uint8Array(buf) };
  }
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/**
 * Reads a model through a loader rooted at its directory (or with `prefix`
 * inside the models directory). A model with word vectors reads them from
 * `models` (the models directory; default: `loader`, right for the built-in
 * models).
 */
export async function loadClassifier(loader: ResourceLoader, prefix = '', name = prefix || 'classifier', models: ResourceLoader = loader): Promise<Classifier> {
  const p = (f: string) => (prefix ? `${prefix}/${f}` : f);
  for (const f of ['meta.json', 'weights.bin']) {
    if (!(await loader.exists(p(f)))) throw badRequest(`classifier '${name}': ${p(f)} is missing (a model directory holds meta.json and weights.bin, written by \`textlens train classifier\`)`);
  }
  let meta: ClassifierMeta;
  try {
    meta = JSON.parse(await loader.text(p('meta.json'))) as ClassifierMeta;
  } catch (e) {
    throw badRequest(`classifier '${name}': meta.json is not valid JSON (${(e as Error).message})`);
  }
  const version = meta.vectors ? VECTORS_MODEL_VERSION : MODEL_VERSION;
  if (meta.format !== MODEL_FORMAT || meta.version !== version) {
    throw badRequest(`classifier '${name}': meta.json is not a ${MODEL_FORMAT} v${MODEL_VERSION} or v${VECTORS_MODEL_VERSION} (word vectors) model`);
  }
  if (meta.language !== undefined && !/^[a-z]{3}$/.test(meta.language)) {
    throw badRequest(`classifier '${name}': meta.json's language ${JSON.stringify(meta.language)} is not an ISO 639-2 code such as "eng" or "fra"`);
  }
  const F = meta.features;
  const L = meta.labels.length;
  const D = meta.vectors ? documentVectorWidth(meta.vectors, meta.vectors.dim) : 0;
  const sparseBytes = F * 8 + L * 8 + F * L;
  const bytes = await loader.bytes(p('weights.bin'));
  if (bytes.byteLength !== sparseBytes + 4 * D * L) {
    const dense = D ? ` and a ${D}-value document vector` : '';
    throw badRequest(`classifier '${name}': weights.bin has ${bytes.byteLength} bytes, expected ${sparseBytes + 4 * D * L} for ${F} features${dense} × ${L} labels`);
  }
  const dense = meta.vectors ? await denseWeights(meta.vectors, bytes.subarray(sparseBytes), models, name) : undefined;
  // Copy into an aligned buffer: the loader's bytes may sit at any offset.
  const buf = bytes.slice(0, sparseBytes).buffer;
  return new Classifier(
    meta,
    new Uint32Array(buf, 0, F),
    new Float32Array(buf, F * 4, F),
    new Float32Array(buf, F * 8, L),
    new Float32Array(buf, F * 8 + L * 4, L),
    new Int8Array(buf, F * 8 + L * 8, F * L),
    dense,
  );
}

/** The document vector's weights (little-endian f32 at any offset) and the word vectors the model was trained with. */
async function denseWeights(v: ClassifierVectorsMeta, bytes: Uint8Array, models: ResourceLoader, name: string): Promise<DenseWeights> {
  let vectors: WordVectors;
  try {
    vectors = await loadWordVectors(models, v.dir);
  } catch (e) {
    throw badRequest(
      `classifier '${name}' reads the word vectors ${v.dir}/ of the models directory, which could not be read (a user classifier is loaded with the models directory beside its own): ${(e as Error).message}`,
    );
  }
  const have = vectors.meta;
  if (have.name !== v.name || have.rows !== v.rows || have.dim !== v.dim) {
    throw badRequest(
      `classifier '${name}' was trained with the word vectors '${v.name}' (${v.rows}×${v.dim}); the models directory has '${have.name}' (${have.rows}×${have.dim}): retrain it with \`textlens train classifier\``,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const weights = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < weights.length; i++) weights[i] = view.getFloat32(4 * i, true);
  return { weights, vectors };
}
