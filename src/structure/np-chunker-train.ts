/**
 * Training of the noun-phrase chunker (np-chunker.ts): averaged structured
 * perceptron (Collins 2002) over Viterbi-decoded sentences. Deterministic:
 * sentences are visited in an order shuffled by a fixed seed.
 *
 * Lives in src/ (not training/) because `textlens eval chunks` and the tests
 * train small models with it too; the shipped model is trained by
 * training/chunker/train.ts.
 */
import { B, ChunkFeaturizer, FEATURES_PER_WORD, I, O, viterbi, type ChunkerWeights, type ClusterCoder } from './np-chunker.js';
import type { TreeLayers } from './tree-layers.js';

/** A training sentence: its layers (sentence-local heads, -1 at the root) and gold tags (0 O, 1 B-NP, 2 I-NP). */
export interface ChunkExample {
  layers: TreeLayers;
  gold: Uint8Array;
}

export interface TrainOptions {
  /** Hash buckets, a power of two. */
  buckets: number;
  epochs: number;
  seed?: number;
  clusters?: ClusterCoder;
  /** Called after each epoch with the weights averaged so far (for model selection on held-out data). */
  onEpoch?: (epoch: number, weights: ChunkerWeights & { emission: Float32Array }) => void;
}

/** Gold tags from IOB2 chunk tags (B-NP/I-NP/other), conlleval's reading: an I-NP after a non-NP starts a phrase. */
export function goldTags(chunks: readonly string[]): Uint8Array {
  const out = new Uint8Array(chunks.length);
  for (let i = 0; i < chunks.length; i++) {
    if (chunks[i] === 'B-NP') out[i] = B;
    else if (chunks[i] === 'I-NP') out[i] = i > 0 && out[i - 1] !== O ? I : B;
  }
  return out;
}

/** xorshift32: a small deterministic generator for the visiting order. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

export function trainChunker(examples: readonly ChunkExample[], opts: TrainOptions): ChunkerWeights & { emission: Float32Array } {
  const { buckets } = opts;
  if (buckets <= 0 || (buckets & (buckets - 1)) !== 0) throw new Error(`buckets must be a power of two, got ${buckets}`);
  const featurizer = new ChunkFeaturizer(buckets, opts.clusters);
  const feats = examples.map((e) => featurizer.sentence(e.layers, 0, e.gold.length));
  const w = { buckets, emission: new Float32Array(buckets * 3), scale: 1, transition: new Float32Array(12) };
  // Averaging: u accumulates c·Δ, the average is w − u/c (Daumé's trick; no per-step copy).
  const uEm = new Float64Array(buckets * 3);
  const uTr = new Float64Array(12);
  let c = 1;
  const order = examples.map((_, k) => k);
  const random = rng(opts.seed ?? 12);
  const averaged = (): ChunkerWeights & { emission: Float32Array } => {
    const em = new Float32Array(buckets * 3);
    for (let j = 0; j < em.length; j++) em[j] = w.emission[j] - uEm[j] / c;
    const tr = new Float32Array(12);
    for (let j = 0; j < 12; j++) tr[j] = w.transition[j] - uTr[j] / c;
    return { buckets, emission: em, scale: 1, transition: tr };
  };
  const bump = (k: number, f: Int32Array, y: number, delta: number): void => {
    const base = k * FEATURES_PER_WORD;
    for (let j = 0; j < FEATURES_PER_WORD; j++) {
      const b = f[base + j] * 3 + y;
      w.emission[b] += delta;
      uEm[b] += c * delta;
    }
  };
  const bumpTransition = (prev: number, y: number, delta: number): void => {
    const b = prev * 3 + y;
    w.transition[b] += delta;
    uTr[b] += c * delta;
  };
  for (let epoch = 1; epoch <= opts.epochs; epoch++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j], order[k]];
    }
    for (const s of order) {
      const gold = examples[s].gold;
      const n = gold.length;
      if (n === 0) continue;
      const pred = viterbi(w, feats[s], n);
      for (let k = 0; k < n; k++) {
        const pg = k === 0 ? 3 : gold[k - 1];
        const pp = k === 0 ? 3 : pred[k - 1];
        if (pred[k] !== gold[k]) {
          bump(k, feats[s], gold[k], 1);
          bump(k, feats[s], pred[k], -1);
        }
        if (pred[k] !== gold[k] || pg !== pp) {
          bumpTransition(pg, gold[k], 1);
          bumpTransition(pp, pred[k], -1);
        }
      }
      c++;
    }
    opts.onEpoch?.(epoch, averaged());
  }
  return averaged();
}

/**
 * Int8 emission weights for shipping: one scale for the table (its largest
 * weight maps to ±127); transitions stay float. Sums of 24 rounded weights
 * move a word's scores by a few hundredths of a typical margin.
 */
export function quantize(w: ChunkerWeights & { emission: Float32Array }): ChunkerWeights & { emission: Int8Array } {
  let max = 0;
  for (let j = 0; j < w.emission.length; j++) max = Math.max(max, Math.abs(w.emission[j]));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(w.emission.length);
  for (let j = 0; j < q.length; j++) q[j] = Math.round(w.emission[j] / scale);
  return { buckets: w.buckets, emission: q, scale, transition: w.transition.slice() };
}
