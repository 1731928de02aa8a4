/**
 * Topic and category facts for the caller's rules (see README.md):
 *   topic(Id, Label)            every topic (IPTC concept id or entity id) with its label
 *   topic_score(Id, Score)      its score, a float in 0..1
 *   coarse_topic(Id, Label)     the top-level IPTC concepts (coarseTopics)
 *   category(Classifier, Category, Score)   the categories of the requested classifiers
 * Present when the request asked for topics (or classifiers); otherwise empty.
 */
import type { Doc } from '../doc/doc.js';
import type { Cell, CellKind, FactTable } from './fact-table.js';

function table(name: string, kinds: CellKind[], rows: Cell[][]): FactTable {
  return { name, kinds, size: rows.length, cell: (r, c) => rows[r][c] };
}

export function topicTables(doc: Doc): FactTable[] {
  const topics = doc.topics ?? [];
  return [
    table('topic', ['atom', 'atom'], topics.map((t) => [t.id, t.label])),
    table('topic_score', ['atom', 'float'], topics.map((t) => [t.id, t.score])),
    table('coarse_topic', ['atom', 'atom'], (doc.coarseTopics ?? []).map((t) => [t.id, t.label])),
    table('category', ['atom', 'atom', 'float'], (doc.categories ?? []).map((c) => [c.classifierId, c.categoryId, c.score])),
  ];
}
