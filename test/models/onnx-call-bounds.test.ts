/**
 * What the largest ONNX call needed stays resident after it returns (the C
 * allocator keeps it), so the models are called on bounded slices of a long
 * document: the sentence classifier on at most 512 candidates, the tagger on
 * at most 1,024 packed positions, its character CNN on at most 64 new word
 * types, the NER model on at most 4 packed rows. A 44 kB text (the layout
 * fixtures, one document) needs several calls of each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as OnnxRunner from '../../src/models/onnx-runner.js';

/** Per model file, the first dimension of its first input at each call. */
const calls = new Map<string, number[]>();
/** Per model file, the product of the first two dimensions of its first input at each call. */
const cells = new Map<string, number[]>();

vi.mock('../../src/models/onnx-runner.js', async (importActual) => {
  const actual = await importActual<typeof OnnxRunner>();
  return {
    ...actual,
    loadOnnxModel: async (...args: Parameters<typeof OnnxRunner.loadOnnxModel>) => {
      const model = await actual.loadOnnxModel(...args);
      const file = args[1];
      return {
        inputNames: model.inputNames,
        outputNames: model.outputNames,
        run(feeds: Parameters<OnnxRunner.OnnxModel['run']>[0]) {
          const first = Object.values(feeds)[0];
          if (!calls.has(file)) calls.set(file, []);
          calls.get(file)!.push(first.dims[0]);
          if (!cells.has(file)) cells.set(file, []);
          cells.get(file)!.push(first.dims[0] * (first.dims[1] ?? 1));
          return model.run(feeds);
        },
      } satisfies OnnxRunner.OnnxModel;
    },
  };
});

const dir = new URL('../fixtures/layout-dev/', import.meta.url);
const text = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .join('\n\n');

/** The calls of the model file ending in `suffix`. */
function callsOf(suffix: string): number[] {
  return [...calls].filter(([file]) => file.endsWith(suffix)).flatMap(([, dims]) => dims);
}

beforeAll(async () => {
  const { createAnalyzer } = await import('../../src/analyzer.js');
  const analyzer = await createAnalyzer();
  const result = await analyzer.analyze({ text, extractors: 'words,entities', languageOverride: 'eng' });
  expect(result.ok).toBe(true);
  expect(result.response!.sentences!.reduce((n, s) => n + s.words.length, 0)).toBeGreaterThan(5000);
}, 60_000);

describe('model calls on a long document', () => {
  it('score sentence boundary candidates 512 at a time', () => {
    const sizes = callsOf('sentences/model.onnx');
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(512);
  });

  it('embed new word types by characters 64 at a time', () => {
    const sizes = callsOf('tagger/chars.onnx');
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64);
  });

  it('tag at most 1,024 packed positions a call', () => {
    // the tagger's first input is its embeddings [rows, row width, embedding width]
    const positions = [...cells].filter(([file]) => file.endsWith('tagger/tagger.onnx')).flatMap(([, n]) => n);
    expect(positions.length).toBeGreaterThan(1);
    expect(Math.max(...positions)).toBeLessThanOrEqual(1024);
  });

  it('recognize entities 4 packed rows at a time', () => {
    const sizes = callsOf('ner/ner.onnx');
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
  });
});
