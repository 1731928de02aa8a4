/**
 * entities.enrichmentQueries: a small path syntax over the KB's Wikidata
 * properties. Results go into the entity's `data`, keyed by the query string.
 *
 *   wikidata:P625            the entity's value of P625 (coordinates {lat, lon})
 *   wikidata:P17             an entity-valued property gives the QID ("Q183")
 *   wikidata:P17>label       follow the QID and take its label ("Germany")
 *   wikidata:P17>P1082       follow, then another property (the country's population)
 *   label | description | qid | title | mid | aliases | popularity   fields of the entity
 *
 * A step is a property id (P…), or one of the field names above; `>` follows
 * an entity-valued property through the KB. A query whose path does not
 * resolve is left out of `data` (no key); a malformed query is a 400.
 */
import { AnalysisError } from '../errors.js';
import type { KbEntity, KnowledgeBase, PropertyValue } from './knowledge-base.js';

const FIELDS = new Set(['label', 'description', 'qid', 'title', 'mid', 'aliases', 'popularity']);
const STEP = /^(P\d+|label|description|qid|title|mid|aliases|popularity)$/;

export type EnrichmentValue = PropertyValue | string[];

export function parseEnrichmentQuery(query: string): string[] {
  const path = query.replace(/^wikidata:/i, '').split('>').map((s) => s.trim());
  if (path.length === 0 || !path.every((s) => STEP.test(s))) {
    throw new AnalysisError(400, `Invalid enrichment query "${query}": expected e.g. wikidata:P625 or wikidata:P17>label`, 'entities.enrichmentQueries');
  }
  return path;
}

export function enrich(kb: KnowledgeBase, entity: KbEntity, queries: readonly string[]): Record<string, EnrichmentValue> {
  const out: Record<string, EnrichmentValue> = {};
  for (const q of queries) {
    const v = resolvePath(kb, entity, parseEnrichmentQuery(q));
    if (v !== undefined) out[q] = v;
  }
  return out;
}

function resolvePath(kb: KnowledgeBase, entity: KbEntity, path: string[]): EnrichmentValue | undefined {
  let cur: KbEntity = entity;
  for (let i = 0; i < path.length; i++) {
    const v = step(cur, path[i]);
    if (v === undefined) return undefined;
    if (i === path.length - 1) return v;
    if (typeof v !== 'string' || !/^Q\d+$/.test(v)) return undefined;
    const next = kb.entity(v);
    if (!next) return undefined;
    cur = next;
  }
  return undefined;
}

function step(e: KbEntity, s: string): EnrichmentValue | undefined {
  if (FIELDS.has(s)) return (e as unknown as Record<string, EnrichmentValue | undefined>)[s];
  return e.properties[s];
}
