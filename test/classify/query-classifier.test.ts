/**
 * The category query language: parsing (shapes, limits, error positions) and
 * scoring over a Doc with a tiny WordNet (synonyms, hyponyms, sense weights).
 */
import { describe, expect, it } from 'vitest';
import { Doc } from '../../src/doc/doc.js';
import type { EntityRecord } from '../../src/doc/layers.js';
import { parseQuery, MAX_QUERY_LEAVES } from '../../src/classify/query/parse.js';
import { ConceptExpander, HYPONYM_DECAY } from '../../src/classify/query/concepts.js';
import { QueryClassifier, type CategoryDefinition } from '../../src/classify/query/classifier.js';
import { definitionsFromCsv } from '../../src/classify/query/definitions.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { SynsetRelations } from '../../src/semantics/relations.js';

function parseError(query: string): string {
  try {
    parseQuery(query, 'category x');
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`'${query}' parsed`);
}

describe('query parser', () => {
  it('reads calls, nesting, both quotes, escapes and spaces', () => {
    expect(parseQuery(" and( concept('bank') , not(word(\"river bank\")), entity('Barclays'), type('Company'), topic('Finance') )", 'q')).toEqual({
      kind: 'and',
      children: [
        { kind: 'concept', value: 'bank' },
        { kind: 'not', child: { kind: 'word', value: 'river bank' } },
        { kind: 'entity', value: 'Barclays' },
        { kind: 'type', value: 'Company' },
        { kind: 'topic', value: 'Finance' },
      ],
    });
    expect(parseQuery("OR(word('it\\'s'))", 'q')).toEqual({ kind: 'word', value: "it's" });
  });

  it('reads plain text as an or() of its words as concepts', () => {
    expect(parseQuery('Banking, finance & banking', 'q')).toEqual({
      kind: 'or',
      children: [
        { kind: 'concept', value: 'Banking' },
        { kind: 'concept', value: 'finance' },
        { kind: 'concept', value: 'banking' },
      ],
    });
    // A word that is not a function name before '(' keeps the query plain text.
    expect(parseQuery('price (USD)', 'q')).toEqual({ kind: 'or', children: [{ kind: 'concept', value: 'price' }, { kind: 'concept', value: 'USD' }] });
    expect(parseError(' ,;( ')).toMatch(/category x: bad query: it has no words/);
  });

  it('says where a query is wrong', () => {
    expect(parseError("and(concept('a') concept('b'))")).toBe("category x: bad query at character 18: expected ')' to close and(, found 'c'");
    expect(parseError("or(concept('a'), wrd('b'))")).toMatch(/at character 18: unknown function 'wrd'/);
    expect(parseError("concept(bank)")).toMatch(/at character 9: expected a quoted string, found 'b'/);
    expect(parseError("concept('bank)")).toMatch(/at character 9: a string is not closed/);
    expect(parseError("concept('  ')")).toMatch(/concept\(\) needs a non-empty string/);
    expect(parseError("not(word('a'), word('b'))")).toMatch(/not\(\) takes one argument, got 2/);
    expect(parseError("word('a') x")).toMatch(/at character 11: unexpected 'x' after the end/);
    expect(parseError('and(')).toMatch(/the query ends where a call was expected/);
  });

  it('bounds size, depth and leaves, and stays linear on hostile input', () => {
    expect(parseError('x'.repeat(2001))).toMatch(/2001 characters; at most 2000/);
    expect(parseError(`${'not('.repeat(13)}word('a')${')'.repeat(13)}`)).toMatch(/nested deeper than 12/);
    expect(parseQuery(`${'not('.repeat(11)}word('a')${')'.repeat(11)}`, 'q').kind).toBe('not');
    const many = `or(${Array.from({ length: MAX_QUERY_LEAVES + 1 }, () => "word('a')").join(',')})`;
    expect(many.length).toBeLessThanOrEqual(2000);
    expect(parseError(many)).toMatch(/more than 100 leaves/);
    const t0 = performance.now();
    for (const hostile of ["concept('" + '\\'.repeat(1990), 'or(' + "word('a'),".repeat(180), "'".repeat(2000) + 'a', '-'.repeat(1999) + 'a']) {
      try {
        parseQuery(hostile, 'q');
      } catch {
        // refused is fine; slow is not
      }
    }
    expect(performance.now() - t0).toBeLessThan(200);
  });
});

// A tiny WordNet: sport.n.01 (athletics) > team_sport > football; sport.n.02 (a sportsman, rarely tagged); bank, two senses.
const SYNSETS = [
  '00000001-n\t04\tsport:0 athletics:0\t',
  '00000002-n\t04\tfootball:0 association_football:0\t',
  '00000003-n\t04\tteam_sport:0\t',
  '00000004-n\t18\tsport:1 sportsman:0\t',
  '00000005-n\t14\tbank:0 depository_financial_institution:0\t',
  '00000006-n\t17\tbank:1\t',
].join('\n');
const INDEX = ['sport\tn\t0 3\t10 1', 'athletics\tn\t0', 'football\tn\t1', 'team_sport\tn\t2', 'sportsman\tn\t3', 'bank\tn\t4 5\t20 2'].join('\n');
const RELATIONS = ['', '2', '0', '', '', ''].join('\n');
const concepts = new ConceptExpander(SynsetStore.fromText(SYNSETS, INDEX), SynsetRelations.fromText(RELATIONS));

/** A doc of space-separated tokens with the given lemmas ('=' keeps the form). */
function doc(text: string, lemmas?: string[], entities: EntityRecord[] = []): Doc {
  const spans: Array<{ start: number; end: number }> = [];
  let at = 0;
  for (const w of text.split(' ')) {
    spans.push({ start: at, end: at + w.length });
    at += w.length + 1;
  }
  const d = new Doc(text, spans, [spans.length]);
  d.lemma = (lemmas ?? text.split(' ')).map((l, i) => (l === '=' ? d.tokens[i]! : l));
  d.entities = entities;
  return d;
}

describe('concept expansion', () => {
  it('weighs the word, its synonyms, hyponyms by level, and senses by their SemCor share', () => {
    const sport = concepts.expand('Sport');
    const w1 = 10.5 / 10.5;
    expect(sport.get('sport')).toBe(1);
    expect(sport.get('athletics')).toBeCloseTo(w1);
    expect(sport.get('team sport')).toBeCloseTo(w1 * HYPONYM_DECAY);
    expect(sport.get('football')).toBeCloseTo(w1 * HYPONYM_DECAY ** 2);
    expect(sport.get('association football')).toBeCloseTo(w1 * HYPONYM_DECAY ** 2);
    expect(sport.get('sportsman')).toBeCloseTo(1.5 / 10.5);
    // An unknown word is itself, alone.
    expect([...concepts.expand('zorb')]).toEqual([['zorb', 1]]);
  });
});

describe('query classifier', () => {
  const defs: CategoryDefinition[] = [
    { categoryId: 'sport', label: 'Sport', query: "concept('sport')" },
    { categoryId: 'money', label: 'Money', query: "and(concept('bank'), not(word('river')))" },
    { categoryId: 'either', label: 'Either', query: "or(word('goal'), word('penalty'))" },
    { categoryId: 'named', label: 'football', query: '' },
  ];
  const c = new QueryClassifier('mine', defs, concepts);

  it('needs lemmas only, unless a leaf reads entities or topics', () => {
    expect(c.layers).toEqual(['lemma']);
    expect(new QueryClassifier('e', [{ categoryId: 'a', label: '', query: "or(type('Company'), topic('Sport'))" }], concepts).layers.toSorted()).toEqual(['entities', 'lemma', 'topics']);
  });

  it('scores leaves from weighted counts, and/or/not as min, noisy-or and complement', () => {
    const got = c.categorize(doc('They played football and scored a goal and a penalty', ['they', 'play', 'football', 'and', 'score', 'a', 'goal', 'and', 'a', 'penalty']), 10);
    const fromCount = (n: number) => Math.round((1 - Math.exp(-n)) * 1e4) / 1e4;
    expect(got).toEqual([
      { classifierId: 'mine', categoryId: 'either', label: 'Either', score: Math.round((1 - Math.exp(-1) ** 2) * 1e4) / 1e4 },
      // The label, as plain text, when there is no query.
      { classifierId: 'mine', categoryId: 'named', label: 'football', score: fromCount(1) },
      { classifierId: 'mine', categoryId: 'sport', label: 'Sport', score: fromCount(HYPONYM_DECAY ** 2) },
    ]);
    expect(c.categorize(doc('the bank lent money'), 10).map((x) => x.categoryId)).toEqual(['money']);
    // not() is fuzzy: a river lowers the bank's score (min(0.63, 1 - 0.63)); three rivers drop it under the floor.
    expect(c.categorize(doc('the river bank flooded'), 10)).toEqual([{ classifierId: 'mine', categoryId: 'money', label: 'Money', score: 0.3679 }]);
    expect(c.categorize(doc('river bank river river'), 10)).toEqual([]);
    // Multiword lemmas match as n-grams; maxCategories caps.
    expect(c.categorize(doc('association football and team sport'), 1).map((x) => x.categoryId)).toEqual(['sport']);
  });

  it('reads entities by id or type, any case, spaces or underscores', () => {
    const e = (entityId: string, type: string[]): EntityRecord => ({ start: 0, end: 1, entityId, type, kbTwoTypes: [], confidenceScore: 1, relevanceScore: 1, data: {} });
    const k = new QueryClassifier('e', [
      { categoryId: 'bank', label: 'Bank', query: "entity('barclays plc')" },
      { categoryId: 'firm', label: 'Firm', query: "type('company')" },
    ], concepts);
    const got = k.categorize(doc('Barclays rose', undefined, [e('Barclays_PLC', ['Organisation', 'Company'])]), 10);
    expect(got.map((x) => x.categoryId)).toEqual(['bank', 'firm']);
  });

  it('damps a broad concept by the square root of its lemmas\' weight over 20', () => {
    const broad = new Map(Array.from({ length: 80 }, (_, i) => [i === 0 ? 'goal' : `lemma${i}`, 1] as [string, number]));
    const stub = { expand: (x: string) => (x === 'broad' ? broad : new Map([[x, 1]])) } as unknown as ConceptExpander;
    const k = new QueryClassifier('b', [
      { categoryId: 'broad', label: '', query: "concept('broad')" },
      { categoryId: 'narrow', label: '', query: "concept('goal')" },
    ], stub);
    const got = k.categorize(doc('a goal'), 10);
    expect(got.map((x) => [x.categoryId, x.score])).toEqual([
      ['narrow', Math.round((1 - Math.exp(-1)) * 1e4) / 1e4],
      ['broad', Math.round((1 - Math.exp(-1 / 2)) * 1e4) / 1e4],
    ]);
  });

  it('normalises scores by length: one mention in a long text says less', () => {
    const one = new QueryClassifier('w', [{ categoryId: 'g', label: 'g', query: "word('goal')" }], concepts);
    const short = one.categorize(doc('a goal'), 1)[0]!.score;
    const long = one.categorize(doc(`a goal ${'word '.repeat(398)}end`), 1)[0]!.score;
    expect(short).toBeGreaterThan(long);
    expect(long).toBeCloseTo(1 - Math.exp(-1 / 4), 3);
  });
});

describe('CSV definitions', () => {
  it('reads rows, a header in any order, quoted fields and unquoted commas in the last column', () => {
    expect(definitionsFromCsv("1,Banking,or(concept('bank'),concept('finance'))\r\n\n2,\"Politics, home\",\"concept('politics')\"\n", 'c')).toEqual([
      { categoryId: '1', label: 'Banking', query: "or(concept('bank'),concept('finance'))" },
      { categoryId: '2', label: 'Politics, home', query: "concept('politics')" },
    ]);
    expect(definitionsFromCsv('label,categoryId\nSport,s\n', 'c')).toEqual([{ categoryId: 's', label: 'Sport', query: '' }]);
    expect(() => definitionsFromCsv('query,categoryId,label\na,b,c,d\n', 'c')).toThrow(/CSV line 2 has 4 columns/);
    expect(() => definitionsFromCsv('1,A,"open\n', 'c')).toThrow(/CSV line 1: a quoted field is not closed/);
  });
});
