/**
 * Hand-built Docs for the rules tests: no models, every layer written here.
 */
import { Doc, type EntityRecord, type TokenSpan } from '../../src/doc/doc.js';

/** Tokens: runs of letters/digits, or any single other non-space character (an emoji is one). */
export function tokenize(text: string): TokenSpan[] {
  const tokens: TokenSpan[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+|\S/gu)) tokens.push({ start: m.index, end: m.index + m[0].length });
  return tokens;
}

/** A Doc whose sentences end after each token that is '.', '!' or '?'. */
export function plainDoc(text: string): Doc {
  const tokens = tokenize(text);
  const ends: number[] = [];
  tokens.forEach((t, i) => {
    if (/^[.!?]$/.test(text.slice(t.start, t.end))) ends.push(i + 1);
  });
  return new Doc(text, tokens, ends);
}

/**
 * "Apple bought Beats in 2014. Tim Cook 😀 smiled." with tags, lemmas, a
 * dependency tree per sentence and two entities, all by hand.
 */
export function annotatedDoc(): Doc {
  const doc = plainDoc('Apple bought Beats in 2014. Tim Cook 😀 smiled.');
  // 0 Apple 1 bought 2 Beats 3 in 4 2014 5 . | 6 Tim 7 Cook 8 😀 9 smiled 10 .
  doc.xpos = ['NNP', 'VBD', 'NNP', 'IN', 'CD', '.', 'NNP', 'NNP', 'NFP', 'VBD', '.'];
  doc.upos = ['PROPN', 'VERB', 'PROPN', 'ADP', 'NUM', 'PUNCT', 'PROPN', 'PROPN', 'SYM', 'VERB', 'PUNCT'];
  doc.lemma = ['Apple', 'buy', 'Beats', 'in', '2014', '.', 'Tim', 'Cook', '😀', 'smile', '.'];
  doc.head = Int32Array.from([1, -1, 1, 4, 1, 1, 7, 9, 9, -1, 9]);
  doc.deprel = ['nsubj', 'root', 'obj', 'case', 'obl', 'punct', 'compound', 'nsubj', 'discourse', 'root', 'punct'];
  const entity = (start: number, end: number, fields: Partial<EntityRecord>): EntityRecord => ({
    start,
    end,
    type: [],
    kbTwoTypes: [],
    confidenceScore: 1,
    relevanceScore: 0,
    data: {},
    ...fields,
  });
  doc.entities = [
    entity(0, 1, {
      entityId: 'Apple Inc.',
      wikidataId: 'Q312',
      type: ['Company', 'Organisation'],
      kbTwoTypes: ['/business/company'],
      confidenceScore: 6.5,
      relevanceScore: 0.75,
    }),
    entity(6, 8, { entityId: 'Tim Cook', wikidataId: 'Q265852', type: ['Person'], confidenceScore: 4, relevanceScore: 0.5 }),
    entity(2, 3, { type: ['Company'] }),
  ];
  return doc;
}
