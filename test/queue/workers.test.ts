/**
 * Two `textlens worker` processes with real analysis threads (`words`) share
 * a queue of 300 small documents; one is killed with SIGKILL while it holds
 * a job. Every document must end with exactly one result, the killed
 * worker's job must be retried by the other, and a document whose analysis
 * always crashes must end dead-lettered with its error. The faults come from
 * cli-child.ts's test-only hooks (QUEUE_TEST_HANG_ON / QUEUE_TEST_FAIL_ON).
 *
 * To be sure the killed worker is mid-job, it first takes a one-document
 * batch whose document never finishes there; the 300 are enqueued after both
 * workers are up, so both take part.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgres, reportMissingPostgres, usePostgres } from '../stores/postgres-fixture.js';

reportMissingPostgres('the queue worker-process suite');

const root = fileURLToPath(new URL('../../', import.meta.url));
const child = fileURLToPath(new URL('./cli-child.ts', import.meta.url));

interface Child {
  proc: ChildProcessWithoutNullStreams;
  exit: Promise<number | null>;
  stderr: () => string;
  stdout: () => string;
}

function start(args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { cwd: root, stdio: 'pipe', env: { ...process.env, ...env } });
  let err = '';
  let out = '';
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code, signal) => resolve(signal ? null : code)));
  return { proc, exit, stderr: () => err, stdout: () => out };
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 40_000): Promise<void> {
  const t0 = Date.now();
  while (!(await condition())) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const HANG = 'QUEUE-TEST-HANG';
const FAIL = 'QUEUE-TEST-FAIL';
const SENTENCES = ['The ferry left at dawn.', 'Markets were calm on Tuesday.', 'She planted tomatoes.', 'Two trains met near the station.'];

describe.skipIf(postgres.kind === 'none')('textlens worker processes', () => {
  const server = usePostgres();

  it('survive a SIGKILL mid-job: every document gets exactly one result, the lost job is retried, a crashing document is dead-lettered', async () => {
    const url = server.url();
    const schema = server.freshSchema();
    const dir = mkdtempSync(join(tmpdir(), 'queue-workers-'));
    const queue = ['--queue', url, '--schema', schema];
    // Short expiries and maintenance interval, so that the killed worker's jobs come back within seconds
    // (the hanging job's is longer: A must still hold it, unexpired, when it is killed).
    const enqueueFlags = ['--extractors', 'words', '--retries', '2', '--retry-delay', '1', '--quiet'];
    const workerFlags = ['--workers', '1', '--maintenance-interval', '1', '--poll', '0.5'];
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
    const s = `"${schema}"`;
    const children: Child[] = [];
    try {
      writeFileSync(join(dir, 'hang.jsonl'), JSON.stringify({ id: 'h', text: `This one hangs. ${HANG}` }) + '\n');
      const docs = Array.from({ length: 300 }, (_, i) =>
        JSON.stringify({ id: i, text: i === 150 ? `Document ${i} crashes. ${FAIL}` : `Document ${i}. ${SENTENCES[i % SENTENCES.length]}` }),
      );
      writeFileSync(join(dir, 'main.jsonl'), docs.join('\n') + '\n');

      const cli = async (args: string[]) => {
        const c = start(args);
        const code = await c.exit;
        return { code, stdout: c.stdout(), stderr: c.stderr() };
      };
      expect((await cli(['queue', 'enqueue', ...queue, '--in', join(dir, 'hang.jsonl'), '--name', 'hang', '--expire', '15', ...enqueueFlags])).code).toBe(0);

      // Worker A takes the hanging job and holds it.
      const a = start(['worker', ...queue, ...workerFlags], { QUEUE_TEST_HANG_ON: HANG, QUEUE_TEST_FAIL_ON: FAIL });
      children.push(a);
      await until(async () => (await count(`SELECT count(*) AS n FROM ${s}.job WHERE data->>'batch' = 'hang' AND state = 'active'`)) === 1, 'worker A to take the hanging job');

      // Worker B, which has no hang, and then the 300 documents for both.
      const b = start(['worker', ...queue, ...workerFlags, '--exit-when-done'], { QUEUE_TEST_FAIL_ON: FAIL });
      children.push(b);
      await until(() => b.stderr().includes('taking jobs from'), 'worker B to load its models');
      const enqueued = await cli(['queue', 'enqueue', ...queue, '--in', join(dir, 'main.jsonl'), '--name', 'main', '--chunk', '2', '--expire', '5', ...enqueueFlags]);
      expect(enqueued.stderr).toMatch(/^enqueue: batch=main documents=300 jobs=150 input_errors=0 chunk=2 seconds=[\d.]+\n$/);

      // Kill A once both workers have written results of the main batch: A holds the hanging job (and maybe more).
      const byWorker = async () => (await db.query<{ worker: string; n: string }>(`SELECT worker, count(*) AS n FROM ${s}.results WHERE batch = 'main' GROUP BY worker`)).rows;
      await until(async () => {
        const rows = await byWorker();
        return rows.length === 2 && rows.every((r) => Number(r.n) >= 5);
      }, 'both workers to write results');
      const pidA = a.proc.pid!;
      a.proc.kill('SIGKILL');
      expect(await a.exit).toBeNull();
      expect(await count(`SELECT count(*) AS n FROM ${s}.job WHERE state = 'active' AND data->>'batch' = 'hang'`)).toBe(1);

      // B finishes everything, including what A held once it expires, and exits by itself.
      expect(await b.exit).toBe(0);
      expect(b.stderr()).toMatch(/worker: done=\d+ ok=\d+ errors=0 dead=1 jobs_completed=\d+ jobs_failed=\d+ dead_letters=1 .* interrupted=false\n$/);

      // Exactly one result per document; both workers took part.
      expect(await count(`SELECT count(*) AS n FROM ${s}.results WHERE batch = 'main'`)).toBe(300);
      expect(await count(`SELECT count(DISTINCT key) AS n FROM ${s}.results WHERE batch = 'main'`)).toBe(300);
      const workers = (await byWorker()).map((r) => r.worker);
      expect(workers.some((w) => w.endsWith(`:${pidA}`))).toBe(true);
      expect(workers.some((w) => w.endsWith(`:${b.proc.pid}`))).toBe(true);
      // The hanging job was retried by B: its result took two tries.
      const hang = await db.query<{ outcome: string; attempts: number; worker: string }>(`SELECT outcome, attempts, worker FROM ${s}.results WHERE batch = 'hang'`);
      expect(hang.rows).toEqual([{ outcome: 'ok', attempts: 2, worker: expect.stringMatching(new RegExp(`:${b.proc.pid}$`)) }]);

      // status and collect, as a user runs them.
      const status = await cli(['queue', 'status', ...queue, '--name', 'main']);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain('documents: 300 done of 300 (299 ok, 0 errors, 1 dead-lettered');
      expect(status.stdout.trimEnd().split('\n').pop()).toMatch(
        /^batch=main total=300 sealed=true done=300 ok=299 errors=0 dead=1 pending=0 retried=\d+ jobs_created=0 jobs_retry=0 jobs_active=0 jobs_completed=149 jobs_cancelled=0 jobs_failed=1 dead_letters_waiting=0 .* finished=true$/,
      );
      const out = join(dir, 'main-results.jsonl.gz');
      const collected = await cli(['queue', 'collect', ...queue, '--name', 'main', '--out', out]);
      expect(collected.code).toBe(1); // one document failed
      expect(collected.stderr).toBe('collect: batch=main written=300 ok=299 errors=0 dead=1 missing=0\n');
      const lines = gunzipSync(readFileSync(out)).toString().trimEnd().split('\n').map((l) => JSON.parse(l) as { id: number; response?: { ok: boolean; response: { sentences: Array<{ words: Array<{ token: string }> }> } }; error?: { status: number; message: string } });
      expect(lines.map((l) => l.id)).toEqual(Array.from({ length: 300 }, (_, i) => i));
      for (const l of lines) {
        if (l.id === 150) continue;
        expect(l.response?.ok).toBe(true);
        expect(l.response?.response.sentences[0]!.words[1]!.token).toBe(String(l.id));
      }
      expect(lines[150]!.error!.status).toBe(500);
      expect(lines[150]!.error!.message).toMatch(/^gave up after 3 tries; last error \(on .*\): injected crash on 'QUEUE-TEST-FAIL'$/);
    } finally {
      for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
      await db.end();
    }
  }, 90_000);

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s finishes and records the jobs in flight, leaves none active, and exits 0', async (sig) => {
    const url = server.url();
    const schema = server.freshSchema();
    const dir = mkdtempSync(join(tmpdir(), 'queue-term-'));
    const queue = ['--queue', url, '--schema', schema];
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const s = `"${schema}"`;
    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
    let worker: Child | undefined;
    try {
      writeFileSync(join(dir, 'in.jsonl'), Array.from({ length: 1000 }, (_, i) => JSON.stringify({ id: i, text: `Document ${i}. ${SENTENCES[i % 4]}` }) + '\n').join(''));
      const enqueue = start(['queue', 'enqueue', ...queue, '--in', join(dir, 'in.jsonl'), '--name', 'b', '--chunk', '1', '--extractors', 'words', '--quiet']);
      expect(await enqueue.exit).toBe(0);
      worker = start(['worker', ...queue, '--workers', '1']);
      await until(async () => (await count(`SELECT count(*) AS n FROM ${s}.results`)) >= 5, 'the first results');
      worker.proc.kill(sig);
      expect(await worker.exit).toBe(0);
      expect(worker.stderr()).toContain(`worker: ${sig}, finishing the jobs in flight`);
      expect(worker.stderr()).toMatch(/ interrupted=true\n$/);
      // Stopped mid-run, with nothing left half-done: every job it took is completed with its result.
      const done = await count(`SELECT count(*) AS n FROM ${s}.results`);
      expect(done).toBeLessThan(1000);
      expect(await count(`SELECT count(*) AS n FROM ${s}.job WHERE state = 'active'`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM ${s}.job WHERE name = 'textlens-analyze' AND state = 'completed'`)).toBe(done);
      expect(worker.stderr()).toMatch(new RegExp(`worker: done=${done} ok=${done} `));
    } finally {
      if (worker && worker.proc.exitCode === null && worker.proc.signalCode === null) worker.proc.kill('SIGKILL');
      await db.end();
    }
  }, 60_000);
});
