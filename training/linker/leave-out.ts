/**
 * Leave-one-document-out KB statistics for AIDA train documents. The shipped
 * KB's priors, anchor counts and entity contexts were computed from the same
 * train documents, so a train document featurized as is would show the
 * model priors and contexts inflated by its own links. These overrides
 * (FeatureOverrides, src/linking/features.ts) subtract the document's own
 * contribution: the prior drops the document's (alias, entity) counts, the
 * count likewise, and the context of an entity linked in the document is
 * recomputed without the document's words.
 */
import type { AidaDocument } from '../../src/linking/aida.js';
import type { Candidate, KbEntity, KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { normalizeAlias } from '../../src/linking/normalize.js';
import { topWeights, type EntityContexts } from '../../src/linking/context.js';
import { contentWords } from '../../src/linking/stopwords.js';
import type { FeatureOverrides } from '../../src/linking/features.js';

export function leaveDocumentOut(kb: KnowledgeBase, ctx: EntityContexts, doc: AidaDocument): FeatureOverrides {
  const docCounts = new Map<string, Map<string, number>>();
  for (const m of doc.mentions) {
    if (!m.title) continue;
    const k = normalizeAlias(m.text);
    const c = docCounts.get(k) ?? new Map<string, number>();
    c.set(m.title, (c.get(m.title) ?? 0) + 1);
    docCounts.set(k, c);
  }
  const docWords = new Set(contentWords(doc.tokens));
  const docTitles = new Set(doc.mentions.map((m) => m.title));
  const prior = (key: string, c: Candidate, all: readonly Candidate[]) => {
    const own = docCounts.get(key);
    if (!own) return c.prior;
    const total = all.reduce((s, x) => s + x.count, 0);
    const pop = (c.prior * (total + 0.5) - c.count) / 0.5;
    const e = kb.entity(c.entity);
    const mine = e?.title ? (own.get(e.title) ?? 0) : 0;
    const ownTotal = [...own.values()].reduce((a, b) => a + b, 0);
    return Math.max(0, c.count - mine + 0.5 * pop) / Math.max(0.5, total - ownTotal + 0.5);
  };
  const count = (key: string, c: Candidate) => {
    const own = docCounts.get(key);
    const e = own ? kb.entity(c.entity) : undefined;
    return Math.max(0, c.count - (e?.title ? (own?.get(e.title) ?? 0) : 0));
  };
  const context = (e: KbEntity) => {
    if (!e.title || !docTitles.has(e.title)) return e.context;
    const counts = new Map(ctx.byTitle.get(e.title) ?? []);
    for (const w of docWords) if (counts.has(w)) counts.set(w, (counts.get(w) as number) - 1);
    return topWeights(counts, ctx.idf);
  };
  return { prior, count, context };
}
