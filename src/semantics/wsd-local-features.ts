/**
 * The features of the per-lemma discriminative correction (wsd-local.ts), in
 * one place so that its training (training/senses/local.ts) and the runtime
 * cannot disagree. IMS's (Zhong & Ng 2010) feature set, over lemmas:
 *
 *  - local collocations: the lemma sequences at 11 fixed spans around the
 *    target, C(−1,−1), C(1,1), C(−2,−2), C(2,2), C(−2,−1), C(−1,1), C(1,2),
 *    C(−3,−1), C(−2,1), C(−1,2), C(1,3) (offsets before the target's first
 *    token when negative, after its last when positive; sentence ends are
 *    tokens of their own);
 *  - the parts of speech (WordNet's n v a r, or none) at −3..−1 and +1..+3;
 *  - the bag of the sentence's content lemmas (wsd-features' lemmaBagFeatures),
 *    the target's own lemma left out.
 *
 * Each feature is a 32-bit hash of its kind and its lemmas' hashes, so the
 * model needs no vocabulary of feature strings (a collision between two
 * features of one lemma's classifier is rare and costs a little accuracy).
 */
import type { ContextToken } from './wsd-features.js';
import { lemmaBagFeatures } from './wsd-features.js';

/** The collocation spans [from, to] (0, the target, is skipped inside a span). */
const SPANS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [1, 1],
  [-2, -2],
  [2, 2],
  [-2, -1],
  [-1, 1],
  [1, 2],
  [-3, -1],
  [-2, 1],
  [-1, 2],
  [1, 3],
];
const POS_OFFSETS = [-3, -2, -1, 1, 2, 3];
const POS_CODE: Record<string, number> = { n: 1, v: 2, a: 3, r: 4 };
/** Kinds mixed into the hashes (distinct from span and offset indexes). */
const BAG_KIND = 101;
const POS_KIND = 102;
const SENTENCE_START = 0x5f3759df | 0;
const SENTENCE_END = 0x2545f491 | 0;

/** FNV-1a over the string's UTF-16 code units: a lemma's hash. */
export function lemmaHash(s: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** Combines a hash with a value (a multiply-xorshift round). */
function mix(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** What the features read of one sentence, built once for all its targets. */
export interface LocalSentence {
  /** Per token, its lemma's hash. */
  readonly lemmas: Int32Array;
  /** Per token, its part of speech's code (0: none). */
  readonly pos: Uint8Array;
  /** The sentence's bag: per distinct content lemma (lemmaBagFeatures' strings), its lemma hash. */
  readonly bag: Int32Array;
}

/** What one lemma contributes: its hash, and the hashes of its bag strings (lemmaBagFeatures) when it is a content word. */
export interface LemmaHashes {
  readonly hash: number;
  readonly bag: Int32Array;
}

export function lemmaHashes(lemma: string): LemmaHashes {
  const hash = lemmaHash(lemma);
  return { hash, bag: Int32Array.from(lemmaBagFeatures(lemma), (f) => (f === lemma ? hash : lemmaHash(f))) };
}

/** A sentence's inputs from its tokens (training; the runtime passes each lemma's cached hashes to localSentenceOf). */
export function localSentence(tokens: readonly ContextToken[]): LocalSentence {
  return localSentenceOf(tokens, tokens.map((t) => lemmaHashes(t.lemma)));
}

/** A sentence's inputs from its tokens and each token's lemmaHashes (parallel). */
export function localSentenceOf(tokens: readonly ContextToken[], hashes: readonly LemmaHashes[]): LocalSentence {
  const n = tokens.length;
  const lemmas = new Int32Array(n);
  const pos = new Uint8Array(n);
  let size = 0;
  for (let i = 0; i < n; i++) if (tokens[i].pos !== undefined) size += hashes[i].bag.length;
  const all = new Int32Array(size);
  size = 0;
  for (let i = 0; i < n; i++) {
    const p = tokens[i].pos;
    lemmas[i] = hashes[i].hash;
    pos[i] = p === undefined ? 0 : POS_CODE[p];
    if (p !== undefined) {
      all.set(hashes[i].bag, size);
      size += hashes[i].bag.length;
    }
  }
  // The bag's distinct hashes, ascending.
  all.sort();
  let distinct = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i];
  return { lemmas, pos, bag: all.subarray(0, distinct) };
}

/** How many features a target of this sentence has at most (the size localFeatures' `into` needs). */
export function maxLocalFeatures(s: LocalSentence): number {
  return SPANS.length + POS_OFFSETS.length + s.bag.length;
}

/**
 * The features of the target at tokens [first, last] whose lemma is `lemma` (its hash leaves the bag),
 * written into `into` when given (at least maxLocalFeatures long: the runtime reuses one buffer), as a
 * view of the part written.
 */
export function localFeatures(s: LocalSentence, first: number, last: number, lemma: string, into?: Int32Array): Int32Array {
  const n = s.lemmas.length;
  const own = lemmaHash(lemma);
  const out = into ?? new Int32Array(maxLocalFeatures(s));
  let at = 0;
  const at_ = (offset: number) => (offset < 0 ? first + offset : last + offset);
  for (let k = 0; k < SPANS.length; k++) {
    const [from, to] = SPANS[k];
    let h = mix(0, k + 1);
    for (let o = from; o <= to; o++) {
      if (o === 0) continue;
      const i = at_(o);
      h = mix(h, i < 0 ? SENTENCE_START : i >= n ? SENTENCE_END : s.lemmas[i]);
    }
    out[at++] = h;
  }
  for (const o of POS_OFFSETS) {
    const i = at_(o);
    out[at++] = mix(mix(POS_KIND, o), i < 0 ? 5 : i >= n ? 6 : s.pos[i]);
  }
  for (let k = 0; k < s.bag.length; k++) if (s.bag[k] !== own) out[at++] = mix(BAG_KIND, s.bag[k]);
  return out.subarray(0, at);
}
