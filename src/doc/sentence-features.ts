/**
 * Features of a candidate sentence boundary, shared by training (dumped by
 * training/sentences/dump.ts) and inference (src/doc/sentences.ts), so both
 * sides hash exactly the same strings.
 *
 *   boundaryCandidates(text, tokens) → the positions a model decides, and the forced ones
 *   boundaryFeatures(text, tokens, candidates, buckets) → Int32Array [candidates × FEATURES_PER_CANDIDATE]
 *
 * A candidate i is the gap between token i-1 and token i. Blank lines are
 * boundaries outright; gaps inside a multi-word token ("do|n't") never are, nor
 * is a gap on one line after a title or an initial inside a name or a date
 * ("Dr. Smith", "J. K. Rowling", "c. 1818": leadsOnAt in sentence-rules.ts),
 * which the model, trained on web text with few of them, cut where the
 * treebanks almost never do.
 */
import { boundedMemo } from '../lexicon/memo.js';
import { fnv1a, modFloor, shape } from '../models/features.js';
import type { TokenSpan } from './doc.js';
import { breakBefore, leadsOnAt, ruleBoundaries } from './sentence-rules.js';
import type { WordSpan } from './tokenize.js';

export interface Candidates {
  /** Token indices i whose gap (before token i) the model decides. */
  positions: number[];
  /** Token indices i before which a sentence certainly starts (paragraph breaks). */
  forced: number[];
  /** Rule decisions per candidate (1 = the rules put a boundary there), used as a feature. */
  rule: Uint8Array;
}

/**
 * Whether the gap before token i can plausibly end a sentence: after
 * punctuation or a symbol (emoticons, quotes, brackets), before a capital
 * letter, a digit or a symbol, or at a line break. Everything else —
 * a lower-case word running into a lower-case word — is decided "no" without
 * asking the model: such gaps are ~80% of all gaps and almost never a
 * boundary in EWT, and skipping them is what makes segmentation fast.
 */
function plausibleGap(text: string, tokens: readonly WordSpan[], i: number): boolean {
  const prev = text.codePointAt(tokens[i - 1].start) ?? 0;
  const next = text.codePointAt(tokens[i].start) ?? 0;
  const wordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (c > 127 && /[\p{L}\p{N}]/u.test(String.fromCodePoint(c)));
  if (!wordChar(prev)) return true;
  const lowerNext = (next >= 97 && next <= 122) || (next > 127 && /\p{Ll}/u.test(String.fromCodePoint(next)));
  if (!lowerNext) return true;
  for (let k = tokens[i - 1].end; k < tokens[i].start; k++) if (text.charCodeAt(k) === 10) return true;
  return false;
}

export function boundaryCandidates(text: string, tokens: readonly WordSpan[]): Candidates {
  const ruleSet = new Set(ruleBoundaries(text, tokens));
  const positions: number[] = [];
  const forced: number[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].joinsPrevious) continue;
    const br = breakBefore(text, tokens, i);
    if (br === 2) forced.push(i);
    else if (plausibleGap(text, tokens, i) && !(br === 0 && leadsOnAt(text, tokens, i - 1))) positions.push(i);
  }
  const rule = new Uint8Array(positions.length);
  positions.forEach((p, k) => (rule[k] = ruleSet.has(p) ? 1 : 0));
  return { positions, forced, rule };
}

/** Coarse class of a token, for conjunctions that must generalize past the word itself. */
function kind(w: string): string {
  if (w === '') return 'NONE';
  const c = w[0];
  if (/^[.!?…]+$/.test(w)) return w.length > 1 ? 'TERMRUN' : w === '.' ? 'PERIOD' : 'TERM';
  if (/\p{Lu}/u.test(c)) return w.length > 1 && w === w.toUpperCase() ? 'ALLCAPS' : 'CAP';
  if (/\p{Ll}/u.test(c)) return 'LOWER';
  if (/\p{N}/u.test(c)) return 'NUM';
  return 'SYM:' + (w.length > 3 ? w.slice(0, 3) : w);
}

/** Distance buckets: 0, 1, 2, 3, 4–7, 8–15, 16–31, 32+. */
function bucket(n: number): number {
  return n < 4 ? n : n < 8 ? 4 : n < 16 ? 5 : n < 32 ? 6 : 7;
}

export const FEATURES_PER_CANDIDATE = 24;

/** Mixes 32-bit values into one hash (FNV-1a step per value, then a final avalanche). */
function mix(seed: number, a: number, b = 0, c = 0, d = 0): number {
  let h = seed >>> 0;
  h = Math.imul(h ^ a, 0x01000193) >>> 0;
  h = Math.imul(h ^ b, 0x01000193) >>> 0;
  h = Math.imul(h ^ c, 0x01000193) >>> 0;
  h = Math.imul(h ^ d, 0x01000193) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  h ^= h >>> 12;
  return h >>> 0;
}

/** Word forms whose hashes are remembered (they depend on the form alone; running text repeats its words). */
const FORM_CACHE_LIMIT = 100_000;

/** The word, shape and class hashes of a token's form. */
const formHashes = boundedMemo(
  (f: string): readonly [number, number, number] => [
    fnv1a(`w=${f.toLowerCase()}`),
    fnv1a(`s=${shape(f.length > 12 ? f.slice(0, 12) : f)}`),
    fnv1a(`k=${kind(f)}`),
  ],
  FORM_CACHE_LIMIT,
);

/**
 * Feature ids, FEATURES_PER_CANDIDATE per candidate, each in [0, buckets).
 * Each token's word, shape and class strings are hashed once; a feature is
 * its template's number mixed with those hashes, so no feature string is
 * ever built (what made this the slowest step of segmentation).
 */
export function boundaryFeatures(text: string, tokens: readonly TokenSpan[], cand: Candidates, buckets: number): Int32Array {
  const n = tokens.length;
  // Per-token hashes, computed only for tokens next to a candidate gap.
  const done = new Uint8Array(n);
  const hw = new Uint32Array(n);
  const hs = new Uint32Array(n);
  const hk = new Uint32Array(n);
  for (const p of cand.positions) {
    for (let i = Math.max(0, p - 2); i <= Math.min(n - 1, p + 1); i++) {
      if (done[i]) continue;
      done[i] = 1;
      const h = formHashes(tokens[i].form ?? text.slice(tokens[i].start, tokens[i].end));
      hw[i] = h[0];
      hs[i] = h[1];
      hk[i] = h[2];
    }
  }
  const NONE = fnv1a('<none>');
  const W = (i: number) => (i >= 0 && i < n ? hw[i] : NONE);
  const S = (i: number) => (i >= 0 && i < n ? hs[i] : NONE);
  const K = (i: number) => (i >= 0 && i < n ? hk[i] : NONE);
  // Distance to the paragraph start and end, in tokens.
  const paraStart = new Int32Array(n);
  const paraEnd = new Int32Array(n);
  const forcedSet = new Set(cand.forced);
  for (let i = 0, s = 0; i < n; i++) {
    if (forcedSet.has(i)) s = i;
    paraStart[i] = i - s;
  }
  for (let i = n - 1, e = n; i >= 0; i--) {
    if (forcedSet.has(i + 1)) e = i + 1;
    paraEnd[i] = e - i;
  }
  const F = FEATURES_PER_CANDIDATE;
  const out = new Int32Array(cand.positions.length * F);
  const feats = new Uint32Array(F);
  cand.positions.forEach((i, k) => {
    const br = breakBefore(text, tokens, i);
    const space = br === 1 ? 1 : tokens[i].start === tokens[i - 1].end ? 2 : 3;
    const r = cand.rule[k] ? 1 : 2;
    const ps = bucket(paraStart[i]);
    const pe = bucket(paraEnd[i]);
    let t = 0;
    feats[t] = mix(++t, 0);
    feats[t] = mix(++t, r);
    feats[t] = mix(++t, space);
    feats[t] = mix(++t, space, r);
    feats[t] = mix(++t, W(i - 2));
    feats[t] = mix(++t, W(i - 1));
    feats[t] = mix(++t, W(i));
    feats[t] = mix(++t, W(i + 1));
    feats[t] = mix(++t, W(i - 1), W(i));
    feats[t] = mix(++t, S(i - 1));
    feats[t] = mix(++t, S(i));
    feats[t] = mix(++t, S(i + 1));
    feats[t] = mix(++t, K(i - 2), K(i - 1));
    feats[t] = mix(++t, K(i - 1), K(i));
    feats[t] = mix(++t, K(i - 1), K(i), space);
    feats[t] = mix(++t, K(i), K(i + 1));
    feats[t] = mix(++t, W(i - 1), K(i));
    feats[t] = mix(++t, K(i - 1), W(i));
    feats[t] = mix(++t, W(i - 1), S(i), space);
    feats[t] = mix(++t, ps);
    feats[t] = mix(++t, pe);
    feats[t] = mix(++t, ps, K(i - 1), K(i));
    feats[t] = mix(++t, pe, K(i - 1), K(i));
    feats[t] = mix(++t, W(i - 1), K(i), r, space);
    for (let f = 0; f < F; f++) out[k * F + f] = modFloor(feats[f], buckets);
  });
  return out;
}
