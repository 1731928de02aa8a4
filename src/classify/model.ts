/**
 * A trained document classifier: one-vs-rest logistic regression over
 * hashed tf-idf n-gram features (see features.ts), so every label gets an
 * independent probability in 0..1.
 *
 * On disk a model is a directory with two files:
 *   meta.json    labels, feature settings, decision thresholds, training facts
 *   weights.bin  little-endian: feature hashes (u32 × F), idf (f32 × F),
 *                bias (f32 × L), per-label scale (f32 × L),
 *                weights (i8 × F × L, row-major by feature)
 * Weights are stored as int8 with one scale per label: 4× smaller than
 * float32; the eval figures are measured on the quantized model.
 */
import { badRequest } from '../errors.js';
import type { ResourceLoader } from '../resources/loader.js';
import { countFeatures, countTokenFeatures, countWeightedTokenFeatures, vectorize, type SparseVector } from '../models/text-features.js';

export const MODEL_FORMAT = 'textlens-classifier';
export const MODEL_VERSION = 1;

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
}

export interface Prediction {
  categoryId: string;
  label: string;
  score: number;
}

export class Classifier {
  readonly meta: ClassifierMeta;
  private readonly rowOf: Map<number, number>;
  private readonly idf: Float32Array;
  private readonly bias: Float32Array;
  private readonly scale: Float32Array;
  private readonly weights: Int8Array;

  constructor(meta: ClassifierMeta, hashes: Uint32Array, idf: Float32Array, bias: Float32Array, scale: Float32Array, weights: Int8Array) {
    this.meta = meta;
    this.idf = idf;
    this.bias = bias;
    this.scale = scale;
    this.weights = weights;
    this.rowOf = new Map();
    for (let r = 0; r < hashes.length; r++) this.rowOf.set(hashes[r], r);
  }

  get labels(): readonly string[] {
    return this.meta.labels;
  }

  /** The feature vector of a text, as the model sees it. */
  vectorize(text: string): SparseVector {
    return vectorize(countFeatures(text, this.meta.ngrams), this.rowOf, this.idf);
  }

  /** The same from tokens already split by featureTokens. */
  vectorizeTokens(tokens: readonly string[]): SparseVector {
    return vectorize(countTokenFeatures(tokens, this.meta.ngrams), this.rowOf, this.idf);
  }

  /** The same with a weight per token (countWeightedTokenFeatures). */
  vectorizeWeightedTokens(tokens: readonly string[], weights: ArrayLike<number>): SparseVector {
    return vectorize(countWeightedTokenFeatures(tokens, weights, this.meta.ngrams), this.rowOf, this.idf);
  }

  /** Independent probabilities of every label, in label order. */
  scores(text: string): Float64Array {
    return this.scoresOf(this.vectorize(text));
  }

  scoresOf(x: SparseVector): Float64Array {
    const L = this.meta.labels.length;
    const acc = new Float64Array(L);
    const w = this.weights;
    for (let k = 0; k < x.index.length; k++) {
      const base = x.index[k] * L;
      const v = x.value[k];
      for (let l = 0; l < L; l++) acc[l] += v * w[base + l];
    }
    for (let l = 0; l < L; l++) acc[l] = sigmoid(this.bias[l] + this.scale[l] * acc[l]);
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
    const buf = new ArrayBuffer(F * 8 + L * 8 + F * L);
    new Uint32Array(buf, 0, F).set(hashes);
    new Float32Array(buf, F * 4, F).set(this.idf);
    new Float32Array(buf, F * 8, L).set(this.bias);
    new Float32Array(buf, F * 8 + L * 4, L).set(this.scale);
    new Int8Array(buf, F * 8 + L * 8, F * L).set(this.weights);
    return { meta: JSON.stringify(this.meta, null, 1) + '\n', weights: new Uint8Array(buf) };
  }
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Reads a model through a loader rooted at its directory (or with `prefix` inside the models directory). */
export async function loadClassifier(loader: ResourceLoader, prefix = '', name = prefix || 'classifier'): Promise<Classifier> {
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
  if (meta.format !== MODEL_FORMAT || meta.version !== MODEL_VERSION) {
    throw badRequest(`classifier '${name}': meta.json is not a ${MODEL_FORMAT} v${MODEL_VERSION} model`);
  }
  const F = meta.features;
  const L = meta.labels.length;
  const bytes = await loader.bytes(p('weights.bin'));
  if (bytes.byteLength !== F * 8 + L * 8 + F * L) {
    throw badRequest(`classifier '${name}': weights.bin has ${bytes.byteLength} bytes, expected ${F * 8 + L * 8 + F * L} for ${F} features × ${L} labels`);
  }
  // Copy into an aligned buffer: the loader's bytes may sit at any offset.
  const buf = bytes.slice().buffer;
  return new Classifier(
    meta,
    new Uint32Array(buf, 0, F),
    new Float32Array(buf, F * 4, F),
    new Float32Array(buf, F * 8, L),
    new Float32Array(buf, F * 8 + L * 4, L),
    new Int8Array(buf, F * 8 + L * 8, F * L),
  );
}
