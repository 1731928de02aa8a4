/**
 * The senses annotator: doc.senses, the WordNet 3.0 senses of each content
 * word (and of each multiword expression, on its first word) with their
 * probabilities in context, best first. See src/semantics/ for the model.
 */
import type { Doc, WordSense } from '../doc/doc.js';
import { roundScore } from '../doc/score.js';
import type { ResourceLoader } from '../resources/loader.js';
import { TargetContexts } from '../semantics/disambiguate.js';
import { shareSensesInDiscourse } from '../semantics/one-sense-per-discourse.js';
import { rememberSenseWork } from '../semantics/sense-work.js';
import { SynsetStore } from '../semantics/synsets.js';
import { layerDomainEvidence } from '../semantics/domain-evidence.js';
import { docTargets, type FoundTarget } from '../semantics/targets.js';
import { entityLexfileMasks, fitsEntity } from '../semantics/entity-senses.js';
import { weighDomains } from '../semantics/wsd-domains.js';
import { WsdModel } from '../semantics/wsd-model.js';
import type { AnnotateContext, Annotator } from './annotator.js';

export async function createSensesAnnotator(loader: ResourceLoader): Promise<Annotator> {
  const [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
  return sensesAnnotatorFor(store, model);
}

export function sensesAnnotatorFor(store: SynsetStore, model: WsdModel): Annotator {
  return {
    run(doc: Doc, ctx: AnnotateContext) {
      const { xpos, lemma } = doc;
      if (xpos === undefined || lemma === undefined) {
        throw new Error('senses: doc.xpos and doc.lemma must be set (run the tagger and lemmatizer first)');
      }
      // Only the response's Word.senses and the rules' sense facts read the
      // named, sorted lists; `entailments` alone reads the posteriors.
      const named = ctx.request.extractors.includes('senses') || ctx.request.rules !== undefined;
      doc.senses = senseLayer(store, model, doc, { named, plain: ctx.request.extractors.includes('entailments') });
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
 * was a tenth of a `words,entailments` request. `plain: false` (no entailments requested) skips the
 * posteriors the entailments read where they differ from the layer's, and then keeps no sense work.
 */
export function senseLayer(store: SynsetStore, model: WsdModel, doc: Doc, opts: { named?: boolean; plain?: boolean } = {}): Doc['senses'] {
  const named = opts.named ?? true;
  const wantsPlain = opts.plain ?? true;
  const out: NonNullable<Doc['senses']> = new Array(doc.length);
  const { sentences, targets } = docTargets(store, doc);
  // Every target's probabilities in one array (see SenseWork.posteriors), computed as disambiguate() does.
  const offsets = new Int32Array(targets.length + 1);
  for (let k = 0; k < targets.length; k++) offsets[k + 1] = offsets[k] + targets[k].senses.synsets.length;
  const values = new Float64Array(offsets[targets.length]);
  const totals = new Float64Array(targets.length);
  // What the entailments read, where it differs from the layer's: the posteriors without the word vectors'
  // and local classifiers' terms and the discourse and domain passes (SenseDistribution.plain in disambiguate.ts says why).
  // Without named senses nothing reads the layer's posteriors, so none is computed: `words,entailments` does
  // not pay for them.
  const layerTerms = named && (model.readsVectors() || model.readsLocal() || model.readsDiscourse() || model.readsDomains());
  const plain = layerTerms && wantsPlain ? new Float64Array(values.length) : undefined;
  const plainTotals = plain !== undefined ? new Float64Array(targets.length) : totals;
  const contexts = new TargetContexts(model, sentences);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const { synsets, tagCounts } = t.senses;
    if (synsets.length === 1) values[offsets[k]] = 1;
    else if (synsets.length > 1) model.probabilitiesInto(synsets, tagCounts, contexts.of(t, layerTerms ? synsets : undefined), t.pos, values, offsets[k], plain);
    if (synsets.length === 1 && plain !== undefined) plain[offsets[k]] = 1;
  }
  // Each lemma's other occurrences in the document (proper names keep their own: their senses are filtered below).
  if (layerTerms) shareSensesInDiscourse(model, targets, values, offsets, (k) => targets[k].properName);
  // The document's domain (wsd-domains.ts): its words' senses, and its linked entities' types and its topics
  // where the request computed them anyway (domain-evidence.ts; the senses run neither for this).
  const evidence = layerTerms && model.readsDomains() ? layerDomainEvidence(model.senseDomains!, doc.entities, doc.topics) : undefined;
  const docDomains = layerTerms ? weighDomains(model, targets, values, offsets, (k) => targets[k].properName, evidence) : undefined;
  const foreign = docDomains?.foreign;
  // The linked entity each token is part of, where the request linked entities (entity-senses.ts).
  const entityMasks = entityLexfileMasks(doc.tokens, doc.entities);
  let kept = new Int32Array(64);
  let keptScore = new Float64Array(64);
  for (let k = 0; k < targets.length; k++) {
    const t = targets[k];
    const { synsets } = t.senses;
    const at = offsets[k];
    if (synsets.length === 0) continue;
    if (synsets.length > kept.length) {
      kept = new Int32Array(2 * synsets.length);
      keptScore = new Float64Array(2 * synsets.length);
    }
    let total = 0;
    let plainTotal = 0;
    let count = 0;
    const entityMask = entityMasks === undefined ? 0 : maskOver(entityMasks, doc.sentStart[t.sentence], t);
    const lowerCase = t.first === t.last && isLowerCaseWord(doc.tokens[doc.sentStart[t.sentence] + t.first]);
    for (let c = 0; c < synsets.length; c++) {
      if (
        (t.properName && !hasCapitalizedMember(store, synsets[c], t.lemma)) ||
        (lowerCase && isAcronymOnly(store, synsets[c], t.lemma)) ||
        (entityMask !== 0 && !fitsEntity(entityMask, store.lexfileOf(synsets[c]), store.posLetter(synsets[c])))
      ) {
        values[at + c] = 0;
        if (plain !== undefined) plain[at + c] = 0;
        continue;
      }
      kept[count] = c;
      keptScore[count] = values[at + c];
      count++;
      total += values[at + c];
      if (plain !== undefined) plainTotal += plain[at + c];
    }
    if (count === 0) continue;
    // A noun none of whose senses belongs in this document ("daemon" in a Unix manual) gets none: the layer names no wrong one.
    if (foreign !== undefined && foreign[k] === 1) continue;
    out[doc.sentStart[t.sentence] + t.first] = named ? namedSenses(store, synsets, kept, keptScore, count, total) : (UNNAMED as WordSense[]);
    totals[k] = total;
    if (plain !== undefined) plainTotals[k] = plainTotal;
  }
  // (with the layer's terms on and no plain posteriors, the layer's are not what the entailments read: no work is kept)
  if (plain !== undefined || !layerTerms) rememberSenseWork(doc, model, { targets, posteriors: { values: plain ?? values, offsets, totals: plainTotals } });
  return out;
}

/**
 * A word's named senses, best first (ties keep WordNet's sense order), from its kept candidates
 * (`kept[0, count)`, indexes into `synsets`) and their scores over `total`. The entries are built once,
 * in their final order and with the response's rounding, and the response hands them out as they are.
 */
function namedSenses(store: SynsetStore, synsets: Int32Array, kept: Int32Array, score: Float64Array, count: number, total: number): WordSense[] {
  if (total !== 1) for (let r = 0; r < count; r++) score[r] /= total;
  // Stable insertion sort by score, descending (a word has a handful of senses).
  for (let r = 1; r < count; r++) {
    const c = kept[r];
    const x = score[r];
    let j = r;
    for (; j > 0 && score[j - 1] < x; j--) {
      kept[j] = kept[j - 1];
      score[j] = score[j - 1];
    }
    kept[j] = c;
    score[j] = x;
  }
  const senses = new Array<WordSense>(count);
  for (let r = 0; r < count; r++) senses[r] = { synset: store.name(synsets[kept[r]]), score: roundScore(score[r]) };
  return senses;
}

/** The union of the entity masks over a target's tokens (a multiword expression may start inside a name). */
function maskOver(masks: Int32Array, sentenceStart: number, t: FoundTarget): number {
  let mask = 0;
  for (let i = sentenceStart + t.first; i <= sentenceStart + t.last; i++) mask |= masks[i];
  return mask;
}

/** A word in lower-case letters only ("bin", "cd", "who"). */
function isLowerCaseWord(token: string | undefined): boolean {
  return token !== undefined && /^\p{Ll}+$/u.test(token);
}

/**
 * Whether the synset names the lemma only as an acronym in capitals ("BIN", the bank identification number;
 * "IT", information technology): a word written in lower case ("bin" in /usr/bin, "it") is not that acronym.
 */
function isAcronymOnly(store: SynsetStore, synset: number, lemma: string): boolean {
  let acronym = false;
  for (const [l] of store.members(synset)) {
    if (l.toLowerCase() !== lemma) continue;
    if (l.length >= 2 && l === l.toUpperCase() && l !== l.toLowerCase()) acronym = true;
    else return false;
  }
  return acronym;
}

function hasCapitalizedMember(store: SynsetStore, synset: number, lemma: string): boolean {
  // The case test first: most members are lower case, and it needs no lower-cased copy of each.
  for (const [l] of store.members(synset)) if (startsUpperCase(l) && l.toLowerCase() === lemma) return true;
  return false;
}

const UPPER_FIRST = /^\p{Lu}/u;

/** Whether the first code point is an upper-case letter (ASCII answered without the regex). */
export function startsUpperCase(s: string): boolean {
  const c = s.charCodeAt(0);
  return c < 128 ? c >= 65 && c <= 90 : UPPER_FIRST.test(s);
}
