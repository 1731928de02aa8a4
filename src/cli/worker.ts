/**
 * `textlens worker`: analyzes a queue's jobs on this machine's cores (the
 * HTTP server's worker-thread pool) until stopped. Start one per machine, on
 * as many machines as you like; see src/queue/worker.ts for the semantics.
 *
 * Exit status: 0 stopped (SIGINT/SIGTERM after finishing the jobs in flight,
 * or --exit-when-done); 1 the analysis pool failed; 2 a usage or setup error.
 */
import { hostname, availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { AnalyzerConfig } from '../analyzer.js';
import { DEFAULT_TIMEOUT_MS, WorkerPool } from '../http/analysis-pool.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { JOBS_PER_THREAD, runQueueWorker, type QueueRunner, type QueueWorkerStats } from '../queue/worker.js';
import { openQueueArgs, QUEUE_FLAGS, QUEUE_FLAGS_USAGE } from './queue-args.js';
import { secondsArg, wholeArg } from './run-args.js';

/** pg-boss's maintenance (expired jobs back to retry) runs this often in some live worker. */
const DEFAULT_MAINTENANCE_S = 60;

export const WORKER_USAGE = `usage: textlens worker --queue URL [--workers N] [--models DIR] [--parser accurate|fast]
                      [--allow-host H]... [--timeout SECONDS] [--maintenance-interval S] [--poll S]
                      [--exit-when-done] [--quiet]

${QUEUE_FLAGS_USAGE}  --workers N       analysis threads, each loading the models once (default: one per core, ${availableParallelism()} here);
                    ${JOBS_PER_THREAD} jobs per thread are in flight
  --timeout S       per-document analysis timeout (default ${DEFAULT_TIMEOUT_MS / 1000}); past it the job fails and is retried
  --maintenance-interval S
                    how often pg-boss's maintenance may run here: jobs of a worker that died are
                    retried once past their expiry and this check (default ${DEFAULT_MAINTENANCE_S})
  --poll S          wait between fetches while the queue is empty (default 1)
  --exit-when-done  stop once no job is waiting, retrying or running (default: run until stopped)
  --quiet           no progress on stderr (default: a line every 10 s, or a bar on a terminal)

SIGINT or SIGTERM: no new jobs; the jobs in flight finish and are recorded; then it exits 0.
A second signal exits at once (the jobs in flight are retried once past their expiry).
`;

export interface WorkerCommandIO {
  stderr?: ProgressStream;
  /** Tests and embedders pass their own; the command installs SIGINT/SIGTERM handling only without one. */
  signal?: AbortSignal;
  /** Wraps the analysis pool (a test injects failures through it; embedders may add instrumentation). */
  wrapRunner?(pool: WorkerPool): QueueRunner;
}

export async function workerCommand(argv: string[], io: WorkerCommandIO = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(WORKER_USAGE);
    return 0;
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        ...QUEUE_FLAGS,
        workers: { type: 'string' },
        models: { type: 'string' },
        parser: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        timeout: { type: 'string' },
        'maintenance-interval': { type: 'string' },
        poll: { type: 'string' },
        'exit-when-done': { type: 'boolean' },
        quiet: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${WORKER_USAGE}`);
  }
  if (values.parser !== undefined && values.parser !== 'fast' && values.parser !== 'accurate') {
    throw new Error(`--parser must be fast or accurate, got '${values.parser}'`);
  }
  const workers = wholeArg('workers', values.workers, 1, 256) ?? availableParallelism();
  const timeoutMs = secondsArg('timeout', values.timeout);
  const maintenance = wholeArg('maintenance-interval', values['maintenance-interval'], 1, 3600) ?? DEFAULT_MAINTENANCE_S;
  const pollMs = secondsArg('poll', values.poll) ?? 1000;
  const quiet = values.quiet === true;
  const say = (line: string) => {
    if (!quiet) stderr.write(`worker: ${line}\n`);
  };

  const queue = await openQueueArgs(values, {
    maintenanceIntervalSeconds: maintenance,
    // Two connections per job in flight at most (results, completion) plus fetches and maintenance.
    maxConnections: Math.min(100, workers * 2 + 4),
    onError: (e) => say(`pg-boss: ${e.message}`),
  });
  const config: AnalyzerConfig = {
    modelsDir: values.models,
    parser: values.parser as 'fast' | 'accurate' | undefined,
    allowHosts: values['allow-host'],
  };
  const pool = new WorkerPool({ size: workers, timeoutMs, analyzer: config });
  const runner = io.wrapRunner ? io.wrapRunner(pool) : pool;

  const controller = new AbortController();
  const signal = io.signal ?? controller.signal;
  let interrupts = 0;
  const onSignal = (name: NodeJS.Signals) => {
    if (++interrupts > 1) {
      stderr.write(`worker: second ${name}, stopping now (its jobs in flight are retried once past their expiry)\n`);
      process.exit(130);
    }
    stderr.write(`worker: ${name}, finishing the jobs in flight (again to stop at once)\n`);
    controller.abort();
  };
  if (!io.signal) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  let stats: QueueWorkerStats;
  try {
    say(`loading models in ${workers} thread${workers === 1 ? '' : 's'}…`);
    await pool.ready();
    if (pool.failure) throw new Error(pool.failure.message);
    say(`taking jobs from ${queue.schema} as ${hostname()}:${process.pid}`);
    const progress = createProgress({ label: 'worker', unit: 'docs', mode: quiet ? 'quiet' : 'auto', stream: stderr });
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
      concurrency: workers * JOBS_PER_THREAD,
      pollMs,
      signal,
      exitWhenDone: values['exit-when-done'] === true,
      onProgress: show,
      log: say,
    });
    show(stats);
    progress.stop();
  } finally {
    if (!io.signal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    await pool.close();
    await queue.close();
  }
  const seconds = stats.elapsedMs / 1000;
  if (stats.fatal) stderr.write(`worker: stopped: ${stats.fatal}\n`);
  // The last line is name=value pairs, for scripts; printed even with --quiet.
  stderr.write(
    `worker: done=${stats.done} ok=${stats.ok} errors=${stats.errors} dead=${stats.dead} jobs_completed=${stats.jobsCompleted} ` +
      `jobs_failed=${stats.jobsFailed} dead_letters=${stats.deadLetters} docs_per_s=${(seconds > 0 ? stats.done / seconds : 0).toFixed(2)} ` +
      `tokens_per_s=${(seconds > 0 ? stats.tokens / seconds : 0).toFixed(0)} seconds=${seconds.toFixed(2)} workers=${workers} interrupted=${stats.interrupted}\n`,
  );
  return stats.fatal ? 1 : 0;
}
