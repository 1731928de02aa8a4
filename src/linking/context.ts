/**
 * Entity context: the content words of the training documents an entity is
 * linked in, weighted by idf (a word that occurs in every document says
 * nothing). At run time, a candidate's context similarity is the share of
 * its context weight whose words occur in the document.
 */
import type { AidaDocument } from './aida.js';
import { contentWords } from './stopwords.js';

const MAX_CONTEXT_WORDS = 25;

export interface EntityContexts {
  /** Title → word → number of documents where the word co-occurs with the entity. */
  byTitle: Map<string, Map<string, number>>;
  /** Word → idf over the documents. */
  idf: Map<string, number>;
  /** The top weighted words of one entity (count·idf, a word must co-occur twice unless it is rare). */
  weights(words: Map<string, number>): Record<string, number>;
}

export function entityContexts(docs: readonly AidaDocument[]): EntityContexts {
  const df = new Map<string, number>();
  const byTitle = new Map<string, Map<string, number>>();
  for (const d of docs) {
    const words = new Set(contentWords(d.tokens));
    for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
    const titles = new Set(d.mentions.map((m) => m.title).filter((t): t is string => !!t));
    for (const t of titles) {
      let c = byTitle.get(t);
      if (!c) byTitle.set(t, (c = new Map()));
      for (const w of words) c.set(w, (c.get(w) ?? 0) + 1);
    }
  }
  const idf = new Map<string, number>();
  for (const [w, n] of df) idf.set(w, Math.log(docs.length / n));
  return {
    byTitle,
    idf,
    weights(words) {
      return topWeights(words, idf);
    },
  };
}

export function topWeights(words: Map<string, number>, idf: Map<string, number>): Record<string, number> {
  const scored: [string, number][] = [];
  for (const [w, c] of words) {
    if (c <= 0) continue;
    const s = c * (idf.get(w) ?? 0);
    if (s > 0) scored.push([w, s]);
  }
  scored.sort((a, b) => b[1] - a[1]);
  const out: Record<string, number> = {};
  for (const [w, s] of scored.slice(0, MAX_CONTEXT_WORDS)) out[w] = Math.max(1, Math.round(s));
  return out;
}

/** Share (0–1) of a context's weight whose words are in the document. */
export function contextSimilarity(docWords: ReadonlySet<string>, context: Readonly<Record<string, number>>): number {
  let total = 0;
  let hit = 0;
  for (const w in context) {
    const v = context[w];
    total += v;
    if (docWords.has(w)) hit += v;
  }
  return total > 0 ? hit / total : 0;
}
