/**
 * The senses annotator: doc.senses, the WordNet 3.0 senses of each content
 * word (and of each multiword expression, on its first word) with their
 * probabilities in context, best first. See src/semantics/ for the model.
 */
import type { Doc, WordSense } from '../doc/doc.js';
import type { ResourceLoader } from '../resources.js';
import { disambiguate } from '../semantics/disambiguate.js';
import { rememberSenseWork } from '../semantics/sense-work.js';
import type { FeatureContext } from '../semantics/wsd-model.js';
import { SynsetStore } from '../semantics/synsets.js';
import { docTargets } from '../semantics/targets.js';
import { WsdModel } from '../semantics/wsd-model.js';
import type { Annotator } from './annotator.js';

export async function createSensesAnnotator(loader: ResourceLoader): Promise<Annotator> {
  const [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
  return sensesAnnotatorFor(store, model);
}

export function sensesAnnotatorFor(store: SynsetStore, model: WsdModel): Annotator {
  return {
    name: 'senses',
    requires: ['tokens', 'sentences', 'xpos', 'lemma'],
    assigns: ['senses'],
    languages: ['eng'],
    run(doc: Doc) {
      const { xpos, lemma } = doc;
      if (xpos === undefined || lemma === undefined) {
        throw new Error('senses: doc.xpos and doc.lemma must be set (run the tagger and lemmatizer first)');
      }
      doc.senses = senseLayer(store, model, doc);
    },
  };
}

/** The senses layer of a tagged and lemmatized doc, one entry per token. */
export function senseLayer(store: SynsetStore, model: WsdModel, doc: Doc): Doc['senses'] {
  const out: NonNullable<Doc['senses']> = new Array(doc.length);
  const { sentences, targets } = docTargets(store, doc);
  const contexts: (FeatureContext | undefined)[] = new Array(targets.length);
  const dists = disambiguate(store, model, sentences, targets, contexts);
  rememberSenseWork(doc, model, { targets, contexts, sentences });
  targets.forEach((t, k) => {
    const d = dists[k];
    if (!d) return;
    const senses: WordSense[] = [];
    let total = 0;
    for (let c = 0; c < d.synsets.length; c++) {
      const synset = d.synsets[c];
      if (t.properName && !hasCapitalizedMember(store, synset, t.lemma)) continue;
      senses.push({ synset: store.name(synset), index: synset, score: d.probabilities[c] });
      total += d.probabilities[c];
    }
    if (senses.length === 0) return;
    if (total !== 1) for (const x of senses) x.score /= total;
    // Stable sort: ties keep WordNet's sense order.
    senses.sort((a, b) => b.score - a.score);
    out[doc.sentStart[t.sentence] + t.first] = senses;
  });
  return out;
}

function hasCapitalizedMember(store: SynsetStore, synset: number, lemma: string): boolean {
  return store.members(synset).some(([l]) => l.toLowerCase() === lemma && /^\p{Lu}/u.test(l));
}
