/**
 * The worker loop: take jobs from pg-boss, analyze their documents on the
 * analysis pool, write the results, complete or fail the jobs.
 *
 * - Up to `concurrency` jobs in flight (JOBS_PER_THREAD per pool thread),
 *   fetched several at a time once half the slots are free; a job's
 *   documents run one after the other, so a chunk never floods the pool's
 *   queue. Jobs are fetched with pg-boss's fetch() rather than work():
 *   work() waits a polling interval after every batch of jobs, which caps a
 *   worker at a few jobs a second whatever the documents' size.
 * - Finished jobs are written and completed in groups (recorder.ts).
 * - A document that fails with a 4xx is a recorded error result. Any other
 *   failure (5xx: a thread that crashed, a timeout; a database error) fails
 *   the job after writing the results it already has; pg-boss retries it
 *   with backoff, and after its last try dead-letters it (dead-letters.ts).
 *   A retried job skips the documents that already have a result.
 * - A worker that vanishes (kill -9, a lost machine) leaves its jobs active;
 *   past their expiry pg-boss's maintenance (run by the live workers) puts
 *   them back for retry.
 * - Abort (SIGINT/SIGTERM): no new jobs; the jobs in flight finish and are
 *   completed or failed as usual; then it returns.
 */
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import { resultLine } from '../batch/output.js';
import { errorOf } from '../batch/run.js';
import type { AnalysisError } from '../errors.js';
import type { CountedResult } from '../http/analysis-pool.js';
import { LruMap, type StoredDictionaryRef } from '../http/compiled-dictionaries.js';
import type { ResponseShape } from '../http/client-compat.js';
import type { FlatOptions } from '../types.js';
import { dictionaryRefs, getBatch } from './batches.js';
import type { QueueConnection } from './connection.js';
import { recordDeadLetters } from './dead-letters.js';
import { DEAD_LETTER_QUEUE, WORK_QUEUE, isDocumentError, type AnalysisJob, type JobFailure, type QueuedDocument } from './jobs.js';
import { JobRecorder } from './recorder.js';
import { insertResults, keysWithResults, type Inserted, type ResultRow } from './results.js';

/** What the worker needs from the analysis pool (WorkerPool, or a wrapper in tests). */
export interface QueueRunner {
  runCounted(options: FlatOptions, shape?: ResponseShape, dictionaries?: readonly StoredDictionaryRef[]): Promise<CountedResult>;
  /** Set once the runner refuses all work. */
  readonly failure?: AnalysisError;
  /** Per-document timeout in ms (to warn when a job's expiry is shorter than a chunk can take). */
  readonly timeoutMs?: number;
}

/**
 * Jobs in flight per analysis thread. More than the batch command's two
 * documents per thread: a job also waits on the database (its fetch, its
 * group's write), and the pool should not idle meanwhile.
 */
export const JOBS_PER_THREAD = 4;

export interface QueueWorkerOptions {
  queue: QueueConnection;
  runner: QueueRunner;
  /** Jobs in flight. */
  concurrency: number;
  /** Wait between fetches while the queue is empty. Default 1000 ms. */
  pollMs?: number;
  signal?: AbortSignal;
  /** Return once no job is waiting, retrying or active and no dead letter is unrecorded. */
  exitWhenDone?: boolean;
  /** Recorded with each result. Default host:pid. */
  name?: string;
  onProgress?(stats: Readonly<QueueWorkerStats>): void;
  /** Messages for the operator (a job failed, a database error). */
  log?(message: string): void;
}

export interface QueueWorkerStats {
  /** Results this worker wrote. */
  done: number;
  ok: number;
  errors: number;
  /** Documents of dead letters this worker recorded as error results. */
  dead: number;
  tokens: number;
  jobsCompleted: number;
  /** Jobs this worker failed (they are retried, or dead-lettered after the last try). */
  jobsFailed: number;
  /** Dead-letter jobs this worker recorded. */
  deadLetters: number;
  elapsedMs: number;
  interrupted: boolean;
  /** Why the worker stopped early (the analysis pool failed as a whole). */
  fatal?: string;
}

interface BatchSetup {
  params: FlatOptions;
  refs?: StoredDictionaryRef[];
}

export async function runQueueWorker(o: QueueWorkerOptions): Promise<QueueWorkerStats> {
  const { queue: q, runner, signal } = o;
  const name = o.name ?? `${hostname()}:${process.pid}`;
  const pollMs = o.pollMs ?? 1000;
  const concurrency = Math.max(1, o.concurrency);
  const refill = Math.ceil(concurrency / 2);
  const log = o.log ?? (() => {});
  const t0 = performance.now();
  const stats: QueueWorkerStats = { done: 0, ok: 0, errors: 0, dead: 0, tokens: 0, jobsCompleted: 0, jobsFailed: 0, deadLetters: 0, elapsedMs: 0, interrupted: false };
  const progress = () => {
    stats.elapsedMs = performance.now() - t0;
    o.onProgress?.(stats);
  };
  /** By batch id; undefined for a batch that is gone (deleted, or replaced by one of the same name). */
  const batches = new LruMap<Promise<BatchSetup | undefined>>(16);
  let warnedExpiry = false;

  const setupOf = (batch: string, batchId: string): Promise<BatchSetup | undefined> => {
    let p = batches.get(batchId);
    if (!p) {
      p = getBatch(q, batch).then((b) => {
        if (!b || b.id !== batchId) return undefined;
        const refs = dictionaryRefs(b);
        return refs.length > 0 ? { params: b.params, refs } : { params: b.params };
      });
      // A failed lookup (database hiccup) is tried again by the next job.
      p.catch(() => batches.delete(batchId));
      batches.set(batchId, p);
    }
    return p;
  };

  /** One document: its result row, or a throw for a failure that is worth another try. */
  const analyze = async (doc: QueuedDocument, setup: BatchSetup, attempts: number): Promise<ResultRow> => {
    const fields: FlatOptions = { ...doc.defaults, ...setup.params, ...doc.fields };
    const row = { key: doc.key, seq: doc.seq, attempts, worker: name };
    let r: CountedResult;
    try {
      r = await runner.runCounted(fields, undefined, setup.refs);
    } catch (e) {
      const error = errorOf(e);
      if (!isDocumentError(error.status) || runner.failure) throw e;
      return { ...row, outcome: 'error', line: resultLine(doc.id, { error }, doc.line).trimEnd() };
    }
    return { ...row, outcome: 'ok', line: resultLine(doc.id, { body: new TextDecoder().decode(r.body) }).trimEnd(), tokens: r.tokens };
  };

  /** Counts what a write added (a retried job's rows may be there already). */
  const count = (added: Inserted) => {
    stats.ok += added.ok;
    stats.errors += added.errors;
    stats.tokens += added.tokens;
    stats.done += added.ok + added.errors + added.dead;
  };
  const recorder = new JobRecorder(q, count);

  /**
   * A job's documents one after the other. A document that fails in a way
   * worth retrying does not stop the others (so that only the failing ones
   * are redone, and only they are dead-lettered in the end), unless the
   * whole pool has failed; the job then fails with the first such error.
   */
  const processJob = async (job: PgBoss.JobWithMetadata<AnalysisJob>): Promise<void> => {
    const { batch } = job.data;
    const attempts = job.retryCount + 1;
    if (!warnedExpiry && runner.timeoutMs !== undefined && job.data.docs.length * runner.timeoutMs > job.expireInSeconds * 1000) {
      warnedExpiry = true;
      log(
        `warning: a job of batch ${batch} holds ${job.data.docs.length} documents at up to ${runner.timeoutMs / 1000} s each, ` +
          `longer than its expiry (${job.expireInSeconds} s): a slow chunk would be retried while still running (enqueue with a longer --expire or a smaller --chunk)`,
      );
    }
    const rows: ResultRow[] = [];
    let failed: { error: ReturnType<typeof errorOf>; count: number } | undefined;
    try {
      const setup = await setupOf(batch, job.data.batchId);
      if (!setup) {
        // Its batch was deleted: nobody wants these results. Completed, not analyzed.
        await q.boss.complete(WORK_QUEUE, job.id, { dropped: 'its batch was deleted' });
        log(`job ${job.id}: batch ${batch} was deleted; job dropped`);
        return;
      }
      let docs = job.data.docs;
      if (job.retryCount > 0) {
        const done = await keysWithResults(q, batch, docs.map((d) => d.key));
        docs = docs.filter((d) => !done.has(d.key));
      }
      for (const doc of docs) {
        try {
          rows.push(await analyze(doc, setup, attempts));
        } catch (e) {
          failed = failed ? { ...failed, count: failed.count + 1 } : { error: errorOf(e), count: 1 };
          if (runner.failure) break;
        }
      }
    } catch (e) {
      // The batch's settings could not be read.
      failed = { error: errorOf(e), count: job.data.docs.length };
    }
    try {
      if (failed) {
        // What was analyzed stays analyzed, even in a job that fails: the retry skips it.
        count(await insertResults(q, batch, rows));
        const { error, count: n } = failed;
        const message = n > 1 ? `${error.message} (and ${n - 1} more of the job's documents failed)` : error.message;
        const failure: JobFailure = { status: error.status, message, worker: name };
        await q.boss.fail(WORK_QUEUE, job.id, failure);
        stats.jobsFailed++;
        log(`job ${job.id} (batch ${batch}, try ${attempts} of ${job.retryLimit + 1}) failed: ${message}`);
      } else {
        await recorder.record(batch, job.id, rows);
        stats.jobsCompleted++;
      }
    } catch (dbError) {
      // The job stays active; past its expiry pg-boss retries it.
      log(`job ${job.id}: could not record its outcome (${(dbError as Error).message}); it is retried after its expiry`);
    }
    progress();
  };

  /** True when nothing is left for any worker: no job waiting, retrying or active, no unrecorded dead letter. */
  const queueIsDone = async (): Promise<boolean> => {
    for (const name of [WORK_QUEUE, DEAD_LETTER_QUEUE]) {
      if ((await q.boss.getQueueSize(name, { before: 'completed' })) > 0) return false;
    }
    return true;
  };

  const inFlight = new Set<Promise<void>>();
  // Waits end early when a job finishes (a slot is free) or on abort. One
  // callback, not a race per wait: a long-lived promise raced in every loop
  // would collect a reaction per iteration for the life of the worker.
  let wakeUp: (() => void) | undefined;
  /** A wake-up that came while not waiting: the next wait returns at once. */
  let missedWake = false;
  const wake = () => {
    if (wakeUp) wakeUp();
    else missedWake = true;
  };
  signal?.addEventListener('abort', wake, { once: true });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted || missedWake) {
        missedWake = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      wakeUp = done;
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
    });
  let lastDeadLetters = 0;
  try {
    while (!signal?.aborted && !runner.failure) {
      try {
        if (performance.now() - lastDeadLetters >= pollMs) {
          lastDeadLetters = performance.now();
          const dead = await recordDeadLetters(q, name);
          if (dead.jobs > 0) {
            stats.deadLetters += dead.jobs;
            stats.done += dead.documents;
            stats.dead += dead.documents;
            log(`recorded ${dead.jobs} dead-lettered job${dead.jobs === 1 ? '' : 's'}: ${dead.documents} documents as error results`);
          }
        }
        const free = concurrency - inFlight.size;
        // Fetch once half the slots are free (or none is busy): one round trip brings several
        // jobs, while the jobs still in flight keep the pool busy.
        if (free === 0 || (free < refill && inFlight.size > 0)) {
          await pause(pollMs);
          continue;
        }
        const jobs = await q.boss.fetch<AnalysisJob>(WORK_QUEUE, { batchSize: free, includeMetadata: true });
        for (const job of jobs) {
          const p: Promise<void> = processJob(job).finally(() => {
            inFlight.delete(p);
            wake();
          });
          inFlight.add(p);
        }
        if (jobs.length > 0) continue;
        if (inFlight.size === 0 && o.exitWhenDone && (await queueIsDone())) break;
        await pause(pollMs);
      } catch (e) {
        log(`database error: ${(e as Error).message}; trying again in ${pollMs / 1000} s`);
        await pause(pollMs);
      }
    }
  } finally {
    await Promise.all(inFlight);
    signal?.removeEventListener('abort', wake);
  }
  stats.interrupted = signal?.aborted ?? false;
  if (runner.failure) stats.fatal = runner.failure.message;
  progress();
  return stats;
}
