/**
 * Queue throughput: one `textlens worker` (the worker loop of
 * src/queue/worker.ts over the analysis pool) against `textlens batch` (the
 * batch loop of src/batch/run.ts over the same pool), same corpus, same
 * pool, same process, on a throwaway PostgreSQL (test/stores/events/throwaway-postgres.ts,
 * or TEXTLENS_PG_URL).
 *   npx tsx bench/queue.ts [--docs N] [--rounds R] [--workers 1] [--chunks 1,10] [--extractors words]
 *
 * Each round runs batch once (writing its results to a file) and, for every chunk size, enqueues the corpus
 * as a fresh batch (not timed; its time is printed) and times one worker
 * from its first fetch until every document has its result written. The
 * configurations alternate round by round so that load changes hit all;
 * the best round of each is reported, with the median CPU time of this
 * process and of the PostgreSQL server (Linux /proc). On a shared machine only the ratios
 * to batch in the same run mean anything. The throwaway server runs with
 * fsync off: a real server pays a WAL flush per commit on top (three
 * commits per job: fetch, results, completion).
 * Needs ../shared/data (AIDA testa) and models/.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { itemKey, type BatchItem } from '../src/batch/input.js';
import { openSink } from '../src/batch/output.js';
import { runBatch } from '../src/batch/run.js';
import { WorkerPool } from '../src/http/analysis-pool.js';
import { openQueue } from '../src/queue/connection.js';
import { enqueueBatch } from '../src/queue/enqueue.js';
import { JOBS_PER_THREAD, runQueueWorker } from '../src/queue/worker.js';
import { findPostgres, startPostgres } from '../test/stores/events/throwaway-postgres.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1]! : d);
const root = new URL('..', import.meta.url).pathname;
const corpusFile = join(root, '..', 'shared', 'data', 'aida-conll', 'aida-conll-testa.elevant-qids.jsonl');
if (!existsSync(corpusFile)) {
  process.stderr.write(`bench/queue: ${corpusFile} not found (needs ../shared/data)\n`);
  process.exit(2);
}
const source = findPostgres();
if (source.kind === 'none') {
  process.stderr.write(`bench/queue: no PostgreSQL: ${source.reason}\n`);
  process.exit(2);
}
const extractors = opt('--extractors', 'words');
const rounds = Number(opt('--rounds', '3'));
const threads = Number(opt('--workers', '1'));
const chunks = opt('--chunks', '1,10').split(',').map(Number);
/** Jobs in flight per analysis thread (the CLI's choice unless given). */
const inflight = Number(opt('--inflight', String(JOBS_PER_THREAD)));
const texts = readFileSync(corpusFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (JSON.parse(l) as { text: string }).text)
  .slice(0, Number(opt('--docs', 'Infinity')));
const items: BatchItem[] = texts.map((text, i) => ({ key: itemKey(i), id: i, fields: { text } }));
async function* iterate(): AsyncIterable<BatchItem> {
  for (const i of items) yield i;
}
const outDir = mkdtempSync(join(tmpdir(), 'bench-queue-'));
const params = { extractors, languageOverride: 'eng' };
const load1 = () => loadavg()[0]!;

/** Clock ticks of /proc/PID/stat's utime, stime (and, with children, cutime, cstime) in seconds (Linux; USER_HZ 100). */
function procCpu(pid: string, withChildren: boolean): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const t = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return t / 100;
}

/**
 * CPU seconds the PostgreSQL server has used: its postmaster (found by the
 * port on its command line), the backends that exited (reaped into its
 * children's times) and the live ones. Undefined where /proc cannot tell.
 */
function serverCpu(port: string): number | undefined {
  try {
    const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    const cmd = (p: string) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      } catch {
        return [];
      }
    };
    const master = pids.find((p) => {
      const c = cmd(p);
      return c[0]?.endsWith('/postgres') && c.includes('-p') && c[c.indexOf('-p') + 1] === port;
    });
    if (!master) return undefined;
    let total = procCpu(master, true);
    for (const p of pids) {
      try {
        if (readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === master) total += procCpu(p, false);
      } catch {
        // exited meanwhile: its time is in the postmaster's children's times
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

const server = await startPostgres(source);
const port = new URL(server.url).port;
const queue = await openQueue(server.url, { schema: `bench_queue_${Date.now().toString(36)}`, maxConnections: threads * 4 + 4 });
const pool = new WorkerPool({ size: threads, timeoutMs: 120_000 });
await pool.ready();

interface Round {
  seconds: number;
  docsPerS: number;
  enqueueSeconds?: number;
  load: number;
  /** CPU seconds of this process (all threads) and of the PostgreSQL server during the timed part. */
  cpu: number;
  serverCpu?: number;
}

/** Runs `timed`, measuring this process's and the server's CPU time around it. */
async function measured<T>(timed: () => Promise<T>): Promise<{ value: T; cpu: number; serverCpu?: number }> {
  const s0 = serverCpu(port);
  const c0 = process.cpuUsage();
  const value = await timed();
  const c = process.cpuUsage(c0);
  const s1 = serverCpu(port);
  return { value, cpu: (c.user + c.system) / 1e6, serverCpu: s0 === undefined || s1 === undefined ? undefined : s1 - s0 };
}

async function batchPass(): Promise<Round> {
  const load = load1();
  // A real file, as textlens batch writes (the queue writes its results to PostgreSQL).
  const sink = openSink(join(outDir, 'batch.jsonl'), false);
  const { value: stats, cpu, serverCpu } = await measured(() => runBatch({ items: iterate(), runner: pool, sink, params, concurrency: threads * 2 }));
  await sink.close();
  if (stats.errors > 0) throw new Error(`batch: ${stats.errors} errors`);
  return { seconds: stats.elapsedMs / 1000, docsPerS: stats.done / (stats.elapsedMs / 1000), load, cpu, serverCpu };
}

let batchNo = 0;
async function queuePass(chunk: number): Promise<Round> {
  const load = load1();
  const t0 = performance.now();
  await enqueueBatch(queue, { name: `b${batchNo++}`, input: 'bench', items: iterate(), params, dictionaries: {}, chunk });
  const enqueueSeconds = (performance.now() - t0) / 1000;
  const { value: stats, cpu, serverCpu } = await measured(() => runQueueWorker({ queue, runner: pool, concurrency: threads * inflight, exitWhenDone: true, pollMs: 200 }));
  if (stats.done !== items.length || stats.errors > 0) throw new Error(`queue: ${stats.done} done, ${stats.errors} errors`);
  // Elapsed includes the final empty fetch and done-check (one round trip each), not a poll wait.
  return { seconds: stats.elapsedMs / 1000, docsPerS: stats.done / (stats.elapsedMs / 1000), enqueueSeconds, load, cpu, serverCpu };
}

const configs: Array<{ label: string; run: () => Promise<Round> }> = [
  { label: 'textlens batch', run: batchPass },
  ...chunks.map((c) => ({ label: `textlens worker, --chunk ${c}`, run: () => queuePass(c) })),
];
process.stderr.write(`bench/queue: ${items.length} documents, extractors ${extractors}, ${threads} analysis thread(s), ${rounds} rounds\n`);
await batchPass(); // warm-up: annotators are created on first use
const results = configs.map(() => [] as Round[]);
for (let r = 0; r < rounds; r++) {
  for (const [i, c] of configs.entries()) {
    const round = await c.run();
    results[i]!.push(round);
    process.stderr.write(
      `  round ${r + 1}, ${c.label}: ${round.seconds.toFixed(2)} s, ${round.docsPerS.toFixed(1)} docs/s` +
        (round.enqueueSeconds !== undefined ? ` (enqueue ${round.enqueueSeconds.toFixed(2)} s)` : '') +
        `, CPU ${round.cpu.toFixed(2)} s here + ${round.serverCpu?.toFixed(2) ?? '?'} s PostgreSQL, load ${round.load.toFixed(2)}\n`,
    );
  }
}
await pool.close();
await queue.close();
server.stop();
rmSync(outDir, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const best = (rs: Round[]) => rs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const base = best(results[0]!);
const lines = [
  `Queue throughput (bench/queue.ts), ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ` +
    `AIDA testa, ${items.length} documents, \`${extractors}\`, ${threads} analysis thread(s), ${inflight} jobs in flight per thread; best of ${rounds} alternating rounds.`,
  '',
  '| run | docs/s | time per pass | ratio to batch | CPU s per pass: this process (all threads) | PostgreSQL server | enqueue time |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...configs.map((c, i) => {
    const b = best(results[i]!);
    // CPU: the median round (CPU time depends little on load, unlike wall time).
    const cpu = median(results[i]!.map((r) => r.cpu));
    const server = results[i]!.every((r) => r.serverCpu !== undefined) ? median(results[i]!.map((r) => r.serverCpu!)).toFixed(2) : '?';
    return `| ${c.label} | ${b.docsPerS.toFixed(1)} | ${b.seconds.toFixed(2)} s | ${(b.docsPerS / base.docsPerS).toFixed(2)} | ${cpu.toFixed(2)} | ${server} | ${b.enqueueSeconds === undefined ? '' : `${b.enqueueSeconds.toFixed(2)} s`} |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
process.stdout.write(
  `docs_per_s_batch=${base.docsPerS.toFixed(2)} ` +
    chunks.map((c, i) => `docs_per_s_chunk${c}=${best(results[i + 1]!).docsPerS.toFixed(2)} ratio_chunk${c}=${(best(results[i + 1]!).docsPerS / base.docsPerS).toFixed(2)}`).join(' ') +
    ` load1=${load1().toFixed(2)} cores=${availableParallelism()}\n`,
);
