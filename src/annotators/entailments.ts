/**
 * The entailments annotator: doc.entailments, the words each content word's
 * meaning in context entails or can stand for (src/semantics/entailments.ts),
 * at most ENTAILMENT_CAP per word with score ≥ ENTAILMENT_FLOOR.
 * Reads the senses layer for each word's posterior over its senses.
 */
import type { Doc, EntailmentRecord, WordSense } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { contextVectorsOf, DEFAULT_ENTAILMENT_PARAMS, ENTAILMENT_CAP, ENTAILMENT_FLOOR, keepEntailments, type EntailmentSource } from '../semantics/entailments.js';
import { SynsetRelations } from '../semantics/relations.js';
import { SynsetStore } from '../semantics/synsets.js';
import { contextTokens, docTargets, type FoundTarget } from '../semantics/targets.js';
import { isBagLemma } from '../semantics/wsd-features.js';
import { senseWorkOf, type SenseWork } from '../semantics/sense-work.js';
import { WsdModel } from '../semantics/wsd-model.js';
import type { Annotator } from './annotator.js';
import { senseLayer } from './senses.js';

export async function createEntailmentsAnnotator(loader: ResourceLoader): Promise<Annotator> {
  const [store, model, relations] = await Promise.all([SynsetStore.load(loader), WsdModel.loadWithVectors(loader), SynsetRelations.load(loader)]);
  return entailmentsAnnotatorFor(store, model, relations);
}

export function entailmentsAnnotatorFor(store: SynsetStore, model: WsdModel, relations: SynsetRelations): Annotator {
  return {
    run(doc: Doc) {
      if (doc.xpos === undefined || doc.lemma === undefined || doc.senses === undefined) {
        throw new Error('entailments: doc.xpos, doc.lemma and doc.senses must be set (run the senses annotator first)');
      }
      doc.entailments = entailmentLayer(store, model, relations, doc);
    },
  };
}

export function entailmentLayer(store: SynsetStore, model: WsdModel, relations: SynsetRelations, doc: Doc): EntailmentRecord[] {
  const out: EntailmentRecord[] = [];
  const { targets, posteriors } = senseWorkOf(doc, model) ?? senseWork(store, model, doc);
  const keep = { floor: ENTAILMENT_FLOOR, cap: ENTAILMENT_CAP };
  // The context vectors matter only when the context-vector factor is on (it is off in the shipped settings: see the model card).
  const contexts = DEFAULT_ENTAILMENT_PARAMS.contextSim > 0 ? targetContexts(model, doc, targets) : undefined;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i];
    const s = t.sentence;
    const first = doc.sentStart[s] + t.first;
    const chosen = doc.senses![first];
    if (!chosen) continue;
    const senses = t.senses;
    const posterior = posteriors === undefined ? posteriorOf(store, senses.synsets, chosen) : posteriorAt(posteriors, i);
    const source: EntailmentSource = { lemma: t.lemma, pos: t.pos, synsets: senses.synsets, posterior, tagCounts: senses.tagCounts, context: contexts?.[i] };
    keepEntailments(store, relations, model, source, keep, first, doc.sentStart[s] + t.last + 1, out);
  }
  return out;
}

/** Each target's context vector (entailments.ts, contextVectorsOf), one sentence at a time. */
function targetContexts(model: WsdModel, doc: Doc, targets: readonly FoundTarget[]): (Float32Array | undefined)[] {
  const out: (Float32Array | undefined)[] = [];
  for (let i = 0; i < targets.length; ) {
    const s = targets[i].sentence;
    let j = i;
    while (j < targets.length && targets[j].sentence === s) j++;
    const from = doc.sentStart[s];
    const to = doc.sentEnd[s];
    const sentence = contextTokens({ forms: doc.tokens.slice(from, to), lemmas: doc.lemma!.slice(from, to), xpos: doc.xpos!.slice(from, to), upos: doc.upos?.slice(from, to) });
    out.push(...contextVectorsOf(model, sentence.map((t) => t.lemma), (k) => isBagLemma(sentence[k]), targets.slice(i, j)));
    i = j;
  }
  return out;
}

/** Target k's posterior in the senses layer's work: its probabilities over the layer's total (the layer's scores, in WordNet's order). */
function posteriorAt(posteriors: NonNullable<SenseWork['posteriors']>, k: number): Float64Array {
  const p = posteriors.values.subarray(posteriors.offsets[k], posteriors.offsets[k + 1]);
  const total = posteriors.totals[k];
  return total === 1 ? p : p.map((x) => x / total);
}

/** The posterior in WordNet's order, from a senses layer's named senses (senses it dropped, e.g. for names, get 0). */
function posteriorOf(store: SynsetStore, synsets: Int32Array, chosen: readonly WordSense[]): Float64Array {
  const posterior = new Float64Array(synsets.length);
  const names = Array.from(synsets, (s) => store.name(s));
  for (const c of chosen) {
    const k = names.indexOf(c.synset);
    if (k >= 0) posterior[k] = c.score;
  }
  return posterior;
}

/**
 * The work for a doc whose senses layer came from elsewhere (another model
 * instance): targets built afresh, posteriors read off the layer's named
 * senses. A layer built without names (only `entailments` was asked for)
 * has none to read, so the senses are computed again with this model.
 */
function senseWork(store: SynsetStore, model: WsdModel, doc: Doc): SenseWork {
  if (doc.senses!.some((s) => s !== undefined && s.length === 0)) {
    senseLayer(store, model, doc, { named: false });
    return senseWorkOf(doc, model)!;
  }
  return { targets: docTargets(store, doc).targets };
}
