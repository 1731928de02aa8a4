/**
 * What the senses annotator computed for a doc that the entailments annotator
 * needs again: the targets (tokens that got senses) and their posteriors.
 * Kept beside the doc (a WeakMap, so it goes when the doc goes) rather than
 * as a doc layer: it is an intermediate, not an output. Finding targets and
 * disambiguating them is most of the senses' cost, and entailments, which
 * always runs after senses, would otherwise pay it twice.
 */
import type { Doc } from '../doc/doc.js';
import type { FoundTarget } from './targets.js';
import type { WsdModel } from './wsd-model.js';

export interface SenseWork {
  targets: readonly FoundTarget[];
  /**
   * The probabilities the entailments read, target k's in
   * values[offsets[k]..offsets[k + 1]), in the order of its lemma's synsets
   * (0 for senses the layer left out, e.g. for names), to be divided by
   * totals[k] (when that is not 1); totals[k] is 0 where the word got no
   * senses. These are the senses layer's scores, except where the model adds
   * its local classifiers' term or the discourse pass to the layer: the
   * entailments read the posteriors without them (SenseDistribution.plain). One array for the document rather than one per
   * word: the work lives as long as the doc, and fewer objects that live long
   * are less for the garbage collector to copy. Absent when the work was
   * rebuilt from a senses layer of another model instance.
   */
  posteriors?: { values: Float64Array; offsets: Int32Array; totals: Float64Array };
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
