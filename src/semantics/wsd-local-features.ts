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

/**
 * What the features read of one sentence, built once for all its targets. The arrays may be longer than
 * the sentence (the runtime reuses them from sentence to sentence): `length` and `bagLength` say how much
 * is the sentence's.
 */
export interface LocalSentence {
  /** Per token, its lemma's hash. */
  readonly lemmas: Int32Array;
  /** Per token, its part of speech's code (0: none). */
  readonly pos: Uint8Array;
  /** The sentence's bag: per distinct content lemma (lemmaBagFeatures' strings), its lemma hash, ascending. */
  readonly bag: Int32Array;
  /** The bag's features (each bag hash mixed with the bag's kind), parallel to `bag`: the same for every target. */
  readonly bagFeatures: Int32Array;
  readonly length: number;
  readonly bagLength: number;
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
  const hashes = tokens.map((t) => lemmaHashes(t.lemma));
  return localSentenceOf(tokens, (i) => hashes[i]);
}

/**
 * A sentence's inputs from its tokens and each token's lemmaHashes, written into `reuse`'s arrays where
 * they are long enough (the runtime passes the last sentence's, so that it allocates no typed arrays per
 * sentence).
 */
export function localSentenceOf(tokens: readonly ContextToken[], hashesOf: (i: number) => LemmaHashes, reuse?: LocalSentence): LocalSentence {
  const n = tokens.length;
  const lemmas = reuse !== undefined && reuse.lemmas.length >= n ? reuse.lemmas : new Int32Array(n);
  const pos = reuse !== undefined && reuse.pos.length >= n ? reuse.pos : new Uint8Array(n);
  let bag = reuse?.bag ?? new Int32Array(32);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const p = tokens[i].pos;
    const hashes = hashesOf(i);
    lemmas[i] = hashes.hash;
    pos[i] = p === undefined ? 0 : POS_CODE[p];
    if (p === undefined) continue;
    // Insertion into the ascending distinct prefix bag[0, at): a sentence's bag is a few dozen hashes.
    const own = hashes.bag;
    if (at + own.length > bag.length) {
      const grown = new Int32Array(2 * (at + own.length));
      grown.set(bag.subarray(0, at));
      bag = grown;
    }
    for (let k = 0; k < own.length; k++) {
      const h = own[k];
      let j = at;
      while (j > 0 && bag[j - 1] > h) j--;
      if (j > 0 && bag[j - 1] === h) continue;
      for (let m = at; m > j; m--) bag[m] = bag[m - 1];
      bag[j] = h;
      at++;
    }
  }
  const bagFeatures = reuse !== undefined && reuse.bagFeatures.length >= at ? reuse.bagFeatures : new Int32Array(bag.length);
  for (let k = 0; k < at; k++) bagFeatures[k] = mix(BAG_KIND, bag[k]);
  return { lemmas, pos, bag, bagFeatures, length: n, bagLength: at };
}

/** How many features a target of this sentence has at most (the size localFeatures' `into` needs). */
export function maxLocalFeatures(s: LocalSentence): number {
  return SPANS.length + POS_OFFSETS.length + s.bagLength;
}

/**
 * The features of the target at tokens [first, last] whose lemma is `lemma` (its hash leaves the bag),
 * written into `into` when given (at least maxLocalFeatures long: the runtime reuses one buffer), as a
 * view of the part written.
 */
export function localFeatures(s: LocalSentence, first: number, last: number, lemma: string, into?: Int32Array): Int32Array {
  const n = s.length;
  const own = lemmaHash(lemma);
  const out = into ?? new Int32Array(maxLocalFeatures(s));
  let at = 0;
  for (let k = 0; k < SPANS.length; k++) {
    const [from, to] = SPANS[k];
    let h = mix(0, k + 1);
    for (let o = from; o <= to; o++) {
      if (o === 0) continue;
      const i = o < 0 ? first + o : last + o;
      h = mix(h, i < 0 ? SENTENCE_START : i >= n ? SENTENCE_END : s.lemmas[i]);
    }
    out[at++] = h;
  }
  for (let k = 0; k < POS_OFFSETS.length; k++) {
    const o = POS_OFFSETS[k];
    const i = o < 0 ? first + o : last + o;
    out[at++] = mix(mix(POS_KIND, o), i < 0 ? 5 : i >= n ? 6 : s.pos[i]);
  }
  const { bag, bagFeatures } = s;
  for (let k = 0; k < s.bagLength; k++) if (bag[k] !== own) out[at++] = bagFeatures[k];
  return out.subarray(0, at);
}
