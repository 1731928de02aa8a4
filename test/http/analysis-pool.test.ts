/**
 * The worker pool with real worker threads running the real analyzer:
 * results and errors cross the thread boundary, a job past its timeout gets
 * 504 and its worker is replaced, a full queue answers 503.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { WorkerPool } from '../../src/http/analysis-pool.js';
import type { AnalyzeResponse, FlatOptions } from '../../src/types.js';

async function failure(p: Promise<unknown>): Promise<AnalysisError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AnalysisError) return e;
    throw e;
  }
  throw new Error('expected the job to fail');
}

const decode = (bytes: Uint8Array): AnalyzeResponse => JSON.parse(new TextDecoder().decode(bytes)) as AnalyzeResponse;

// About 11 kB: no machine tags it within the 1 ms timeout below, and it
// keeps a worker busy while the queue test fills the queue behind it.
const LONG_TEXT = 'The committee approved the budget after a long debate. '.repeat(200);

describe('WorkerPool', () => {
  const pool = new WorkerPool({ size: 1, timeoutMs: 20_000, maxQueue: 1 });
  afterAll(() => pool.close());

  it('runs the analyzer in a worker and returns the response JSON', async () => {
    await pool.ready();
    const body = decode(await pool.run({ extractors: 'words', text: 'Workers analyze this.' }));
    expect(body.ok).toBe(true);
    expect(body.response!.sentences![0]!.words.map((w) => w.token)).toEqual(['Workers', 'analyze', 'this', '.']);
  });

  it("carries the analyzer's errors back with their status", async () => {
    const err = await failure(pool.run({ extractors: 'words' }));
    expect(err.status).toBe(400);
    const big = await failure(pool.run({ extractors: 'words', text: 'a'.repeat(200 * 1024 + 1) }));
    expect(big.status).toBe(413);
  });

  it('answers 503 at once when the queue is full', async () => {
    await pool.ready();
    const running = pool.run({ extractors: 'words', text: LONG_TEXT }); // on the worker
    const waiting = pool.run({ extractors: 'words', text: 'queued' }); // in the queue (size 1)
    const refused = await failure(pool.run({ extractors: 'words', text: 'one too many' }));
    expect(refused.status).toBe(503);
    expect(refused.message).toMatch(/queue is full/);
    expect(decode(await running).ok).toBe(true);
    expect(decode(await waiting).ok).toBe(true);
  });
});

describe('WorkerPool hand-off', () => {
  it('fails a job that cannot be handed to a worker with 500, alone, whether its worker was idle or busy', async () => {
    const pool = new WorkerPool({ size: 1, timeoutMs: 20_000 });
    try {
      await pool.ready();
      // Only strings come from the HTTP layer; a function in the options cannot cross to a worker.
      const uncloneable = { extractors: 'words', text: 'x', extra: [() => 1] } as unknown as FlatOptions;
      const idle = await failure(pool.run(uncloneable));
      expect(idle.status).toBe(500);
      expect(idle.message).toMatch(/could not be handed to an analysis worker: .*could not be cloned/);
      expect(pool.running).toBe(0); // the worker is not held for the timeout
      // Behind a busy worker the job is handed over from the worker's message handler, which must not throw.
      const busy = pool.run({ extractors: 'words', text: LONG_TEXT });
      const queued = failure(pool.run(uncloneable));
      const next = pool.run({ extractors: 'words', text: 'Next in line.' });
      expect((await queued).status).toBe(500);
      expect(decode(await busy).ok).toBe(true);
      expect(decode(await next).ok).toBe(true);
      expect(pool.replacedWorkers).toBe(0);
    } finally {
      await pool.close();
    }
  });
});

describe('WorkerPool timeout', () => {
  it('fails a job past its timeout with 504 and replaces the worker', async () => {
    const pool = new WorkerPool({ size: 1, timeoutMs: 1 });
    try {
      await pool.ready(); // start-up is not charged to the job
      const err = await failure(pool.run({ extractors: 'words', text: LONG_TEXT }));
      expect(err.status).toBe(504);
      expect(err.message).toMatch(/longer than 0.001 s/);
      expect(pool.replacedWorkers).toBe(1);
      await pool.ready(); // the replacement has started its own analyzer
      expect(pool.running).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuses work after close', async () => {
    const pool = new WorkerPool({ size: 1 });
    await pool.close();
    expect((await failure(pool.run({ text: 'x' }))).status).toBe(503);
  });
});
