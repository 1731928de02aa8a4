/**
 * `textlens worker`: analyzes a queue's jobs on this machine's cores (the
 * HTTP server's worker-thread pool) until stopped. Start one per machine, on
 * as many machines as you like; see src/queue/worker.ts for the semantics.
 *
 * Exit status: 0 stopped (SIGINT/SIGTERM after finishing the jobs in flight,
 * or --exit-when-done); 1 the analysis pool failed; 2 a usage or setup error.
 */
import { hostname, availableParallelism } from 'node:os';
import type { AnalyzerConfig } from '../analyzer.js';
import { WorkerPool } from '../http/analysis-pool.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { JOBS_PER_THREAD, runQueueWorker, type QueueRunner, type QueueWorkerStats } from '../queue/worker.js';
import { defineCommand, parseCommand } from './args.js';
import { ALLOW_HOST_FLAG, milliseconds, MODELS_FLAG, PARSER_FLAG, QUIET_FLAG, TIMEOUT_FLAG, workersFlag } from './flags.js';
import { openQueueArgs, QUEUE_FLAGS } from './queue-args.js';

/** pg-boss's maintenance (expired jobs back to retry) runs this often in some live worker. */
const DEFAULT_MAINTENANCE_S = 60;

export const WORKER = defineCommand({
  name: 'worker',
  summary: "Analyzes a queue's jobs on this machine's cores until stopped; start one per machine, on as many machines as you like.",
  flags: {
    ...QUEUE_FLAGS,
    workers: workersFlag(`analysis threads, each loading the models once; ${JOBS_PER_THREAD} jobs per thread are in flight`),
    models: MODELS_FLAG,
    parser: PARSER_FLAG,
    'allow-host': ALLOW_HOST_FLAG,
    timeout: { ...TIMEOUT_FLAG, help: 'per-document analysis timeout; past it the job fails and is retried' },
    'maintenance-interval': {
      type: 'number',
      value: 'S',
      integer: true,
      min: 1,
      max: 3600,
      default: DEFAULT_MAINTENANCE_S,
      help: "how often pg-boss's maintenance may run here, in seconds: jobs of a worker that died are retried once past their expiry and this check",
    },
    poll: { type: 'number', value: 'S', above: 0, unit: 'seconds', default: 1, help: 'wait between fetches while the queue is empty, in seconds' },
    'exit-when-done': { type: 'boolean', help: 'stop once no job is waiting, retrying or running (default: run until stopped)' },
    quiet: QUIET_FLAG,
  },
  notes:
    'SIGINT or SIGTERM: no new jobs; the jobs in flight finish and are recorded; then it exits 0. ' +
    'A second signal exits at once (the jobs in flight are retried once past their expiry).\n\n' +
    'Exit status: 0 stopped (a signal, or --exit-when-done); 1 the analysis pool failed; 2 a usage or setup error.',
});

export interface WorkerCommandIO {
  stderr?: ProgressStream;
  /** Tests and embedders pass their own; the command installs SIGINT/SIGTERM handling only without one. */
  signal?: AbortSignal;
  /** Wraps the analysis pool (a test injects failures through it; embedders may add instrumentation). */
  wrapRunner?(pool: WorkerPool): QueueRunner;
}

export async function workerCommand(argv: string[], io: WorkerCommandIO = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parseCommand(argv, WORKER);
  const workers = values.workers ?? availableParallelism();
  const timeoutMs = milliseconds(values.timeout);
  const maintenance = values['maintenance-interval'];
  const pollMs = milliseconds(values.poll)!;
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
    parser: values.parser,
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
      exitWhenDone: values['exit-when-done'],
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
