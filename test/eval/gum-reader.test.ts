import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readGum } from '../../src/eval/el.js';

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
