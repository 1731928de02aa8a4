/**
 * Linear-chain CRF decoding for the NER model: the network gives emission
 * scores, meta.json the learned transition scores (invalid BIOES moves carry
 * a large negative score, so Viterbi never produces an I- or E- without its
 * B-). Forward-backward gives each token's marginal probability, which
 * becomes the mention score.
 */

export interface CrfParams {
  /** labels × labels, row = previous label. */
  transitions: Float64Array;
  start: Float64Array;
  end: Float64Array;
  labels: number;
  /**
   * For each label, the previous labels it may follow (transition score above
   * FORBIDDEN). BIOES allows 5–9 of 17, so scanning only these halves the
   * decoding work; forbidden moves could never win anyway.
   */
  from: Int32Array[];
}

/** Scores at or below this mark transitions the BIOES scheme forbids (export uses -1e4). */
const FORBIDDEN = -1000;

export function crfParams(transitions: number[][], start: number[], end: number[]): CrfParams {
  const L = start.length;
  const t = new Float64Array(L * L);
  transitions.forEach((row, i) => row.forEach((v, j) => (t[i * L + j] = v)));
  const from: Int32Array[] = [];
  for (let j = 0; j < L; j++) {
    const prev: number[] = [];
    for (let i = 0; i < L; i++) if (t[i * L + j] > FORBIDDEN) prev.push(i);
    from.push(Int32Array.from(prev));
  }
  return { transitions: t, start: Float64Array.from(start), end: Float64Array.from(end), labels: L, from };
}

/**
 * Best label path for one sentence; `em` holds n × L emission scores starting
 * at `offset` (row-major, L per token).
 */
export function viterbi(crf: CrfParams, em: Float32Array, offset: number, n: number): Int32Array {
  const L = crf.labels;
  const path = new Int32Array(n);
  if (n === 0) return path;
  const back = new Int32Array(n * L);
  let score = new Float64Array(L);
  let next = new Float64Array(L);
  for (let j = 0; j < L; j++) score[j] = crf.start[j] + em[offset + j];
  for (let t = 1; t < n; t++) {
    const e = offset + t * L;
    for (let j = 0; j < L; j++) {
      let best = -Infinity;
      let arg = 0;
      const prev = crf.from[j];
      for (let k = 0; k < prev.length; k++) {
        const i = prev[k];
        const v = score[i] + crf.transitions[i * L + j];
        if (v > best) {
          best = v;
          arg = i;
        }
      }
      next[j] = best + em[e + j];
      back[t * L + j] = arg;
    }
    const swap = score;
    score = next;
    next = swap;
  }
  let best = -Infinity;
  let cur = 0;
  for (let j = 0; j < L; j++) {
    const v = score[j] + crf.end[j];
    if (v > best) {
      best = v;
      cur = j;
    }
  }
  for (let t = n - 1; t >= 0; t--) {
    path[t] = cur;
    cur = back[t * L + cur];
  }
  return path;
}

/**
 * Marginal probability of each token's label in `path` (forward-backward).
 * Runs in probability space with per-step normalization instead of log-sum-
 * exp: L² multiply-adds per token rather than L² exponentials, which keeps
 * scoring off the profile. Per-step scale factors cancel when each token's
 * alpha·beta is normalized over labels.
 */
export function pathMarginals(crf: CrfParams, em: Float32Array, offset: number, n: number, path: Int32Array): Float64Array {
  const L = crf.labels;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const T = expTransitions(crf);
  const e = scratch(0, n * L);
  for (let t = 0; t < n; t++) {
    let m = -Infinity;
    for (let j = 0; j < L; j++) m = Math.max(m, em[offset + t * L + j]);
    for (let j = 0; j < L; j++) e[t * L + j] = Math.exp(em[offset + t * L + j] - m);
  }
  const alpha = scratch(1, n * L);
  const beta = scratch(2, n * L);
  const { startP, endP } = expEnds(crf);
  for (let j = 0; j < L; j++) alpha[j] = startP[j] * e[j];
  normalize(alpha, 0, L);
  for (let t = 1; t < n; t++) {
    const a = t * L;
    const p = a - L;
    for (let j = 0; j < L; j++) {
      let s = 0;
      const prev = crf.from[j];
      for (let k = 0; k < prev.length; k++) s += alpha[p + prev[k]] * T[prev[k] * L + j];
      alpha[a + j] = s * e[a + j];
    }
    normalize(alpha, a, L);
  }
  for (let j = 0; j < L; j++) beta[(n - 1) * L + j] = endP[j];
  normalize(beta, (n - 1) * L, L);
  for (let t = n - 2; t >= 0; t--) {
    const b = t * L;
    const q = b + L;
    for (let i = 0; i < L; i++) beta[b + i] = 0;
    for (let j = 0; j < L; j++) {
      const w = e[q + j] * beta[q + j];
      const prev = crf.from[j];
      for (let k = 0; k < prev.length; k++) beta[b + prev[k]] += T[prev[k] * L + j] * w;
    }
    normalize(beta, b, L);
  }
  for (let t = 0; t < n; t++) {
    let z = 0;
    for (let j = 0; j < L; j++) z += alpha[t * L + j] * beta[t * L + j];
    out[t] = z > 0 ? (alpha[t * L + path[t]] * beta[t * L + path[t]]) / z : 0;
  }
  return out;
}

// Reused work buffers (decoding is synchronous, so one set suffices).
const buffers: Float64Array[] = [new Float64Array(1024), new Float64Array(1024), new Float64Array(1024)];

function scratch(k: number, size: number): Float64Array {
  if (buffers[k].length < size) buffers[k] = new Float64Array(Math.max(size, 2 * buffers[k].length));
  return buffers[k];
}

const expCache = new WeakMap<CrfParams, Float64Array>();

function expTransitions(crf: CrfParams): Float64Array {
  let t = expCache.get(crf);
  if (!t) {
    t = crf.transitions.map(Math.exp);
    expCache.set(crf, t);
  }
  return t;
}

const endsCache = new WeakMap<CrfParams, { startP: Float64Array; endP: Float64Array }>();

function expEnds(crf: CrfParams): { startP: Float64Array; endP: Float64Array } {
  let v = endsCache.get(crf);
  if (!v) {
    v = { startP: crf.start.map(Math.exp), endP: crf.end.map(Math.exp) };
    endsCache.set(crf, v);
  }
  return v;
}

function normalize(v: Float64Array, at: number, L: number): void {
  let s = 0;
  for (let j = 0; j < L; j++) s += v[at + j];
  if (s > 0) for (let j = 0; j < L; j++) v[at + j] /= s;
}
