import { describe, expect, it } from 'vitest';
import { WordSet } from '../../src/structure/word-set.js';

describe('WordSet', () => {
  const words = ['not', "n't", 'never', 'have', 'über', '3d', ''];
  const set = new WordSet(words);
  const plain = new Set(words);

  it('answers as a set of lower-case words asked with toLowerCase, in any case and script', () => {
    const asked = ['not', 'NOT', 'Not', 'nOt', "N'T", 'N’T', 'never', 'Never', 'nevermore', 'no', 'have', 'HAVE', 'Have', 'having', 'the', 'The', 'a', 'über', 'ÜBER', 'Über', '3d', '3D', '', ' not', 'ǅ', '\u212a', 'İ', 'x'];
    for (const w of asked) expect(set.has(w), w).toBe(plain.has(w.toLowerCase()));
  });

  it('rules a word out by its first character only when no word of the set begins with it', () => {
    expect(set.mayHave('the')).toBe(false);
    expect(set.mayHave('The')).toBe(false);
    expect(set.mayHave('nothing')).toBe(true);
    expect(set.mayHave('Nothing')).toBe(true);
    expect(set.mayHave('Ünicode')).toBe(true);
    expect(set.mayHave('')).toBe(true);
  });

  it('rules a word out by its first two characters when no word of the set begins with them, in any case', () => {
    expect(set.mayHave('nay')).toBe(false);
    expect(set.mayHave('NAY')).toBe(false);
    expect(set.mayHave('Nothing')).toBe(true);
    expect(set.mayHave("N'T")).toBe(true);
    expect(set.mayHave('n')).toBe(true);
    expect(set.mayHave('nÖ')).toBe(true);
    expect(set.mayHave('hot')).toBe(false);
    expect(set.mayHave('HOT')).toBe(false);
    expect(set.mayHave('HAt')).toBe(true);
    expect(new WordSet(['ö']).mayHave('Ö')).toBe(true);
  });

  it('agrees with a plain set on every two-letter ASCII start', () => {
    const letters = "aAnNhHoOtT'3dD ".split('');
    for (const a of letters) for (const b of letters) for (const tail of ['', 't', 'ver', 've']) {
      const w = a + b + tail;
      expect(set.has(w), w).toBe(plain.has(w.toLowerCase()));
    }
  });

  it('refuses a word that is not lower case (it could never be found)', () => {
    expect(() => new WordSet(['Not'])).toThrow(/not lower case/);
  });
});
