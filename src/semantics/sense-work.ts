/**
 * What the senses annotator computed for a doc that the entailments annotator
 * needs again: the targets (tokens that got senses) and the WSD features of
 * each one's context. Kept beside the doc (a WeakMap, so it goes when the doc
 * goes) rather than as a doc layer: it is an intermediate, not an output.
 * Finding targets and building contexts is most of the senses' cost, and
 * entailments, which always runs after senses, would otherwise pay it twice.
 */
import type { Doc } from '../doc/doc.js';
import type { FoundTarget } from './targets.js';
import type { ContextToken } from './wsd-features.js';
import type { FeatureContext, WsdModel } from './wsd-model.js';

export interface SenseWork {
  targets: readonly FoundTarget[];
  /** Parallel to targets; undefined where the target had one sense or none (nothing to disambiguate). */
  contexts: readonly (FeatureContext | undefined)[];
  /**
   * Parallel to targets: the probabilities the senses layer started from, in the order of the
   * lemma's synsets (0 for senses it left out, e.g. for names); undefined where the word got no
   * senses. The layer's scores are these divided by `totals` (when that is not 1).
   */
  probabilities?: readonly (Float64Array | undefined)[];
  totals?: Float64Array;
  /** The doc's sentences as WSD context tokens. */
  sentences: readonly (readonly ContextToken[])[];
}

const WORK: WeakMap<Doc, { model: WsdModel; work: SenseWork }> = new WeakMap();

export function rememberSenseWork(doc: Doc, model: WsdModel, work: SenseWork): void {
  WORK.set(doc, { model, work });
}

/** The senses annotator's work on this doc with this model, if it ran. */
export function senseWorkOf(doc: Doc, model: WsdModel): SenseWork | undefined {
  const entry = WORK.get(doc);
  return entry !== undefined && entry.model === model ? entry.work : undefined;
}
