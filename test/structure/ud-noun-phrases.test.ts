/**
 * Base noun phrases read off a UD tree in any language (src/structure/ud-noun-phrases.ts):
 * hand-made trees in French and German, as the packs' parsers give them.
 */
import { describe, expect, it } from 'vitest';
import { udNounPhrases, type UdTree } from '../../src/structure/ud-noun-phrases.js';

/** A sentence as [word, UPOS, head (1-based, 0 = root), relation] rows. */
function tree(rows: Array<[string, string, number, string]>): UdTree & { words: string[] } {
  return {
    words: rows.map((r) => r[0]),
    upos: rows.map((r) => r[1]),
    head: rows.map((r) => r[2] - 1),
    deprel: rows.map((r) => r[3]),
  };
}

function phrases(t: UdTree & { words: string[] }): string[] {
  return udNounPhrases(t, 0, t.words.length).map((p) => t.words.slice(p.start, p.end).join(' '));
}

describe('noun phrases from a UD tree', () => {
  it('takes determiners and adjectives on both sides, leaves prepositional modifiers as phrases of their own', () => {
    // Le petit chat noir de ma voisine dort .
    const t = tree([
      ['Le', 'DET', 3, 'det'],
      ['petit', 'ADJ', 3, 'amod'],
      ['chat', 'NOUN', 8, 'nsubj'],
      ['noir', 'ADJ', 3, 'amod'],
      ['de', 'ADP', 7, 'case'],
      ['ma', 'DET', 7, 'det:poss'],
      ['voisine', 'NOUN', 3, 'nmod'],
      ['dort', 'VERB', 0, 'root'],
      ['.', 'PUNCT', 8, 'punct'],
    ]);
    expect(phrases(t)).toEqual(['Le petit chat noir', 'ma voisine']);
  });

  it("keeps an adjective's degree adverb, a name's flat parts and a number", () => {
    // Angela Merkel kaufte zwei sehr große Häuser .
    const t = tree([
      ['Angela', 'PROPN', 3, 'nsubj'],
      ['Merkel', 'PROPN', 1, 'flat:name'],
      ['kaufte', 'VERB', 0, 'root'],
      ['zwei', 'NUM', 7, 'nummod'],
      ['sehr', 'ADV', 6, 'advmod'],
      ['große', 'ADJ', 7, 'amod'],
      ['Häuser', 'NOUN', 3, 'obj'],
      ['.', 'PUNCT', 3, 'punct'],
    ]);
    expect(phrases(t)).toEqual(['Angela Merkel', 'zwei sehr große Häuser']);
  });

  it('makes a pronoun a phrase and keeps a phrase contiguous', () => {
    // Elle lit le livre , hier , rouge  (a modifier cut off from its noun stays out)
    const t = tree([
      ['Elle', 'PRON', 2, 'nsubj'],
      ['lit', 'VERB', 0, 'root'],
      ['le', 'DET', 4, 'det'],
      ['livre', 'NOUN', 2, 'obj'],
      ['hier', 'ADV', 2, 'advmod'],
      ['rouge', 'ADJ', 4, 'amod'],
    ]);
    expect(phrases(t)).toEqual(['Elle', 'le livre']);
  });

  it('reads only the sentence asked for, and survives an empty range and a malformed cyclic tree', () => {
    const t = tree([
      ['la', 'DET', 2, 'det'],
      ['maison', 'NOUN', 0, 'root'],
      ['un', 'DET', 4, 'det'],
      ['chien', 'NOUN', 0, 'root'],
    ]);
    expect(udNounPhrases(t, 2, 4)).toEqual([{ start: 2, end: 4, head: 3 }]);
    expect(udNounPhrases(t, 2, 2)).toEqual([]);
    const cyclic = tree([
      ['Haus', 'NOUN', 2, 'compound'],
      ['Tür', 'NOUN', 1, 'compound'],
    ]);
    expect(phrases(cyclic)).toEqual([]);
  });
});
