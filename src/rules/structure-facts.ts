/**
 * Rule facts over the structure layers (noun phrases, properties), served
 * with the rest of the vocabulary by src/rules/facts.ts. Positions follow
 * the spec: S a sentence position, P a word position in S.
 */
import type { Doc } from '../doc/doc.js';
import type { Cell, CellKind, FactTable } from './fact-table.js';

/** The predicates these tables add to FACT_PREDICATES. */
export const STRUCTURE_FACT_PREDICATES: ReadonlyArray<{ name: string; arity: number; layer: string }> = [
  { name: 'noun_phrase', arity: 2, layer: 'phrases' },
  { name: 'noun_phrase', arity: 4, layer: 'phrases' },
  { name: 'property', arity: 3, layer: 'properties' },
  { name: 'property', arity: 4, layer: 'properties' },
  { name: 'property_word', arity: 3, layer: 'properties' },
];

/**
 * noun_phrase(S, Text): a noun phrase of sentence S with its text (an atom);
 * noun_phrase(Id, S, FirstPos, LastPos): the phrase with response id Id
 * over words FirstPos..LastPos (inclusive) of S.
 * property(S, Focus, Property): a property of sentence S, focus and property
 * as text (their words joined by spaces); property(Id, S, FocusLast, Kind):
 * the property with response id Id, the position of the focus's last word (its head, mostly) and the
 * construction (copula, apposition, title, possessive, of, have, adjective);
 * property_word(Id, Role, P): word P of S is in the focus (Role = focus) or
 * in the property (Role = property).
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
  // (a property's positions are within its sentence already: properties.ts)
  const properties = doc.properties ?? [];
  const roles: Cell[][] = [];
  properties.forEach((p, id) => {
    for (const i of p.focus) roles.push([id, 'focus', i]);
    for (const i of p.property) roles.push([id, 'property', i]);
  });
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
    rows('property', ['int', 'atom', 'atom'], properties.map((p) => [p.sentence, doc.sentenceWords(p.sentence, p.focus), doc.sentenceWords(p.sentence, p.property)])),
    rows('property', ['int', 'int', 'int', 'atom'], properties.map((p, id) => [id, p.sentence, p.focus[p.focus.length - 1], p.kind])),
    rows('property_word', ['int', 'atom', 'int'], roles),
  ];
}
