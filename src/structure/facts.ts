/**
 * Rule facts over the structure layers (noun phrases, properties), served
 * with the rest of the vocabulary by src/rules/facts.ts. Positions follow
 * the spec: S a sentence position, P a word position in S.
 */
import type { Doc } from '../doc/doc.js';
import type { Cell, CellKind, FactTable } from '../rules/facts.js';

/** The predicates these tables add to FACT_PREDICATES. */
export const STRUCTURE_FACT_PREDICATES: ReadonlyArray<{ name: string; arity: number; layer: string }> = [
  { name: 'noun_phrase', arity: 2, layer: 'phrases' },
  { name: 'noun_phrase', arity: 4, layer: 'phrases' },
];

/**
 * noun_phrase(S, Text): a noun phrase of sentence S with its text (an atom);
 * noun_phrase(Id, S, FirstPos, LastPos): the phrase with response id Id
 * over words FirstPos..LastPos (inclusive) of S.
 */
export function structureFactTables(doc: Doc): FactTable[] {
  const phrases = doc.nounPhrases ?? [];
  const rows = (name: string, kinds: CellKind[], values: Cell[][]): FactTable => ({
    name,
    kinds,
    size: values.length,
    cell: (r, c) => values[r][c],
  });
  const sentence = (i: number): number => doc.sentOf[i];
  return [
    rows(
      'noun_phrase',
      ['int', 'atom'],
      phrases.map((p) => [sentence(p.start), doc.text.slice(doc.start16[p.start], doc.end16[p.end - 1])]),
    ),
    rows(
      'noun_phrase',
      ['int', 'int', 'int', 'int'],
      phrases.map((p, id) => [id, sentence(p.start), doc.positionInSentence(p.start), doc.positionInSentence(p.end - 1)]),
    ),
  ];
}
