/**
 * Queue throughput: one `textlens worker` (the worker loop of
 * src/queue/worker.ts over the analysis pool) against `textlens batch` (the
 * batch loop of src/batch/run.ts over the same pool), same corpus, same
 * pool, same process, on a throwaway PostgreSQL (test/events/throwaway-postgres.ts,
 * or TEXTLENS_PG_URL).
 *   npx tsx bench/queue.ts [--docs N] [--rounds R] [--workers 1] [--chunks 1,10] [--extractors words]
 *
 * Each round runs batch once (writing its results to a file) and, for every chunk size, enqueues the corpus
 * as a fresh batch (not timed; its time is printed) and times one worker
 * from its first fetch until every document has its result written. The
 * configurations alternate round by round so that load changes hit all;
 * the best round of each is reported. On a shared machine only the ratios
 * to batch in the same run mean anything. The throwaway server runs with
 * fsync off: a real server pays a WAL flush per commit on top (three
 * commits per job: fetch, results, completion).
 * Needs ../shared/data (AIDA testa) and models/.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { itemKey, type BatchItem } from '../src/batch/input.js';
import { openSink } from '../src/batch/output.js';
import { runBatch } from '../src/batch/run.js';
import { WorkerPool } from '../src/http/analysis-pool.js';
import { openQueue } from '../src/queue/connection.js';
import { enqueueBatch } from '../src/queue/enqueue.js';
import { JOBS_PER_THREAD, runQueueWorker } from '../src/queue/worker.js';
import { findPostgres, startPostgres } from '../test/events/throwaway-postgres.js';

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

const server = await startPostgres(source);
const queue = await openQueue(server.url, { schema: `bench_queue_${Date.now().toString(36)}`, maxConnections: threads * 4 + 4 });
const pool = new WorkerPool({ size: threads, timeoutMs: 120_000 });
await pool.ready();

interface Round {
  seconds: number;
  docsPerS: number;
  enqueueSeconds?: number;
  load: number;
}

async function batchPass(): Promise<Round> {
  const load = load1();
  // A real file, as textlens batch writes (the queue writes its results to PostgreSQL).
  const sink = openSink(join(outDir, 'batch.jsonl'), false);
  const stats = await runBatch({ items: iterate(), runner: pool, sink, params, concurrency: threads * 2 });
  await sink.close();
  if (stats.errors > 0) throw new Error(`batch: ${stats.errors} errors`);
  return { seconds: stats.elapsedMs / 1000, docsPerS: stats.done / (stats.elapsedMs / 1000), load };
}

let batchNo = 0;
async function queuePass(chunk: number): Promise<Round> {
  const load = load1();
  const t0 = performance.now();
  await enqueueBatch(queue, { name: `b${batchNo++}`, input: 'bench', items: iterate(), params, dictionaries: {}, chunk });
  const enqueueSeconds = (performance.now() - t0) / 1000;
  const stats = await runQueueWorker({ queue, runner: pool, concurrency: threads * inflight, exitWhenDone: true, pollMs: 200 });
  if (stats.done !== items.length || stats.errors > 0) throw new Error(`queue: ${stats.done} done, ${stats.errors} errors`);
  // Elapsed includes the final empty fetch and done-check (one round trip each), not a poll wait.
  return { seconds: stats.elapsedMs / 1000, docsPerS: stats.done / (stats.elapsedMs / 1000), enqueueSeconds, load };
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
        `, load ${round.load.toFixed(2)}\n`,
    );
  }
}
await pool.close();
await queue.close();
server.stop();
rmSync(outDir, { recursive: true, force: true });

const best = (rs: Round[]) => rs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const base = best(results[0]!);
const lines = [
  `Queue throughput (bench/queue.ts), ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; ` +
    `AIDA testa, ${items.length} documents, \`${extractors}\`, ${threads} analysis thread(s), ${inflight} jobs in flight per thread; best of ${rounds} alternating rounds.`,
  '',
  '| run | docs/s | time per pass | ratio to batch | enqueue time |',
  '|---|---:|---:|---:|---:|',
  ...configs.map((c, i) => {
    const b = best(results[i]!);
    return `| ${c.label} | ${b.docsPerS.toFixed(1)} | ${b.seconds.toFixed(2)} s | ${(b.docsPerS / base.docsPerS).toFixed(2)} | ${b.enqueueSeconds === undefined ? '' : `${b.enqueueSeconds.toFixed(2)} s`} |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
process.stdout.write(
  `docs_per_s_batch=${base.docsPerS.toFixed(2)} ` +
    chunks.map((c, i) => `docs_per_s_chunk${c}=${best(results[i + 1]!).docsPerS.toFixed(2)} ratio_chunk${c}=${(best(results[i + 1]!).docsPerS / base.docsPerS).toFixed(2)}`).join(' ') +
    ` load1=${load1().toFixed(2)} cores=${availableParallelism()}\n`,
);
