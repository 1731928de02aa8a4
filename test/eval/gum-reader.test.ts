import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { gumNameSpan, readGum } from '../../src/eval/el.js';

const dir = fileURLToPath(new URL('../fixtures/gum-mini/', import.meta.url));

describe('readGum', () => {
  const [doc] = readGum(dir, `${dir}mini.conllu`, 'dev');
  const gold = doc.gold.map((g) => ({ text: doc.doc.text.slice(g.start, g.end), qid: g.qid, optional: g.optional }));

  it('counts names, and drops a leading "the" from the span', () => {
    expect(gold.filter((g) => !g.optional).map((g) => g.text)).toEqual(['US', 'US', 'Byron', 'University']);
  });

  it('reads a capitalized pronoun, possessive or common-noun phrase at a sentence start as coreference, not a name', () => {
    expect(gold.filter((g) => g.optional).map((g) => g.text)).toEqual(['He', 'His', 'An undistinguished student', 'I']);
  });

  it('keeps "US" in capitals a name (the pronoun is "us")', () => {
    expect(gold.find((g) => g.text === 'US')).toMatchObject({ qid: 'Q30', optional: false });
  });
});

describe('gumNameSpan', () => {
  const name = (phrase: string) => {
    const t = phrase.split(' ');
    const [a, b] = gumNameSpan(t, 0, t.length);
    return t.slice(a, b).join(' ');
  };
  it('takes the name out of the noun phrase GUM spans', () => {
    expect(name('the United States')).toBe('United States');
    expect(name('these United States')).toBe('United States');
    expect(name('our Constitution')).toBe('Constitution');
    expect(name("Bangladesh 's")).toBe('Bangladesh');
    expect(name("Penn State 's")).toBe('Penn State');
  });
  it('leaves a common-noun phrase, a one-word span and a phrase that holds more than the name', () => {
    expect(name('An undistinguished student')).toBe('An undistinguished student');
    expect(name('His')).toBe('His');
    expect(name('President Trump')).toBe('President Trump');
    expect(name('Dhaka , Bangladesh')).toBe('Dhaka , Bangladesh');
  });
});
