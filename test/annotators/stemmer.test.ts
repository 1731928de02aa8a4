import { describe, expect, it } from 'vitest';
import { createStemmer, stem } from '../../src/annotators/stemmer.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import { Doc } from '../../src/doc/doc.js';

// The annotator reads nothing from the context; the request part is irrelevant here.
const ctx = { language: 'eng', warn: () => {} } as unknown as AnnotateContext;

describe('stem', () => {
  it.each([
    ['running', 'run'],
    ['Running', 'run'],
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['relational', 'relat'],
    ['generalization', 'gener'],
    ['HOPEFUL', 'hope'],
  ])('%s → %s', (word, expected) => expect(stem(word)).toBe(expected));

  it('leaves punctuation, numbers and symbols as they are', () => {
    for (const t of [',', '.', '...', '42', '3.14', '1,000', '$', '--', '😀', '']) expect(stem(t)).toBe(t);
  });

  it('keeps astral characters inside words intact', () => {
    expect(stem('cats😀')).toBe('cats😀');
    expect(stem('𝒳yz')).toBe('𝒳yz');
  });
});

describe('createStemmer', () => {
  it('fills doc.stem for every token', () => {
    const annotator = createStemmer();
    const text = 'The cats were running, 42 times!';
    const spans = [...text.matchAll(/\w+|[^\s\w]/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    const doc = new Doc(text, spans, [spans.length]);
    annotator.run(doc, ctx);
    expect(doc.stem).toEqual(['the', 'cat', 'were', 'run', ',', '42', 'time', '!']);
  });
});
