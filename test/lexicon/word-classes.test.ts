import { beforeAll, describe, expect, it } from 'vitest';
import { WORD_CLASS_CODES, wordNetClasses } from '../../src/lexicon/word-classes.js';
import { WordNetLexicon } from '../../src/lexicon/wordnet.js';
import { fileLoader } from '../../src/resources/file-loader.js';

let wordnet: WordNetLexicon;
beforeAll(async () => {
  wordnet = await WordNetLexicon.load(fileLoader());
});

/** Decodes the base-3 parts code into per-POS digits (n, v, a, r). */
const digits = (parts: number) => ({ n: parts % 3, v: Math.floor(parts / 3) % 3, a: Math.floor(parts / 9) % 3, r: Math.floor(parts / 27) % 3 });

describe('wordNetClasses', () => {
  it('marks an irregular verb form as a verb by inflection only', () => {
    const c = wordNetClasses('went', wordnet);
    expect(digits(c.parts).v).toBe(2);
    expect(digits(c.parts).a).toBe(0);
  });

  it('marks a lemma listed under several parts of speech, ignoring case', () => {
    const lower = wordNetClasses('better', wordnet);
    expect(wordNetClasses('Better', wordnet)).toEqual(lower);
    const d = digits(lower.parts);
    expect(d.n).toBe(1);
    expect(d.a).toBe(1);
    expect(d.r).toBe(1);
  });

  it('finds regular inflections through morphy', () => {
    expect(digits(wordNetClasses('churches', wordnet).parts).n).toBe(2);
    expect(digits(wordNetClasses('walking', wordnet).parts).v).toBe(2);
    expect(digits(wordNetClasses('unhelpfully', wordnet).parts).r).toBe(1);
  });

  it('gives 0 to words WordNet cannot hold: function words, symbols, emoji, huge tokens', () => {
    for (const w of ['the', '😀', '12,000', '$', 'x'.repeat(500), '']) {
      expect(wordNetClasses(w, wordnet)).toEqual({ parts: 0, dominant: 0 });
    }
  });

  it('stays inside the code ranges the tagger tables have', () => {
    for (const w of ['run', 'runs', 'ran', 'fast', 'well', 'saw', 'lead', 'Gödel', 'naïve', 'co-operate']) {
      const c = wordNetClasses(w, wordnet);
      expect(c.parts).toBeGreaterThanOrEqual(0);
      expect(c.parts).toBeLessThan(WORD_CLASS_CODES.parts);
      expect(c.dominant).toBeLessThan(WORD_CLASS_CODES.dominant);
    }
    expect(wordNetClasses('run', wordnet).dominant).toBeGreaterThan(0);
  });
});
