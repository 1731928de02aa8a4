/**
 * Dictionary matches become entities beside the knowledge base's.
 *
 * Decisions (docs/extractors.md, "Custom dictionaries"):
 * - `entities.allowOverlap=true` (the default) keeps every match and every KB
 *   entity; `false` keeps the longest of overlapping dictionary matches, and
 *   a dictionary match wins over a KB entity it overlaps — the caller's own
 *   list is the more specific knowledge.
 * - Type filters apply to the entry's `types` as they apply to KB types.
 * - confidenceScore (0.5–10): 10 for a token match with the entry's exact
 *   case, 8 for a case-insensitive match, 6 for a stem match: how much of
 *   the surface the match had to ignore.
 */
import type { Doc, EntityRecord } from '../doc/doc.js';
import type { AnalyzeRequest } from '../request.js';
import { passesTypeFilter, resolveOverlaps, salience } from '../annotators/mention-entities.js';
import type { CompiledDictionary, DictionaryMatch } from './matcher.js';

const CONFIDENCE = { exact: 10, caseInsensitive: 8, stem: 6 } as const;

function confidenceOf(d: CompiledDictionary): number {
  if (d.settings.matchType === 'stem') return CONFIDENCE.stem;
  return d.settings.caseInsensitive ? CONFIDENCE.caseInsensitive : CONFIDENCE.exact;
}

/** Dictionary matches of the selected dictionaries, as entity records (relevance not yet set). */
export function matchDictionaries(doc: Doc, dictionaries: readonly CompiledDictionary[], language: string): EntityRecord[] {
  const records: EntityRecord[] = [];
  // Token keys depend only on the settings: compute each variant once per doc.
  const keysBy = new Map<string, string[]>();
  for (const d of dictionaries) {
    if (!d.appliesTo(language)) continue;
    const variant = `${d.settings.matchType}/${d.settings.caseInsensitive}`;
    let keys = keysBy.get(variant);
    if (!keys) {
      keys = doc.tokens.map((t) => d.key(t));
      keysBy.set(variant, keys);
    }
    const matches: DictionaryMatch[] = [];
    for (let s = 0; s < doc.sentenceCount; s++) d.match(keys, doc.sentStart[s], doc.sentEnd[s], matches);
    const confidence = confidenceOf(d);
    for (const m of matches) {
      const types = d.entryTypes(m.entry);
      const data = d.entryData(m.entry);
      records.push({
        start: m.start,
        end: m.end,
        customEntityId: d.entryId(m.entry),
        type: types ? [...types] : [],
        kbTwoTypes: [],
        confidenceScore: confidence,
        relevanceScore: 0,
        data: data ? structuredClone(data) : {},
      });
    }
  }
  return records;
}

/**
 * Merge dictionary entities into the doc's entity list under the request's
 * overlap rule and type filters; relevance is recomputed over the merged
 * list so both kinds are ranked on one scale.
 */
export function mergeDictionaryEntities(doc: Doc, custom: EntityRecord[], request: AnalyzeRequest, title?: string): EntityRecord[] {
  const opts = request.entities;
  let kept = custom.filter(
    (r) => passesTypeFilter(r.type, opts.filterDbpediaTypes) && passesTypeFilter(r.kbTwoTypes, opts.filterFreebaseTypes),
  );
  let kb = doc.entities ?? [];
  if (!opts.allowOverlap) {
    kept = resolveOverlaps(kept, (r) => r.end - r.start);
    kb = kb.filter((e) => !kept.some((c) => e.start < c.end && c.start < e.end));
  }
  const merged = [...kb, ...kept].sort((a, b) => a.start - b.start || b.end - a.end);
  if (kept.length > 0) {
    const rel = salience(doc, merged, title);
    merged.forEach((r, i) => (r.relevanceScore = Math.round(rel[i] * 1000) / 1000));
  }
  return merged;
}
