/**
 * The ONNX runtime keeps the working memory of its largest call for the
 * process's life, so the models are called on bounded slices of a long
 * document: the sentence classifier on at most 512 candidates, the tagger's
 * character CNN on at most 512 new word types, the NER model on at most 4
 * packed rows. A 44 kB text (the layout fixtures, one document) needs several
 * calls of each.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as OnnxRunner from '../../src/models/onnx-runner.js';

/** Per model file, the first dimension of its first input at each call. */
const calls = new Map<string, number[]>();

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

  it('embed new word types by characters 512 at a time', () => {
    const sizes = callsOf('tagger/chars.onnx');
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(512);
  });

  it('recognize entities 4 packed rows at a time', () => {
    const sizes = callsOf('ner/ner.onnx');
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
  });
});
