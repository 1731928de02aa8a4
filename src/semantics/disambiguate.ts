/**
 * Word-sense disambiguation over a document: the candidate synsets of each
 * target (a lemma and part of speech at a span of a sentence) and their
 * probabilities in context. Shared by the senses annotator and `textlens
 * eval wsd`, so the eval measures exactly what the extractor returns.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { LemmaSenses, SynsetStore } from './synsets.js';
import { shareSensesInDiscourse } from './one-sense-per-discourse.js';
import { weighDomains, type DomainEvidence } from './wsd-domains.js';
import { COLLOCATION_SLOTS, type ContextToken } from './wsd-features.js';
import type { TermVectorsSource } from './wsd-term-vectors.js';
import { lemmaHashes, localFeatures, localSentenceOf, maxLocalFeatures, type LocalSentence } from './wsd-local-features.js';
import { sortedDistinct, type FeatureContext, type LemmaFeatures, type WsdModel } from './wsd-model.js';

export interface SenseTarget {
  sentence: number;
  /** First and last token of the target within its sentence (equal for one word). */
  first: number;
  last: number;
  /** Lemma as WordNet writes it (lower case, '_' between words). */
  lemma: string;
  pos: WordNetPos;
  /** The lemma's senses under `pos`, when the caller has already looked them up. */
  senses?: LemmaSenses;
}

export interface SenseDistribution {
  /** Synset indexes in WordNet's sense order. */
  synsets: Int32Array;
  /** Probabilities parallel to `synsets`, summing to 1. */
  probabilities: Float64Array;
  /**
   * The probabilities without the layer's terms — the word vectors' (wsd-model.ts), the local classifiers'
   * (wsd-local.ts) — and the discourse and domain passes: what the entailments read (their weights were tuned on these;
   * with the local term LS07 trial P@1 fell 38.0 → 35.0).
   * The same values as `probabilities` where neither applies.
   */
  plain: Float64Array;
}

/**
 * Distributions for each target, parallel to `targets`; undefined where
 * WordNet has no sense of the lemma under that part of speech. Targets are
 * one document's (the model's discourse term, one-sense-per-discourse.ts,
 * weighs each lemma's other occurrences among them). When
 * `contexts` is given, it receives the features of each target that had
 * more than one sense (what TargetContexts builds), so that entailments need
 * not build them again. `evidence`: what else is known of the document's
 * domains (wsd-domains.ts), for the domain term.
 */
export function disambiguate(
  store: SynsetStore,
  model: WsdModel,
  sentences: readonly (readonly ContextToken[])[],
  targets: readonly SenseTarget[],
  contexts?: (FeatureContext | undefined)[],
  evidence?: DomainEvidence,
): (SenseDistribution | undefined)[] {
  const features = new TargetContexts(model, sentences);
  const found = targets.map((t) => {
    const senses = t.senses ?? store.sensesOf(t.lemma, t.pos) ?? store.senses(t.lemma, t.pos);
    return { pos: t.pos, senses: senses ?? NO_SENSES };
  });
  // Every target's probabilities in one array, then the document's other occurrences of each lemma weighed in.
  const offsets = new Int32Array(targets.length + 1);
  for (let k = 0; k < targets.length; k++) offsets[k + 1] = offsets[k] + found[k].senses.synsets.length;
  const values = new Float64Array(offsets[targets.length]);
  const plain = new Float64Array(values.length);
  found.forEach(({ pos, senses }, k) => {
    if (senses.synsets.length === 1) values[offsets[k]] = plain[offsets[k]] = 1;
    if (senses.synsets.length < 2) return;
    const ctx = features.of(targets[k], senses.synsets);
    // (kept without the local classifier's term, whose array the next target reuses; the entailments do not read it)
    if (contexts !== undefined) contexts[k] = ctx.local === undefined ? ctx : { ...ctx, local: undefined };
    model.probabilitiesInto(senses.synsets, senses.tagCounts, ctx, pos, values, offsets[k], plain);
  });
  shareSensesInDiscourse(model, found, values, offsets);
  weighDomains(model, found, values, offsets, undefined, evidence);
  return found.map(({ senses }, k) =>
    senses.synsets.length === 0
      ? undefined
      : { synsets: senses.synsets, probabilities: values.subarray(offsets[k], offsets[k + 1]), plain: plain.subarray(offsets[k], offsets[k + 1]) },
  );
}

/** A lemma WordNet does not know under the part of speech: no candidates. */
const NO_SENSES: LemmaSenses = { synsets: new Int32Array(0), tagCounts: new Float32Array(0) };

/**
 * The model's features for targets of a document: each target's window's bag
 * of content lemmas without the target's own lemma (wsd-features'
 * bagOfLemmas), and its collocations (collocationFeatures), as feature ids.
 * Per sentence the tokens' features are read once (the model caches them per
 * lemma) and the bag built once, for all the targets in it; targets are
 * expected in sentence order.
 */
export class TargetContexts {
  private sentence = -1;
  private tokens: LemmaFeatures[] = [];
  private bag: Int32Array = new Int32Array(0);
  /**
   * The bag's context vector in each table of vectors (the model's vector term), built for the sentence
   * `vectorSentence[source]` at its first target that reads that table.
   */
  private readonly bagVector: Partial<Record<TermVectorsSource, Float64Array>> = {};
  private readonly vectorSentence: Record<TermVectorsSource, number> = { own: -1, shared: -1 };
  private docVector: Float64Array | undefined;
  /** The document's bag of content lemmas (its most repeated ones when long), built at the first target. */
  private doc: Int32Array | undefined;
  /** Membership of `doc` by feature id, when the document had more features than the model reads. */
  private docSet: Uint8Array | undefined;
  /** The current sentence's local-classifier inputs (wsd-local-features.ts), built at its first target that needs them. */
  private local: LocalSentence | undefined;
  /** The arrays the last sentence's local inputs were written into, reused for the next. */
  private localScratch: LocalSentence | undefined;
  private localBuffer = new Int32Array(64);
  /** Each sentence's tokens' features, once read (by the document's bag or at the sentence's first target). */
  private readonly features: (LemmaFeatures[] | undefined)[] = [];

  constructor(
    private readonly model: WsdModel,
    private readonly sentences: readonly (readonly ContextToken[])[],
  ) {}

  /**
   * Target t's context. `synsets`: its lemma's candidate list (the store's array), given where the senses
   * layer's own terms are wanted: its local classifier if any, and the sentence's vector for the vector term.
   */
  of(t: Pick<SenseTarget, 'sentence' | 'first' | 'last' | 'lemma'> & { pos?: WordNetPos }, synsets?: Int32Array): FeatureContext {
    const model = this.model;
    if (t.sentence !== this.sentence) this.enter(t.sentence);
    const tokens = this.tokens;
    // The target's own lemma leaves the bag (single words: its token's cached id; multiword units: a lookup).
    const own = t.first === t.last && this.sentences[t.sentence][t.first].lemma === t.lemma ? tokens[t.first].self : model.featureId(t.lemma);
    // Collocations in ascending id order (slots have distinct prefixes, so their features are distinct).
    const collocations: number[] = [];
    for (let slot = 0; slot < COLLOCATION_SLOTS.length; slot++) {
      const offset = COLLOCATION_SLOTS[slot].offset;
      const i = offset < 0 ? t.first + offset : t.last + offset;
      if (i < 0 || i >= tokens.length) continue;
      const id = tokens[i].collocations[slot];
      if (id < 0) continue;
      let at = collocations.length;
      collocations.push(id);
      for (; at > 0 && collocations[at - 1] > id; at--) collocations[at] = collocations[at - 1];
      collocations[at] = id;
    }
    if (this.doc === undefined) this.enterDocument();
    // The lemma's logistic regression, where its part of speech weighs one (its features built per sentence once).
    const local =
      model.readsLocal() && t.pos !== undefined && synsets !== undefined && synsets.length > 1
        ? model.localLogProbabilities(synsets, t.lemma, t.pos, () => this.localFeaturesOf(t))
        : undefined;
    // The vector term is the layer's too: only a target asked with its candidates gets the sentence's vector.
    const source = synsets !== undefined ? model.vectorSourceFor(t.pos) : undefined;
    const bagVector = source !== undefined ? this.sentenceVector(source) : undefined;
    // The sense embeddings' term reads the sentence in the shared vectors (the same vector the verbs' term reads).
    const senseVector = synsets !== undefined && model.readsSenseEmbeddingsFor(t.pos) ? this.sentenceVector('shared') : undefined;
    return { bag: this.bag, exclude: own, collocations, doc: this.doc, docSet: this.docSet, bagVector, docVector: this.docVector, local, senseVector };
  }

  /**
   * The document's bag: every content token's bag features, distinct; past
   * the model's docFeatures, the most repeated ones (a document's topic words
   * recur), ties to the lower id. Empty when no part of speech weighs it.
   */
  private enterDocument(): void {
    const model = this.model;
    if (!model.readsDocument()) {
      this.doc = new Int32Array(0);
      return;
    }
    const ids: number[] = [];
    for (let s = 0; s < this.sentences.length; s++) {
      const sentence = this.sentences[s];
      const tokens = this.tokensOf(s);
      for (let i = 0; i < sentence.length; i++) {
        if (sentence[i].pos === undefined) continue;
        const own = tokens[i].bag;
        for (let k = 0; k < own.length; k++) ids.push(own[k]);
      }
    }
    const all = Int32Array.from(ids).sort();
    const distinct: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < all.length; i++) {
      if (i > 0 && all[i] === all[i - 1]) counts[counts.length - 1]++;
      else {
        distinct.push(all[i]);
        counts.push(1);
      }
    }
    const limit = model.params.docFeatures ?? Infinity;
    if (distinct.length <= limit) {
      this.doc = Int32Array.from(distinct);
      if (model.readsDocumentVector()) this.docVector = model.contextVector(this.doc);
      return;
    }
    const order = distinct.map((_, i) => i).sort((a, b) => counts[b] - counts[a] || a - b);
    const kept = Int32Array.from(order.slice(0, limit), (i) => distinct[i]).sort();
    const set = new Uint8Array(model.vocabularySize);
    for (let k = 0; k < kept.length; k++) set[kept[k]] = 1;
    this.doc = kept;
    this.docSet = set;
    if (model.readsDocumentVector()) this.docVector = model.contextVector(kept);
  }

  /**
   * Target t's local-classifier features, in a buffer reused from target to target (the model reads
   * them at once); the sentence's inputs are built, from its tokens' cached hashes, at its first target.
   */
  private localFeaturesOf(t: Pick<SenseTarget, 'first' | 'last' | 'lemma'>): Int32Array {
    let s = this.local;
    if (s === undefined) {
      const tokens = this.tokens;
      const sentence = this.sentences[this.sentence];
      // The last sentence's arrays are reused (localSentenceOf): it is done with once this one is entered.
      s = this.local = localSentenceOf(sentence, (i) => tokens[i].hashes ?? lemmaHashes(sentence[i].lemma), this.localScratch);
      this.localScratch = s;
      const size = maxLocalFeatures(s);
      if (this.localBuffer.length < size) this.localBuffer = new Int32Array(2 * size);
    }
    return localFeatures(s, t.first, t.last, t.lemma, this.localBuffer);
  }

  private enter(s: number): void {
    const model = this.model;
    const window = model.params.window;
    this.sentence = s;
    this.local = undefined;
    this.tokens = this.tokensOf(s);
    const ids: number[] = [];
    for (let w = Math.max(0, s - window); w < Math.min(this.sentences.length, s + window + 1); w++) {
      const sentence = this.sentences[w];
      const tokens = this.tokensOf(w);
      for (let i = 0; i < sentence.length; i++) {
        if (sentence[i].pos === undefined) continue;
        const own = tokens[i].bag;
        for (let k = 0; k < own.length; k++) ids.push(own[k]);
      }
    }
    this.bag = sortedDistinct(Int32Array.from(ids));
  }

  /** The current sentence's bag vector in a table of vectors, built once per sentence and table. */
  private sentenceVector(source: TermVectorsSource): Float64Array | undefined {
    if (this.vectorSentence[source] !== this.sentence) {
      this.bagVector[source] = this.model.contextVector(this.bag, source);
      this.vectorSentence[source] = this.sentence;
    }
    return this.bagVector[source];
  }

  /**
   * Sentence s's tokens' features, read from the model's per-lemma cache once
   * per document: the document's bag and the sentence's own bag both need
   * them, and each read is a lookup in a map of every lemma seen.
   */
  private tokensOf(s: number): LemmaFeatures[] {
    let tokens = this.features[s];
    if (tokens === undefined) {
      const model = this.model;
      const sentence = this.sentences[s];
      tokens = new Array<LemmaFeatures>(sentence.length);
      for (let i = 0; i < sentence.length; i++) tokens[i] = model.lemmaFeatures(sentence[i].lemma);
      this.features[s] = tokens;
    }
    return tokens;
  }
}
