/**
 * The response as the hosted API's client libraries read it ("hosted" shape),
 * made from the spec's response after analysis — one post-processing step,
 * so that no annotator or response builder has to know about clients.
 *
 * What the clients need that the spec's JSON does not give them (read in
 * TextRazor/textrazor-python textrazor.py, textrazor-java annotations/*.java,
 * textrazor-php TextRazor.php, andhapp/textrazor lib/textrazor/*.rb):
 *
 * 1. The hosted API's field names where the spec renamed a field. Added
 *    beside the spec's name (never replacing it), only where the spec's field
 *    has a value (None stays absent):
 *      entities: wikiLink ← encyclopediaLink, freebaseId ← kbTwoId,
 *                freebaseTypes ← kbTwoTypes
 *      topics, coarseTopics: wikiLink ← encyclopediaLink
 * 2. Document-wide word positions. Every client links annotations to words
 *    by position in ONE list of all the document's words (Python's link
 *    index keyed by ("word", position); Java `response.getWords().get(pos)`
 *    for parents and entity tokens; Ruby `words[position]` for phrases), so
 *    the hosted API numbers words across the document, while the spec numbers
 *    them within their sentence. Here `position`, `parentPosition`,
 *    `matchingTokens`, `wordPositions` and `propertyPositions` are shifted by
 *    the number of words in the sentences before. The sentence of an
 *    annotation is its `sentencePosition`; an annotation list whose items
 *    carry none cannot be shifted, is left as it is, and the message says so
 *    (warning code `positions-in-sentence`).
 * 3. Entity `data` as the hosted API types it, a map from key to a list of
 *    strings (the Java client's Map<String, List<String>> fails on anything
 *    else): a string stays one string, a number becomes its decimal text, an
 *    object (coordinates) its JSON text.
 * 4. Annotation ids as numbers: the spec types a topic's id as a string, the
 *    Java client's classes as `int id` (a topic id "medtop:04000000" throws
 *    there). An id that is a string of digits becomes that number; a topic's
 *    other id becomes its index in its list — the IPTC code stays in
 *    `mediaTopicId`, the Wikidata id in `wikidataId`, the name in `label`.
 *    Entailments, which the spec gives no id, get their index (every client
 *    reads one).
 * 5. Every entity field a client dereferences, present (Python's
 *    Entity.__repr__ encodes `id`, PHP's README loop reads `entityId`):
 *    `entityId` and `entityEnglishId` in the hosted API's format, a title with
 *    spaces ("Apple Inc.", not the spec shape's "Apple_Inc."); an unlinked
 *    mention's `entityId` is its matched text, as the hosted API names
 *    entities it cannot link, and its `entityEnglishId`, `wikiLink`,
 *    `wikidataId` and `freebaseId` are empty strings; `type` and
 *    `freebaseTypes` are lists, empty when unknown. Topics and coarse topics
 *    likewise carry `wikiLink` and `wikidataId` ("" when unlinked), and when
 *    senses were asked for, every word carries `senses` (empty for a word
 *    WordNet has none for, such as punctuation). The spec shape keeps None
 *    (absent) for all of these.
 *
 * 6. The caller's rules as the clients read them: `customAnnotations`, one
 *    per solution of each requested rule, `{name, contents}` with one content
 *    per argument, keyed `arg1`, `arg2` … (Prolog has no names for a
 *    predicate's arguments), its value in `intValue`, `floatValue` or
 *    `stringValue` (a list argument spreads its items over them; an unbound
 *    one leaves them empty) and `links` empty — a value does not say which
 *    annotation it names. Python's `matching_rules()` and `response.<rule>`,
 *    Java's `getCustomAnnotations()` read them; `matchingRules` stays beside.
 *
 * customEntityId comes from custom dictionaries as the spec's field. Fields
 * the clients read that textlens has no source for (crunchbaseId, lei, figi, permid, spellingSuggestions)
 * stay absent; every client treats them as optional.
 *
 * The walk is one pass over words and annotations: linear in the response
 * size, no allocation per word. It mutates the response it is given (a fresh
 * one, about to be serialized) instead of copying several MB.
 */
import { SENTENCE_STARTS, type AnalysisPayload, type AnalyzeResponse, type RuleValue } from '../types.js';

/** `hosted`: as the hosted API's clients read it (this module); `spec`: exactly the spec's JSON. */
export type ResponseShape = 'hosted' | 'spec';

export const RESPONSE_SHAPES: readonly ResponseShape[] = ['hosted', 'spec'];

/** Unmodified clients must work against `textlens serve`, so the server's default is the hosted shape. */
export const DEFAULT_RESPONSE_SHAPE: ResponseShape = 'hosted';

type Json = Record<string, unknown>;

/** Annotation lists of the payload whose items carry word positions, and the fields that hold them. */
const POSITIONED: ReadonlyArray<{ list: string; fields: readonly string[]; params?: boolean }> = [
  { list: 'entities', fields: ['matchingTokens'] },
  { list: 'nounPhrases', fields: ['wordPositions'] },
  { list: 'entailments', fields: ['wordPositions'] },
  { list: 'properties', fields: ['wordPositions', 'propertyPositions'] },
  { list: 'relations', fields: ['wordPositions'], params: true },
];

/** Hosted-API name ← spec name, per annotation list. */
const ALIASES: ReadonlyArray<{ list: string; pairs: ReadonlyArray<readonly [hosted: string, spec: string]> }> = [
  {
    list: 'entities',
    pairs: [
      ['wikiLink', 'encyclopediaLink'],
      ['freebaseId', 'kbTwoId'],
      ['freebaseTypes', 'kbTwoTypes'],
    ],
  },
  { list: 'topics', pairs: [['wikiLink', 'encyclopediaLink']] },
  { list: 'coarseTopics', pairs: [['wikiLink', 'encyclopediaLink']] },
];

/** Reshapes `response` in place for `shape` and returns it. */
export function shapeResponse(response: AnalyzeResponse, shape: ResponseShape): AnalyzeResponse {
  return shape === 'hosted' ? toHostedShape(response) : response;
}

export function toHostedShape(response: AnalyzeResponse): AnalyzeResponse {
  const payload = response.response;
  if (!payload) return response;
  const notes: string[] = [];
  const starts = payload[SENTENCE_STARTS];
  if (starts) globalizePositions(payload, starts, notes);
  addAliases(payload as unknown as Json);
  completeEntities(payload as unknown as Json);
  completeTopicsAndWords(payload);
  normalizeEntityData(payload as unknown as Json);
  numericIds(payload as unknown as Json);
  customAnnotations(payload);
  if (notes.length > 0) {
    response.message = [response.message, ...notes].filter((m) => m !== '').join(' ');
    (response.warnings ??= []).push(...notes.map((message) => ({ code: 'positions-in-sentence' as const, message })));
  }
  return response;
}

function globalizePositions(payload: AnalysisPayload, starts: readonly number[], notes: string[]): void {
  for (const sentence of payload.sentences ?? []) {
    const offset = starts[sentence.position] ?? 0;
    if (offset === 0) continue;
    for (const w of sentence.words) {
      w.position += offset;
      if (w.parentPosition !== undefined && w.parentPosition >= 0) w.parentPosition += offset;
    }
  }
  const p = payload as unknown as Json;
  for (const { list, fields, params } of POSITIONED) {
    const items = p[list];
    if (!Array.isArray(items) || items.length === 0) continue;
    let unplaced = false;
    for (const item of items as Json[]) {
      const s = item.sentencePosition;
      // One sentence: every position is already document-wide.
      const offset = typeof s === 'number' ? (starts[s] ?? 0) : starts.length <= 1 ? 0 : undefined;
      if (offset === undefined) {
        unplaced = true;
        continue;
      }
      if (offset === 0) continue;
      for (const f of fields) shift(item[f], offset);
      if (params && Array.isArray(item.params)) for (const param of item.params as Json[]) shift(param.wordPositions, offset);
    }
    if (unplaced) {
      notes.push(`Word positions in '${list}' are within their sentence (the items name no sentencePosition), not document-wide as the hosted API's clients expect.`);
    }
  }
}

function shift(positions: unknown, offset: number): void {
  if (!Array.isArray(positions)) return;
  for (let i = 0; i < positions.length; i++) {
    if (typeof positions[i] === 'number') positions[i] += offset;
  }
}

function addAliases(payload: Json): void {
  for (const { list, pairs } of ALIASES) {
    const items = payload[list];
    if (!Array.isArray(items)) continue;
    for (const item of items as Json[]) {
      for (const [hosted, spec] of pairs) {
        if (item[spec] !== undefined && item[hosted] === undefined) item[hosted] = item[spec];
      }
    }
  }
}

/** Lists whose items carry an `id` the clients read (Java: int). */
const WITH_IDS = ['topics', 'coarseTopics', 'entailments', 'nounPhrases', 'properties', 'relations'] as const;

/** Lists whose ids are names rather than numbers (IPTC codes, Wikidata ids): numbered by index instead. */
const INDEXED: ReadonlySet<string> = new Set(['topics', 'coarseTopics', 'entailments']);

function numericIds(payload: Json): void {
  for (const list of WITH_IDS) {
    const items = payload[list];
    if (!Array.isArray(items)) continue;
    (items as Json[]).forEach((item, index) => {
      if (typeof item.id === 'string' && /^\d{1,9}$/.test(item.id)) item.id = Number(item.id);
      else if (typeof item.id !== 'number' && INDEXED.has(list)) item.id = index;
    });
  }
}

function completeTopicsAndWords(payload: AnalysisPayload): void {
  for (const list of [payload.topics, payload.coarseTopics]) {
    for (const t of (list ?? []) as unknown as Json[]) for (const field of ['wikiLink', 'wikidataId'] as const) if (typeof t[field] !== 'string') t[field] = '';
  }
  const words = (payload.sentences ?? []).flatMap((s) => s.words) as unknown as Json[];
  if (!words.some((w) => Array.isArray(w.senses))) return;
  for (const w of words) if (!Array.isArray(w.senses)) w.senses = [];
}

function completeEntities(payload: Json): void {
  const entities = payload.entities;
  if (!Array.isArray(entities)) return;
  for (const e of entities as Json[]) {
    if (typeof e.entityId === 'string') {
      e.entityId = titleWithSpaces(e.entityId);
      e.entityEnglishId = typeof e.entityEnglishId === 'string' ? titleWithSpaces(e.entityEnglishId) : '';
    } else {
      e.entityId = typeof e.matchedText === 'string' ? e.matchedText : '';
      e.entityEnglishId = '';
    }
    for (const field of ['wikiLink', 'wikidataId', 'freebaseId'] as const) if (typeof e[field] !== 'string') e[field] = '';
    for (const field of ['type', 'freebaseTypes'] as const) if (!Array.isArray(e[field])) e[field] = [];
  }
}

/** Wikipedia titles are written with spaces; URLs and the spec shape use underscores. */
function titleWithSpaces(title: string): string {
  return title.replace(/_/g, ' ');
}

function normalizeEntityData(payload: Json): void {
  const entities = payload.entities;
  if (!Array.isArray(entities)) return;
  for (const e of entities as Json[]) {
    const data = e.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    const d = data as Json;
    for (const key of Object.keys(d)) {
      const v = d[key];
      d[key] = Array.isArray(v) ? v.map(asText) : [asText(v)];
    }
  }
}

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** One argument of a rule's solution, as the clients' CustomAnnotation reads it. */
interface AnnotationContent {
  key: string;
  links: never[];
  intValue: number[];
  floatValue: number[];
  stringValue: string[];
}

function customAnnotations(payload: AnalysisPayload): void {
  const rules = payload.matchingRules;
  if (!rules || rules.length === 0) return;
  const annotations: Array<{ name: string; contents: AnnotationContent[] }> = [];
  for (const rule of rules) {
    for (const solution of rule.bindings) {
      annotations.push({
        name: rule.name,
        contents: solution.map((value, i) => {
          const content: AnnotationContent = { key: `arg${i + 1}`, links: [], intValue: [], floatValue: [], stringValue: [] };
          spreadValue(value, content);
          return content;
        }),
      });
    }
  }
  (payload as unknown as Json).customAnnotations = annotations;
}

function spreadValue(value: RuleValue, into: AnnotationContent): void {
  if (value === null) return;
  if (Array.isArray(value)) for (const item of value) spreadValue(item, into);
  else if (typeof value === 'number') (Number.isInteger(value) ? into.intValue : into.floatValue).push(value);
  else into.stringValue.push(value);
}
