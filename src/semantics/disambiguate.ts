/**
 * Word-sense disambiguation over a document: the candidate synsets of each
 * target (a lemma and part of speech at a span of a sentence) and their
 * probabilities in context. Shared by the senses annotator and `textlens
 * eval wsd`, so the eval measures exactly what the extractor returns.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import type { SynsetStore } from './synsets.js';
import { bagOfLemmas, collocationFeatures, type ContextToken } from './wsd-features.js';
import type { FeatureContext, WsdModel } from './wsd-model.js';

export interface SenseTarget {
  sentence: number;
  /** First and last token of the target within its sentence (equal for one word). */
  first: number;
  last: number;
  /** Lemma as WordNet writes it (lower case, '_' between words). */
  lemma: string;
  pos: WordNetPos;
}

export interface SenseDistribution {
  /** Synset indexes in WordNet's sense order. */
  synsets: Int32Array;
  /** Probabilities parallel to `synsets`, summing to 1. */
  probabilities: Float64Array;
}

/**
 * Distributions for each target, parallel to `targets`; undefined where
 * WordNet has no sense of the lemma under that part of speech. When
 * `contexts` is given, it receives the features of each target that had
 * more than one sense (what contextOf would build), so that entailments need
 * not build them again.
 */
export function disambiguate(
  store: SynsetStore,
  model: WsdModel,
  sentences: readonly (readonly ContextToken[])[],
  targets: readonly SenseTarget[],
  contexts?: (FeatureContext | undefined)[],
): (SenseDistribution | undefined)[] {
  const window = model.params.window;
  // The bag of one sentence window serves every target in that sentence.
  let bagSentence = -1;
  let bagIds: Int32Array = new Int32Array(0);
  return targets.map((t, k) => {
    const senses = store.sensesOf(t.lemma, t.pos) ?? store.senses(t.lemma, t.pos);
    if (senses === undefined || senses.synsets.length === 0) return undefined;
    if (senses.synsets.length === 1) return { synsets: senses.synsets, probabilities: Float64Array.of(1) };
    if (t.sentence !== bagSentence) {
      bagIds = model.idsOf(bagOfLemmas(sentences, t.sentence - window, t.sentence + window + 1));
      bagSentence = t.sentence;
    }
    const ctx = model.contextFromIds(bagIds, t.lemma, collocationFeatures(sentences[t.sentence], t.first, t.last));
    if (contexts !== undefined) contexts[k] = ctx;
    return { synsets: senses.synsets, probabilities: model.probabilities(senses.synsets, senses.tagCounts, ctx, t.pos) };
  });
}

/** The model's features for a target: its window's bag of lemmas (itself excluded) and its collocations. */
export function contextOf(model: WsdModel, bag: ReadonlySet<string>, sentence: readonly ContextToken[], t: SenseTarget): FeatureContext {
  const words: string[] = [];
  for (const w of bag) if (w !== t.lemma) words.push(w);
  return model.context(words, collocationFeatures(sentence, t.first, t.last));
}
