import { describe, expect, it } from 'vitest';
import { startsUpperCase } from '../../src/annotators/senses.js';

// A proper noun keeps only senses with a capitalized member (senses.ts); the test skips the regex for ASCII.
describe('startsUpperCase', () => {
  it('agrees with /^\\p{Lu}/u on every BMP first character', () => {
    const regex = /^\p{Lu}/u;
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) {
      const s = String.fromCharCode(c) + 'x';
      if (startsUpperCase(s) !== regex.test(s)) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  it('reads astral letters and empty strings as the regex does', () => {
    for (const s of ['', '𝐀bc', '𝐚bc', 'Éire', 'éire', 'Paris', 'paris', '_Paris', '1st']) {
      expect(startsUpperCase(s)).toBe(/^\p{Lu}/u.test(s));
    }
    expect(startsUpperCase('𝐀bc')).toBe(true);
    expect(startsUpperCase('Paris')).toBe(true);
    expect(startsUpperCase('paris')).toBe(false);
  });
});
