import { describe, expect, it } from 'vitest';
import { createLemmatizer } from '../../src/annotators/lemmatizer.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import { Doc } from '../../src/doc/doc.js';
import { fileLoader } from '../../src/resources/file-loader.js';

// The annotator reads nothing from the context; the request part is irrelevant here.
const ctx = { language: 'eng', warn: () => {} } as unknown as AnnotateContext;

function docOf(text: string, xpos: string[]): Doc {
  const spans = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const doc = new Doc(text, spans, [spans.length]);
  doc.xpos = xpos;
  return doc;
}

describe('createLemmatizer', () => {
  it('fills doc.lemma for every token', async () => {
    const annotator = await createLemmatizer(fileLoader());
    const doc = docOf("The children went to Paris and were n't 😀 singing songs .", [
      'DT', 'NNS', 'VBD', 'IN', 'NNP', 'CC', 'VBD', 'RB', 'NFP', 'VBG', 'NNS', '.',
    ]);
    await annotator.run(doc, ctx);
    expect(doc.lemma).toEqual(['the', 'child', 'go', 'to', 'Paris', 'and', 'be', 'not', '😀', 'sing', 'song', '.']);
  });

  it('handles an empty doc', async () => {
    const annotator = await createLemmatizer(fileLoader());
    const doc = docOf('', []);
    await annotator.run(doc, ctx);
    expect(doc.lemma).toEqual([]);
  });

  it('refuses a doc without tags (a pipeline ordering bug)', async () => {
    const annotator = await createLemmatizer(fileLoader());
    const doc = new Doc('cats', [{ start: 0, end: 4 }], [1]);
    expect(() => annotator.run(doc, ctx)).toThrow(/xpos/);
  });
});
