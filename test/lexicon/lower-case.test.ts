import { describe, expect, it } from 'vitest';
import { lowerCase } from '../../src/lexicon/lower-case.js';

describe('lowerCase', () => {
  it("gives toLowerCase's value for every kind of word", () => {
    for (const w of ['', 'the', 'The', 'NASA', "n't", 'N’T', '3.5', 'Ünïcode', 'straße', 'İstanbul', 'ΣΟΦΙΑ', 'a-B', '\u212a']) expect(lowerCase(w)).toBe(w.toLowerCase());
  });

  it('returns the word itself when it has nothing to lower', () => {
    const w = ['an', 'already', 'lower', 'word'].join(' ');
    expect(lowerCase(w)).toBe(w);
  });
});
