import { describe, expect, it } from 'vitest';
import { baseNounPhrases, nounPhrasesOfDoc } from '../../src/structure/noun-phrases.js';
import { Doc } from '../../src/doc/doc.js';
import { texts, tree, type Row } from './tree-helpers.js';

const phrases = (rows: Row[]): string[] => {
  const t = tree(rows);
  return texts(t, baseNounPhrases(t, 0, rows.length));
};

describe('baseNounPhrases: the CoNLL-2000 base NP read off a UD tree', () => {
  it('takes a head noun with its determiner, adjectives and compound nouns, and nothing after the head', () => {
    expect(
      phrases([
        ['the', 'DET', 'DT', 4, 'det'],
        ['current', 'ADJ', 'JJ', 4, 'amod'],
        ['account', 'NOUN', 'NN', 4, 'compound'],
        ['deficit', 'NOUN', 'NN', 5, 'nsubj'],
        ['widened', 'VERB', 'VBD', 0, 'root'],
        ['in', 'ADP', 'IN', 7, 'case'],
        ['August', 'PROPN', 'NNP', 5, 'obl'],
      ]),
    ).toEqual(['the current account deficit', 'August']);
  });

  it("splits a possessor from the possessed phrase at 's, but keeps a possessive pronoun", () => {
    expect(
      phrases([
        ['Nigel', 'PROPN', 'NNP', 5, 'nmod:poss'],
        ['Lawson', 'PROPN', 'NNP', 1, 'flat'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['restated', 'VERB', 'VBN', 5, 'amod'],
        ['commitment', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['Nigel Lawson', "'s restated commitment"]);
    expect(
      phrases([
        ['his', 'PRON', 'PRP$', 2, 'nmod:poss'],
        ['company', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['his company']);
  });

  it('keeps adverbs of pre-modifiers and quantities: "a very large company", "only $ 1.8 billion"', () => {
    expect(
      phrases([
        ['a', 'DET', 'DT', 4, 'det'],
        ['very', 'ADV', 'RB', 3, 'advmod'],
        ['large', 'ADJ', 'JJ', 4, 'amod'],
        ['company', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['a very large company']);
    expect(
      phrases([
        ['fell', 'VERB', 'VBD', 0, 'root'],
        ['to', 'ADP', 'IN', 4, 'case'],
        ['only', 'ADV', 'RB', 4, 'advmod'],
        ['$', 'SYM', '$', 1, 'obl'],
        ['1.8', 'NUM', 'CD', 6, 'compound'],
        ['billion', 'NUM', 'CD', 4, 'nummod'],
      ]),
    ).toEqual(['only $ 1.8 billion']);
  });

  it('makes numbers and nouns used as adverbs phrases of their own: "30 %", "yesterday", "in 1989"', () => {
    expect(
      phrases([
        ['Sales', 'NOUN', 'NNS', 2, 'nsubj'],
        ['rose', 'VERB', 'VBD', 0, 'root'],
        ['30', 'NUM', 'CD', 4, 'nummod'],
        ['%', 'SYM', 'NN', 2, 'obj'],
        ['yesterday', 'NOUN', 'NN', 2, 'obl:unmarked'],
        ['in', 'ADP', 'IN', 7, 'case'],
        ['1989', 'NUM', 'CD', 2, 'obl'],
      ]),
    ).toEqual(['Sales', '30 %', 'yesterday', '1989']);
  });

  it('keeps an apposition after a comma as its own phrase, and a name right after its title noun in one', () => {
    expect(
      phrases([
        ['Tim', 'PROPN', 'NNP', 0, 'root'],
        ['Cook', 'PROPN', 'NNP', 1, 'flat'],
        [',', 'PUNCT', ',', 6, 'punct'],
        ['the', 'DET', 'DT', 6, 'det'],
        ['chief', 'ADJ', 'JJ', 6, 'amod'],
        ['executive', 'NOUN', 'NN', 1, 'appos'],
      ]),
    ).toEqual(['Tim Cook', 'the chief executive']);
    expect(
      phrases([
        ['dictator', 'NOUN', 'NN', 0, 'root'],
        ['Manuel', 'PROPN', 'NNP', 1, 'appos'],
        ['Noriega', 'PROPN', 'NNP', 2, 'flat'],
      ]),
    ).toEqual(['dictator Manuel Noriega']);
  });

  it('joins a flat coordination of bare nouns or names, and splits conjuncts that have determiners of their own', () => {
    expect(
      phrases([
        ['stocks', 'NOUN', 'NNS', 0, 'root'],
        ['and', 'CCONJ', 'CC', 3, 'cc'],
        ['bonds', 'NOUN', 'NNS', 1, 'conj'],
      ]),
    ).toEqual(['stocks and bonds']);
    expect(
      phrases([
        ['Stockholm', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 3, 'punct'],
        ['Brussels', 'PROPN', 'NNP', 1, 'conj'],
        ['and', 'CCONJ', 'CC', 5, 'cc'],
        ['Milan', 'PROPN', 'NNP', 1, 'conj'],
      ]),
    ).toEqual(['Stockholm , Brussels and Milan']);
    expect(
      phrases([
        ['the', 'DET', 'DT', 2, 'det'],
        ['bank', 'NOUN', 'NN', 0, 'root'],
        ['and', 'CCONJ', 'CC', 5, 'cc'],
        ['the', 'DET', 'DT', 5, 'det'],
        ['thrift', 'NOUN', 'NN', 2, 'conj'],
      ]),
    ).toEqual(['the bank', 'the thrift']);
    // A list with no conjunction ("Columbia, Md.") stays two phrases.
    expect(
      phrases([
        ['Columbia', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 3, 'punct'],
        ['Md.', 'PROPN', 'NNP', 1, 'conj'],
      ]),
    ).toEqual(['Columbia', 'Md.']);
  });

  it('keeps "at least" and "about" with their number, and the year of a date with its day', () => {
    expect(
      phrases([
        ['at', 'ADP', 'IN', 2, 'case'],
        ['least', 'ADJ', 'JJS', 3, 'nmod'],
        ['two', 'NUM', 'CD', 4, 'nummod'],
        ['rivals', 'NOUN', 'NNS', 0, 'root'],
      ]),
    ).toEqual(['at least two rivals']);
    expect(
      phrases([
        ['On', 'ADP', 'IN', 3, 'case'],
        ['Oct.', 'PROPN', 'NNP', 3, 'nmod:unmarked'],
        ['19', 'NUM', 'CD', 0, 'root'],
        [',', 'PUNCT', ',', 3, 'punct'],
        ['1987', 'NUM', 'CD', 3, 'nmod:unmarked'],
      ]),
    ).toEqual(['Oct. 19 , 1987']);
  });

  it("gives the 's of a multi-word possessor name to the possessed phrase", () => {
    expect(
      phrases([
        ['Sir', 'PROPN', 'NNP', 6, 'nmod:poss'],
        ['James', 'PROPN', 'NNP', 1, 'flat'],
        ['Goldsmith', 'PROPN', 'NNP', 2, 'flat'],
        ["'s", 'PART', 'POS', 3, 'case'],
        ['big', 'ADJ', 'JJ', 6, 'amod'],
        ['bid', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['Sir James Goldsmith', "'s big bid"]);
  });

  it('joins coordinated adjectives before one noun: "a dramatic and broad-based upturn"', () => {
    expect(
      phrases([
        ['a', 'DET', 'DT', 5, 'det'],
        ['dramatic', 'ADJ', 'JJ', 5, 'amod'],
        ['and', 'CCONJ', 'CC', 4, 'cc'],
        ['broad-based', 'ADJ', 'JJ', 2, 'conj'],
        ['upturn', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['a dramatic and broad-based upturn']);
  });

  it('makes pronouns, "there" and standalone determiners phrases; verbs and adverbs are not', () => {
    expect(
      phrases([
        ['He', 'PRON', 'PRP', 2, 'nsubj'],
        ['sold', 'VERB', 'VBD', 0, 'root'],
        ['all', 'DET', 'DT', 2, 'obj'],
        ['quickly', 'ADV', 'RB', 2, 'advmod'],
      ]),
    ).toEqual(['He', 'all']);
  });

  it('gives nothing for an empty range and one phrase for a one-word sentence', () => {
    const t = tree([['Dogs', 'NOUN', 'NNS', 0, 'root']]);
    expect(baseNounPhrases(t, 0, 0)).toEqual([]);
    expect(baseNounPhrases(t, 0, 1)).toEqual([{ start: 0, end: 1, head: 0 }]);
  });

  it('keeps phrases contiguous in a non-projective tree (a word inside the span that belongs elsewhere cuts it)', () => {
    // "a hearing is scheduled on the issue today": "on the issue" depends on "hearing" across "is scheduled".
    const t = tree([
      ['a', 'DET', 'DT', 2, 'det'],
      ['hearing', 'NOUN', 'NN', 4, 'nsubj:pass'],
      ['is', 'AUX', 'VBZ', 4, 'aux:pass'],
      ['scheduled', 'VERB', 'VBN', 0, 'root'],
      ['on', 'ADP', 'IN', 7, 'case'],
      ['the', 'DET', 'DT', 7, 'det'],
      ['issue', 'NOUN', 'NN', 2, 'nmod'],
      ['today', 'NOUN', 'NN', 4, 'obl:unmarked'],
    ]);
    expect(texts(t, baseNounPhrases(t, 0, 8))).toEqual(['a hearing', 'the issue', 'today']);
    // An adjective whose noun is on the other side of a verb is cut off, not glued across it.
    const crossed = tree([
      ['big', 'ADJ', 'JJ', 4, 'amod'],
      ['is', 'AUX', 'VBZ', 3, 'cop'],
      ['it', 'PRON', 'PRP', 0, 'root'],
      ['dog', 'NOUN', 'NN', 3, 'nsubj'],
    ]);
    expect(texts(crossed, baseNounPhrases(crossed, 0, 4))).toEqual(['it', 'dog']);
  });

  it('survives a malformed tree with a cycle', () => {
    const t = tree([
      ['the', 'DET', 'DT', 2, 'det'],
      ['dog', 'NOUN', 'NN', 1, 'compound'],
    ]);
    expect(() => baseNounPhrases(t, 0, 2)).not.toThrow();
  });

  it('walks a very long sentence in linear time', () => {
    // 40,000 words: "the big dog" x N, each noun the object of a verb chain.
    const rows: Row[] = [];
    for (let k = 0; k < 10_000; k++) {
      const b = rows.length;
      rows.push(['saw', 'VERB', 'VBD', k === 0 ? 0 : b - 3, k === 0 ? 'root' : 'conj']);
      rows.push(['the', 'DET', 'DT', b + 4, 'det']);
      rows.push(['big', 'ADJ', 'JJ', b + 4, 'amod']);
      rows.push(['dog', 'NOUN', 'NN', b + 1, 'obj']);
    }
    const t = tree(rows);
    const t0 = performance.now();
    const out = baseNounPhrases(t, 0, rows.length);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(out).toHaveLength(10_000);
    expect(texts(t, out.slice(-1))).toEqual(['the big dog']);
  });

  it('stays linear when a sentence is many adjectives (each asks whether it stands as a noun)', () => {
    const rows: Row[] = Array.from({ length: 20_000 }, (_, k): Row => ['good', 'ADJ', 'JJ', k === 0 ? 0 : 1, k === 0 ? 'root' : 'conj']);
    const t = tree(rows);
    const t0 = performance.now();
    expect(baseNounPhrases(t, 0, rows.length)).toEqual([]);
    expect(performance.now() - t0).toBeLessThan(300);
  });
});

describe('nounPhrasesOfDoc', () => {
  it('walks each sentence on its own and gives nothing without a parse', () => {
    const doc = new Doc('Dogs bark. Cats sleep.', [
      { start: 0, end: 4 },
      { start: 5, end: 9 },
      { start: 9, end: 10 },
      { start: 11, end: 15 },
      { start: 16, end: 21 },
      { start: 21, end: 22 },
    ], [3, 6]);
    expect(nounPhrasesOfDoc(doc)).toEqual([]);
    doc.upos = ['NOUN', 'VERB', 'PUNCT', 'NOUN', 'VERB', 'PUNCT'];
    doc.xpos = ['NNS', 'VBP', '.', 'NNS', 'VBP', '.'];
    doc.head = Int32Array.from([1, -1, 1, 4, -1, 4]);
    doc.deprel = ['nsubj', 'root', 'punct', 'nsubj', 'root', 'punct'];
    expect(nounPhrasesOfDoc(doc)).toEqual([
      { start: 0, end: 1, head: 0 },
      { start: 3, end: 4, head: 3 },
    ]);
  });
});
