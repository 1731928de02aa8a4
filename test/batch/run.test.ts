/**
 * The batch loop with a fake runner (no workers): order, errors, skipping,
 * the in-flight bound, SIGINT-style abort and a pool that fails as a whole.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import type { CountedResult } from '../../src/http/analysis-pool.js';
import { itemKey, type BatchItem } from '../../src/batch/input.js';
import type { ResultSink } from '../../src/batch/output.js';
import { runBatch, type CountingRunner } from '../../src/batch/run.js';
import type { FlatOptions } from '../../src/types.js';

function memorySink(): ResultSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    write(l) {
      lines.push(l);
      return true;
    },
    async drain() {},
    async close() {},
  };
}

function docs(n: number): BatchItem[] {
  return Array.from({ length: n }, (_, i) => ({ key: itemKey(`d${i}`), id: `d${i}`, line: i + 1, fields: { text: `doc ${i}` } }));
}

async function* iterate(items: BatchItem[]): AsyncIterable<BatchItem> {
  for (const i of items) yield i;
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Answers with {"text"} after a delay that makes later documents finish first; "fail" texts get a 500. */
class FakeRunner implements CountingRunner {
  running = 0;
  maxRunning = 0;
  seen: FlatOptions[] = [];
  failure?: AnalysisError;
  constructor(private readonly delay: (text: string) => number = (t) => 10 - (Number(t.split(' ')[1]) % 10)) {}
  async runCounted(options: FlatOptions): Promise<CountedResult> {
    this.seen.push(options);
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    const text = String(options.text);
    await tick(this.delay(text));
    this.running--;
    if (text.includes('fail')) throw new AnalysisError(500, `internal error: cannot analyze ${text}`);
    return { body: new TextEncoder().encode(JSON.stringify({ ok: true, text })), tokens: 2 };
  }
}

const ids = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { id: unknown }).id);

describe('runBatch', () => {
  it('writes results in input order by default though they finish out of order', async () => {
    const sink = memorySink();
    const runner = new FakeRunner();
    const stats = await runBatch({ items: iterate(docs(25)), runner, sink, concurrency: 4 });
    expect(ids(sink.lines)).toEqual(docs(25).map((d) => d.id));
    expect(stats).toMatchObject({ done: 25, ok: 25, errors: 0, skipped: 0, tokens: 50, interrupted: false, inFlight: 0 });
    expect(JSON.parse(sink.lines[3]!)).toEqual({ id: 'd3', response: { ok: true, text: 'doc 3' } });
  });

  it('writes as documents finish with ordered: false, and never runs more than the concurrency', async () => {
    const sink = memorySink();
    const runner = new FakeRunner();
    await runBatch({ items: iterate(docs(25)), runner, sink, concurrency: 3, ordered: false });
    expect(runner.maxRunning).toBe(3);
    expect(ids(sink.lines)).not.toEqual(docs(25).map((d) => d.id));
    expect([...ids(sink.lines)].sort()).toEqual(docs(25).map((d) => d.id).sort());
  });

  it('records failed documents and input errors in place, and goes on', async () => {
    const items = docs(5);
    items[1] = { ...items[1]!, fields: { text: 'fail 1' } };
    items[3] = { key: 'line:4', id: null, line: 4, error: { status: 400, message: 'line 4: not valid JSON' } };
    const sink = memorySink();
    const stats = await runBatch({ items: iterate(items), runner: new FakeRunner(), sink, concurrency: 2 });
    expect(stats).toMatchObject({ done: 5, ok: 3, errors: 2 });
    expect(sink.lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { id: 'd0', response: { ok: true, text: 'doc 0' } },
      { id: 'd1', error: { status: 500, message: 'internal error: cannot analyze fail 1' } },
      { id: 'd2', response: { ok: true, text: 'doc 2' } },
      { id: null, line: 4, error: { status: 400, message: 'line 4: not valid JSON' } },
      { id: 'd4', response: { ok: true, text: 'doc 4' } },
    ]);
  });

  it("merges fields: the source's defaults < the run's params < the document's own", async () => {
    const runner = new FakeRunner(() => 0);
    const items: BatchItem[] = [
      { key: '"a"', id: 'a', fields: { text: 'doc 0' }, defaults: { 'cleanup.mode': 'cleanHTML', extractors: 'words' } },
      { key: '"b"', id: 'b', fields: { text: 'doc 1', extractors: 'entities' } },
    ];
    await runBatch({ items: iterate(items), runner, sink: memorySink(), concurrency: 1, params: { extractors: 'words,entities', 'cleanup.mode': 'raw' } });
    expect(runner.seen).toEqual([
      { text: 'doc 0', extractors: 'words,entities', 'cleanup.mode': 'raw' },
      { text: 'doc 1', extractors: 'entities', 'cleanup.mode': 'raw' },
    ]);
  });

  it('skips the keys --resume found, and counts them', async () => {
    const sink = memorySink();
    const stats = await runBatch({ items: iterate(docs(6)), runner: new FakeRunner(), sink, concurrency: 2, skip: new Set(['"d0"', '"d1"', '"d4"']) });
    expect(ids(sink.lines)).toEqual(['d2', 'd3', 'd5']);
    expect(stats).toMatchObject({ done: 3, skipped: 3 });
  });

  it('handles an empty input', async () => {
    const sink = memorySink();
    expect(await runBatch({ items: iterate([]), runner: new FakeRunner(), sink, concurrency: 2 })).toMatchObject({ done: 0, interrupted: false });
    expect(sink.lines).toEqual([]);
  });

  it('on abort stops reading, finishes the documents in flight and writes them all', async () => {
    const controller = new AbortController();
    const sink = memorySink();
    const runner = new FakeRunner(() => 20);
    // An input that never ends, like stdin left open.
    async function* endless(): AsyncIterable<BatchItem> {
      for (let i = 0; ; i++) {
        if (i === 7) controller.abort();
        yield { key: itemKey(`d${i}`), id: `d${i}`, fields: { text: `doc ${i}` } };
      }
    }
    const stats = await runBatch({ items: endless(), runner, sink, concurrency: 3, signal: controller.signal });
    expect(stats.interrupted).toBe(true);
    expect(runner.running).toBe(0);
    // Everything sent to the runner has its line, in order, with no gap.
    expect(ids(sink.lines)).toEqual(runner.seen.map((o) => `d${String(o.text).split(' ')[1]}`));
    expect(sink.lines.length).toBeGreaterThanOrEqual(5);
    expect(stats.done).toBe(sink.lines.length);
  });

  it('stops when the pool fails as a whole, without writing errors for the rest', async () => {
    const runner = new FakeRunner(() => 5);
    const original = runner.runCounted.bind(runner);
    runner.runCounted = async (o) => {
      if (String(o.text) === 'doc 4') {
        runner.failure = new AnalysisError(500, 'internal error: analysis workers keep failing (exited)');
        throw runner.failure;
      }
      return original(o);
    };
    const sink = memorySink();
    const stats = await runBatch({ items: iterate(docs(20)), runner, sink, concurrency: 1 });
    expect(stats.fatal).toMatch(/keep failing/);
    expect(ids(sink.lines)).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect(stats.errors).toBe(0);
  });
});
