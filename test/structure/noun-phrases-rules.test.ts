/**
 * The noun-phrase rules added for CoNLL-2000's conventions and the parser's
 * usual slips (issue 12 follow-up), each on a hand-built UD tree.
 */
import { describe, expect, it } from 'vitest';
import { baseNounPhrases } from '../../src/structure/noun-phrases.js';
import { texts, tree, type Row } from './tree-helpers.js';
import type { PhraseSpan } from '../../src/doc/layers.js';
import type { TreeLayers } from '../../src/structure/tree-layers.js';
import { pennConventions } from '../../src/structure/penn-conventions.js';

const phrases = (rows: Row[]): string[] => {
  const t = tree(rows);
  return texts(t, baseNounPhrases(t, 0, rows.length));
};

describe('baseNounPhrases: names and coordination', () => {
  it('keeps a company name with "&" in one phrase, however the parser split it', () => {
    expect(
      phrases([
        ['J.P.', 'PROPN', 'NNP', 2, 'compound'],
        ['Morgan', 'PROPN', 'NNP', 5, 'nsubj'],
        ['&', 'CCONJ', 'CC', 4, 'cc'],
        ['Co.', 'PROPN', 'NNP', 2, 'conj'],
        ['said', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['J.P. Morgan & Co.']);
  });

  it('joins a title and a name that the parser made two subjects of one verb, but not two objects of different kinds', () => {
    expect(
      phrases([
        ['Sen.', 'PROPN', 'NNP', 3, 'nsubj'],
        ['Dodd', 'PROPN', 'NNP', 3, 'nsubj'],
        ['had', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['Sen. Dodd']);
    expect(
      phrases([
        ['gave', 'VERB', 'VBD', 0, 'root'],
        ['Mary', 'PROPN', 'NNP', 1, 'iobj'],
        ['Boston', 'PROPN', 'NNP', 1, 'obj'],
      ]),
    ).toEqual(['Mary', 'Boston']);
  });

  it('keeps names with a pre-modifier out of a flat coordination: "[New York] and [Tokyo]"', () => {
    expect(
      phrases([
        ['to', 'ADP', 'IN', 3, 'case'],
        ['New', 'ADJ', 'NNP', 3, 'amod'],
        ['York', 'PROPN', 'NNP', 0, 'root'],
        ['and', 'CCONJ', 'CC', 5, 'cc'],
        ['Tokyo', 'PROPN', 'NNP', 3, 'conj'],
      ]),
    ).toEqual(['New York', 'Tokyo']);
  });

  it('coordinates a name with a common noun like two nouns: "[the House and Senate]"', () => {
    expect(
      phrases([
        ['by', 'ADP', 'IN', 3, 'case'],
        ['the', 'DET', 'DT', 3, 'det'],
        ['House', 'NOUN', 'NNP', 0, 'root'],
        ['and', 'CCONJ', 'CC', 5, 'cc'],
        ['Senate', 'PROPN', 'NNP', 3, 'conj'],
      ]),
    ).toEqual(['the House and Senate']);
  });

  it('does not take an age after a comma into the name: "[Mr. Black] , [61]"', () => {
    expect(
      phrases([
        ['Mr.', 'PROPN', 'NNP', 2, 'nmod:desc'],
        ['Black', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['61', 'NUM', 'CD', 2, 'flat'],
      ]),
    ).toEqual(['Mr. Black', '61']);
  });

  it('keeps the partners listed before a firm name\'s "&": "[Bear , Stearns & Co.]", but not a determined phrase', () => {
    expect(
      phrases([
        ['by', 'ADP', 'IN', 2, 'case'],
        ['Bear', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['Stearns', 'PROPN', 'NNP', 2, 'conj'],
        ['&', 'CCONJ', 'CC', 6, 'cc'],
        ['Co.', 'PROPN', 'NNP', 2, 'conj'],
      ]),
    ).toEqual(['Bear , Stearns & Co.']);
    expect(
      phrases([
        ['the', 'DET', 'DT', 2, 'det'],
        ['bank', 'NOUN', 'NN', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['Stearns', 'PROPN', 'NNP', 2, 'appos'],
        ['&', 'CCONJ', 'CC', 6, 'cc'],
        ['Co.', 'PROPN', 'NNP', 4, 'conj'],
      ]),
    ).toEqual(['the bank', 'Stearns & Co.']);
  });

  it('takes "the Deerfield , Ill. , company" as one phrase whatever relations the parser chose', () => {
    expect(
      phrases([
        ['the', 'DET', 'DT', 2, 'det'],
        ['Deerfield', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['Ill.', 'PROPN', 'NNP', 2, 'conj'],
        [',', 'PUNCT', ',', 6, 'punct'],
        ['company', 'NOUN', 'NN', 7, 'nsubj'],
        ['rose', 'VERB', 'VBD', 2, 'parataxis'],
      ]),
    ).toEqual(['the Deerfield , Ill. , company']);
  });

  it('takes "a Greenwich , Conn. , investment firm" as one phrase', () => {
    expect(
      phrases([
        ['a', 'DET', 'DT', 2, 'det'],
        ['Greenwich', 'PROPN', 'NNP', 0, 'root'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['Conn.', 'PROPN', 'NNP', 2, 'appos'],
        [',', 'PUNCT', ',', 7, 'punct'],
        ['investment', 'NOUN', 'NN', 7, 'compound'],
        ['firm', 'NOUN', 'NN', 2, 'appos'],
      ]),
    ).toEqual(['a Greenwich , Conn. , investment firm']);
  });
});

describe('baseNounPhrases: pre-modifiers, numbers and times', () => {
  it('starts the phrase at its determiner across an adverb it did not absorb: "an especially strong incentive"', () => {
    expect(
      phrases([
        ['had', 'VERB', 'VBD', 0, 'root'],
        ['an', 'DET', 'DT', 5, 'det'],
        ['especially', 'ADV', 'RB', 4, 'advmod'],
        ['strong', 'ADJ', 'JJ', 5, 'amod'],
        ['incentive', 'NOUN', 'NN', 1, 'obj'],
      ]),
    ).toEqual(['an especially strong incentive']);
  });

  it('does not bridge a preposition: "in [the market]" keeps "in" out even when a comma before it hangs on the head', () => {
    expect(
      phrases([
        [',', 'PUNCT', ',', 4, 'punct'],
        ['in', 'ADP', 'IN', 4, 'case'],
        ['the', 'DET', 'DT', 4, 'det'],
        ['market', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['the market']);
  });

  it('splits a weekday glued to a noun and a number glued to a percent sign', () => {
    expect(
      phrases([
        ['made', 'VERB', 'VBD', 0, 'root'],
        ['a', 'DET', 'DT', 4, 'det'],
        ['comeback', 'NOUN', 'NN', 4, 'compound'],
        ['Friday', 'PROPN', 'NNP', 1, 'obl:unmarked'],
      ]),
    ).toEqual(['a comeback', 'Friday']);
    expect(
      phrases([
        ['8.525', 'NUM', 'CD', 2, 'nummod'],
        ['%', 'SYM', 'NN', 4, 'compound'],
        ['30', 'NUM', 'CD', 4, 'nummod'],
        ['days', 'NOUN', 'NNS', 0, 'root'],
      ]),
    ).toEqual(['8.525 %', '30 days']);
  });

  it('keeps a weekday subject apart from the subject before it, and splits a date and a relative "which" off', () => {
    expect(
      phrases([
        ['The', 'DET', 'DT', 2, 'det'],
        ['collapse', 'NOUN', 'NN', 4, 'nsubj'],
        ['Friday', 'PROPN', 'NNP', 4, 'nsubj'],
        ['prompted', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['The collapse', 'Friday']);
    expect(
      phrases([
        ['take', 'VERB', 'VB', 0, 'root'],
        ['effect', 'NOUN', 'NN', 3, 'compound'],
        ['Nov.', 'PROPN', 'NNP', 1, 'obj'],
        ['1', 'NUM', 'CD', 3, 'nummod'],
      ]),
    ).toEqual(['effect', 'Nov. 1']);
    expect(
      phrases([
        ['in', 'ADP', 'IN', 3, 'case'],
        ['which', 'DET', 'WDT', 3, 'det'],
        ['holders', 'NOUN', 'NNS', 4, 'nsubj'],
        ['get', 'VERB', 'VBP', 0, 'root'],
      ]),
    ).toEqual(['which', 'holders']);
  });

  it("starts the possessed phrase at a plural possessor's bare apostrophe, as at 's", () => {
    expect(
      phrases([
        ['topped', 'VERB', 'VBD', 0, 'root'],
        ['analysts', 'NOUN', 'NNS', 4, 'nmod:poss'],
        ["'", 'PUNCT', "''", 2, 'case'],
        ['expectations', 'NOUN', 'NNS', 1, 'obj'],
      ]),
    ).toEqual(['analysts', "' expectations"]);
  });

  it('leaves a multiword conjunction out of the phrase it opens: "as well as [influential lawmakers]"', () => {
    expect(
      phrases([
        ['officials', 'NOUN', 'NNS', 0, 'root'],
        ['as', 'ADV', 'RB', 6, 'cc'],
        ['well', 'ADV', 'RB', 2, 'fixed'],
        ['as', 'ADP', 'IN', 2, 'fixed'],
        ['influential', 'ADJ', 'JJ', 6, 'amod'],
        ['lawmakers', 'NOUN', 'NNS', 1, 'conj'],
      ]),
    ).toEqual(['officials', 'influential lawmakers']);
  });

  it('keeps "last Friday" and "Black Monday" whole', () => {
    expect(
      phrases([
        ['last', 'ADJ', 'JJ', 2, 'amod'],
        ['Friday', 'PROPN', 'NNP', 0, 'root'],
      ]),
    ).toEqual(['last Friday']);
    expect(
      phrases([
        ['Black', 'PROPN', 'NNP', 2, 'compound'],
        ['Monday', 'PROPN', 'NNP', 0, 'root'],
      ]),
    ).toEqual(['Black Monday']);
  });

  it('joins a whole number and its fraction, but not two fractions', () => {
    expect(
      phrases([
        ['closed', 'VERB', 'VBD', 0, 'root'],
        ['at', 'ADP', 'IN', 3, 'case'],
        ['34', 'NUM', 'CD', 1, 'obl'],
        ['3/4', 'NUM', 'CD', 3, 'nmod:unmarked'],
      ]),
    ).toEqual(['34 3/4']);
    expect(
      phrases([
        ['1/2', 'NUM', 'CD', 0, 'root'],
        ['3/4', 'NUM', 'CD', 1, 'nmod:unmarked'],
      ]),
    ).toEqual(['1/2', '3/4']);
  });

  it('joins a time and its a.m., and "at least" with the amount it bounds', () => {
    expect(
      phrases([
        ['9:38', 'NUM', 'CD', 0, 'root'],
        ['a.m.', 'NOUN', 'NN', 1, 'nmod:unmarked'],
      ]),
    ).toEqual(['9:38 a.m.']);
    expect(
      phrases([
        ['have', 'VERB', 'VBP', 0, 'root'],
        ['at', 'ADP', 'IN', 3, 'case'],
        ['least', 'ADJ', 'JJS', 5, 'nmod'],
        ['five', 'NUM', 'CD', 5, 'nummod'],
        ['years', 'NOUN', 'NNS', 1, 'obj'],
      ]),
    ).toEqual(['at least five years']);
  });

  it('takes a verb in an argument slot with no clause of its own as a noun, but not a verb with an object', () => {
    expect(
      phrases([
        ['the', 'DET', 'DT', 2, 'det'],
        ['look', 'VERB', 'VB', 3, 'nsubj'],
        ['helped', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['the look']);
    expect(
      phrases([
        ['buying', 'VERB', 'VBG', 3, 'nsubj'],
        ['stocks', 'NOUN', 'NNS', 1, 'obj'],
        ['helped', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['stocks']);
  });

  it('handles an empty range and a one-word sentence', () => {
    const t = tree([['Hello', 'INTJ', 'UH', 0, 'root']]);
    expect(baseNounPhrases(t, 0, 0)).toEqual([]);
    expect(phrases([['Stocks', 'NOUN', 'NNS', 0, 'root']])).toEqual(['Stocks']);
  });
});

describe('baseNounPhrases: CoNLL-2000 conventions tuned on its sentences 1–7,936 (chunks branch)', () => {
  it('gives a possessive with no phrase after it a phrase of its own: "[McDonald] [\'s] has"', () => {
    expect(
      phrases([
        ['McDonald', 'PROPN', 'NNP', 4, 'nsubj'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['has', 'AUX', 'VBZ', 4, 'aux'],
        ['grown', 'VERB', 'VBN', 0, 'root'],
      ]),
    ).toEqual(['McDonald', "'s"]);
  });

  it('leaves a percentage after a possessive outside both phrases: "[August] [\'s] 3.9 % [increase]"', () => {
    expect(
      phrases([
        ['August', 'PROPN', 'NNP', 5, 'nmod:poss'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['3.9', 'NUM', 'CD', 4, 'nummod'],
        ['%', 'SYM', 'NN', 5, 'compound'],
        ['increase', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['August', "'s", 'increase']);
  });

  it('does not make "at least" a phrase without an amount, but keeps "[at least $ 2.5 billion]"', () => {
    expect(
      phrases([
        ['rise', 'VERB', 'VB', 0, 'root'],
        ['at', 'ADP', 'IN', 3, 'case'],
        ['least', 'ADJ', 'JJS', 1, 'obl'],
        ['as', 'ADV', 'RB', 5, 'advmod'],
        ['fast', 'ADV', 'RB', 1, 'advmod'],
      ]),
    ).toEqual([]);
    expect(
      phrases([
        ['total', 'VERB', 'VB', 0, 'root'],
        ['at', 'ADP', 'IN', 3, 'case'],
        ['least', 'ADJ', 'JJS', 4, 'nmod'],
        ['$', 'SYM', '$', 1, 'obj'],
        ['2.5', 'NUM', 'CD', 6, 'compound'],
        ['billion', 'NUM', 'CD', 4, 'nummod'],
      ]),
    ).toEqual(['at least $ 2.5 billion']);
  });

  it('takes "as much as" into the amount it bounds: "[as much as $ 500]", not "as long as"', () => {
    const rows = (word: string): Row[] => [
      ['for', 'ADP', 'IN', 5, 'case'],
      ['as', 'ADV', 'RB', 3, 'advmod'],
      [word, 'ADJ', 'JJ', 5, 'advmod'],
      ['as', 'ADP', 'IN', 5, 'case'],
      ['$', 'SYM', '$', 0, 'root'],
      ['500', 'NUM', 'CD', 5, 'nummod'],
    ];
    expect(phrases(rows('much'))).toEqual(['as much as $ 500']);
    expect(phrases(rows('long'))).toEqual(['$ 500']);
  });

  it('takes "fewer than" and "up to" into the amount they bound, but not "up to" after a verb', () => {
    const rows = (before: string, upos: string, w1: string, w2: string): Row[] => [
      [before, upos, upos === 'VERB' ? 'VBD' : 'IN', 0, 'root'],
      [w1, 'ADJ', 'JJR', 5, 'amod'],
      [w2, 'ADP', 'IN', 5, 'case'],
      ['4,000', 'NUM', 'CD', 5, 'nummod'],
      ['employees', 'NOUN', 'NNS', 1, 'obl'],
    ];
    expect(phrases(rows('with', 'ADP', 'fewer', 'than'))).toEqual(['fewer than 4,000 employees']);
    expect(phrases(rows('for', 'ADP', 'up', 'to'))).toEqual(['up to 4,000 employees']);
    expect(phrases(rows('edged', 'VERB', 'up', 'to'))).toEqual(['4,000 employees']);
    expect(phrases(rows('for', 'ADP', 'fewer', 'to'))).toEqual(['4,000 employees']);
  });

  it('leaves adverbial idioms out ("not at all", "as usual"), but not a pronoun after the same preposition', () => {
    const rows = (word: string, upos: string, xpos: string): Row[] => [
      ['changed', 'VERB', 'VBN', 0, 'root'],
      ['at', 'ADP', 'IN', 3, 'case'],
      [word, upos, xpos, 1, 'obl'],
    ];
    expect(phrases(rows('all', 'DET', 'DT'))).toEqual([]);
    expect(phrases(rows('first', 'ADV', 'RB'))).toEqual([]);
    expect(phrases(rows('them', 'PRON', 'PRP'))).toEqual(['them']);
    expect(phrases(rows('some', 'DET', 'DT'))).toEqual(['some']);
  });

  it('splits a flat coordination of compounds ("[bankers] and [stock analysts]"), not one of bare nouns or adjectives', () => {
    const rows = (w1: string, x1: string, u1: string): Row[] => [
      [w1, u1, x1, 4, 'nsubj'],
      ['and', 'CCONJ', 'CC', 4, 'cc'],
      ['stock', 'NOUN', 'NN', 4, 'compound'],
      ['analysts', 'NOUN', 'NNS', 5, 'conj'],
      ['said', 'VERB', 'VBD', 0, 'root'],
    ];
    const chunked = (r: Row[]): string[] => {
      const t = tree(r);
      return texts(t, pennConventions(t, [{ start: 0, end: 4, head: 3 }], 0, r.length));
    };
    expect(chunked(rows('bankers', 'NNS', 'NOUN'))).toEqual(['bankers', 'stock analysts']);
    expect(chunked(rows('bank', 'NN', 'NOUN'))).toEqual(['bank and stock analysts']);
    expect(chunked(rows('foreign', 'JJ', 'ADJ'))).toEqual(['foreign and stock analysts']);
  });

  it('takes "earlier this month", "far more energy" and "not every company" as one phrase, not "far more" alone', () => {
    const chunked = (words: [string, string, string][], phrase: [number, number]): string[] => {
      const t = tree(words.map(([w, u, x], k) => [w, u, x, k === 0 ? 0 : 1, 'dep'] as Row));
      return texts(t, pennConventions(t, [{ start: phrase[0], end: phrase[1], head: phrase[1] - 1 }], 0, words.length));
    };
    expect(chunked([['rose', 'VERB', 'VBD'], ['earlier', 'ADV', 'RBR'], ['this', 'DET', 'DT'], ['month', 'NOUN', 'NN']], [2, 4])).toEqual(['earlier this month']);
    expect(chunked([['added', 'VERB', 'VBD'], ['far', 'ADV', 'RB'], ['more', 'ADJ', 'JJR'], ['energy', 'NOUN', 'NN']], [2, 4])).toEqual(['far more energy']);
    expect(chunked([['wants', 'VERB', 'VBZ'], ['far', 'ADV', 'RB'], ['more', 'ADJ', 'JJR']], [2, 3])).toEqual(['more']);
    expect(chunked([['But', 'CCONJ', 'CC'], ['not', 'PART', 'RB'], ['every', 'DET', 'DT'], ['company', 'NOUN', 'NN']], [2, 4])).toEqual(['not every company']);
    expect(chunked([['But', 'CCONJ', 'CC'], ['not', 'PART', 'RB'], ['the', 'DET', 'DT'], ['company', 'NOUN', 'NN']], [2, 4])).toEqual(['the company']);
  });

  it('joins touching phrases with capitalised words at the seam ("[East Rock Partners Limited Partnership]"), not a date or a time', () => {
    const t = tree([
      ['East', 'PROPN', 'NNP', 3, 'compound'],
      ['Rock', 'NOUN', 'NN', 3, 'compound'],
      ['Partners', 'NOUN', 'NNS', 0, 'root'],
      ['Limited', 'ADJ', 'JJ', 5, 'amod'],
      ['Partnership', 'NOUN', 'NN', 3, 'appos'],
      ['Friday', 'PROPN', 'NNP', 3, 'obl:unmarked'],
    ]);
    const two = [
      { start: 0, end: 3, head: 2 },
      { start: 3, end: 5, head: 4 },
      { start: 5, end: 6, head: 5 },
    ];
    expect(texts(t, pennConventions(t, two, 0, 6))).toEqual(['East Rock Partners Limited Partnership', 'Friday']);
  });

  it('joins a town, a comma and a state\'s "-based" modifier ("[The Beverly Hills , Calif.-based company]")', () => {
    const t = tree([
      ['The', 'DET', 'DT', 3, 'det'],
      ['Beverly', 'PROPN', 'NNP', 3, 'compound'],
      ['Hills', 'PROPN', 'NNP', 7, 'nsubj'],
      [',', 'PUNCT', ',', 3, 'punct'],
      ['Calif.-based', 'ADJ', 'JJ', 6, 'amod'],
      ['company', 'NOUN', 'NN', 3, 'appos'],
      ['said', 'VERB', 'VBD', 0, 'root'],
    ]);
    const split = [
      { start: 0, end: 3, head: 2 },
      { start: 4, end: 6, head: 5 },
    ];
    expect(texts(t, pennConventions(t, split, 0, 7))).toEqual(['The Beverly Hills , Calif.-based company']);
  });

  it('makes "course" of "of course" a phrase', () => {
    const t = tree([
      ['Of', 'ADP', 'IN', 5, 'advmod'],
      ['course', 'NOUN', 'NN', 1, 'fixed'],
      [',', 'PUNCT', ',', 4, 'punct'],
      ['it', 'PRON', 'PRP', 4, 'nsubj'],
      ['fell', 'VERB', 'VBD', 0, 'root'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 3, end: 4, head: 3 }], 0, 5))).toEqual(['course', 'it']);
  });

  it('joins a range of amounts the parser linked after a preposition, not a change after a verb', () => {
    expect(
      phrases([
        ['for', 'ADP', 'IN', 2, 'case'],
        ['$', 'SYM', '$', 0, 'root'],
        ['35.50', 'NUM', 'CD', 2, 'nummod'],
        ['to', 'ADP', 'IN', 5, 'case'],
        ['$', 'SYM', '$', 2, 'nmod'],
        ['36.50', 'NUM', 'CD', 5, 'nummod'],
      ]),
    ).toEqual(['$ 35.50 to $ 36.50']);
    expect(
      phrases([
        ['gained', 'VERB', 'VBD', 0, 'root'],
        ['100', 'NUM', 'CD', 1, 'obj'],
        ['to', 'ADP', 'IN', 4, 'case'],
        ['7,580', 'NUM', 'CD', 2, 'nmod'],
      ]),
    ).toEqual(['100', '7,580']);
  });

  it('gives a number its head could not reach a phrase of its own: "[industrials] [2689.14] , up [5.94]"', () => {
    expect(
      phrases([
        ['industrials', 'NOUN', 'NNS', 0, 'root'],
        ['2689.14', 'NUM', 'CD', 1, 'obj'],
        [',', 'PUNCT', ',', 4, 'punct'],
        ['up', 'ADV', 'RB', 1, 'advmod'],
        ['5.94', 'NUM', 'CD', 1, 'nummod'],
      ]),
    ).toEqual(['industrials', '2689.14', '5.94']);
  });

  it('takes a noun the parser hung as an oblique on the next noun as its compound: "In [composite trading]"', () => {
    expect(
      phrases([
        ['In', 'ADP', 'IN', 2, 'case'],
        ['composite', 'NOUN', 'NN', 3, 'obl'],
        ['trading', 'NOUN', 'NN', 4, 'obl'],
        ['closed', 'VERB', 'VBD', 0, 'root'],
      ]),
    ).toEqual(['composite trading']);
  });

  it('takes "even" and the adverb of an adjective standing as a noun into the phrase: "[even the minority]", "[too many]"', () => {
    expect(
      phrases([
        ['even', 'ADV', 'RB', 3, 'advmod'],
        ['the', 'DET', 'DT', 3, 'det'],
        ['minority', 'NOUN', 'NN', 0, 'root'],
      ]),
    ).toEqual(['even the minority']);
    expect(
      phrases([
        ['spend', 'VERB', 'VB', 0, 'root'],
        ['too', 'ADV', 'RB', 3, 'advmod'],
        ['many', 'ADJ', 'JJ', 1, 'obj'],
      ]),
    ).toEqual(['too many']);
  });
});

describe('pennConventions on the trained chunker\'s phrases', () => {
  it('splits a sum after a possessive and takes "general" into a title', () => {
    const t = tree([
      ['Qintex', 'PROPN', 'NNP', 6, 'nmod:poss'],
      ["'s", 'PART', 'POS', 1, 'case'],
      ['$', 'SYM', '$', 6, 'compound'],
      ['1.5', 'NUM', 'CD', 5, 'compound'],
      ['billion', 'NUM', 'CD', 3, 'nummod'],
      ['pact', 'NOUN', 'NN', 0, 'root'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 0, end: 1, head: 0 }, { start: 1, end: 6, head: 5 }], 0, 6))).toEqual(['Qintex', "'s", 'pact']);
    const u = tree([
      ['the', 'DET', 'DT', 2, 'det'],
      ['attorney', 'NOUN', 'NN', 4, 'nsubj'],
      ['general', 'ADJ', 'JJ', 2, 'amod'],
      ['alleged', 'VERB', 'VBD', 0, 'root'],
    ]);
    expect(texts(u, pennConventions(u, [{ start: 0, end: 2, head: 1 }], 0, 4))).toEqual(['the attorney general']);
  });
});

describe('baseNounPhrases: more Penn conventions (chunks branch)', () => {
  it('drops the direction of a change from the amount: "up [$ 1.875]"', () => {
    expect(
      phrases([
        ['closed', 'VERB', 'VBD', 0, 'root'],
        ['up', 'ADV', 'RB', 3, 'advmod'],
        ['$', 'SYM', '$', 1, 'obl'],
        ['1.875', 'NUM', 'CD', 3, 'nummod'],
      ]),
    ).toEqual(['$ 1.875']);
  });

  it('joins two bare names the parser split, but not two arguments of one verb', () => {
    expect(
      phrases([
        ['from', 'ADP', 'IN', 2, 'case'],
        ['Costa', 'PROPN', 'NNP', 0, 'root'],
        ['Rica', 'PROPN', 'NNP', 2, 'appos'],
      ]),
    ).toEqual(['Costa Rica']);
  });

  it('splits a price\'s unit and a rate after a country: "[28 cents] [a share]", "[Canada] [13.50 %]"', () => {
    expect(
      phrases([
        ['28', 'NUM', 'CD', 2, 'nummod'],
        ['cents', 'NOUN', 'NNS', 0, 'root'],
        ['a', 'DET', 'DT', 4, 'det'],
        ['share', 'NOUN', 'NN', 2, 'compound'], // a slip that would glue the two
      ]),
    ).toEqual(['28 cents', 'a share']);
    expect(
      phrases([
        ['Canada', 'PROPN', 'NNP', 3, 'compound'],
        ['13.50', 'NUM', 'CD', 3, 'nummod'],
        ['%', 'SYM', 'NN', 0, 'root'],
      ]),
    ).toEqual(['Canada', '13.50 %']);
  });
});

describe('baseNounPhrases: ranges', () => {
  it('makes a range with its noun one phrase, "[six to nine months]", but not a change and a level after a verb', () => {
    expect(
      phrases([
        ['in', 'ADP', 'IN', 4, 'case'],
        ['six', 'NUM', 'CD', 4, 'nummod'],
        ['to', 'ADP', 'IN', 4, 'case'],
        ['nine', 'NUM', 'CD', 5, 'nummod'],
        ['months', 'NOUN', 'NNS', 0, 'root'],
      ]),
    ).toEqual(['six to nine months']);
    expect(
      phrases([
        ['gained', 'VERB', 'VBD', 0, 'root'],
        ['100', 'NUM', 'CD', 1, 'obj'],
        ['to', 'ADP', 'IN', 4, 'case'],
        ['7,580', 'NUM', 'CD', 1, 'obl'],
      ]),
    ).toEqual(['100', '7,580']);
  });
});

describe('pennConventions: mixed numbers, company forms, titles before names', () => {
  it('joins a whole number and its fraction: "rose [1 1/4]"', () => {
    const t = tree([
      ['rose', 'VERB', 'VBD', 0, 'root'],
      ['1', 'NUM', 'CD', 1, 'obj'],
      ['1/4', 'NUM', 'CD', 1, 'obl'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 1, end: 2, head: 1 }], 0, 3))).toEqual(['1 1/4']);
  });

  it('joins "S.p . A." and a title noun with the name after it, not a weekday', () => {
    const t = tree([
      ['Fiat', 'PROPN', 'NNP', 0, 'root'],
      ['S.p', 'PROPN', 'NNP', 1, 'flat'],
      ['.', 'PUNCT', '.', 1, 'punct'],
      ['A.', 'PROPN', 'NNP', 1, 'flat'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 0, end: 2, head: 0 }, { start: 3, end: 4, head: 3 }], 0, 4))).toEqual(['Fiat S.p . A.']);
    expect(
      phrases([
        ['financier', 'NOUN', 'NN', 0, 'root'],
        ['Ron', 'PROPN', 'NNP', 1, 'appos'],
        ['Brierley', 'PROPN', 'NNP', 2, 'flat'],
        [',', 'PUNCT', ',', 1, 'punct'],
      ]).slice(0, 1),
    ).toEqual(['financier Ron Brierley']);
    expect(
      phrases([
        ['made', 'VERB', 'VBD', 0, 'root'],
        ['a', 'DET', 'DT', 3, 'det'],
        ['comeback', 'NOUN', 'NN', 1, 'obj'],
        ['Friday', 'PROPN', 'NNP', 3, 'nmod:unmarked'],
      ]),
    ).toEqual(['a comeback', 'Friday']);
  });
});

describe('baseNounPhrases: a name after "X of", a leading "not"', () => {
  it('splits the noun after "the Bank of [England]" and takes a sentence-opening "Not" into the subject', () => {
    expect(
      phrases([
        ['Bank', 'PROPN', 'NNP', 0, 'root'],
        ['of', 'ADP', 'IN', 4, 'case'],
        ['England', 'PROPN', 'NNP', 4, 'compound'],
        ['governor', 'NOUN', 'NN', 1, 'nmod'],
      ]),
    ).toEqual(['Bank', 'England', 'governor']);
    expect(
      phrases([
        ['Not', 'PART', 'RB', 3, 'advmod'],
        ['a', 'DET', 'DT', 3, 'det'],
        ['peso', 'NOUN', 'NN', 5, 'nsubj:pass'],
        ['is', 'AUX', 'VBZ', 5, 'aux:pass'],
        ['offered', 'VERB', 'VBN', 0, 'root'],
      ]),
    ).toEqual(['Not a peso']);
  });
});

describe('baseNounPhrases: participles and markers', () => {
  it('takes a modifying participle into the phrase and leaves a prepositional one out', () => {
    expect(
      phrases([
        ['in', 'ADP', 'IN', 3, 'case'],
        ['operating', 'VERB', 'VBG', 0, 'root'],
        ['profit', 'NOUN', 'NN', 2, 'obj'],
      ]),
    ).toEqual(['operating profit']);
    expect(
      phrases([
        ['rose', 'VERB', 'VBD', 0, 'root'],
        ['excluding', 'VERB', 'VBG', 4, 'amod'],
        ['special', 'ADJ', 'JJ', 4, 'amod'],
        ['items', 'NOUN', 'NNS', 1, 'obl'],
      ]),
    ).toEqual(['special items']);
  });

  it('does not make a clause marker a phrase, whatever its tag', () => {
    expect(
      phrases([
        ['fears', 'NOUN', 'NNS', 0, 'root'],
        ['that', 'PRON', 'WDT', 4, 'mark'],
        ['stocks', 'NOUN', 'NNS', 4, 'nsubj'],
        ['fall', 'VERB', 'VBP', 1, 'acl'],
      ]),
    ).toEqual(['fears', 'stocks']);
  });
});

describe('pennConventions: bare noun pairs', () => {
  it('joins "[fraud] and [abuse]" the parser split, not a second noun with a complement of its own', () => {
    const t = tree([
      ['fraud', 'NOUN', 'NN', 0, 'root'],
      ['and', 'CCONJ', 'CC', 3, 'cc'],
      ['abuse', 'NOUN', 'NN', 1, 'parataxis'],
      ['of', 'ADP', 'IN', 5, 'case'],
      ['power', 'NOUN', 'NN', 3, 'nmod'],
    ]);
    const spans = (): PhraseSpan[] => [
      { start: 0, end: 1, head: 0 },
      { start: 2, end: 3, head: 2 },
    ];
    const pair = tree([
      ['fraud', 'NOUN', 'NN', 0, 'root'],
      ['and', 'CCONJ', 'CC', 3, 'cc'],
      ['abuse', 'NOUN', 'NN', 1, 'parataxis'],
    ]);
    expect(texts(pair, pennConventions(pair, spans(), 0, 3))).toEqual(['fraud and abuse']);
    expect(texts(t, pennConventions(t, spans(), 0, 5))).toEqual(['fraud', 'abuse']);
  });
});

describe('pennConventions: determined percentages and firm partners', () => {
  it('joins "[a 7 % annual rise]" and "[Milbank , Tweed , Hadley & McCloy]"', () => {
    const t = tree([
      ['a', 'DET', 'DT', 5, 'det'],
      ['7', 'NUM', 'CD', 3, 'nummod'],
      ['%', 'SYM', 'NN', 5, 'obl'],
      ['annual', 'ADJ', 'JJ', 5, 'amod'],
      ['rise', 'NOUN', 'NN', 0, 'root'],
    ]);
    const pct: PhraseSpan[] = [
      { start: 1, end: 3, head: 2 },
      { start: 3, end: 5, head: 4 },
    ];
    expect(texts(t, pennConventions(t, pct, 0, 5))).toEqual(['a 7 % annual rise']);
    const u = tree([
      ['Milbank', 'PROPN', 'NNP', 0, 'root'],
      [',', 'PUNCT', ',', 3, 'punct'],
      ['Tweed', 'PROPN', 'NNP', 1, 'conj'],
      [',', 'PUNCT', ',', 5, 'punct'],
      ['Hadley', 'PROPN', 'NNP', 1, 'conj'],
      ['&', 'CCONJ', 'CC', 7, 'cc'],
      ['McCloy', 'PROPN', 'NNP', 5, 'conj'],
    ]);
    const firm: PhraseSpan[] = [
      { start: 0, end: 1, head: 0 },
      { start: 2, end: 3, head: 2 },
      { start: 4, end: 7, head: 4 },
    ];
    expect(texts(u, pennConventions(u, firm, 0, 7))).toEqual(['Milbank , Tweed , Hadley & McCloy']);
  });
});

describe('pennConventions: approximate amounts and ages (npacc branch)', () => {
  // "worth $ 250,000 or more ,": the walk leaves "or more" out of the amount.
  const orMore = (tail: string, after: [string, string, string]): Row[] => [
    ['worth', 'ADJ', 'JJ', 0, 'root'],
    ['$', 'SYM', '$', 1, 'obj'],
    ['250,000', 'NUM', 'CD', 2, 'nummod'],
    ['or', 'CCONJ', 'CC', 5, 'cc'],
    [tail, 'ADJ', 'JJR', 2, 'conj'],
    [after[0], after[1], after[2], 1, after[1] === 'PUNCT' ? 'punct' : 'obl'],
  ];

  it('takes "or more", "or less", "or so" after a phrase into it: "[$ 250,000 or more]"', () => {
    expect(phrases(orMore('more', [',', 'PUNCT', ',']))).toEqual(['$ 250,000 or more']);
    expect(phrases(orMore('so', ['.', 'PUNCT', '.']))).toEqual(['$ 250,000 or so']);
    // the walk's own phrase of "more" is replaced, not kept beside the joined one
    const t = tree(orMore('less', [',', 'PUNCT', ',']));
    const split: PhraseSpan[] = [
      { start: 1, end: 3, head: 1 },
      { start: 4, end: 5, head: 4 },
    ];
    expect(texts(t, pennConventions(t, split, 0, 6))).toEqual(['$ 250,000 or less']);
  });

  it('leaves "or" alone before a word "more" compares ("or more money", "or less than") and in "more or less"', () => {
    expect(phrases(orMore('more', ['money', 'NOUN', 'NN']))).not.toContain('$ 250,000 or more');
    expect(phrases(orMore('less', ['than', 'ADP', 'IN']))).toEqual(['$ 250,000']);
    const t = tree([
      ['runs', 'VERB', 'VBZ', 0, 'root'],
      ['more', 'ADV', 'RBR', 1, 'obj'],
      ['or', 'CCONJ', 'CC', 4, 'cc'],
      ['less', 'ADV', 'RBR', 2, 'conj'],
      ['on', 'ADP', 'IN', 6, 'case'],
      ['lines', 'NOUN', 'NNS', 1, 'obl'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 1, end: 2, head: 1 }, { start: 5, end: 6, head: 5 }], 0, 6))).toEqual(['more', 'lines']);
  });

  it('leaves the adjective of an age out: "[Mr. Franco] , [47 years] old ,"; and "work like crazy" has no phrase', () => {
    const age = tree([
      ['Franco', 'PROPN', 'NNP', 0, 'root'],
      [',', 'PUNCT', ',', 5, 'punct'],
      ['47', 'NUM', 'CD', 4, 'nummod'],
      ['years', 'NOUN', 'NNS', 5, 'obl:unmarked'],
      ['old', 'ADJ', 'JJ', 1, 'appos'],
    ]);
    const walked: PhraseSpan[] = [
      { start: 0, end: 1, head: 0 },
      { start: 2, end: 4, head: 3 },
      { start: 4, end: 5, head: 4 },
    ];
    expect(texts(age, pennConventions(age, walked, 0, 5))).toEqual(['Franco', '47 years']);
    const crazy = tree([
      ['work', 'VERB', 'VB', 0, 'root'],
      ['like', 'ADP', 'IN', 3, 'case'],
      ['crazy', 'ADJ', 'JJ', 1, 'obl'],
    ]);
    expect(texts(crazy, pennConventions(crazy, [{ start: 2, end: 3, head: 2 }], 0, 3))).toEqual([]);
  });
});

describe('pennConventions: ranges of rates (npacc branch)', () => {
  // "growth of only 5 % to 6 % ,": the walk gives "[only 5 %]" and "[6 %]".
  const rates = (before: Row, adverb: boolean): { t: TreeLayers; walked: PhraseSpan[]; n: number } => {
    const a = adverb ? 1 : 0;
    const rows: Row[] = [
      before,
      ...(adverb ? [['only', 'ADV', 'RB', 3, 'advmod'] as Row] : []),
      ['5', 'NUM', 'CD', 3 + a, 'nummod'],
      ['%', 'SYM', 'NN', 0, 'root'],
      ['to', 'ADP', 'IN', 6 + a, 'case'],
      ['6', 'NUM', 'CD', 6 + a, 'nummod'],
      ['%', 'SYM', 'NN', 3 + a, 'nmod'],
    ];
    const walked: PhraseSpan[] = [
      { start: 1, end: 3 + a, head: 2 + a },
      { start: 4 + a, end: 6 + a, head: 5 + a },
    ];
    return { t: tree(rows), walked, n: rows.length };
  };

  it('joins two rates and "to" inside a sentence, with the adverbs before the first: "[only 5 % to 6 %]"', () => {
    const { t, walked, n } = rates(['of', 'ADP', 'IN', 3, 'case'], true);
    expect(texts(t, pennConventions(t, walked, 0, n))).toEqual(['only 5 % to 6 %']);
    const bare = rates(['of', 'ADP', 'IN', 3, 'case'], false);
    expect(texts(bare.t, pennConventions(bare.t, bare.walked, 0, bare.n))).toEqual(['5 % to 6 %']);
  });

  it('keeps the rates of a money-rate table apart after a colon ("CALL MONEY : [9 %] to [10 %]"), and a change after a verb', () => {
    const table = rates([':', 'PUNCT', ':', 3, 'punct'], false);
    expect(texts(table.t, pennConventions(table.t, table.walked, 0, table.n))).toEqual(['5 %', '6 %']);
    const change = rates(['rose', 'VERB', 'VBD', 0, 'root'], true);
    expect(texts(change.t, pennConventions(change.t, change.walked, 0, change.n))).toEqual(['only 5 %', '6 %']);
  });
});

describe('pennConventions: opening quotes and "both" (npacc branch)', () => {
  it('takes an opening quote into the phrase that holds its closing one: "into [" heavy " water]"', () => {
    const t = tree([
      ['into', 'ADP', 'IN', 5, 'case'],
      ['"', 'PUNCT', '``', 5, 'punct'],
      ['heavy', 'ADJ', 'JJ', 5, 'amod'],
      ['"', 'PUNCT', "''", 3, 'punct'],
      ['water', 'NOUN', 'NN', 0, 'root'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 2, end: 5, head: 4 }], 0, 5))).toEqual(['" heavy " water']);
    // a quote closing after the phrase leaves it as it is: granted " [control] "
    const u = tree([
      ['granted', 'VERB', 'VBN', 0, 'root'],
      ['"', 'PUNCT', '``', 3, 'punct'],
      ['control', 'NOUN', 'NN', 1, 'obj'],
      ['"', 'PUNCT', "''", 3, 'punct'],
    ]);
    expect(texts(u, pennConventions(u, [{ start: 2, end: 3, head: 2 }], 0, 4))).toEqual(['control']);
  });

  it("takes a plural possessor's apostrophe tagged as a quote into the possessed phrase: \"[the banks] [' markets]\"", () => {
    const t = tree([
      ['the', 'DET', 'DT', 2, 'det'],
      ['banks', 'NOUN', 'NNS', 5, 'nmod:poss'],
      ["'", 'PUNCT', "''", 2, 'punct'],
      ['own', 'ADJ', 'JJ', 5, 'amod'],
      ['markets', 'NOUN', 'NNS', 0, 'root'],
    ]);
    const walked: PhraseSpan[] = [
      { start: 0, end: 2, head: 1 },
      { start: 3, end: 5, head: 4 },
    ];
    expect(texts(t, pennConventions(t, walked, 0, 5))).toEqual(['the banks', "' own markets"]);
    // after a word not in -s, or with no phrase before it, the quote stays out
    const u = tree([
      ["'", 'PUNCT', '``', 2, 'punct'],
      ['markets', 'NOUN', 'NNS', 0, 'root'],
    ]);
    expect(texts(u, pennConventions(u, [{ start: 1, end: 2, head: 1 }], 0, 2))).toEqual(['markets']);
  });

  it('takes "both" into a coordination it opens ("[both stocks and bonds]"), not into a single phrase', () => {
    const t = tree([
      ['mixes', 'VERB', 'VBZ', 0, 'root'],
      ['both', 'CCONJ', 'CC', 3, 'cc:preconj'],
      ['stocks', 'NOUN', 'NNS', 1, 'obj'],
      ['and', 'CCONJ', 'CC', 5, 'cc'],
      ['bonds', 'NOUN', 'NNS', 3, 'conj'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 2, end: 5, head: 2 }], 0, 5))).toEqual(['both stocks and bonds']);
    const u = tree([
      ['both', 'CCONJ', 'CC', 3, 'det'],
      ['media', 'NOUN', 'NN', 3, 'compound'],
      ['companies', 'NOUN', 'NNS', 0, 'root'],
    ]);
    expect(texts(u, pennConventions(u, [{ start: 1, end: 3, head: 2 }], 0, 3))).toEqual(['media companies']);
    // before a conjunct with a determiner or a name, "both" is a phrase of its own: "on [both] [the facts] and …"
    const v = tree([
      ['on', 'ADP', 'IN', 4, 'case'],
      ['both', 'CCONJ', 'CC', 4, 'cc:preconj'],
      ['the', 'DET', 'DT', 4, 'det'],
      ['facts', 'NOUN', 'NNS', 0, 'root'],
    ]);
    expect(texts(v, pennConventions(v, [{ start: 2, end: 4, head: 3 }], 0, 4))).toEqual(['both', 'the facts']);
  });
});

describe('pennConventions: adverbs alone (npacc branch)', () => {
  const rows = (word: string, rel: string): Row[] => [
    ['lasted', 'VERB', 'VBD', 0, 'root'],
    ['for', 'ADP', 'IN', 3, 'case'],
    [word, 'ADV', 'RB', 1, rel],
  ];
  const run = (word: string, rel = 'obl'): string[] => {
    const t = tree(rows(word, rel));
    return texts(t, pennConventions(t, [{ start: 2, end: 3, head: 2 }], 0, 3));
  };

  it('drops an adverb standing alone ("for [awhile]", "too [long]"), keeps "until [then]" and "[much]"', () => {
    expect(run('awhile')).toEqual([]);
    expect(run('long')).toEqual([]);
    expect(run('then')).toEqual(['then']);
    expect(run('much')).toEqual(['much']);
  });

  it('keeps an adverb the parser made an object, where the tagger more likely slipped ("buy [brand]")', () => {
    expect(run('brand', 'obj')).toEqual(['brand']);
  });
});

describe('pennConventions: "general" with a phrase of its own (npacc branch)', () => {
  it('joins "[the attorney] [general] [\'s office]" into "[the attorney general] [\'s office]"', () => {
    const t = tree([
      ['the', 'DET', 'DT', 2, 'det'],
      ['attorney', 'NOUN', 'NN', 3, 'nmod:poss'],
      ['general', 'ADJ', 'JJ', 5, 'nmod:poss'],
      ["'s", 'PART', 'POS', 3, 'case'],
      ['office', 'NOUN', 'NN', 0, 'root'],
    ]);
    const walked: PhraseSpan[] = [
      { start: 0, end: 2, head: 1 },
      { start: 2, end: 3, head: 2 },
      { start: 3, end: 5, head: 4 },
    ];
    expect(texts(t, pennConventions(t, walked, 0, 5))).toEqual(['the attorney general', "'s office"]);
  });
});

describe('pennConventions: a shared plural head (npacc branch)', () => {
  const rows = (first: string, xpos: string): Row[] => [
    [first, 'NOUN', xpos, 4, 'nsubj'],
    ['and', 'CCONJ', 'CC', 4, 'cc'],
    ['pizza', 'NOUN', 'NN', 4, 'compound'],
    ['outlets', 'NOUN', 'NNS', 0, 'root'],
  ];
  const split: PhraseSpan[] = [
    { start: 0, end: 1, head: 0 },
    { start: 2, end: 4, head: 3 },
  ];

  it('joins a lone singular, "and" and a compound ending in a plural: "[hamburger and pizza outlets]"', () => {
    const t = tree(rows('hamburger', 'NN'));
    expect(texts(t, pennConventions(t, split.map((p) => ({ ...p })), 0, 4))).toEqual(['hamburger and pizza outlets']);
  });

  it('leaves a plural first conjunct apart: "[bankers] and [pizza outlets]"', () => {
    const t = tree(rows('bankers', 'NNS'));
    expect(texts(t, pennConventions(t, split.map((p) => ({ ...p })), 0, 4))).toEqual(['bankers', 'pizza outlets']);
  });
});

describe('pennConventions: a plural title before two names (npacc branch)', () => {
  it('joins "[producers Peter Guber and Jon Peters]", not a singular title ("[producer Peter Guber] and [Jon Peters]")', () => {
    const rows = (title: string, xpos: string): Row[] => [
      [title, 'NOUN', xpos, 3, 'compound'],
      ['Peter', 'PROPN', 'NNP', 3, 'compound'],
      ['Guber', 'PROPN', 'NNP', 0, 'root'],
      ['and', 'CCONJ', 'CC', 6, 'cc'],
      ['Jon', 'PROPN', 'NNP', 6, 'compound'],
      ['Peters', 'PROPN', 'NNP', 3, 'conj'],
    ];
    const split = (): PhraseSpan[] => [
      { start: 0, end: 3, head: 2 },
      { start: 4, end: 6, head: 5 },
    ];
    const plural = tree(rows('producers', 'NNS'));
    expect(texts(plural, pennConventions(plural, split(), 0, 6))).toEqual(['producers Peter Guber and Jon Peters']);
    const singular = tree(rows('producer', 'NN'));
    expect(texts(singular, pennConventions(singular, split(), 0, 6))).toEqual(['producer Peter Guber', 'Jon Peters']);
  });
});

describe('pennConventions: list markers (npacc branch)', () => {
  it('gives a list item\'s number no phrase: "1 . Make sure [you] …"', () => {
    const t = tree([
      ['1', 'NUM', 'LS', 3, 'discourse'],
      ['.', 'PUNCT', '.', 1, 'punct'],
      ['Make', 'VERB', 'VB', 0, 'root'],
    ]);
    expect(texts(t, pennConventions(t, [{ start: 0, end: 1, head: 0 }], 0, 3))).toEqual([]);
  });
});
