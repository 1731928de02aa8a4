/**
 * Entities from NER mentions alone, used when no knowledge base is
 * installed: every mention becomes an entity with the linked fields absent
 * (as the spec allows for entities that could not be disambiguated) and the
 * DBpedia classes its NER label implies, so type filters still work.
 * The linker (src/annotators/linker.ts), when its KB is present, assigns
 * the same layer with links.
 */
import type { Annotator, AnnotateContext } from './annotator.js';
import type { Doc, EntityRecord, Mention } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { DbpediaOntology } from '../linking/ontology.js';
import { boilerplateOf, weightAt } from '../semantics/boilerplate.js';

/**
 * Relevance (0–1) of each span to the document, from the signals a reader
 * uses: how often the same name recurs among the mentions, how early it first
 * appears, and whether it is in the page title. Weights chosen by hand:
 * frequency 0.5, position 0.3, title 0.2. A name whose every mention is in
 * boilerplate (a licence notice, a postal address, a signature:
 * src/semantics/boilerplate.ts) has its relevance scaled by that text's weight
 * (unless the page title names it): the FSF's address in a GPL notice makes
 * Boston no subject of the page. Other names score as they would without it.
 */
export function salience(doc: Doc, spans: readonly { start: number; end: number }[], title?: string): number[] {
  const key = (s: { start: number; end: number }) => doc.tokens.slice(s.start, s.end).join(' ').toLowerCase();
  const boilerplate = boilerplateOf(doc);
  const counts = new Map<string, number>();
  const first = new Map<string, number>();
  const heaviest = new Map<string, number>();
  for (const s of spans) {
    const k = key(s);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (!first.has(k)) first.set(k, s.start);
    if (boilerplate.length > 0) heaviest.set(k, Math.max(heaviest.get(k) ?? 0, weightAt(boilerplate, doc.start16[s.start])));
  }
  const maxCount = Math.max(1, ...counts.values());
  const n = Math.max(1, doc.length);
  const lowerTitle = title?.toLowerCase();
  return spans.map((s) => {
    const k = key(s);
    const freq = (counts.get(k) ?? 1) / maxCount;
    const pos = 1 - (first.get(k) ?? 0) / n;
    const inTitle = lowerTitle && k.length > 1 && lowerTitle.includes(k) ? 1 : 0;
    const score = 0.5 * freq + 0.3 * pos + 0.2 * inTitle;
    return inTitle ? score : score * (heaviest.get(k) ?? 1);
  });
}

/**
 * Whether an entity passes a type filter: no filter, or any of its types (or
 * their ancestors — the types lists already include them) equals any listed
 * type. Comparison ignores case and a "DBpedia:"/"Freebase:" prefix.
 */
export function passesTypeFilter(types: readonly string[], filter: readonly string[]): boolean {
  if (filter.length === 0) return true;
  const plain = (t: string) => t.replace(/^(dbpedia|dbo|freebase):/i, '').toLowerCase();
  const have = new Set(types.map(plain));
  return filter.some((f) => have.has(plain(f)));
}

/** Keep the best-scoring of overlapping spans (entities.allowOverlap=false). */
export function resolveOverlaps<T extends { start: number; end: number }>(items: readonly T[], score: (t: T) => number): T[] {
  const ranked = [...items].sort((a, b) => score(b) - score(a) || b.end - b.start - (a.end - a.start));
  const kept: T[] = [];
  for (const it of ranked) if (!kept.some((k) => it.start < k.end && k.start < it.end)) kept.push(it);
  return kept.sort((a, b) => a.start - b.start);
}

/** NER score (0–1) on the spec's 0.5–10 confidence scale, linearly. */
export function confidenceFromScore(score: number): number {
  return 0.5 + 9.5 * Math.min(1, Math.max(0, score));
}

export function mentionEntities(doc: Doc, mentions: readonly Mention[], ontology: DbpediaOntology, ctx: AnnotateContext): EntityRecord[] {
  const opts = ctx.request.entities;
  let records: EntityRecord[] = mentions.map((m) => ({
    start: m.start,
    end: m.end,
    type: ontology.typesForNerLabel(m.label),
    kbTwoTypes: [],
    confidenceScore: confidenceFromScore(m.score),
    relevanceScore: 0,
    data: {},
  }));
  if (!opts.allowOverlap) records = resolveOverlaps(records, (r) => r.confidenceScore);
  const rel = salience(doc, records, ctx.request.cleanup.useMetadata ? ctx.metadata?.title : undefined);
  records.forEach((r, i) => (r.relevanceScore = rel[i]));
  return records.filter(
    (r) => passesTypeFilter(r.type, opts.filterDbpediaTypes) && passesTypeFilter(r.kbTwoTypes, opts.filterFreebaseTypes),
  );
}

export async function createMentionEntities(loader: ResourceLoader): Promise<Annotator> {
  const ontology = await DbpediaOntology.load(loader);
  return {
    run(doc, ctx) {
      // Candidates from other sources (extra-mentions.ts) are names only once a knowledge base links them.
      doc.entities = mentionEntities(doc, (doc.mentions ?? []).filter((m) => m.source === 'ner'), ontology, ctx);
    },
  };
}
