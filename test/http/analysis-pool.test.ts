/**
 * The worker pool with real worker threads running the real analyzer:
 * results and errors cross the thread boundary, a job past its timeout gets
 * 504 and its worker is replaced, a full queue answers 503, a worker that
 * runs out of memory or is killed fails only its job, and workers that cannot
 * start answer 503 until a later try succeeds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Polls until `done()` holds, failing after `ms`. */
async function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = performance.now() + ms;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('WorkerPool healing', () => {
  it('fails the job whose worker runs out of memory with 500 and answers the next job from a fresh worker', async () => {
    // The worker honours `test.exhaustMemory` only with this variable set where it starts.
    process.env.TEXTLENS_TEST_WORKER_HOOKS = '1';
    const pool = new WorkerPool({ size: 1, workerHeapMb: 128 });
    try {
      await pool.ready();
      const err = await failure(pool.run({ extractors: 'words', text: 'x', 'test.exhaustMemory': 'yes' }));
      expect(err.status).toBe(500);
      expect(err.message).toMatch(/ran out of memory \(heap limit 128 MB\).*replaced/);
      expect(pool.replacedWorkers).toBe(1);
      const next = decode(await pool.run({ extractors: 'words', text: 'Still answering.' }));
      expect(next.response!.sentences![0]!.words.map((w) => w.token)).toEqual(['Still', 'answering', '.']);
      expect(pool.failure).toBeUndefined();
    } finally {
      delete process.env.TEXTLENS_TEST_WORKER_HOOKS;
      await pool.close();
    }
  });

  it('refuses the memory hook as an unknown parameter when the variable is not set', async () => {
    const pool = new WorkerPool({ size: 1 });
    try {
      const err = await failure(pool.run({ extractors: 'words', text: 'x', 'test.exhaustMemory': 'yes' }));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/unknown parameter 'test.exhaustMemory'/);
    } finally {
      await pool.close();
    }
  });

  it('fails each job whose worker is killed with 500, and after five such kills in a row still answers the next', async () => {
    const pool = new WorkerPool({ size: 1 });
    try {
      await pool.ready();
      for (let kill = 1; kill <= 5; kill++) {
        const running = failure(pool.run({ extractors: 'words', text: LONG_TEXT }));
        await until(() => pool.running === 1, 10_000, 'the job reaches the worker');
        // The pool's own handle on its worker, ended as an out-of-memory kill or a native crash would end it.
        const { slots } = pool as unknown as { slots: Array<{ worker: { terminate(): Promise<number> } }> };
        await slots[0]!.worker.terminate();
        const err = await running;
        expect(err.status).toBe(500);
        expect(err.message).toMatch(/analysis worker stopped while analyzing this request \(it exited with code 1\)/);
      }
      // Five crashes without an answer between them once made the pool refuse all work until a restart.
      expect(pool.failure).toBeUndefined();
      const next = decode(await pool.run({ extractors: 'words', text: 'Healed.' }));
      expect(next.response!.sentences![0]!.words.map((w) => w.token)).toEqual(['Healed', '.']);
      expect(pool.replacedWorkers).toBe(5);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('survives whatever a worker emits (a null error, a stray message), restarting a worker that died idle after a back-off', async () => {
    const pool = new WorkerPool({ size: 1, restartDelayMs: 50 });
    try {
      await pool.ready();
      const { slots } = pool as unknown as { slots: Array<{ worker: { emit(event: string, value: unknown): boolean } }> };
      slots[0]!.worker.emit('message', null);
      slots[0]!.worker.emit('error', null); // a worker may `throw null`
      const err = await failure(pool.run({ extractors: 'words', text: 'x' }));
      expect(err.status).toBe(503);
      expect(err.message).toMatch(/analysis worker stopped while idle \(it crashed: null\) and is being restarted; next try in 1 s/);
      await until(() => pool.failure === undefined, 10_000, 'the restarted worker is ready');
      expect(decode(await pool.run({ extractors: 'words', text: 'Back.' })).ok).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 with the start-up error while no worker can start, backs off, and heals once the cause is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-start-'));
    const file = join(dir, 'pets.jsonl');
    const pool = new WorkerPool({ size: 1, analyzer: { dictionaries: { pets: file } }, restartDelayMs: 150, maxRestartDelayMs: 600 });
    try {
      await pool.ready(); // resolves with the start failed, rather than waiting forever
      expect(pool.failure?.status).toBe(503);
      const err = await failure(pool.run({ extractors: 'words', text: 'x' }));
      expect(err.status).toBe(503);
      expect(err.message).toMatch(/analysis workers could not start: .*pets\.jsonl/);
      // Retried, with growing waits (150 ms, then 300 ms): no spinning.
      const first = performance.now();
      const before = pool.failedStarts;
      await until(() => pool.failedStarts >= before + 2, 10_000, 'two more failed starts');
      expect(performance.now() - first).toBeGreaterThanOrEqual(150 + 300 - 50);
      // The cause goes away: a later try starts, and requests are served again.
      writeFileSync(file, '{"id": "rex", "text": ["Rex"], "types": ["Dog"]}\n');
      await until(() => pool.failure === undefined, 10_000, 'a worker starts');
      const body = decode(await pool.run({ extractors: 'entities', 'entities.dictionaries': 'pets', text: 'Rex barked.' }));
      expect(body.response!.entities!.map((e) => e.customEntityId)).toContain('rex');
    } finally {
      await pool.close();
    }
  }, 30_000);
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
