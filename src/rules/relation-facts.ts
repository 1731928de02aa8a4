/**
 * Rules facts over the relations layer (see README.md):
 *   relation(Id, S, Head, Confidence)      a relation; Id is its `id` in the response, Head the predicate's head word
 *   relation_word(Id, P)                    a word of its predicate
 *   relation_param(Id, K, Role, Head)       its K-th param (from 0): role 'SUBJECT' | 'OBJECT' | 'OTHER' and head word
 *   relation_param_word(Id, K, P)           a word of that param
 * Positions are within the relation's sentence S.
 */
import type { Doc } from '../doc/doc.js';
import type { Cell, CellKind, FactTable } from './fact-table.js';

export const RELATION_PREDICATES: ReadonlyArray<{ name: string; arity: number; layer: string }> = [
  { name: 'relation', arity: 4, layer: 'relations' },
  { name: 'relation_word', arity: 2, layer: 'relations' },
  { name: 'relation_param', arity: 4, layer: 'relations' },
  { name: 'relation_param_word', arity: 3, layer: 'relations' },
];

export function relationTables(doc: Doc): FactTable[] {
  const relations = doc.relations ?? [];
  const rows = { relation: [] as Cell[][], word: [] as Cell[][], param: [] as Cell[][], paramWord: [] as Cell[][] };
  // (the records' positions are within their sentence already: src/structure/relation-layer.ts)
  relations.forEach((r, id) => {
    rows.relation.push([id, r.sentence, r.head, r.confidence]);
    for (const w of r.predicate) rows.word.push([id, w]);
    r.args.forEach((a, k) => {
      rows.param.push([id, k, a.role, a.head]);
      for (const w of a.words) rows.paramWord.push([id, k, w]);
    });
  });
  const table = (name: string, kinds: CellKind[], values: Cell[][]): FactTable => ({
    name,
    kinds,
    size: values.length,
    cell: (r, c) => values[r][c],
  });
  return [
    table('relation', ['int', 'int', 'int', 'float'], rows.relation),
    table('relation_word', ['int', 'int'], rows.word),
    table('relation_param', ['int', 'int', 'atom', 'int'], rows.param),
    table('relation_param_word', ['int', 'int', 'int'], rows.paramWord),
  ];
}
