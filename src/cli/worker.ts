/**
 * `textlens worker`: analyzes a queue's jobs on this machine's cores (the
 * HTTP server's worker-thread pool) until stopped; src/queue/worker-job.ts
 * runs it, src/queue/worker.ts holds the semantics. The command reads the
 * flags and turns SIGINT/SIGTERM into a graceful stop.
 */
import { availableParallelism } from 'node:os';
import type { WorkerPool } from '../http/analysis-pool.js';
import type { ProgressStream } from '../progress/display.js';
import { JOBS_PER_THREAD, type QueueRunner } from '../queue/worker.js';
import { runWorkerJob } from '../queue/worker-job.js';
import { defineCommand, parseCommand } from './args.js';
import { ALLOW_HOST_FLAG, milliseconds, MODELS_FLAG, PARSER_FLAG, QUIET_FLAG, TIMEOUT_FLAG, workersFlag } from './flags.js';
import { QUEUE_FLAGS } from './queue-args.js';

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
  const controller = new AbortController();
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
  try {
    const stats = await runWorkerJob({
      queue: values.queue,
      schema: values.schema,
      analyzer: { modelsDir: values.models, parser: values.parser, allowHosts: values['allow-host'] },
      workers: values.workers ?? availableParallelism(),
      timeoutMs: milliseconds(values.timeout),
      maintenanceIntervalSeconds: values['maintenance-interval'],
      pollMs: milliseconds(values.poll)!,
      exitWhenDone: values['exit-when-done'],
      quiet: values.quiet,
      stderr,
      signal: io.signal ?? controller.signal,
      wrapRunner: io.wrapRunner,
    });
    return stats.fatal ? 1 : 0;
  } finally {
    if (!io.signal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
}
