/**
 * layersTrustingTree: where the parser treats a word the tagger called a
 * common noun as a verb, the phrase layers read it as a verb.
 */
import { describe, expect, it } from 'vitest';
import { baseNounPhrases } from '../../src/structure/noun-phrases.js';
import { layersTrustingTree } from '../../src/structure/tag-slips.js';
import { texts, tree, type Row } from './tree-helpers.js';

// "Net income rose/NN 19 %": the parser gave "rose" a subject and an object.
const ROSE: Row[] = [
  ['Net', 'ADJ', 'JJ', 2, 'amod'],
  ['income', 'NOUN', 'NN', 3, 'nsubj'],
  ['rose', 'NOUN', 'NN', 0, 'root'],
  ['19', 'NUM', 'CD', 5, 'nummod'],
  ['%', 'NOUN', 'NN', 3, 'obj'],
];

describe('layersTrustingTree', () => {
  it('reads a noun with an object as a verb, and the walk then leaves it out of every phrase', () => {
    const t = tree(ROSE);
    const repaired = layersTrustingTree(t);
    expect(repaired.upos[2]).toBe('VERB');
    expect(repaired.xpos[2]).toBe('VBP');
    expect(texts(repaired, baseNounPhrases(repaired, 0, ROSE.length))).toEqual(['Net income', '19 %']);
    // the document's own tags are not touched
    expect(t.upos[2]).toBe('NOUN');
  });

  it('gives a plural noun with a subject and no copula a verb tag in -s ("the company already markets/NNS …")', () => {
    const t = tree([
      ['The', 'DET', 'DT', 2, 'det'],
      ['company', 'NOUN', 'NN', 3, 'nsubj'],
      ['markets', 'NOUN', 'NNS', 0, 'root'],
      ['cars', 'NOUN', 'NNS', 3, 'obl'],
    ]);
    const repaired = layersTrustingTree(t);
    expect([repaired.upos[2], repaired.xpos[2]]).toEqual(['VERB', 'VBZ']);
    expect(texts(repaired, baseNounPhrases(repaired, 0, 4))).toEqual(['The company', 'cars']);
  });

  it('keeps a predicate noun with a copula or an auxiliary a noun ("Barclays is a bank", "it has been a bank")', () => {
    const copula = tree([
      ['Barclays', 'PROPN', 'NNP', 4, 'nsubj'],
      ['is', 'AUX', 'VBZ', 4, 'cop'],
      ['a', 'DET', 'DT', 4, 'det'],
      ['bank', 'NOUN', 'NN', 0, 'root'],
    ]);
    expect(layersTrustingTree(copula)).toBe(copula);
    const aux = tree([
      ['it', 'PRON', 'PRP', 5, 'nsubj'],
      ['has', 'AUX', 'VBZ', 5, 'aux'],
      ['been', 'AUX', 'VBN', 5, 'cop'],
      ['a', 'DET', 'DT', 5, 'det'],
      ['bank', 'NOUN', 'NN', 0, 'root'],
    ]);
    expect(layersTrustingTree(aux)).toBe(aux);
  });

  it('returns the same layers when no noun looks like a verb, and leaves proper nouns alone', () => {
    const t = tree([
      ['Coach', 'PROPN', 'NNP', 0, 'root'],
      ['them', 'PRON', 'PRP', 1, 'obj'],
    ]);
    expect(layersTrustingTree(t)).toBe(t);
    const empty = tree([]);
    expect(layersTrustingTree(empty)).toBe(empty);
  });

  it('picks the verb tag from the form: -ing, -ed', () => {
    const t = tree([
      ['I', 'PRON', 'PRP', 2, 'nsubj'],
      ['building', 'NOUN', 'NN', 0, 'root'],
      ['wealth', 'NOUN', 'NN', 2, 'obj'],
      ['they', 'PRON', 'PRP', 5, 'nsubj'],
      ['tightened', 'NOUN', 'NN', 2, 'conj'],
      ['demand', 'NOUN', 'NN', 5, 'obj'],
    ]);
    const r = layersTrustingTree(t);
    expect([r.xpos[1], r.xpos[4]]).toEqual(['VBG', 'VBD']);
  });
});

describe('layersTrustingTree: "that" before a plural', () => {
  const rows = (second: string): Row[] => [
    ['noted', 'VERB', 'VBD', 0, 'root'],
    ['that', 'DET', 'DT', 4, 'det'],
    [second, 'ADJ', 'JJ', 4, 'amod'],
    ['increases', 'NOUN', 'NNS', 1, 'obj'],
  ];

  it('reads "that" determining a plural as the complementizer, outside the phrase', () => {
    const t = layersTrustingTree(tree(rows('large')));
    expect([t.upos[1], t.xpos[1], t.deprel[1]]).toEqual(['SCONJ', 'IN', 'mark']);
    expect(texts(t, baseNounPhrases(t, 0, 4))).toEqual(['large increases']);
  });

  it('keeps "that many" a determiner', () => {
    const t = tree(rows('many'));
    expect(layersTrustingTree(t)).toBe(t);
  });
});

describe('layersTrustingTree: "that" the parser made a clause marker', () => {
  const rows = (next: string, nextUpos: string): Row[] => [
    ['suggestions', 'NOUN', 'NNS', 0, 'root'],
    ['that', 'PRON', 'WDT', 4, 'mark'],
    [next, nextUpos, nextUpos === 'PUNCT' ? ',' : 'RB', 4, nextUpos === 'PUNCT' ? 'punct' : 'nsubj'],
    ['went', 'VERB', 'VBD', 1, 'acl'],
  ];

  it('reads it as the complementizer when a word follows', () => {
    const t = layersTrustingTree(tree(rows('much', 'ADV')));
    expect([t.upos[1], t.xpos[1]]).toEqual(['SCONJ', 'IN']);
  });

  it('keeps "that ," (a pronoun before an aside) as tagged', () => {
    const t = tree(rows(',', 'PUNCT'));
    expect(layersTrustingTree(t)).toBe(t);
  });
});

describe('layersTrustingTree: a verb the parser made the head of its own subject', () => {
  // "Consolidated Freightways plans to raise its rates": one noun phrase ending in "plans" in the parse.
  const rows = (verb: string, xpos: string, rel: string, next: Row[]): Row[] => [
    ['Consolidated', 'PROPN', 'NNP', 2, 'compound'],
    ['Freightways', 'PROPN', 'NNP', 3, 'compound'],
    [verb, 'NOUN', xpos, rel === 'root' ? 0 : 1, rel],
    ...next,
  ];
  const toRaise: Row[] = [
    ['to', 'PART', 'TO', 5, 'mark'],
    ['raise', 'VERB', 'VB', 3, 'acl'],
    ['its', 'PRON', 'PRP$', 7, 'nmod:poss'],
    ['rates', 'NOUN', 'NNS', 5, 'obj'],
  ];

  it('reads a plural before "to" and a bare verb as the verb, its subject as a phrase of its own', () => {
    const t = layersTrustingTree(tree(rows('plans', 'NNS', 'root', toRaise)));
    expect([t.upos[2], t.xpos[2]]).toEqual(['VERB', 'VBZ']);
    expect([t.head[1], t.deprel[1], t.head[0]]).toEqual([2, 'nsubj', 1]);
    expect(texts(t, baseNounPhrases(t, 0, 7))).toEqual(['Consolidated Freightways', 'its rates']);
  });

  it('reads "claims that …" and a clause-final "the firm estimates ." as verbs', () => {
    const that = layersTrustingTree(
      tree(
        rows('claims', 'NNS', 'root', [
          ['that', 'SCONJ', 'IN', 6, 'mark'],
          ['software', 'NOUN', 'NN', 6, 'nsubj'],
          ['works', 'VERB', 'VBZ', 3, 'ccomp'],
        ]),
      ),
    );
    expect(that.xpos[2]).toBe('VBZ');
    const report = tree([
      ['rose', 'VERB', 'VBD', 0, 'root'],
      [',', 'PUNCT', ',', 5, 'punct'],
      ['the', 'DET', 'DT', 5, 'det'],
      ['firm', 'NOUN', 'NN', 5, 'compound'],
      ['estimates', 'NOUN', 'NNS', 1, 'parataxis'],
      ['.', 'PUNCT', '.', 1, 'punct'],
    ]);
    const r = layersTrustingTree(report);
    expect([r.xpos[4], r.head[3], r.head[2]]).toEqual(['VBZ', 4, 3]);
    expect(texts(r, baseNounPhrases(r, 0, 6))).toEqual(['the firm']);
  });

  it('keeps a noun before "to" that is an object, and a singular before "to" ("shareholder approval to begin")', () => {
    const obj = tree(rows('plans', 'NNS', 'obj', toRaise));
    expect(layersTrustingTree(obj)).toBe(obj);
    const singular = tree(rows('approval', 'NN', 'root', toRaise));
    expect(layersTrustingTree(singular)).toBe(singular);
    // nothing but a period after a root plural: a headline ("LIMITED RISK FUNDS :"), kept a noun
    const headline = tree(rows('funds', 'NNS', 'root', [[':', 'PUNCT', ':', 3, 'punct']]));
    expect(layersTrustingTree(headline)).toBe(headline);
  });
});

describe('layersTrustingTree: a capitalised "adjective" that owns a possessive or is an agent', () => {
  it('reads it as a name, so the walk gives it a phrase: "[Digital] [\'s target]", "by [Transatlantic]"', () => {
    const t = layersTrustingTree(
      tree([
        ['Digital', 'ADJ', 'JJ', 3, 'nmod:poss'],
        ["'s", 'PART', 'POS', 1, 'case'],
        ['target', 'NOUN', 'NN', 0, 'root'],
      ]),
    );
    expect([t.upos[0], t.xpos[0]]).toEqual(['PROPN', 'NNP']);
    expect(texts(t, baseNounPhrases(t, 0, 3))).toEqual(['Digital', "'s target"]);
  });

  it('leaves a lower-case adjective and an ordinary modifier alone', () => {
    const lower = tree([
      ['federal', 'ADJ', 'JJ', 3, 'nmod:poss'],
      ["'s", 'PART', 'POS', 1, 'case'],
      ['target', 'NOUN', 'NN', 0, 'root'],
    ]);
    expect(layersTrustingTree(lower)).toBe(lower);
    const modifier = tree([
      ['Federal', 'ADJ', 'JJ', 2, 'amod'],
      ['funds', 'NOUN', 'NNS', 0, 'root'],
    ]);
    expect(layersTrustingTree(modifier)).toBe(modifier);
  });
});

describe('layersTrustingTree: a "verb" with a determiner and no clause of its own', () => {
  it('reads "a 9.4 % sales gain/VBP" as a noun, so the phrase runs to it', () => {
    const t = layersTrustingTree(
      tree([
        ['posted', 'VERB', 'VBD', 0, 'root'],
        ['a', 'DET', 'DT', 6, 'det'],
        ['9.4', 'NUM', 'CD', 4, 'nummod'],
        ['%', 'SYM', 'NN', 6, 'compound'],
        ['sales', 'NOUN', 'NNS', 6, 'compound'],
        ['gain', 'VERB', 'VBP', 1, 'obj'],
      ]),
    );
    expect([t.upos[5], t.xpos[5]]).toEqual(['NOUN', 'NN']);
    expect(texts(t, baseNounPhrases(t, 0, 6))).toEqual(['a 9.4 % sales gain']);
  });

  it('keeps a word with an object a verb ("all buy stock")', () => {
    const t = tree([
      ['all', 'DET', 'DT', 2, 'det'],
      ['buy', 'VERB', 'VBP', 0, 'root'],
      ['stock', 'NOUN', 'NN', 2, 'obj'],
    ]);
    expect(layersTrustingTree(t)).toBe(t);
  });
});
