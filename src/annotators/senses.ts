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
import type { AnnotateContext, Annotator } from './annotator.js';

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
    run(doc: Doc, ctx: AnnotateContext) {
      const { xpos, lemma } = doc;
      if (xpos === undefined || lemma === undefined) {
        throw new Error('senses: doc.xpos and doc.lemma must be set (run the tagger and lemmatizer first)');
      }
      // Only the response's Word.senses and the rules' sense facts read the
      // named, sorted lists; `entailments` alone reads the posteriors.
      const named = ctx.request.extractors.includes('senses') || ctx.request.rules !== undefined;
      doc.senses = senseLayer(store, model, doc, { named });
    },
  };
}

/**
 * A word's entry in a layer built without names: it has senses, and the
 * posterior over them is in the doc's sense work (src/semantics/sense-work.ts).
 */
const UNNAMED: readonly WordSense[] = Object.freeze([]);

/**
 * The senses layer of a tagged and lemmatized doc, one entry per token. With
 * `named: false` each word that has senses gets an empty list instead of its
 * named, sorted senses: the entailments need only the posteriors kept in the
 * sense work, and building ~2 senses' objects and names per content word
 * was a tenth of a `words,entailments` request.
 */
export function senseLayer(store: SynsetStore, model: WsdModel, doc: Doc, opts: { named?: boolean } = {}): Doc['senses'] {
  const named = opts.named ?? true;
  const out: NonNullable<Doc['senses']> = new Array(doc.length);
  const { sentences, targets } = docTargets(store, doc);
  const contexts: (FeatureContext | undefined)[] = new Array(targets.length);
  const dists = disambiguate(store, model, sentences, targets, contexts);
  const probabilities: (Float64Array | undefined)[] = new Array(targets.length);
  const totals = new Float64Array(targets.length);
  rememberSenseWork(doc, model, { targets, contexts, sentences, probabilities, totals });
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const d = dists[k];
    if (!d) continue;
    const senses: WordSense[] = [];
    let total = 0;
    let count = 0;
    let kept = d.probabilities;
    for (let c = 0; c < d.synsets.length; c++) {
      const synset = d.synsets[c];
      if (t.properName && !hasCapitalizedMember(store, synset, t.lemma)) {
        if (kept === d.probabilities) kept = d.probabilities.slice();
        kept[c] = 0;
        continue;
      }
      count++;
      total += d.probabilities[c];
      if (named) senses.push({ synset: store.name(synset), index: synset, score: d.probabilities[c] });
    }
    if (count === 0) continue;
    if (named) {
      if (total !== 1) for (const x of senses) x.score /= total;
      // Stable sort: ties keep WordNet's sense order.
      if (senses.length > 1) senses.sort(byScore);
    }
    out[doc.sentStart[t.sentence] + t.first] = named ? senses : (UNNAMED as WordSense[]);
    probabilities[k] = kept;
    totals[k] = total;
  }
  return out;
}

function byScore(a: WordSense, b: WordSense): number {
  return b.score - a.score;
}

function hasCapitalizedMember(store: SynsetStore, synset: number, lemma: string): boolean {
  return store.members(synset).some(([l]) => l.toLowerCase() === lemma && /^\p{Lu}/u.test(l));
}
