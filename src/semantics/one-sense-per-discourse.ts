/**
 * One sense per discourse (Gale, Church & Yarowsky 1992; Yarowsky 1995): the
 * occurrences of a lemma under one part of speech in one document mostly
 * share a sense. After every target of a document is scored on its own, each
 * occurrence's scores are combined with the other occurrences' posteriors:
 *
 *   score_i(s) = log p_i(s) + λ_disc · mean_{j ≠ i} log(p_j(s) + ε)
 *
 * then the softmax again (λ_disc per part of speech: WsdParams.lambdaDiscourse,
 * ε: discourseEpsilon). The other occurrences' posteriors are the ones
 * before this step, so the result does not depend on the targets' order. The
 * mean (not the sum) keeps a lemma that recurs twenty times from outvoting
 * the sentence that it is in; ε keeps one confident occurrence from vetoing
 * a sense outright. One pass over the document's targets, grouped by their
 * lemma's candidate list (the store's array, one per lemma and part of
 * speech), and two over each group's senses.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { WsdModel } from './wsd-model.js';

/** What the pass reads of a target: its part of speech and its lemma's candidate list (the store's array, stable per lemma and part of speech). */
export interface DiscourseTarget {
  readonly pos: WordNetPos;
  readonly senses: { readonly synsets: Int32Array };
}

/** ε when meta.json gives none. */
export const DEFAULT_DISCOURSE_EPSILON = 0.01;

/**
 * Rewrites the probabilities of the targets that share a lemma and part of
 * speech with another target of the document: target k's are
 * values[offsets[k]..offsets[k + 1]), parallel to its synsets. Targets that
 * `skip` marks (e.g. proper names, whose senses are filtered afterwards)
 * neither give nor take. A no-op where no part of speech weighs the
 * discourse.
 */
export function shareSensesInDiscourse(
  model: WsdModel,
  targets: readonly DiscourseTarget[],
  values: Float64Array,
  offsets: Int32Array,
  skip?: (k: number) => boolean,
): void {
  if (!model.readsDiscourse()) return;
  const epsilon = model.params.discourseEpsilon ?? DEFAULT_DISCOURSE_EPSILON;
  // Chains of targets with the same candidate list: head per list, next per target (-1 ends).
  const head = new Map<Int32Array, number>();
  const next = new Int32Array(targets.length).fill(-1);
  const repeated: Int32Array[] = [];
  for (let k = targets.length - 1; k >= 0; k--) {
    const t = targets[k];
    const synsets = t.senses.synsets;
    if (synsets.length < 2 || (skip !== undefined && skip(k))) continue;
    if (!(model.paramsFor(t.pos).lambdaDiscourse! > 0)) continue;
    const first = head.get(synsets);
    if (first !== undefined) {
      next[k] = first;
      if (next[first] < 0) repeated.push(synsets);
    }
    head.set(synsets, k);
  }
  let sums = new Float64Array(0);
  let logs = new Float64Array(0);
  for (const synsets of repeated) {
    const n = synsets.length;
    const first = head.get(synsets)!;
    const lambda = model.paramsFor(targets[first].pos).lambdaDiscourse!;
    let members = 0;
    for (let k = first; k >= 0; k = next[k]) members++;
    if (sums.length < n) sums = new Float64Array(2 * n);
    if (logs.length < members * n) logs = new Float64Array(2 * members * n);
    sums.fill(0, 0, n);
    // Each member's log(p + ε), and their sum per sense, from the posteriors before this step.
    let m = 0;
    for (let k = first; k >= 0; k = next[k], m++) {
      const at = offsets[k];
      for (let c = 0; c < n; c++) sums[c] += logs[m * n + c] = Math.log(values[at + c] + epsilon);
    }
    const weight = lambda / (members - 1);
    m = 0;
    for (let k = first; k >= 0; k = next[k], m++) {
      const at = offsets[k];
      let best = -Infinity;
      for (let c = 0; c < n; c++) {
        // log p_i(s); a sense at probability 0 (underflow) stays at 0.
        const score = Math.log(values[at + c]) + weight * (sums[c] - logs[m * n + c]);
        values[at + c] = score;
        if (score > best) best = score;
      }
      let z = 0;
      for (let c = 0; c < n; c++) z += values[at + c] = Math.exp(values[at + c] - best);
      for (let c = 0; c < n; c++) values[at + c] /= z;
    }
  }
}
