/**
 * The queue in one process against a real PostgreSQL: enqueue, the worker
 * loop with a fake analysis runner (so that failures are chosen, not
 * provoked), dead letters, idempotent results, status and collect.
 * Worker processes and SIGKILL: workers.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { itemKey, type BatchItem } from '../../src/batch/input.js';
import { batchCommand } from '../../src/cli/batch.js';
import { queueCommand } from '../../src/cli/queue.js';
import { AnalysisError } from '../../src/errors.js';
import { WorkerPool, type CountedResult } from '../../src/http/analysis-pool.js';
import type { StoredDictionaryRef } from '../../src/http/compiled-dictionaries.js';
import { batchDictionaries, resolveBatch } from '../../src/queue/batches.js';
import { openQueue, type QueueConnection } from '../../src/queue/connection.js';
import { enqueueBatch } from '../../src/queue/enqueue.js';
import { DEAD_LETTER_QUEUE, WORK_QUEUE } from '../../src/queue/jobs.js';
import { JobRecorder } from '../../src/queue/recorder.js';
import { insertResults } from '../../src/queue/results.js';
import { batchStatus } from '../../src/queue/status.js';
import { runQueueWorker, type QueueRunner } from '../../src/queue/worker.js';
import type { FlatOptions } from '../../src/types.js';
import { postgres, reportMissingPostgres, usePostgres } from '../stores/postgres-fixture.js';

reportMissingPostgres('the PostgreSQL queue suite');

/** Echoes the fields it got; "BAD" in a text is a 400, "CRASH" throws as a crashed analysis would. */
class FakeRunner implements QueueRunner {
  seen: Array<{ text: string; dictionaries?: readonly StoredDictionaryRef[] }> = [];
  constructor(private readonly delayMs = 0) {}
  async runCounted(options: FlatOptions, _shape?: unknown, dictionaries?: readonly StoredDictionaryRef[]): Promise<CountedResult> {
    const text = String(options.text);
    this.seen.push({ text, dictionaries });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (text.includes('BAD')) throw new AnalysisError(400, `bad document: ${text}`);
    if (text.includes('CRASH')) throw new Error(`injected crash: ${text}`);
    return { body: new TextEncoder().encode(JSON.stringify({ fields: options })), tokens: 2 };
  }
  count(text: string): number {
    return this.seen.filter((s) => s.text === text).length;
  }
}

async function* items(texts: readonly string[], extra: BatchItem[] = []): AsyncIterable<BatchItem> {
  let line = 0;
  for (const text of texts) {
    line++;
    yield { key: itemKey(`d${line - 1}`), id: `d${line - 1}`, line, fields: { text } };
  }
  for (const e of extra) yield e;
}

const RETRY_FAST = { retryLimit: 1, retryDelaySeconds: 1, expireSeconds: 60 };

async function jobStates(q: QueueConnection, queue: string): Promise<Record<string, number>> {
  const r = await q.pool.query<{ state: string; n: string }>(`SELECT state::text, count(*) AS n FROM ${q.s}.job WHERE name = $1 GROUP BY state`, [queue]);
  return Object.fromEntries(r.rows.map((row) => [row.state, Number(row.n)]));
}

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe.skipIf(postgres.kind === 'none')('queue on PostgreSQL, in process', () => {
  const pg = usePostgres();
  const open = async () => {
    const schema = pg.freshSchema();
    return { q: await openQueue(pg.url(), { schema }), schema };
  };

  it('enqueues a job per chunk, records unusable lines at once, seals the batch and refuses a second batch of the same name', async () => {
    const { q } = await open();
    try {
      const bad: BatchItem = { key: itemKey(null, 9), id: null, line: 9, error: { status: 400, message: 'line 9: not valid JSON' } };
      const stats = await enqueueBatch(q, { name: 'b1', input: 'test', items: items(['a', 'b', 'c', 'd', 'e'], [bad]), params: { extractors: 'words' }, dictionaries: {}, chunk: 2 });
      expect(stats).toEqual({ documents: 6, jobs: 3, inputErrors: 1 });
      expect(await jobStates(q, WORK_QUEUE)).toEqual({ created: 3 });
      const jobs = await q.pool.query<{ data: { docs: Array<{ seq: number }> }; retry_limit: number; expire_in: { minutes?: number } }>(
        `SELECT data, retry_limit, expire_in FROM ${q.s}.job WHERE name = $1 ORDER BY data->'docs'->0->'seq'`,
        [WORK_QUEUE],
      );
      expect(jobs.rows.map((j) => j.data.docs.map((d) => d.seq))).toEqual([[0, 1], [2, 3], [4]]);
      expect(jobs.rows[0]!.retry_limit).toBe(3);
      expect(jobs.rows[0]!.expire_in.minutes).toBe(15);
      const batch = await resolveBatch(q, undefined);
      expect(batch).toMatchObject({ name: 'b1', total: 6, chunk: 2, params: { extractors: 'words' } });
      expect(batch.sealedAt).toBeInstanceOf(Date);
      const status = await batchStatus(q, batch);
      expect(status.results).toMatchObject({ done: 1, errors: 1, ok: 0 });
      expect(status.pending).toBe(5);
      expect(status.jobs.created).toBe(3);
      await expect(enqueueBatch(q, { name: 'b1', input: 'test', items: items(['x']), params: {}, dictionaries: {}, chunk: 1 })).rejects.toThrow(/a batch named 'b1' already exists/);
    } finally {
      await q.close();
    }
  });

  it('records a 4xx as the document\'s error, retries a crash and dead-letters it with its error; chunk-mates keep their results', async () => {
    const { q, schema } = await open();
    try {
      const texts = ['zero', 'one', 'two', 'three', 'BAD four', 'CRASH five', 'six', 'seven'];
      await enqueueBatch(q, { name: 'b', input: 'test', items: items(texts), params: { extractors: 'words' }, dictionaries: {}, chunk: 3, retry: RETRY_FAST });
      const runner = new FakeRunner();
      const stats = await runQueueWorker({ queue: q, runner, concurrency: 2, pollMs: 100, exitWhenDone: true, name: 'w1' });
      expect(stats).toMatchObject({ done: 8, ok: 6, errors: 1, dead: 1, jobsFailed: 2, deadLetters: 1, interrupted: false });
      // The crash was tried twice (retryLimit 1); its chunk-mates once each: the retry skipped them.
      expect(runner.count('CRASH five')).toBe(2);
      expect(runner.count('three')).toBe(1);
      expect(runner.count('BAD four')).toBe(1);
      expect(await jobStates(q, WORK_QUEUE)).toEqual({ completed: 2, failed: 1 });
      expect(await jobStates(q, DEAD_LETTER_QUEUE)).toEqual({ completed: 1 });

      const out = join(mkdtempSync(join(tmpdir(), 'queue-collect-')), 'out.jsonl.gz');
      const err = capture();
      expect(await queueCommand(['collect', '--queue', pg.url(), '--schema', schema, '--out', out], { stderr: err.stream })).toBe(1);
      expect(err.text()).toBe('collect: batch=b written=8 ok=6 errors=1 dead=1 missing=0\n');
      const lines = gunzipSync(readFileSync(out)).toString().split('\n');
      expect(lines.pop()).toBe('');
      const results = lines.map((l) => JSON.parse(l) as { id: string; response?: { fields: FlatOptions }; error?: { status: number; message: string } });
      expect(results.map((r) => r.id)).toEqual(texts.map((_, i) => `d${i}`));
      expect(results[0]!.response!.fields).toEqual({ extractors: 'words', text: 'zero' });
      expect(results[4]!.error).toEqual({ status: 400, message: 'bad document: BAD four' });
      expect(results[5]!.error!.status).toBe(500);
      expect(results[5]!.error!.message).toMatch(/^gave up after 2 tries; last error \(on w1\): injected crash: CRASH five$/);

      const stdout = capture();
      expect(await queueCommand(['status', '--queue', pg.url(), '--schema', schema], { stdout: stdout.stream })).toBe(0);
      const text = stdout.text();
      expect(text).toMatch(/^batch b: 8 documents, chunk 3, from test, created /);
      expect(text).toContain('jobs: created 0, retry 0, active 0, completed 2, cancelled 0, failed 1\n');
      expect(text).toContain('documents: 8 done of 8 (6 ok, 1 errors, 1 dead-lettered, 1 took more than one try), 0 pending\n');
      const figures = text.trimEnd().split('\n').pop()!;
      expect(figures).toMatch(/^batch=b total=8 sealed=true done=8 ok=6 errors=1 dead=1 pending=0 retried=1 jobs_created=0 jobs_retry=0 jobs_active=0 jobs_completed=2 jobs_cancelled=0 jobs_failed=1 dead_letters_waiting=0 docs_per_s_1min=0\.13 docs_per_s_5min=0\.03 workers_1min=1 finished=true$/);
    } finally {
      await q.close();
    }
  }, 30_000);

  it('drops the jobs of a deleted batch, even when a new batch took its name', async () => {
    const { q } = await open();
    try {
      await enqueueBatch(q, { name: 'b', input: 'old', items: items(['old 0', 'old 1']), params: {}, dictionaries: {}, chunk: 1 });
      await q.pool.query(`DELETE FROM ${q.s}.batches WHERE name = 'b'`);
      await enqueueBatch(q, { name: 'b', input: 'new', items: items(['new 0']), params: {}, dictionaries: {}, chunk: 1 });
      const runner = new FakeRunner();
      const stats = await runQueueWorker({ queue: q, runner, concurrency: 4, pollMs: 100, exitWhenDone: true });
      expect(runner.seen.map((x) => x.text)).toEqual(['new 0']);
      expect(stats).toMatchObject({ done: 1, jobsCompleted: 1 });
      expect(await jobStates(q, WORK_QUEUE)).toEqual({ completed: 3 });
      const r = await q.pool.query<{ key: string; line: string }>(`SELECT key, line FROM ${q.s}.results WHERE batch = 'b'`);
      expect(r.rows).toHaveLength(1);
      expect(r.rows[0]!.line).toContain('new 0');
    } finally {
      await q.close();
    }
  });

  it('writes a result once: a second write of the same document is ignored and the first kept', async () => {
    const { q } = await open();
    try {
      await enqueueBatch(q, { name: 'b', input: 'test', items: items(['a']), params: {}, dictionaries: {}, chunk: 1 });
      const row = { key: itemKey('d0'), seq: 0, outcome: 'ok' as const, line: '{"id":"d0","response":{"first":true}}', attempts: 1 };
      expect(await insertResults(q, 'b', [row])).toMatchObject({ ok: 1 });
      expect(await insertResults(q, 'b', [{ ...row, line: '{"id":"d0","response":{"second":true}}', attempts: 2 }])).toEqual({ ok: 0, errors: 0, dead: 0, tokens: 0 });
      const r = await q.pool.query(`SELECT line, attempts FROM ${q.s}.results`);
      expect(r.rows).toEqual([{ line: row.line, attempts: 1 }]);
    } finally {
      await q.close();
    }
  });

  it('writes finished jobs in groups: one insert and one completion for the jobs that finish together', async () => {
    const { q } = await open();
    try {
      await enqueueBatch(q, { name: 'b', input: 'test', items: items(['a', 'b', 'c', 'd', 'e']), params: {}, dictionaries: {}, chunk: 1 });
      const jobs = await q.boss.fetch<{ docs: Array<{ key: string; seq: number }> }>(WORK_QUEUE, { batchSize: 5 });
      expect(jobs).toHaveLength(5);
      let added = 0;
      const recorder = new JobRecorder(q, (a) => (added += a.ok));
      const row = (d: { key: string; seq: number }) => ({ key: d.key, seq: d.seq, outcome: 'ok' as const, line: `{"id":${d.seq}}`, attempts: 1 });
      // Recorded in the same tick: the first write takes one job, the other four wait and go as one group.
      await Promise.all(jobs.map((j) => recorder.record('b', j.id, j.data.docs.map(row))));
      expect(recorder.groups).toBe(2);
      expect(added).toBe(5);
      expect(await jobStates(q, WORK_QUEUE)).toEqual({ completed: 5 });
      // A group whose write fails rejects every job in it; the jobs stay active (retried past their expiry).
      await enqueueBatch(q, { name: 'c', input: 'test', items: items(['f']), params: {}, dictionaries: {}, chunk: 1 });
      const [late] = await q.boss.fetch<{ docs: Array<{ key: string; seq: number }> }>(WORK_QUEUE, { batchSize: 1 });
      await expect(recorder.record('no-such-batch', late!.id, late!.data.docs.map(row))).rejects.toThrow(/foreign key/);
      expect((await jobStates(q, WORK_QUEUE)).active).toBe(1);
    } finally {
      await q.close();
    }
  });

  it('stops on abort after finishing its jobs in flight; another worker finishes the rest', async () => {
    const { q } = await open();
    try {
      const texts = Array.from({ length: 12 }, (_, i) => `doc ${i}`);
      await enqueueBatch(q, { name: 'b', input: 'test', items: items(texts), params: {}, dictionaries: {}, chunk: 1 });
      const controller = new AbortController();
      const slow = new FakeRunner(150);
      const first = await runQueueWorker({
        queue: q,
        runner: slow,
        concurrency: 2,
        pollMs: 100,
        signal: controller.signal,
        onProgress: (s) => {
          if (s.done >= 1) controller.abort();
        },
      });
      expect(first.interrupted).toBe(true);
      // Everything it started was finished and recorded: nothing left active.
      expect(first.done).toBe(slow.seen.length);
      expect(first.done).toBeLessThan(12);
      const states = await jobStates(q, WORK_QUEUE);
      expect(states.active).toBeUndefined();
      expect(states.completed).toBe(first.done);
      const second = await runQueueWorker({ queue: q, runner: new FakeRunner(), concurrency: 4, pollMs: 100, exitWhenDone: true });
      expect(first.done + second.done).toBe(12);
      expect((await batchStatus(q, await resolveBatch(q, 'b'))).pending).toBe(0);
    } finally {
      await q.close();
    }
  }, 30_000);

  it("gives the runner the batch's dictionaries, keyed per batch and revision", async () => {
    const { q } = await open();
    try {
      const source = { entries: [{ id: 'p1', text: ['Pier One'] }] };
      const dictionaries = batchDictionaries({ ports: source });
      await enqueueBatch(q, { name: 'b', input: 'test', items: items(['At Pier One.']), params: { 'entities.dictionaries': 'ports' }, dictionaries, chunk: 1 });
      const runner = new FakeRunner();
      await runQueueWorker({ queue: q, runner, concurrency: 1, pollMs: 100, exitWhenDone: true });
      expect(runner.seen).toHaveLength(1);
      expect(runner.seen[0]!.dictionaries).toEqual([{ cacheKey: 'queue/b/ports', id: 'ports', revision: dictionaries.ports!.revision, source }]);
      expect(dictionaries.ports!.revision).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await q.close();
    }
  });

  it('carries --dictionary entries to a real analysis pool: a worker with no files matches them', async () => {
    const { q, schema } = await open();
    const pool = new WorkerPool({ size: 1 });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'queue-dict-'));
      writeFileSync(join(dir, 'in.jsonl'), JSON.stringify({ id: 'r', text: 'She bought an Acme Rocket yesterday.' }) + '\n');
      const dictionary = fileURLToPath(new URL('../fixtures/dictionaries/products.jsonl', import.meta.url));
      const err = capture();
      const args = ['enqueue', '--queue', pg.url(), '--schema', schema, '--in', join(dir, 'in.jsonl'), '--name', 'dict', '--extractors', 'entities'];
      expect(await queueCommand([...args, '--dictionary', `products=${dictionary}`, '--param', 'entities.dictionaries=products'], { stderr: err.stream })).toBe(0);
      expect(err.text()).toMatch(/enqueue: batch=dict documents=1 jobs=1 input_errors=0 chunk=10 seconds=/);
      const stats = await runQueueWorker({ queue: q, runner: pool, concurrency: 2, pollMs: 100, exitWhenDone: true });
      expect(stats).toMatchObject({ done: 1, ok: 1 });
      const row = await q.pool.query<{ line: string }>(`SELECT line FROM ${q.s}.results WHERE batch = 'dict'`);
      const result = JSON.parse(row.rows[0]!.line) as { id: string; response: { response: { entities: Array<{ customEntityId?: string; matchedText: string }> } } };
      expect(result.id).toBe('r');
      expect(result.response.response.entities).toEqual(expect.arrayContaining([expect.objectContaining({ customEntityId: 'acme-rocket', matchedText: 'Acme Rocket' })]));
      // A bad dictionary file fails the enqueue, naming the file, before anything is queued.
      writeFileSync(join(dir, 'bad.jsonl'), '{"id": "x"}\n');
      await expect(queueCommand([...args.slice(0, -4), '--name', 'bad', '--dictionary', `bad=${join(dir, 'bad.jsonl')}`])).rejects.toThrow(/dictionary .*bad\.jsonl, line 1/);
      expect(await resolveBatch(q, 'bad').catch((e: AnalysisError) => e.status)).toBe(404);
    } finally {
      await pool.close();
      await q.close();
    }
  }, 60_000);

  it('collects line for line what textlens batch writes for the same input and options (a directory with HTML)', async () => {
    const { q, schema } = await open();
    const pool = new WorkerPool({ size: 1 });
    try {
      const docs = fileURLToPath(new URL('../fixtures/batch/docs', import.meta.url));
      const dir = mkdtempSync(join(tmpdir(), 'queue-same-'));
      const options = ['--extractors', 'words', '--param', 'cleanup.returnCleaned=true'];
      const quiet = { stderr: new PassThrough(), signal: new AbortController().signal };
      expect(await batchCommand(['--in', docs, '--out', join(dir, 'batch.jsonl'), '--workers', '1', '--quiet', ...options], quiet)).toBe(0);
      expect(await queueCommand(['enqueue', '--queue', pg.url(), '--schema', schema, '--in', docs, '--name', 'same', '--chunk', '2', '--quiet', ...options], { stderr: new PassThrough() })).toBe(0);
      await runQueueWorker({ queue: q, runner: pool, concurrency: 4, pollMs: 100, exitWhenDone: true });
      expect(await queueCommand(['collect', '--queue', pg.url(), '--schema', schema, '--out', join(dir, 'queue.jsonl')], { stderr: new PassThrough() })).toBe(0);
      // Equal but for the analysis time each response reports.
      const untimed = (file: string) => readFileSync(join(dir, file), 'utf8').replace(/"time":[\d.e-]+/g, '"time":0');
      const fromQueue = untimed('queue.jsonl');
      expect(fromQueue.split('\n')).toHaveLength(4);
      expect(fromQueue).toContain('The harbour opened a new pier');
      expect(fromQueue).toBe(untimed('batch.jsonl'));
    } finally {
      await pool.close();
      await q.close();
    }
  }, 60_000);

  it('names the batch it needs: an unknown name is a 404, several batches without --name a 400 listing them', async () => {
    const { q, schema } = await open();
    try {
      await expect(resolveBatch(q, undefined)).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/holds no batches yet/) });
      for (const name of ['first', 'second']) await enqueueBatch(q, { name, input: 'test', items: items(['a']), params: {}, dictionaries: {}, chunk: 1 });
      await expect(resolveBatch(q, 'third')).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/no batch named 'third'.*batches: second, first|batches: first, second/) });
      await expect(resolveBatch(q, undefined)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/holds 2 batches; give --name/) });
      const stdout = capture();
      expect(await queueCommand(['status', '--queue', pg.url(), '--schema', schema], { stdout: stdout.stream })).toBe(0);
      expect(stdout.text()).toMatch(/^(second|first): 0\/1 done \(0 errors, 0 dead\)\n(first|second): 0\/1 done \(0 errors, 0 dead\)\nbatches=2\n$/);
      // Collect refuses a batch with pending documents, unless --partial.
      const out = join(mkdtempSync(join(tmpdir(), 'queue-partial-')), 'out.jsonl');
      await expect(queueCommand(['collect', '--queue', pg.url(), '--schema', schema, '--name', 'first', '--out', out])).rejects.toThrow(
        /batch first is not finished: 1 of 1 documents have no result yet .* give --partial/,
      );
      const err = capture();
      expect(await queueCommand(['collect', '--queue', pg.url(), '--schema', schema, '--name', 'first', '--out', out, '--partial'], { stderr: err.stream })).toBe(0);
      expect(err.text()).toBe('collect: batch=first written=0 ok=0 errors=0 dead=0 missing=1\n');
    } finally {
      await q.close();
    }
  });

  it('refuses a --queue that is not a PostgreSQL URL and never prints a password', async () => {
    await expect(openQueue('redis://localhost:6379')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/--queue must be a PostgreSQL URL/) });
    await expect(openQueue('postgres://u:secret@127.0.0.1:1/db', { schema: 'x' })).rejects.toSatisfy(
      (e: Error) => /cannot open the queue at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db/.test(e.message) && !e.message.includes('secret'),
    );
  });
});
