import { describe, expect, it } from 'vitest';
import { retagSentenceInitialName } from '../../src/annotators/sentence-initial-names.js';
import { analyze } from '../../src/index.js';

const known = new Set(['apple', 'the']);
const isKnown = (w: string) => known.has(w.toLowerCase());
const tags = (xpos: string[]) => ({ xpos: [...xpos], upos: xpos.map((t) => (t.startsWith('NNP') ? 'PROPN' : 'NOUN')) });

describe('retagSentenceInitialName', () => {
  it('makes an unknown capitalized noun before a proper noun a proper noun', () => {
    const t = tags(['NN', 'NNP', 'VBD']);
    retagSentenceInitialName(['Barack', 'Obama', 'spoke'], t, isKnown);
    expect(t).toEqual({ xpos: ['NNP', 'NNP', 'VBD'], upos: ['PROPN', 'PROPN', 'NOUN'] });
  });

  it.each([
    ['a known word', ['Apple', 'Obama'], ['NN', 'NNP']],
    ['an adjective', ['Imperial', 'Hubris'], ['JJ', 'NNP']],
    ['a next word that is not a proper noun', ['Barack', 'spoke'], ['NN', 'VBD']],
    ['a lower-case next word tagged NNP', ['Barack', 'obama'], ['NN', 'NNP']],
    ['an all-capitals word', ['NASA', 'Ames'], ['NN', 'NNP']],
    ['a one-word sentence', ['Barack'], ['NN']],
  ])('leaves %s alone', (_what, words, xpos) => {
    const t = tags(xpos);
    retagSentenceInitialName(words, t, isKnown);
    expect(t.xpos).toEqual(xpos);
  });

  it('fixes the README example end to end', async () => {
    const r = await analyze({ text: 'Barack Obama was born in Hawaii.', extractors: ['words'] });
    const first = r.response!.sentences![0]!.words[0]!;
    expect([first.token, first.partOfSpeech, first.lemma]).toEqual(['Barack', 'NNP', 'Barack']);
  });
});
