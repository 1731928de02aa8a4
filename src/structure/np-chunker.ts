/**
 * A trained noun-phrase chunker: a first-order linear-chain tagger (B-NP /
 * I-NP / O per word, averaged structured perceptron, Viterbi decoding) over
 * what the pipeline already computes — the word, its shape and cluster, the
 * tagger's XPOS, the parser's relation and head direction, and the tag the
 * rule walk (noun-phrases.ts) gives each word. The rules carry the
 * definition; the model learns where the Penn Treebank's bracketing
 * conventions and the parser's slips on news text part from them.
 *
 * Features are hashed from small integers (no strings built per word) and
 * the shipped weights are int8. This file holds the reference path that
 * training runs (training/chunker-ewt/train.ts); the annotator runs the same
 * model through chunk-scorer.ts, which sums the weights from memo tables and
 * gives these tags bit for bit (bench/structure-stages.ts times it).
 */
import { fnv1a, shape } from '../models/features.js';
import { baseNounPhrases } from './noun-phrases.js';
import type { PhraseSpan } from '../doc/layers.js';
import type { TreeLayers } from './tree-layers.js';
import { pennConventions } from './penn-conventions.js';

/** Tags in the order of each feature's weight triple. */
export const CHUNK_TAGS = ['O', 'B-NP', 'I-NP'] as const;
export const O = 0;
export const B = 1;
export const I = 2;
const NTAGS = 3;
/** Row of the transition table for the sentence start (rows 0–2 are the previous word's tag). */
const START = 3;

export interface ChunkerWeights {
  /** Hash buckets (a power of two). */
  readonly buckets: number;
  /**
   * buckets × 3 emission weights (O, B-NP, I-NP per bucket), times `scale`:
   * float32 while training, int8 as shipped (a quarter of the memory, so
   * the table stays in the CPU's cache between the parser's calls).
   */
  readonly emission: Float32Array | Int8Array;
  /** What one unit of `emission` is worth (1 for float weights). */
  readonly scale: number;
  /** 4 × 3 transition weights: previous tag (or START) × tag. */
  readonly transition: Float32Array;
}

/** The word-cluster code of a word (0 when unknown); the tagger's clusters (models/tagger/word-clusters.bin). */
export type ClusterCoder = (word: string) => { coarse: number; fine: number };

/** Number of emission features per word (feature templates, see wordFeatures). */
export const FEATURES_PER_WORD = 24;

/** Per-word values the feature templates combine, computed once per sentence. */
interface WordCodes {
  word: Int32Array;
  suffix: Int32Array;
  shape: Int32Array;
  xpos: Int32Array;
  deprel: Int32Array;
  /** Head direction and distance class. */
  dir: Int32Array;
  /** The head's XPOS (PAD at a root). */
  headXpos: Int32Array;
  /** Which of the neighbours the word is linked to (bits: head left, left child, head right, right child). */
  links: Int32Array;
  rule: Int32Array;
  coarse: Int32Array;
  fine: Int32Array;
}

/** Value of positions outside the sentence. */
export const PAD = 0x5eed;

/** What a word form contributes, whatever its context: hashes of its lower case, suffix and shape, and its clusters. */
interface FormCodes {
  word: number;
  suffix: number;
  shape: number;
  coarse: number;
  fine: number;
}

/** Bound on the memo tables (~5 MB of forms): a long-running server sees an open vocabulary, and a cleared table only costs a few string hashes per word again. */
const MEMO_LIMIT = 50_000;

/**
 * Turns sentences into hashed features. Keeps what depends on a word form
 * or a tag alone in memo tables (one lookup per word instead of a few
 * string operations): the featurization is most of the chunker's cost.
 */
export class ChunkFeaturizer {
  private readonly forms = new Map<string, FormCodes>();
  private readonly tags = new Map<string, number>();
  private capacity = 64;
  private buf = emptyCodes(64);

  constructor(
    readonly buckets: number,
    private readonly clusters?: ClusterCoder,
  ) {}

  /** The hashed features of every word of a sentence over tokens [first, last): n × FEATURES_PER_WORD bucket indexes. */
  sentence(t: TreeLayers, first: number, last: number): Int32Array {
    const n = last - first;
    const codes = this.codes(t, first, last, ruleTags(t, first, last));
    const out = new Int32Array(n * FEATURES_PER_WORD);
    for (let k = 0; k < n; k++) wordFeatures(codes, k, n, this.buckets - 1, out, k * FEATURES_PER_WORD);
    return out;
  }

  private tag(s: string): number {
    let c = this.tags.get(s);
    if (c === undefined) {
      c = fnv1a(s) | 0;
      if (this.tags.size >= MEMO_LIMIT) this.tags.clear();
      this.tags.set(s, c);
    }
    return c;
  }

  private form(w: string): FormCodes {
    let f = this.forms.get(w);
    if (f === undefined) {
      const lower = w.toLowerCase();
      const cl = this.clusters?.(w);
      f = {
        word: fnv1a(lower) | 0,
        suffix: fnv1a(lower.length > 3 ? lower.slice(-3) : lower) | 0,
        shape: fnv1a(shape(w.length > 12 ? w.slice(0, 12) : w)) | 0,
        coarse: cl?.coarse ?? 0,
        fine: cl?.fine ?? 0,
      };
      if (this.forms.size >= MEMO_LIMIT) this.forms.clear();
      this.forms.set(w, f);
    }
    return f;
  }

  /** Per-word codes of the sentence, in buffers reused from call to call (grown as needed; entries past n are stale). */
  private codes(t: TreeLayers, first: number, last: number, rule: Uint8Array): WordCodes {
    const n = last - first;
    if (n > this.capacity) {
      this.capacity = Math.max(n, 2 * this.capacity);
      this.buf = emptyCodes(this.capacity);
    }
    const c = this.buf;
    for (let k = 0; k < n; k++) {
      const i = first + k;
      const f = this.form(t.tokens[i]);
      c.word[k] = f.word;
      c.suffix[k] = f.suffix;
      c.shape[k] = f.shape;
      c.coarse[k] = f.coarse;
      c.fine[k] = f.fine;
      c.xpos[k] = this.tag(t.xpos[i]);
      c.deprel[k] = this.tag(t.deprel[i]);
      c.rule[k] = rule[k];
    }
    for (let k = 0; k < n; k++) {
      const i = first + k;
      const h = t.head[i] >= first && t.head[i] < last ? t.head[i] : -1;
      c.dir[k] = headClass(i, h);
      c.headXpos[k] = h < 0 ? PAD : c.xpos[h - first];
      c.links[k] = (h === i - 1 ? 1 : 0) | (k > 0 && t.head[i - 1] === i ? 2 : 0) | (h === i + 1 ? 4 : 0) | (k + 1 < n && t.head[i + 1] === i ? 8 : 0);
    }
    return c;
  }
}

function emptyCodes(n: number): WordCodes {
  return {
    word: new Int32Array(n),
    suffix: new Int32Array(n),
    shape: new Int32Array(n),
    xpos: new Int32Array(n),
    deprel: new Int32Array(n),
    dir: new Int32Array(n),
    headXpos: new Int32Array(n),
    links: new Int32Array(n),
    rule: new Int32Array(n),
    coarse: new Int32Array(n),
    fine: new Int32Array(n),
  };
}

/** Head direction and distance class of word i with head h (-1: none in the sentence). */
export function headClass(i: number, h: number): number {
  if (h < 0) return 0;
  const d = h - i;
  if (d === 1) return 1;
  if (d > 1 && d <= 3) return 2;
  if (d > 3) return 3;
  if (d === -1) return 4;
  if (d >= -3) return 5;
  return 6;
}

const at = (a: Int32Array, j: number, n: number): number => (j < 0 || j >= n ? PAD : a[j]);

/**
 * The hashed emission features of word k (sentence-relative), written to
 * out[o..o + FEATURES_PER_WORD) as bucket indexes. 24 templates: those of
 * an earlier 44 whose removal cost the most F1 on sentences 7,001–7,936
 * (models/chunker/MODEL_CARD.md); the numbers mixed in first are the
 * original template ids, kept so that the shipped weights stay valid.
 */
function wordFeatures(c: WordCodes, k: number, n: number, mask: number, out: Int32Array, o: number): void {
  const w0 = c.word[k], wp = at(c.word, k - 1, n);
  const x0 = c.xpos[k], xp = at(c.xpos, k - 1, n), xpp = at(c.xpos, k - 2, n);
  const r0 = c.rule[k], rp = at(c.rule, k - 1, n), rn = at(c.rule, k + 1, n), rpp = at(c.rule, k - 2, n), rnn = at(c.rule, k + 2, n);
  const d0 = c.deprel[k], dn = at(c.deprel, k + 1, n);
  const dir = c.dir[k], links = c.links[k];
  // mix(h, v) = imul(h ^ v, golden) ^ >>> 15, written out: fifty calls would pass V8's inlining budget
  let x: number;
  out[o + 0] = 1 & mask; // bias
  // word
  x = Math.imul(2 ^ w0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 1] = x & mask;
  // suffix
  x = Math.imul(7 ^ c.suffix[k], 0x9e3779b1); x ^= x >>> 15;
  out[o + 2] = x & mask;
  // shape
  x = Math.imul(8 ^ c.shape[k], 0x9e3779b1); x ^= x >>> 15;
  out[o + 3] = x & mask;
  // shape bigram
  x = Math.imul(9 ^ at(c.shape, k - 1, n), 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ c.shape[k], 0x9e3779b1); x ^= x >>> 15;
  out[o + 4] = x & mask;
  // XPOS −2
  x = Math.imul(10 ^ xpp, 0x9e3779b1); x ^= x >>> 15;
  out[o + 5] = x & mask;
  // XPOS −1
  x = Math.imul(11 ^ xp, 0x9e3779b1); x ^= x >>> 15;
  out[o + 6] = x & mask;
  // XPOS
  x = Math.imul(12 ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 7] = x & mask;
  // XPOS bigram
  x = Math.imul(15 ^ xp, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 8] = x & mask;
  // word + XPOS
  x = Math.imul(20 ^ w0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 9] = x & mask;
  // previous word + XPOS
  x = Math.imul(21 ^ wp, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 10] = x & mask;
  // relation
  x = Math.imul(23 ^ d0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 11] = x & mask;
  // relation + XPOS
  x = Math.imul(25 ^ d0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 12] = x & mask;
  // head direction + XPOS + head XPOS
  x = Math.imul(27 ^ dir, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ c.headXpos[k], 0x9e3779b1); x ^= x >>> 15;
  out[o + 13] = x & mask;
  // relation + next relation
  x = Math.imul(29 ^ d0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ dn, 0x9e3779b1); x ^= x >>> 15;
  out[o + 14] = x & mask;
  // links to the neighbours + XPOS
  x = Math.imul(30 ^ links, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 15] = x & mask;
  // rule tag
  x = Math.imul(32 ^ r0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 16] = x & mask;
  // rule tag bigram left
  x = Math.imul(33 ^ rp, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ r0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 17] = x & mask;
  // rule tag bigram right
  x = Math.imul(34 ^ r0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ rn, 0x9e3779b1); x ^= x >>> 15;
  out[o + 18] = x & mask;
  // rule tags −2..0
  x = Math.imul(36 ^ rpp, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ rp, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ r0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 19] = x & mask;
  // rule tags 0..+2
  x = Math.imul(37 ^ r0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ rn, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ rnn, 0x9e3779b1); x ^= x >>> 15;
  out[o + 20] = x & mask;
  // rule tag + XPOS
  x = Math.imul(38 ^ r0, 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 21] = x & mask;
  // coarse cluster + XPOS
  x = Math.imul(41 ^ c.coarse[k], 0x9e3779b1); x ^= x >>> 15; x = Math.imul(x ^ x0, 0x9e3779b1); x ^= x >>> 15;
  out[o + 22] = x & mask;
  // fine cluster
  x = Math.imul(42 ^ c.fine[k], 0x9e3779b1); x ^= x >>> 15;
  out[o + 23] = x & mask;
}

/** The hashed features of every word of a sentence (a featurizer without memo tables kept across calls). */
export function sentenceFeatures(t: TreeLayers, first: number, last: number, buckets: number, clusters?: ClusterCoder): Int32Array {
  return new ChunkFeaturizer(buckets, clusters).sentence(t, first, last);
}

/** The rule walk's tags (O/B/I) over a sentence. */
export function ruleTags(t: TreeLayers, first: number, last: number): Uint8Array {
  return tagsOfPhrases(baseNounPhrases(t, first, last), first, last - first, new Uint8Array(last - first));
}

/** The tags (O/B/I) of phrases over a sentence of n words from doc token `first`, written into `tags` (length ≥ n; its first n entries are overwritten) and returned. */
export function tagsOfPhrases(phrases: readonly PhraseSpan[], first: number, n: number, tags: Uint8Array): Uint8Array {
  tags.fill(O, 0, n);
  for (const p of phrases) {
    tags[p.start - first] = B;
    for (let i = p.start + 1; i < p.end; i++) tags[i - first] = I;
  }
  return tags;
}

/**
 * The best tag sequence (Viterbi) for n words with the given hashed
 * features. O → I-NP is not allowed: every phrase starts with B-NP.
 */
export function viterbi(w: ChunkerWeights, feats: Int32Array, n: number): Uint8Array {
  const emissions = new Float64Array(n * NTAGS);
  const em = w.emission;
  for (let k = 0; k < n; k++) {
    let eO = 0;
    let eB = 0;
    let eI = 0;
    const base = k * FEATURES_PER_WORD;
    for (let j = 0; j < FEATURES_PER_WORD; j++) {
      const b = feats[base + j] * NTAGS;
      eO += em[b];
      eB += em[b + 1];
      eI += em[b + 2];
    }
    emissions[k * NTAGS + O] = eO * w.scale;
    emissions[k * NTAGS + B] = eB * w.scale;
    emissions[k * NTAGS + I] = eI * w.scale;
  }
  return decodeTags(w.transition, emissions, n, new Uint8Array(n), new Uint8Array(n * NTAGS));
}

/**
 * Viterbi over per-word emission scores (n × 3: O, B-NP, I-NP, already
 * scaled), O → I-NP forbidden. Writes the tags to `tags` (length ≥ n) and
 * returns it; `back` (≥ n × 3) is scratch for the back-pointers.
 */
export function decodeTags(tr: Float32Array, emissions: Float64Array, n: number, tags: Uint8Array, back: Uint8Array): Uint8Array {
  if (n === 0) return tags;
  // score of the best path ending in O, B, I at the previous word; back-pointers per word and tag
  let sO = 0;
  let sB = 0;
  let sI = 0;
  for (let k = 0; k < n; k++) {
    const eO = emissions[k * NTAGS + O];
    const eB = emissions[k * NTAGS + B];
    const eI = emissions[k * NTAGS + I];
    if (k === 0) {
      sO = eO + tr[START * NTAGS + O];
      sB = eB + tr[START * NTAGS + B];
      sI = -Infinity;
      continue;
    }
    const at = k * NTAGS;
    // O and B may follow any tag; I only B or I
    let bestO = sO + tr[O * NTAGS + O], argO = O;
    if (sB + tr[B * NTAGS + O] > bestO) (bestO = sB + tr[B * NTAGS + O]), (argO = B);
    if (sI + tr[I * NTAGS + O] > bestO) (bestO = sI + tr[I * NTAGS + O]), (argO = I);
    let bestB = sO + tr[O * NTAGS + B], argB = O;
    if (sB + tr[B * NTAGS + B] > bestB) (bestB = sB + tr[B * NTAGS + B]), (argB = B);
    if (sI + tr[I * NTAGS + B] > bestB) (bestB = sI + tr[I * NTAGS + B]), (argB = I);
    let bestI = sB + tr[B * NTAGS + I], argI = B;
    if (sI + tr[I * NTAGS + I] > bestI) (bestI = sI + tr[I * NTAGS + I]), (argI = I);
    back[at + O] = argO;
    back[at + B] = argB;
    back[at + I] = argI;
    sO = bestO + eO;
    sB = bestB + eB;
    sI = bestI + eI;
  }
  let y = sB > sO ? B : O;
  if (sI > (y === B ? sB : sO)) y = I;
  for (let k = n - 1; k >= 0; k--) {
    tags[k] = y;
    y = back[k * NTAGS + y];
  }
  return tags;
}

/**
 * Phrases of a tag sequence (its first n tags) over doc tokens [first, …), each with its head:
 * the last word whose head lies outside the phrase (the nominal the rest
 * modifies), or the last word when every word's head is inside.
 */
export function spansOfTags(t: TreeLayers, tags: Uint8Array, first: number, n = tags.length, reuse?: PhraseSpan[]): PhraseSpan[] {
  const out: PhraseSpan[] = [];
  // `reuse`: phrases in order (the rule walk's, which the chunker mostly keeps) whose objects stand for equal
  // spans instead of new ones; the caller gives them up
  let r = 0;
  for (let k = 0; k < n; k++) {
    if (tags[k] === O || (tags[k] === I && k > 0 && tags[k - 1] !== O)) continue;
    let e = k + 1;
    while (e < n && tags[e] === I) e++;
    const start = first + k;
    const end = first + e;
    let head = end - 1;
    for (let i = end - 1; i >= start; i--) {
      if (t.head[i] < start || t.head[i] >= end) {
        head = i;
        break;
      }
    }
    if (reuse !== undefined) {
      while (r < reuse.length && reuse[r].start < start) r++;
      if (r < reuse.length && reuse[r].start === start && reuse[r].end === end && reuse[r].head === head) {
        out.push(reuse[r++]);
        continue;
      }
    }
    out.push({ start, end, head });
  }
  return out;
}

/** The chunker's noun phrases of one sentence over tokens [first, last). */
export function chunkSentence(w: ChunkerWeights, t: TreeLayers, first: number, last: number, featurizer: ChunkFeaturizer): PhraseSpan[] {
  if (last <= first) return [];
  if (featurizer.buckets !== w.buckets) throw new Error(`featurizer for ${featurizer.buckets} buckets, weights for ${w.buckets}`);
  return pennConventions(t, spansOfTags(t, viterbi(w, featurizer.sentence(t, first, last), last - first), first), first, last);
}
