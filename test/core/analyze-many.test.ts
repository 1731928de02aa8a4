/**
 * analyzer.analyzeMany (src/analyze-many.ts), dispose(), AbortSignal on
 * analyze() and the onLoad hook: the same responses as analyze() one by one,
 * in order or as they finish, failures as error envelopes, abort, and worker
 * threads in Node when concurrency is above 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMany, type ManyInput } from '../../src/analyze-many.js';
import type { Analyzer } from '../../src/analyzer.js';
import { createAnalyzer } from '../../src/library.js';
import { AnalysisError } from '../../src/errors.js';
import type { ResourceLoader } from '../../src/resources/loader.js';
import type { AnalyzeResponse } from '../../src/types.js';

const TEXTS = [
  'Dogs bark at night in the old town.',
  'The central bank raised interest rates on Tuesday.',
  'Paris is the capital of France and its largest city.',
  'She wrote three novels before she turned thirty.',
  'Rain is expected across the north later this week.',
];

/** The response without its timing, for comparing runs. */
const timeless = (r: AnalyzeResponse) => ({ ...r, time: 0, index: undefined, status: undefined });

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('analyzeMany (scheduling, with a fake analysis)', () => {
  const delays = [30, 5, 20, 1, 10];
  const fake = async (input: ManyInput): Promise<AnalyzeResponse> => {
    const i = TEXTS.indexOf(input as string);
    await new Promise((r) => setTimeout(r, delays[i]));
    if (i === 3) throw new AnalysisError(413, 'too large');
    return { time: 0, ok: true, error: '', message: String(i) };
  };

  it('yields in input order by default, a failure as its error envelope, and reports progress', async () => {
    const progress: number[] = [];
    const out = await collect(analyzeMany(TEXTS, fake, { concurrency: 3, onProgress: (p) => progress.push(p.done) }));
    expect(out.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    expect(out[3]).toMatchObject({ ok: false, error: 'too large', status: 413, index: 3 });
    expect(out.filter((r) => r.ok).map((r) => r.message)).toEqual(['0', '1', '2', '4']);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('yields as documents finish with ordered: false, never more than `concurrency` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const counted = async (input: ManyInput) => {
      most = Math.max(most, ++inFlight);
      try {
        return await fake(input);
      } finally {
        inFlight--;
      }
    };
    const out = await collect(analyzeMany(TEXTS, counted, { concurrency: 2, ordered: false }));
    expect(out.map((r) => r.index).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(out.map((r) => r.index)).not.toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('reads async iterables lazily, and an abort ends the run with the signal reason', async () => {
    const controller = new AbortController();
    let read = 0;
    async function* source() {
      for (const t of TEXTS) {
        read++;
        yield t;
      }
    }
    const seen: number[] = [];
    const run = (async () => {
      for await (const r of analyzeMany(source(), fake, { concurrency: 1, signal: controller.signal })) {
        seen.push(r.index);
        if (r.index === 1) controller.abort(new Error('stop'));
      }
    })();
    await expect(run).rejects.toThrow('stop');
    expect(seen).toEqual([0, 1]);
    expect(read).toBeLessThan(TEXTS.length);
  });

  it('handles an empty input', async () => {
    expect(await collect(analyzeMany([], fake))).toEqual([]);
  });
});

describe('Analyzer.analyzeMany with the shipped models', () => {
  let analyzer: Analyzer;
  const loads: string[] = [];
  beforeAll(async () => {
    analyzer = await createAnalyzer({ onLoad: (e) => loads.push(e.model) });
  });
  afterAll(() => analyzer.dispose());

  it('gives what analyze() gives, document by document, and names the models as they load', async () => {
    const options = { extractors: 'words,entities', languageOverride: 'eng' };
    const many = await collect(analyzer.analyzeMany(TEXTS.map((text) => ({ text, ...options }))));
    const one = [];
    for (const text of TEXTS) one.push(await analyzer.analyze({ text, ...options }));
    expect(many.map(timeless)).toEqual(one.map(timeless));
    expect(loads).toContain('segmenter');
    expect(loads).toContain('tagger');
  });

  it('yields a bad document as its 400 envelope and goes on', async () => {
    const out = await collect(analyzer.analyzeMany(['Fine text here.', { text: 'x', extractors: 'nope' }, 'Also fine.']));
    expect(out.map((r) => r.ok)).toEqual([true, false, true]);
    expect(out[1]).toMatchObject({ status: 400, index: 1 });
    expect(out[1]!.error).toMatch(/nope/);
  });

  it('runs on worker threads with concurrency 2, with the same responses', async () => {
    const many = await collect(analyzer.analyzeMany(TEXTS, { concurrency: 2 }));
    const one = [];
    for (const text of TEXTS) one.push(await analyzer.analyze(text));
    expect(many.map(timeless)).toEqual(JSON.parse(JSON.stringify(one.map(timeless))));
  }, 120_000);

  it('stops analyze() at a stage boundary when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(analyzer.analyze('Some text.', undefined, { signal: controller.signal })).rejects.toThrow('cancelled');
  });
});

describe('dispose', () => {
  it('makes every later call reject', async () => {
    const analyzer = await createAnalyzer();
    await analyzer.analyze('Warm up.');
    await analyzer.dispose();
    expect(analyzer.loadedAnnotators()).toEqual([]);
    await expect(analyzer.analyze('Again.')).rejects.toThrow(/disposed/);
    await expect(collect(analyzer.analyzeMany(['x']))).rejects.toThrow(/disposed/);
  });

  it('refuses worker threads for settings that cannot reach them', async () => {
    const loader: ResourceLoader = { bytes: async () => new Uint8Array(), text: async () => '', exists: async () => false };
    const analyzer = await createAnalyzer({ loader });
    await expect(collect(analyzer.analyzeMany(['x'], { concurrency: 2 }))).rejects.toThrow(/cannot be sent/);
    await analyzer.dispose();
  });
});
