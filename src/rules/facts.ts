/**
 * The fact vocabulary a rules program queries, as tables over the Doc's
 * layers. Nothing is copied or turned into Prolog text: each table reads the
 * Doc's parallel arrays on demand, and ./fact-predicates.ts serves it to
 * tau-prolog as a built-in predicate. A table whose layer is absent has no
 * rows, so a rule that asks for it fails instead of raising an error.
 *
 * Positions follow the spec: S is the sentence's position in the document,
 * P a word's position in its sentence, both from 0; offsets are Unicode code
 * points of the analyzed text. See README.md for the vocabulary.
 */
import type { Doc } from '../doc/doc.js';
import { STRUCTURE_FACT_PREDICATES, structureFactTables } from './structure-facts.js';
import { RELATION_PREDICATES, relationTables } from './relation-facts.js';
import { topicTables } from './topic-facts.js';
import type { Cell, CellKind, FactTable } from './fact-table.js';


/** Names and arities of every fact predicate, present whether or not its layer is. */
export const FACT_PREDICATES: ReadonlyArray<{ name: string; arity: number; layer: string }> = [
  { name: 'sentence', arity: 1, layer: 'tokens' },
  { name: 'word', arity: 3, layer: 'tokens' },
  { name: 'offset', arity: 4, layer: 'tokens' },
  { name: 'word', arity: 5, layer: 'lemma and xpos' },
  { name: 'lemma', arity: 3, layer: 'lemma' },
  { name: 'stem', arity: 3, layer: 'stem' },
  { name: 'pos', arity: 3, layer: 'xpos' },
  { name: 'upos', arity: 3, layer: 'upos' },
  { name: 'dependency', arity: 4, layer: 'head and deprel' },
  { name: 'root', arity: 2, layer: 'head and deprel' },
  { name: 'entity', arity: 5, layer: 'entities' },
  { name: 'entity_id', arity: 2, layer: 'entities' },
  { name: 'entity_english_id', arity: 2, layer: 'entities' },
  { name: 'entity_wikidata', arity: 2, layer: 'entities' },
  { name: 'entity_type', arity: 2, layer: 'entities' },
  { name: 'entity_kb_two_type', arity: 2, layer: 'entities' },
  { name: 'entity_score', arity: 3, layer: 'entities' },
  { name: 'entity_custom_id', arity: 2, layer: 'entities' },
  ...STRUCTURE_FACT_PREDICATES,
  ...RELATION_PREDICATES,
  { name: 'topic', arity: 2, layer: 'topics' },
  { name: 'topic_score', arity: 2, layer: 'topics' },
  { name: 'coarse_topic', arity: 2, layer: 'topics' },
  { name: 'category', arity: 3, layer: 'classifiers' },
  { name: 'sense', arity: 3, layer: 'senses' },
  { name: 'sense', arity: 4, layer: 'senses' },
];

/** Build every table of the vocabulary over `doc`; absent layers give empty tables. */
export function factTables(doc: Doc): FactTable[] {
  const n = doc.length;
  const tables: FactTable[] = [];
  const words = (name: string, kinds: CellKind[], size: number, extra: (i: number, c: number) => Cell): void => {
    tables.push(wordTable(doc, name, kinds, size, extra));
  };
  const none = (): Cell => 0;

  tables.push({
    name: 'sentence',
    kinds: ['int'],
    size: doc.sentenceCount,
    cell: (row) => row,
    narrow: ([s]) => (typeof s === 'number' ? (s >= 0 && s < doc.sentenceCount ? [s] : []) : undefined),
  });
  words('word', ['int', 'int', 'atom'], n, (i) => doc.tokens[i]);
  words('offset', ['int', 'int', 'int', 'int'], n, (i, c) => (c === 2 ? doc.start[i] : doc.end[i]));

  const { lemma, xpos, upos, stem, head, deprel } = doc;
  words('word', ['int', 'int', 'atom', 'atom', 'atom'], lemma && xpos ? n : 0, (i, c) =>
    c === 2 ? doc.tokens[i] : c === 3 ? lemma![i] : xpos![i],
  );
  words('lemma', ['int', 'int', 'atom'], lemma ? n : 0, lemma ? (i) => lemma[i] : none);
  words('stem', ['int', 'int', 'atom'], stem ? n : 0, stem ? (i) => stem[i] : none);
  words('pos', ['int', 'int', 'atom'], xpos ? n : 0, xpos ? (i) => xpos[i] : none);
  words('upos', ['int', 'int', 'atom'], upos ? n : 0, upos ? (i) => upos[i] : none);

  // dependency(S, Child, Parent, Relation) for every word whose head is in
  // its sentence; root(S, P) for the words without a head.
  const dependents: number[] = [];
  const roots: number[] = [];
  if (head && deprel) {
    for (let i = 0; i < n; i++) {
      const h = head[i];
      if (h < 0) roots.push(i);
      else if (h < n && doc.sentOf[h] === doc.sentOf[i]) dependents.push(i);
    }
  }
  tables.push(
    rowsTable(doc, 'dependency', ['int', 'int', 'int', 'atom'], dependents, (i, c) =>
      c === 2 ? doc.positionInSentence(head![i]) : deprel![i],
    ),
  );
  tables.push(rowsTable(doc, 'root', ['int', 'int'], roots, () => 0));

  tables.push(...entityTables(doc));
  tables.push(...structureFactTables(doc));
  tables.push(...relationTables(doc));
  tables.push(...topicTables(doc));
  tables.push(...senseTables(doc));
  return tables;
}

/** A table with one row per token of the doc: (S, P, ...extra columns). */
function wordTable(
  doc: Doc,
  name: string,
  kinds: CellKind[],
  size: number,
  extra: (token: number, column: number) => Cell,
): FactTable {
  return {
    name,
    kinds,
    size,
    cell: (i, c) => (c === 0 ? doc.sentOf[i] : c === 1 ? doc.positionInSentence(i) : extra(i, c)),
    narrow: size === 0 ? () => [] : (bound) => tokensOf(doc, bound[0], bound[1]),
  };
}

/** A table over a subset of the tokens (given in doc order): (S, P, ...extra columns). */
function rowsTable(
  doc: Doc,
  name: string,
  kinds: CellKind[],
  tokens: number[],
  extra: (token: number, column: number) => Cell,
): FactTable {
  // rowOf[token] = row, for narrowing by sentence and position.
  let rowOf: Map<number, number> | undefined;
  return {
    name,
    kinds,
    size: tokens.length,
    cell: (r, c) => {
      const i = tokens[r];
      return c === 0 ? doc.sentOf[i] : c === 1 ? doc.positionInSentence(i) : extra(i, c);
    },
    narrow: (bound) => {
      const candidates = tokensOf(doc, bound[0], bound[1]);
      if (candidates === undefined) return undefined;
      if (!rowOf) rowOf = new Map(tokens.map((t, r) => [t, r]));
      const rows: number[] = [];
      for (const t of candidates) {
        const r = rowOf.get(t);
        if (r !== undefined) rows.push(r);
      }
      return rows;
    },
  };
}

/** Tokens of sentence S (at position P when bound); undefined when S is not bound. */
function tokensOf(doc: Doc, s: Cell | undefined, p: Cell | undefined): Iterable<number> | undefined {
  if (typeof s !== 'number') return undefined;
  if (!Number.isInteger(s) || s < 0 || s >= doc.sentenceCount) return [];
  const first = doc.sentStart[s];
  const end = doc.sentEnd[s];
  if (typeof p === 'number') {
    const i = first + p;
    return Number.isInteger(p) && p >= 0 && i < end ? [i] : [];
  }
  return range(first, end);
}

function range(from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = i;
  return out;
}

/**
 * entity(Id, S, FirstPos, LastPos, Text) and the per-entity attributes. Id is
 * the entity's index in doc.entities, the `id` the response gives it.
 */
function entityTables(doc: Doc): FactTable[] {
  const entities = doc.entities ?? [];
  const byId = (name: string, kinds: CellKind[], ids: number[], values: Cell[][]): FactTable => ({
    name,
    kinds,
    size: ids.length,
    cell: (r, c) => (c === 0 ? ids[r] : values[r][c - 1]),
  });
  const attribute = (name: string, pick: (e: (typeof entities)[number]) => string[]): FactTable => {
    const ids: number[] = [];
    const values: Cell[][] = [];
    entities.forEach((e, id) => {
      for (const v of pick(e)) {
        ids.push(id);
        values.push([v]);
      }
    });
    return byId(name, ['int', 'atom'], ids, values);
  };
  const optional = (v: string | undefined): string[] => (v === undefined || v === '' ? [] : [v]);

  const spans: Cell[][] = entities.map((e) => {
    const s = doc.sentOf[e.start];
    const last = Math.max(e.start, e.end - 1);
    return [s, doc.positionInSentence(e.start), doc.positionInSentence(last), doc.text.slice(doc.start16[e.start], doc.end16[last])];
  });
  const ids = entities.map((_, id) => id);
  return [
    byId('entity', ['int', 'int', 'int', 'int', 'atom'], ids, spans),
    attribute('entity_id', (e) => optional(e.entityId)),
    attribute('entity_english_id', (e) => optional(e.entityEnglishId)),
    attribute('entity_wikidata', (e) => optional(e.wikidataId)),
    attribute('entity_type', (e) => e.type),
    attribute('entity_kb_two_type', (e) => e.kbTwoTypes),
    byId('entity_score', ['int', 'float', 'float'], ids, entities.map((e) => [e.confidenceScore, e.relevanceScore])),
    attribute('entity_custom_id', (e) => optional(e.customEntityId)),
  ];
}

/**
 * sense(S, P, Synset): the word's most probable WordNet sense;
 * sense(S, P, Synset, Score): every candidate sense with its probability.
 */
function senseTables(doc: Doc): FactTable[] {
  const senses = doc.senses ?? [];
  const best: number[] = [];
  const tokens: number[] = [];
  const ranks: number[] = [];
  senses.forEach((list, i) => {
    if (!list || list.length === 0) return;
    best.push(i);
    list.forEach((_, k) => {
      tokens.push(i);
      ranks.push(k);
    });
  });
  let rowsOfToken: Map<number, number[]> | undefined;
  const all: FactTable = {
    name: 'sense',
    kinds: ['int', 'int', 'atom', 'float'],
    size: tokens.length,
    cell: (r, c) => {
      const i = tokens[r];
      if (c === 0) return doc.sentOf[i];
      if (c === 1) return doc.positionInSentence(i);
      const sense = senses[i]![ranks[r]];
      return c === 2 ? sense.synset : sense.score;
    },
    narrow: (bound) => {
      const candidates = tokensOf(doc, bound[0], bound[1]);
      if (candidates === undefined) return undefined;
      if (!rowsOfToken) {
        rowsOfToken = new Map();
        tokens.forEach((t, r) => {
          const rows = rowsOfToken!.get(t);
          if (rows) rows.push(r);
          else rowsOfToken!.set(t, [r]);
        });
      }
      const rows: number[] = [];
      for (const t of candidates) rows.push(...(rowsOfToken.get(t) ?? []));
      return rows;
    },
  };
  return [rowsTable(doc, 'sense', ['int', 'int', 'atom'], best, (i) => senses[i]![0].synset), all];
}
