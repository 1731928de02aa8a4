/**
 * The topics annotator: `coarseTopics` (the 17 IPTC Media Topics top-level
 * concepts) and `topics` (IPTC concepts at every level, plus the document's
 * most salient linked entities).
 *
 * - Coarse: the built-in classifier `textlens_mediatopics`
 *   (models/topics/mediatopics-classifier, trained by training/topics/train.ts
 *   with the engine of src/classify) gives each top concept an independent
 *   probability, from the word n-grams and the idf-weighted mean of the
 *   words' pretrained vectors (models/vectors/, src/classify/document-vector.ts). Listed: those ≥ COARSE_FLOOR, and always the best one; none
 *   when the text has no word the model knows (its scores would be priors).
 * - Fine: concepts below the top by weak supervision (fine-topics.ts), listed
 *   when ≥ TOPIC_FLOOR, at most MAX_FINE; each brings its ancestors, which
 *   score at least as high as their best descendant, so a topic's ancestors
 *   are always in the list.
 * - Entities: only when the entities layer was computed anyway (the caller
 *   asked for entities too): up to MAX_ENTITIES linked entities with
 *   relevance ≥ ENTITY_FLOOR, scored by relevance, linked to their pages;
 *   and their DBpedia types count as mentions of fine concepts
 *   (entity-type-topics.ts: a SoccerClub mentions "football").
 *
 * The text is the whole document, after the page title when cleanup kept
 * metadata. Boilerplate (licence notices, postal addresses, navigation,
 * signatures, e-mail headers and quotes: src/semantics/boilerplate.ts) counts
 * at its low weight in every part — the classifier's term counts, the fine
 * concepts' mentions and the entity types — and entities named only there
 * have their relevance lowered by the entities layer, so they rarely become
 * topics. English only: other languages are skipped with a message.
 */
import type { Annotator, AnnotateContext } from './annotator.js';
import type { Doc, EntityRecord } from '../doc/doc.js';
import { entityTypeMentions, entityTypeQcodes } from '../semantics/entity-type-topics.js';
import type { ResourceLoader } from '../resources/loader.js';
import { loadClassifier, type Classifier } from '../classify/model.js';
import { FineTopicMatcher } from '../semantics/fine-topics.js';
import { featureTokens } from '../models/text-features.js';
import { boilerplateOf, weightAt, weightedPieces } from '../semantics/boilerplate.js';
import { MediaTopics } from '../semantics/mediatopics.js';
import { wikipediaLink } from '../linking/normalize.js';
import type { TopicRecord } from '../doc/layers.js';

export const MEDIATOPICS_CLASSIFIER_DIR = 'topics/mediatopics-classifier';
export const COARSE_FLOOR = 0.2;
export const TOPIC_FLOOR = 0.2;
export const MAX_FINE = 15;
export const ENTITY_FLOOR = 0.3;
export const MAX_ENTITIES = 5;

export interface TopicModel {
  taxonomy: MediaTopics;
  classifier: Classifier;
  matcher: FineTopicMatcher;
  /** DBpedia class → IPTC qcode (entity-type-topics.ts). */
  entityTypes: Map<string, string>;
}

export async function loadTopicModel(loader: ResourceLoader): Promise<TopicModel> {
  const taxonomy = await MediaTopics.load(loader);
  const classifier = await loadClassifier(loader, MEDIATOPICS_CLASSIFIER_DIR, 'textlens_mediatopics');
  return { taxonomy, classifier, matcher: new FineTopicMatcher(taxonomy), entityTypes: entityTypeQcodes(taxonomy) };
}

/** The text topics read: the page title (when kept) and the document. */
export function topicText(doc: Doc, ctx: Pick<AnnotateContext, 'metadata'>): string {
  const title = ctx.metadata?.title?.trim();
  return title && !doc.text.startsWith(title) ? `${title}\n\n${doc.text}` : doc.text;
}

/** A text's feature tokens, each with its weight (none: every weight is 1). */
export interface WeightedTokens {
  tokens: string[];
  weights?: Float32Array;
}

/**
 * The tokens topics read (topicText's), weighted by the doc's boilerplate:
 * the title and the text outside boilerplate weigh 1.
 */
export function topicTokens(doc: Doc, ctx: Pick<AnnotateContext, 'metadata'>): WeightedTokens {
  const spans = boilerplateOf(doc);
  const text = topicText(doc, ctx);
  if (spans.length === 0) return { tokens: featureTokens(text) };
  const tokens = featureTokens(text.slice(0, text.length - doc.text.length));
  const weights: number[] = new Array<number>(tokens.length).fill(1);
  for (const piece of weightedPieces(doc.text, spans)) {
    for (const t of featureTokens(piece.text)) {
      tokens.push(t);
      weights.push(piece.weight);
    }
  }
  return { tokens, weights: Float32Array.from(weights) };
}

/** Each entity's weight: that of the text where it starts (boilerplate weighs low). */
export function entityWeights(doc: Doc, entities: readonly EntityRecord[]): number[] {
  const spans = boilerplateOf(doc);
  return entities.map((e) => (spans.length === 0 ? 1 : weightAt(spans, doc.start16[e.start])));
}

export function conceptTopic(model: TopicModel, qcode: string, score: number): TopicRecord {
  const c = model.taxonomy.get(qcode)!;
  const t: TopicRecord = { id: qcode, label: c.label, score, mediaTopicId: qcode };
  if (c.wikidata) t.wikidataId = c.wikidata;
  const link = model.taxonomy.link(qcode);
  if (link) t.encyclopediaLink = link;
  if (c.wikipedia) t.wikiLink = wikipediaLink(c.wikipedia);
  return t;
}

/**
 * Coarse and fine topics of a text (entities aside), or of weighted tokens
 * (topicTokens); an entity's weight scales its type's mention.
 */
export function classifyTopics(
  model: TopicModel,
  text: string | WeightedTokens,
  entities?: readonly EntityRecord[],
  weightOfEntity?: readonly number[],
): { coarse: TopicRecord[]; topics: TopicRecord[] } {
  const { tokens, weights } = typeof text === 'string' ? { tokens: featureTokens(text), weights: undefined } : text;
  const x = weights ? model.classifier.vectorizeWeightedTokens(tokens, weights) : model.classifier.vectorizeTokens(tokens);
  const probs = model.classifier.scoresOf(x);
  const labels = model.classifier.labels;
  const topP = new Map<string, number>();
  let best = 0;
  labels.forEach((q, i) => {
    topP.set(q, probs[i]);
    if (probs[i] > probs[best]) best = i;
  });
  const coarse: TopicRecord[] = [];
  // No word the model knows: the probabilities are its priors, not evidence.
  if (x.sparse.index.length === 0) return { coarse, topics: [] };
  labels.forEach((q, i) => {
    if (probs[i] >= COARSE_FLOOR || i === best) coarse.push(conceptTopic(model, q, probs[i]));
  });
  coarse.sort(byScore);

  // Fine concepts, then their ancestors at ≥ their best descendant's score.
  const scores = new Map<string, number>();
  for (const t of coarse) scores.set(t.id, t.score);
  const byType = entities ? entityTypeMentions(entities, model.entityTypes, weightOfEntity) : undefined;
  const fine = [...model.matcher.score(tokens, topP, byType, weights)].filter(([, s]) => s >= TOPIC_FLOOR).sort((a, b) => b[1] - a[1]).slice(0, MAX_FINE);
  for (const [q, s] of fine) {
    scores.set(q, Math.max(scores.get(q) ?? 0, s));
    for (const a of model.taxonomy.ancestors(q)) scores.set(a, Math.max(scores.get(a) ?? 0, s));
  }
  const topics = [...scores].map(([q, s]) => conceptTopic(model, q, s)).sort(byScore);
  return { coarse, topics };
}

/** Salient linked entities as topics (only what the entities layer already holds). */
export function entityTopics(doc: Doc): TopicRecord[] {
  const byId = new Map<string, TopicRecord>();
  for (const e of doc.entities ?? []) {
    if (!e.encyclopediaLink || e.relevanceScore < ENTITY_FLOOR) continue;
    const id = e.wikidataId ?? e.entityEnglishId ?? e.entityId ?? e.encyclopediaLink;
    const prev = byId.get(id);
    if (prev && prev.score >= e.relevanceScore) continue;
    const title = e.entityEnglishId ?? e.entityId;
    const t: TopicRecord = { id, label: title ? title.replace(/_/g, ' ') : doc.text.slice(doc.start16[e.start], doc.end16[e.end - 1]), score: e.relevanceScore };
    if (e.wikidataId) t.wikidataId = e.wikidataId;
    t.encyclopediaLink = e.encyclopediaLink;
    if (e.encyclopediaLink.startsWith('https://en.wikipedia.org/')) t.wikiLink = e.encyclopediaLink;
    byId.set(id, t);
  }
  return [...byId.values()].sort(byScore).slice(0, MAX_ENTITIES);
}

function byScore(a: TopicRecord, b: TopicRecord): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function createTopicsAnnotator(loader: ResourceLoader): Promise<Annotator> {
  const model = await loadTopicModel(loader);
  return {
    run(doc, ctx) {
      if (ctx.language !== 'eng') {
        ctx.warn('language-unsupported', `topics: skipped; the topic model is English-only and the text's language is '${ctx.language}' (set languageOverride=eng to force English).`);
        return;
      }
      const entities = doc.entities;
      const { coarse, topics } = classifyTopics(model, topicTokens(doc, ctx), entities, entities && entityWeights(doc, entities));
      const seen = new Set(topics.map((t) => t.id));
      const linked = entityTopics(doc).filter((t) => !seen.has(t.id));
      doc.coarseTopics = coarse;
      doc.topics = [...topics, ...linked].sort(byScore);
    },
  };
}
