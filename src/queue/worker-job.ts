/**
 * A whole `textlens worker` run on one machine: the queue opened, the
 * models loaded in a worker-thread pool, jobs taken until stopped (or, with
 * exitWhenDone, until none is left), progress on a stream, and the closing
 * line of name=value pairs for scripts (printed even when quiet).
 */
import { hostname } from 'node:os';
import type { AnalyzerConfig } from '../analyzer.js';
import { WorkerPool } from '../http/analysis-pool.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { openQueue } from './connection.js';
import { JOBS_PER_THREAD, runQueueWorker, type QueueRunner, type QueueWorkerStats } from './worker.js';

export interface WorkerJobOptions {
  /** postgres://… of the database holding the queue. */
  queue: string;
  schema?: string;
  analyzer: AnalyzerConfig;
  /** Analysis threads; JOBS_PER_THREAD jobs per thread are in flight. */
  workers: number;
  timeoutMs?: number;
  /** How often pg-boss's maintenance may run here (jobs of a worker that died go back to retry). */
  maintenanceIntervalSeconds: number;
  /** Wait between fetches while the queue is empty. */
  pollMs: number;
  exitWhenDone: boolean;
  quiet: boolean;
  /** Where progress and messages go (`worker: …` lines). */
  stderr: ProgressStream;
  /** Aborting takes no new jobs and lets the jobs in flight finish. */
  signal?: AbortSignal;
  /** Wraps the analysis pool (a test injects failures through it; embedders may add instrumentation). */
  wrapRunner?(pool: WorkerPool): QueueRunner;
}

export async function runWorkerJob(o: WorkerJobOptions): Promise<QueueWorkerStats> {
  const say = (line: string) => {
    if (!o.quiet) o.stderr.write(`worker: ${line}\n`);
  };
  const queue = await openQueue(o.queue, {
    schema: o.schema,
    maintenanceIntervalSeconds: o.maintenanceIntervalSeconds,
    // Two connections per job in flight at most (results, completion) plus fetches and maintenance.
    maxConnections: Math.min(100, o.workers * 2 + 4),
    onError: (e) => say(`pg-boss: ${e.message}`),
  });
  const pool = new WorkerPool({ size: o.workers, timeoutMs: o.timeoutMs, analyzer: o.analyzer });
  const runner = o.wrapRunner ? o.wrapRunner(pool) : pool;
  let stats: QueueWorkerStats;
  try {
    say(`loading models in ${o.workers} thread${o.workers === 1 ? '' : 's'}…`);
    await pool.ready();
    if (pool.failure) throw new Error(pool.failure.message);
    say(`taking jobs from ${queue.schema} as ${hostname()}:${process.pid}`);
    const progress = createProgress({ label: 'worker', unit: 'docs', mode: o.quiet ? 'quiet' : 'auto', stream: o.stderr });
    const show = (s: Readonly<QueueWorkerStats>) =>
      progress.update({
        done: s.done,
        errors: s.errors + s.dead,
        tokens: s.tokens > 0 ? s.tokens : undefined,
        note: `${s.jobsFailed} jobs failed${s.deadLetters ? `, ${s.deadLetters} dead letters recorded` : ''}`,
        elapsedMs: s.elapsedMs,
      });
    stats = await runQueueWorker({
      queue,
      runner,
      concurrency: o.workers * JOBS_PER_THREAD,
      pollMs: o.pollMs,
      signal: o.signal,
      exitWhenDone: o.exitWhenDone,
      onProgress: show,
      log: say,
    });
    show(stats);
    progress.stop();
  } finally {
    await pool.close();
    await queue.close();
  }
  const seconds = stats.elapsedMs / 1000;
  if (stats.fatal) o.stderr.write(`worker: stopped: ${stats.fatal}\n`);
  o.stderr.write(
    `worker: done=${stats.done} ok=${stats.ok} errors=${stats.errors} dead=${stats.dead} jobs_completed=${stats.jobsCompleted} ` +
      `jobs_failed=${stats.jobsFailed} dead_letters=${stats.deadLetters} docs_per_s=${(seconds > 0 ? stats.done / seconds : 0).toFixed(2)} ` +
      `tokens_per_s=${(seconds > 0 ? stats.tokens / seconds : 0).toFixed(0)} seconds=${seconds.toFixed(2)} workers=${o.workers} interrupted=${stats.interrupted}\n`,
  );
  return stats;
}
