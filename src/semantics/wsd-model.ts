/**
 * The word-sense disambiguation model: a naive-Bayes sense classifier over
 * the context features of wsd-features.ts, with one feature distribution per
 * WordNet synset (so every lemma of a synset shares what was learned about
 * it), estimated from SemCor's sense-tagged contexts plus pseudo-counts from
 * WordNet itself (the synset's gloss and examples, its other members, its
 * hypernyms' members and glosses). A synset SemCor never tagged still has a
 * distribution from WordNet; a context with no known feature leaves the prior,
 * which is SemCor's tag counts smoothed towards WordNet's sense order.
 *
 *   score(s) = log prior(s)
 *            + λ_bag · Σ_{f ∈ bag} log P(f | s) + λ_col · Σ_{f ∈ collocations} log P(f | s)
 *   P(f | s) = (1 − α) · c(s, f) / N(s) + α · p(f)          (Jelinek-Mercer smoothing towards p(f))
 *   prior(s) ∝ tags(lemma, s) + μ / rank(s)
 *
 * and the senses' probabilities are the softmax of the scores.
 *
 * Shipped files (models/senses/, built by training/senses/train.ts):
 *   wsd-vocab.txt.gz one feature per line: feature TAB background count (its line number is its id)
 *   wsd-weights.bin  per synset its total feature mass and its (feature, count) entries, sorted by
 *                    feature; delta-coded ids and one-byte log counts (see decodeWeights)
 *   meta.json        the hyperparameters tuned on dev and the figures they gave
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { ResourceLoader } from '../resources.js';
import { loadOnce, type LoadRegistry } from '../resources.js';
import { gunzipText } from './gzip.js';
import { SENSES_DIR } from './synsets.js';

export const WSD_VOCAB_FILE = 'wsd-vocab.txt.gz';
export const WSD_WEIGHTS_FILE = 'wsd-weights.bin';
export const WSD_META_FILE = 'meta.json';
const MAGIC = 0x32445357; // 'WSD2'
/** Counts are stored as count × COUNT_SCALE in 16 bits (WordNet pseudo-counts are fractions). */
export const COUNT_SCALE = 8;

export interface WsdParams {
  /** Jelinek-Mercer smoothing weight of the background distribution, 0..1. */
  alpha: number;
  /** Weight of the bag of words. */
  lambdaBag: number;
  /** Weight of the collocations. */
  lambdaCol: number;
  /** Pseudo-count of the WordNet sense order in the prior. */
  mu: number;
  /** Sentences either side in the bag of words. */
  window: number;
  /** Per part of speech, weights and prior mass that replace the ones above (tuned on dev). */
  byPos?: Partial<Record<WordNetPos, PosParams>>;
}

export type PosParams = Partial<Pick<WsdParams, 'lambdaBag' | 'lambdaCol' | 'mu'>>;

export interface WsdMeta {
  version: string;
  params: WsdParams;
  /** p(f)'s denominator over the unpruned vocabulary (see the constructor). */
  backgroundNorm: number;
  /** How the gloss pseudo-counts were weighted when the model was built. */
  build: Record<string, number | string>;
  dev: Record<string, number | string>;
}

/** A document's features, as ids, marked in a shared array so that membership is one read. */
export interface FeatureContext {
  bag: Int32Array;
  collocations: Int32Array;
}

export interface SenseWeights {
  mass: Float32Array;
  start: Uint32Array;
  feature: Uint32Array;
  count: Uint16Array;
}

const LOADED: LoadRegistry<WsdModel> = new WeakMap();
/** Scan a synset's entries when there are at most this many per context feature, else bisect them (measured fastest). */
const SCAN_FACTOR = Number(globalThis.process?.env?.WSD_SCAN_FACTOR ?? 4);

export class WsdModel {
  readonly params: WsdParams;
  private readonly ids: Map<string, number>;
  /** log(α · p(f)) per feature: the log-probability of a feature a sense never saw, common to all senses. */
  private readonly logAlphaP: Float64Array;
  private readonly alphaP: Float64Array;
  private readonly weights: SenseWeights;
  /** Per feature: the stamp of the last context that contained it, and in which group (1 bag, 2 collocation). */
  private readonly stamp: Uint32Array;
  private readonly group: Uint8Array;
  private current = 0;
  private bagGain = 0;
  private colGain = 0;
  /**
   * Per entry, its gain log((1−α)·c/N + αp(f)) − log(αp(f)): it depends on the
   * synset and the feature only, so it is computed once, the first time the
   * synset is scored (`gainReady`), not at every token. Same formula, same values.
   */
  private readonly entryGain: Float64Array;
  private readonly gainReady: Uint8Array;
  /** The context last marked, and per synset the gains computed in it (stamp = `current` when valid). */
  private markedContext: FeatureContext | undefined;
  private readonly synsetStamp: Uint32Array;
  private readonly synsetBagGain: Float64Array;
  private readonly synsetColGain: Float64Array;
  private readonly posParams = new Map<WordNetPos | undefined, WsdParams>();

  /**
   * `backgroundNorm` is the denominator of p(f) = (count + 1) / norm; by
   * default total count + vocabulary size. A pruned model passes the norm of
   * the vocabulary it was estimated on, so that pruning does not shift p(f).
   */
  constructor(vocab: readonly string[], background: Float64Array, weights: SenseWeights, params: WsdParams, backgroundNorm?: number) {
    this.params = params;
    this.ids = new Map();
    vocab.forEach((f, i) => this.ids.set(f, i));
    let total = 0;
    for (const c of background) total += c;
    const v = vocab.length;
    this.alphaP = new Float64Array(v);
    this.logAlphaP = new Float64Array(v);
    for (let i = 0; i < v; i++) {
      this.alphaP[i] = (params.alpha * (background[i] + 1)) / (backgroundNorm ?? total + v);
      this.logAlphaP[i] = Math.log(this.alphaP[i]);
    }
    this.weights = weights;
    this.stamp = new Uint32Array(v);
    this.group = new Uint8Array(v);
    this.entryGain = new Float64Array(weights.feature.length);
    const synsets = weights.mass.length;
    this.gainReady = new Uint8Array(synsets);
    this.synsetStamp = new Uint32Array(synsets);
    this.synsetBagGain = new Float64Array(synsets);
    this.synsetColGain = new Float64Array(synsets);
  }

  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<WsdModel> {
    return loadOnce(LOADED, loader, dir, async () => {
      const [vocabText, bytes, metaText] = await Promise.all([
        loader.bytes(`${dir}/${WSD_VOCAB_FILE}`).then(gunzipText),
        loader.bytes(`${dir}/${WSD_WEIGHTS_FILE}`),
        loader.text(`${dir}/${WSD_META_FILE}`),
      ]);
      const meta = JSON.parse(metaText) as WsdMeta;
      const { vocab, background } = parseVocab(vocabText);
      return new WsdModel(vocab, background, decodeWeights(bytes), meta.params, meta.backgroundNorm);
    });
  }

  /** The id of a feature string, or -1 when the model never saw it. */
  featureId(feature: string): number {
    return this.ids.get(feature) ?? -1;
  }

  /** Feature ids of a context (unknown features dropped, duplicates kept once). */
  context(bag: Iterable<string>, collocations: Iterable<string>): FeatureContext {
    return { bag: Int32Array.from(new Set(this.idsOf(bag))), collocations: Int32Array.from(new Set(this.idsOf(collocations))) };
  }

  /** Ids of distinct known features (callers pass distinct strings; equal strings map to one id). */
  idsOf(features: Iterable<string>): Int32Array {
    const out: number[] = [];
    for (const f of features) {
      const id = this.ids.get(f);
      if (id !== undefined) out.push(id);
    }
    return Int32Array.from(out);
  }

  /** A context from a window's bag ids (see idsOf) without the target's own lemma, and its collocation strings. */
  contextFromIds(bagIds: Int32Array, ownLemma: string, collocations: Iterable<string>): FeatureContext {
    const own = this.ids.get(ownLemma);
    const bag = own === undefined || !bagIds.includes(own) ? bagIds : bagIds.filter((id) => id !== own);
    // Collocations are distinct strings (each slot has its own prefix), so their ids are distinct.
    return { bag, collocations: this.idsOf(collocations) };
  }

  /**
   * Probabilities of the candidate synsets (indexes into the synset store,
   * in WordNet's sense order, with their SemCor tag counts) in a context.
   * The result is parallel to `synsets` and sums to 1.
   */
  probabilities(synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos?: WordNetPos): Float64Array {
    const n = synsets.length;
    const out = new Float64Array(n);
    if (n === 1) {
      out[0] = 1;
      return out;
    }
    const { lambdaBag, lambdaCol, mu } = this.paramsFor(pos);
    // Contexts are immutable: scoring several words in one context (entailments' fit) marks it once
    // and reuses the gains of synsets already scored in it.
    const stampValue = ctx === this.markedContext ? this.current : this.mark(ctx);
    let priorTotal = 0;
    for (let k = 0; k < n; k++) priorTotal += tagCounts[k] + mu / (k + 1);
    let best = -Infinity;
    for (let k = 0; k < n; k++) {
      const s = synsets[k];
      // A feature the sense never saw scores log(α·p(f)) for every sense alike, so only seen ones count.
      if (this.synsetStamp[s] === stampValue) {
        this.bagGain = this.synsetBagGain[s];
        this.colGain = this.synsetColGain[s];
      } else {
        this.gains(s, ctx, stampValue);
        this.synsetStamp[s] = stampValue;
        this.synsetBagGain[s] = this.bagGain;
        this.synsetColGain[s] = this.colGain;
      }
      const score = Math.log((tagCounts[k] + mu / (k + 1)) / priorTotal) + lambdaBag * this.bagGain + lambdaCol * this.colGain;
      out[k] = score;
      if (score > best) best = score;
    }
    let z = 0;
    for (let k = 0; k < n; k++) z += out[k] = Math.exp(out[k] - best);
    for (let k = 0; k < n; k++) out[k] /= z;
    return out;
  }

  /** The prior alone (no context): SemCor tag counts smoothed towards WordNet's sense order; sums to 1. */
  prior(tagCounts: Float32Array, pos?: WordNetPos): Float64Array {
    const { mu } = this.paramsFor(pos);
    const out = new Float64Array(tagCounts.length);
    let total = 0;
    for (let k = 0; k < tagCounts.length; k++) total += out[k] = tagCounts[k] + mu / (k + 1);
    for (let k = 0; k < out.length; k++) out[k] /= total;
    return out;
  }

  /** The weights for a part of speech: its overrides over the shared ones. */
  paramsFor(pos: WordNetPos | undefined): WsdParams {
    let params = this.posParams.get(pos);
    if (params === undefined) {
      const own = pos === undefined ? undefined : this.params.byPos?.[pos];
      params = own === undefined ? this.params : { ...this.params, ...own };
      this.posParams.set(pos, params);
    }
    return params;
  }

  /** Marks the context's features with a fresh stamp; returns it. */
  private mark(ctx: FeatureContext): number {
    if (this.current === 0xffffffff) {
      this.stamp.fill(0);
      this.synsetStamp.fill(0);
      this.current = 0;
    }
    this.markedContext = ctx;
    const value = ++this.current;
    for (const f of ctx.bag) {
      this.stamp[f] = value;
      this.group[f] = 1;
    }
    for (const f of ctx.collocations) {
      this.stamp[f] = value;
      this.group[f] = 2;
    }
    return value;
  }

  /**
   * Σ over the context's features that synset s has seen of log((1−α)·c/N + αp) − log(αp),
   * per group. Walks the shorter side: the synset's entries when they are
   * few, else bisects them for each context feature ("be" has thousands).
   */
  private gains(s: number, ctx: FeatureContext, stampValue: number): void {
    const { start, feature } = this.weights;
    const from = start[s];
    const to = start[s + 1];
    if (this.gainReady[s] === 0) this.computeGains(s);
    const gain = this.entryGain;
    const stamp = this.stamp;
    const group = this.group;
    let bagGain = 0;
    let colGain = 0;
    const contextSize = ctx.bag.length + ctx.collocations.length;
    if (to - from <= contextSize * SCAN_FACTOR) {
      for (let e = from; e < to; e++) {
        const f = feature[e];
        if (stamp[f] !== stampValue) continue;
        if (group[f] === 1) bagGain += gain[e];
        else colGain += gain[e];
      }
    } else {
      for (const f of ctx.bag) {
        const e = bisect(feature, from, to, f);
        if (e >= 0) bagGain += gain[e];
      }
      for (const f of ctx.collocations) {
        const e = bisect(feature, from, to, f);
        if (e >= 0) colGain += gain[e];
      }
    }
    // Fields rather than a returned object: this runs for every candidate sense of every word.
    this.bagGain = bagGain;
    this.colGain = colGain;
  }

  /** Fills entryGain for synset s's entries (once per synset per model). */
  private computeGains(s: number): void {
    const { start, feature, count } = this.weights;
    const scale = (1 - this.params.alpha) / (COUNT_SCALE * Math.max(this.weights.mass[s], 1e-9));
    for (let e = start[s]; e < start[s + 1]; e++) {
      const f = feature[e];
      this.entryGain[e] = Math.log(count[e] * scale + this.alphaP[f]) - this.logAlphaP[f];
    }
    this.gainReady[s] = 1;
  }
}

function bisect(a: Uint32Array, lo: number, hi: number, x: number): number {
  hi--;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = a[mid];
    if (v === x) return mid;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function parseVocab(text: string): { vocab: string[]; background: Float64Array } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const vocab = new Array<string>(lines.length);
  const background = new Float64Array(lines.length);
  lines.forEach((line, i) => {
    const tab = line.lastIndexOf('\t');
    vocab[i] = line.slice(0, tab);
    background[i] = Number(line.slice(tab + 1));
  });
  return { vocab, background };
}

/**
 * Counts are stored on a log scale in one byte: q = round(log(count × COUNT_SCALE) / log(COUNT_BASE)) + 1,
 * a 5 % resolution that the scores do not notice (checked on dev).
 */
const COUNT_BASE = 1.05;

export function quantizeCount(count: number): number {
  const scaled = count * COUNT_SCALE;
  if (scaled < 1) return 0;
  return Math.min(255, Math.round(Math.log(scaled) / Math.log(COUNT_BASE)) + 1);
}

/** The count×COUNT_SCALE a stored byte stands for (0 for 0). */
export function dequantizeCount(q: number): number {
  return q === 0 ? 0 : Math.min(65535, COUNT_BASE ** (q - 1));
}

/**
 * Decodes wsd-weights.bin: 'WSD2', u32 synsets, u32 entries, u32 bytes of
 * feature deltas; f32 mass[synsets]; u32 start[synsets + 1]; the feature ids
 * of each synset's entries as unsigned LEB128 deltas (first one from 0);
 * one byte per entry for its count (quantizeCount). Little-endian.
 */
export function decodeWeights(bytes: Uint8Array): SenseWeights {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 16 || view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_WEIGHTS_FILE}: not a WSD2 weights file`);
  const n = view.getUint32(4, true);
  const nnz = view.getUint32(8, true);
  const deltaBytes = view.getUint32(12, true);
  let at = 16;
  const mass = new Float32Array(n);
  for (let i = 0; i < n; i++, at += 4) mass[i] = view.getFloat32(at, true);
  const start = new Uint32Array(n + 1);
  for (let i = 0; i <= n; i++, at += 4) start[i] = view.getUint32(at, true);
  const feature = new Uint32Array(nnz);
  const end = at + deltaBytes;
  let e = 0;
  for (let s = 0; s < n; s++) {
    let previous = 0;
    for (let k = start[s]; k < start[s + 1]; k++) {
      let value = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = bytes[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      previous += value;
      feature[e++] = previous;
    }
  }
  if (at !== end) throw new Error(`${WSD_WEIGHTS_FILE}: feature stream length mismatch`);
  const table = new Uint16Array(256);
  for (let q = 0; q < 256; q++) table[q] = Math.round(dequantizeCount(q));
  const count = new Uint16Array(nnz);
  for (let k = 0; k < nnz; k++) count[k] = table[bytes[at + k]];
  return { mass, start, feature, count };
}

export function encodeWeights(w: SenseWeights): Uint8Array {
  const n = w.mass.length;
  const nnz = w.feature.length;
  const deltas: number[] = [];
  for (let s = 0; s < n; s++) {
    let previous = 0;
    for (let k = w.start[s]; k < w.start[s + 1]; k++) {
      let value = w.feature[k] - previous;
      previous = w.feature[k];
      do {
        const low = value & 0x7f;
        value = Math.floor(value / 128);
        deltas.push(value > 0 ? low | 0x80 : low);
      } while (value > 0);
    }
  }
  const out = new Uint8Array(16 + 4 * n + 4 * (n + 1) + deltas.length + nnz);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  view.setUint32(8, nnz, true);
  view.setUint32(12, deltas.length, true);
  let at = 16;
  for (let i = 0; i < n; i++, at += 4) view.setFloat32(at, w.mass[i], true);
  for (let i = 0; i <= n; i++, at += 4) view.setUint32(at, w.start[i], true);
  out.set(deltas, at);
  at += deltas.length;
  for (let k = 0; k < nnz; k++) out[at + k] = quantizeCount(w.count[k] / COUNT_SCALE);
  return out;
}
