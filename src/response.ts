/**
 * The only place layers become the spec's JSON. Nothing is computed here
 * that the request did not ask for, and absent values (None) are omitted.
 */
import { roundScore } from './doc/score.js';
import type { Doc } from './doc/doc.js';
import { isAnalysisError } from './errors.js';
import type { AnalyzeRequest } from './request.js';
import { SENTENCE_STARTS, type AnalysisPayload, type AnalyzeResponse, type Warning, type Entailment, type Entity, type NounPhrase, type Property, type Relation, type Sentence, type Topic, type Word } from './types.js';
import { udToStanford } from './structure/stanford.js';
import type { TopicRecord, RelationArgumentRecord, RelationRecord } from './doc/layers.js';

export interface PayloadInput {
  doc: Doc;
  request: AnalyzeRequest;
  language: string;
  languageIsReliable: boolean;
  cleanedText: string;
  rawText: string;
}

export function buildPayload({ doc, request, language, languageIsReliable, cleanedText, rawText }: PayloadInput): AnalysisPayload {
  const wants = new Set(request.extractors);
  const payload: AnalysisPayload = { language, languageIsReliable };
  // Not enumerable: invisible to JSON, spreads and deep-equality checks (see SENTENCE_STARTS).
  Object.defineProperty(payload, SENTENCE_STARTS, { value: Array.from(doc.sentStart) });
  if (request.cleanup.returnCleaned) payload.cleanedText = cleanedText;
  if (request.cleanup.returnRaw) payload.rawText = rawText;
  if (wants.has('words') || wants.has('dependency-trees') || wants.has('senses')) {
    // The Stanford conversion reads English (Penn tags, English function words): other languages' trees stay UD.
    const udScheme = request.dependencyScheme === 'ud' || language !== 'eng';
    payload.sentences = sentences(doc, wants.has('dependency-trees'), udScheme, wants.has('senses'));
  }
  if (wants.has('entities') && doc.entities) payload.entities = entities(doc);
  if (wants.has('phrases') && doc.nounPhrases) payload.nounPhrases = nounPhrases(doc);
  if (wants.has('relations') && doc.properties) payload.properties = properties(doc);
  if (wants.has('relations') && doc.relations) payload.relations = relations(doc);
  if (wants.has('topics') && doc.topics && doc.coarseTopics) {
    payload.topics = doc.topics.map(topic);
    payload.coarseTopics = doc.coarseTopics.map(topic);
  }
  if (doc.categories) payload.categories = doc.categories.map((c, id) => ({ id, ...c, score: roundScore(c.score) }));
  if (wants.has('entailments') && doc.entailments) payload.entailments = entailments(doc);
  return payload;
}

function sentences(doc: Doc, withTrees: boolean, udScheme: boolean, withSenses = false): Sentence[] {
  const out: Sentence[] = [];
  for (let s = 0; s < doc.sentenceCount; s++) {
    const first = doc.sentStart[s];
    const last = doc.sentEnd[s];
    const tree = withTrees && doc.head && doc.deprel ? sentenceTree(doc, first, last, udScheme) : undefined;
    const words: Word[] = [];
    for (let i = first; i < last; i++) {
      const w: Word = {
        position: i - first,
        startingPos: doc.start[i],
        endingPos: doc.end[i],
        token: doc.tokens[i],
      };
      if (doc.lemma) w.lemma = doc.lemma[i];
      if (doc.stem) w.stem = doc.stem[i];
      if (doc.xpos) w.partOfSpeech = doc.xpos[i];
      if (doc.upos) w.upos = doc.upos[i];
      const senses = withSenses ? doc.senses?.[i] : undefined;
      // The layer's entries are already the response's ({synset, score}, scores rounded): no copy.
      if (senses) w.senses = senses;
      if (tree) {
        const h = tree.heads[i - first];
        if (h >= 0) {
          w.parentPosition = h;
          w.relationToParent = tree.deprels[i - first];
        }
      }
      words.push(w);
    }
    out.push({ position: s, words });
  }
  return out;
}

/** Heads as positions within the sentence (-1 at the root), in the requested scheme. */
function sentenceTree(doc: Doc, first: number, last: number, udScheme: boolean): { heads: number[]; deprels: string[] } {
  const heads: number[] = [];
  const deprels: string[] = [];
  for (let i = first; i < last; i++) {
    const h = doc.head![i];
    heads.push(h < 0 ? -1 : h - first);
    deprels.push(doc.deprel![i]);
  }
  if (udScheme) return { heads, deprels };
  const forms = doc.tokens.slice(first, last);
  const upos = doc.upos ? doc.upos.slice(first, last) : forms.map(() => 'X');
  const xpos = doc.xpos ? doc.xpos.slice(first, last) : forms.map(() => 'XX');
  // udToStanford takes CoNLL-style heads (1-based, 0 = root).
  const converted = udToStanford({ forms, upos, xpos, heads: heads.map((h) => h + 1), deprels });
  return { heads: converted.heads.map((h) => h - 1), deprels: converted.deprels };
}

function entities(doc: Doc): Entity[] {
  return (doc.entities ?? []).map((e, id) => {
    const s = doc.sentOf[e.start];
    const first = doc.sentStart[s];
    const end = Math.min(e.end, doc.sentEnd[s]);
    const matchingTokens: number[] = [];
    for (let i = e.start; i < end; i++) matchingTokens.push(i - first);
    const entity: Entity = {
      id,
      sentencePosition: s,
      confidenceScore: roundScore(e.confidenceScore),
      relevanceScore: roundScore(e.relevanceScore),
      type: e.type,
      kbTwoTypes: e.kbTwoTypes,
      matchingTokens,
      matchedText: doc.text.slice(doc.start16[e.start], doc.end16[e.end - 1]),
      startingPos: doc.start[e.start],
      endingPos: doc.end[e.end - 1],
      data: e.data,
    };
    if (e.entityId !== undefined) entity.entityId = e.entityId;
    if (e.entityEnglishId !== undefined) entity.entityEnglishId = e.entityEnglishId;
    if (e.wikidataId !== undefined) entity.wikidataId = e.wikidataId;
    if (e.kbTwoId !== undefined) entity.kbTwoId = e.kbTwoId;
    if (e.encyclopediaLink !== undefined) entity.encyclopediaLink = e.encyclopediaLink;
    if (e.customEntityId !== undefined) entity.customEntityId = e.customEntityId;
    return entity;
  });
}

// The three lists below are built with plain loops into arrays of their final length: they run for every
// phrase and relation of a document (bench/structure-stages.ts times them).

function nounPhrases(doc: Doc): NounPhrase[] {
  const spans = doc.nounPhrases ?? [];
  const out = new Array<NounPhrase>(spans.length);
  for (let id = 0; id < spans.length; id++) {
    const p = spans[id];
    const s = doc.sentOf[p.start];
    out[id] = { id, wordPositions: shifted(p.start, p.end, doc.sentStart[s]), sentencePosition: s };
  }
  return out;
}

/**
 * Word positions start..end-1 of the doc as positions in the sentence starting at `first`. The short lists
 * most are as array literals, which the optimising compiler allocates inline (`new Array(n)` of an unknown
 * length is a call).
 */
function shifted(start: number, end: number, first: number): number[] {
  const s = start - first;
  switch (end - start) {
    case 1:
      return [s];
    case 2:
      return [s, s + 1];
    case 3:
      return [s, s + 1, s + 2];
    default: {
      const out = new Array<number>(end - start);
      for (let i = start; i < end; i++) out[i - start] = i - first;
      return out;
    }
  }
}

/**
 * Properties with word positions within their sentence: the records hold those positions, each record in
 * arrays of its own (src/structure/properties.ts), handed out as they are. The doc is dropped after the response.
 */
function properties(doc: Doc): Property[] {
  const records = doc.properties ?? [];
  const out = new Array<Property>(records.length);
  for (let id = 0; id < records.length; id++) {
    const p = records[id];
    out[id] = { id, wordPositions: p.focus, propertyPositions: p.property, sentencePosition: p.sentence };
  }
  return out;
}

function entailments(doc: Doc): Entailment[] {
  const records = doc.entailments ?? [];
  const out = new Array<Entailment>(records.length);
  for (let k = 0; k < records.length; k++) {
    const e = records[k];
    // Arrays made at their size: ~1.7 entailments per token, and an array grown by push holds room for 16.
    const first = doc.positionInSentence(e.start);
    let wordPositions: number[];
    if (e.end - e.start === 1) wordPositions = [first];
    else {
      wordPositions = new Array<number>(e.end - e.start);
      for (let i = 0; i < wordPositions.length; i++) wordPositions[i] = first + i;
    }
    out[k] = {
      sentencePosition: doc.sentOf[e.start],
      wordPositions,
      entailedWords: [e.word],
      entailedTree: { word: e.word, wordId: 0, parentRelation: -1 },
      priorScore: roundScore(e.priorScore),
      contextScore: roundScore(e.contextScore),
      score: roundScore(e.score),
    };
  }
  return out;
}

/**
 * Relations with word positions within their sentence (the same in either dependency scheme). The records
 * hold those positions (src/structure/relation-layer.ts), so their arrays are handed out as they are, each
 * once: the relations split from one predicate are consecutive and share its predicate array and their
 * common arguments, and a later relation of such a group gets copies of the arrays an earlier one was
 * given (a caller who edits one list must not change another). The doc is dropped after the response.
 */
function relations(doc: Doc): Relation[] {
  const records = doc.relations ?? [];
  const out = new Array<Relation>(records.length);
  // the first relation of the current predicate's group
  let group = 0;
  for (let id = 0; id < records.length; id++) {
    const r = records[id];
    if (r.predicate !== records[group].predicate) group = id;
    const args = r.args;
    const params = new Array<Relation['params'][number]>(args.length);
    for (let k = 0; k < args.length; k++) {
      const a = args[k];
      params[k] = { relation: a.role, wordPositions: id > group && handedOut(records, group, id, a) ? a.words.slice() : a.words };
    }
    out[id] = { id, wordPositions: id > group ? r.predicate.slice() : r.predicate, params, sentencePosition: r.sentence, confidence: roundScore(r.confidence) };
  }
  return out;
}

/** Whether argument `a` belongs to one of records[from .. to) (whose arrays are handed out already). */
function handedOut(records: readonly RelationRecord[], from: number, to: number, a: RelationArgumentRecord): boolean {
  for (let j = from; j < to; j++) {
    const args = records[j].args;
    for (let k = 0; k < args.length; k++) if (args[k] === a) return true;
  }
  return false;
}

function topic(t: TopicRecord): Topic {
  return { ...t, score: roundScore(t.score) };
}

/** The spec's envelope of a successful analysis, with its warnings both as the spec's `message` and as `warnings`. */
export function okEnvelope(payload: AnalysisPayload, seconds: number, warnings: readonly Warning[]): AnalyzeResponse {
  return { time: roundScore(seconds), ok: true, error: '', message: warnings.map((w) => w.message).join(' '), warnings: [...warnings], response: payload };
}

/** The spec's error envelope and the HTTP status that goes with it. */
export function errorEnvelope(err: unknown, seconds: number): { status: number; body: AnalyzeResponse } {
  if (isAnalysisError(err)) {
    return { status: err.status, body: { time: roundScore(seconds), ok: false, error: err.message, message: '' } };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { status: 500, body: { time: roundScore(seconds), ok: false, error: `internal error: ${message}`, message: '' } };
}
