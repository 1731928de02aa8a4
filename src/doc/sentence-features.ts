/**
 * Features of a candidate sentence boundary, shared by training (dumped by
 * training/sentences/dump.ts) and inference (src/doc/sentences.ts), so both
 * sides hash exactly the same strings.
 *
 *   boundaryCandidates(text, tokens) → the positions a model decides, and the forced ones
 *   boundaryFeatures(text, tokens, candidates, buckets) → Int32Array [candidates × FEATURES_PER_CANDIDATE]
 *
 * A candidate i is the gap between token i-1 and token i. Blank lines are
 * boundaries outright; gaps inside a multi-word token ("do|n't") never are.
 */
import { fnv1a, shape } from '../models/features.js';
import type { TokenSpan } from './doc.js';
import { breakBefore, ruleBoundaries } from './sentence-rules.js';
import type { WordSpan } from './tokenize.js';

export interface Candidates {
  /** Token indices i whose gap (before token i) the model decides. */
  positions: number[];
  /** Token indices i before which a sentence certainly starts (paragraph breaks). */
  forced: number[];
  /** Rule decisions per candidate (1 = the rules put a boundary there), used as a feature. */
  rule: Uint8Array;
}

export function boundaryCandidates(text: string, tokens: readonly WordSpan[]): Candidates {
  const ruleSet = new Set(ruleBoundaries(text, tokens));
  const positions: number[] = [];
  const forced: number[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].joinsPrevious) continue;
    if (breakBefore(text, tokens, i) === 2) forced.push(i);
    else positions.push(i);
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

function bucket(n: number): string {
  return n < 4 ? String(n) : n < 8 ? '4-7' : n < 16 ? '8-15' : n < 32 ? '16-31' : '32+';
}

export const FEATURES_PER_CANDIDATE = 24;

/** Feature ids, FEATURES_PER_CANDIDATE per candidate, each in [0, buckets). */
export function boundaryFeatures(text: string, tokens: readonly TokenSpan[], cand: Candidates, buckets: number): Int32Array {
  const n = tokens.length;
  const forms = new Array<string>(n);
  for (let i = 0; i < n; i++) forms[i] = tokens[i].form ?? text.slice(tokens[i].start, tokens[i].end);
  const lower = forms.map((f) => f.toLowerCase());
  const shapes = forms.map((f) => shape(f.length > 12 ? f.slice(0, 12) : f));
  const kinds = forms.map(kind);
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
  const at = (arr: string[], i: number): string => (i >= 0 && i < n ? arr[i] : '<none>');
  cand.positions.forEach((i, k) => {
    const gap = tokens[i].start - tokens[i - 1].end;
    const br = breakBefore(text, tokens, i);
    const space = br === 1 ? 'nl' : gap === 0 ? 'none' : 'sp';
    const r = cand.rule[k] ? 'R' : 'r';
    const feats = [
      'bias',
      `rule=${r}`,
      `gap=${space}`,
      `gap.rule=${space}|${r}`,
      `w-2=${at(lower, i - 2)}`,
      `w-1=${at(lower, i - 1)}`,
      `w0=${at(lower, i)}`,
      `w+1=${at(lower, i + 1)}`,
      `w-1.w0=${at(lower, i - 1)}|${at(lower, i)}`,
      `s-1=${at(shapes, i - 1)}`,
      `s0=${at(shapes, i)}`,
      `s+1=${at(shapes, i + 1)}`,
      `k-2.k-1=${at(kinds, i - 2)}|${at(kinds, i - 1)}`,
      `k-1.k0=${at(kinds, i - 1)}|${at(kinds, i)}`,
      `k-1.k0.gap=${at(kinds, i - 1)}|${at(kinds, i)}|${space}`,
      `k0.k+1=${at(kinds, i)}|${at(kinds, i + 1)}`,
      `w-1.k0=${at(lower, i - 1)}|${at(kinds, i)}`,
      `k-1.w0=${at(kinds, i - 1)}|${at(lower, i)}`,
      `w-1.s0.gap=${at(lower, i - 1)}|${at(shapes, i)}|${space}`,
      `pstart=${bucket(paraStart[i])}`,
      `pend=${bucket(paraEnd[i])}`,
      `pstart.k-1.k0=${bucket(paraStart[i])}|${at(kinds, i - 1)}|${at(kinds, i)}`,
      `pend.k-1.k0=${bucket(paraEnd[i])}|${at(kinds, i - 1)}|${at(kinds, i)}`,
      `w-1.w0.r=${at(lower, i - 1)}|${at(kinds, i)}|${r}|${space}`,
    ];
    for (let f = 0; f < F; f++) out[k * F + f] = fnv1a(feats[f]) % buckets;
  });
  return out;
}
