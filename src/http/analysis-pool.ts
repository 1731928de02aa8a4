/**
 * A pool of worker threads that run analyses off the event loop, so a heavy
 * document never stalls the server's other requests. Node-only (the
 * web-standard handler sees it as an AnalysisRunner).
 *
 * - one worker per core by default, each with its own analyzer, created once;
 * - each worker under its own heap limit, so a document that needs too much
 *   memory kills its worker, not the process;
 * - a per-request timeout: the worker running a job past it is terminated and
 *   replaced, and the job fails with 504;
 * - a worker that dies is replaced: its job fails with 500, later jobs go to
 *   the fresh worker. One that cannot start is retried with a growing delay,
 *   and while no worker is up, jobs fail at once with 503 and the start-up
 *   error's message;
 * - a bounded queue: a job arriving when it is full fails with 503 at once.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { AnalyzerConfig } from '../analyzer.js';
import { AnalysisError, type ErrorStatus } from '../errors.js';
import type { FlatOptions } from '../types.js';
import type { AnalysisRunner } from './analysis-runner.js';
import type { WorkerJob, WorkerReply } from './analysis-worker.js';
import type { ResponseShape } from './client-compat.js';
import { LruMap, MAX_CACHED_DICTIONARIES, type StoredDictionaryMessage, type StoredDictionaryRef } from './compiled-dictionaries.js';
import type { StoredClassifierMessage, StoredClassifierRef } from './stored-classifiers.js';

export interface WorkerPoolOptions {
  /** Number of worker threads. Default: os.availableParallelism(). */
  size?: number;
  /** Per-request analysis timeout in ms, queue time excluded. Default 30 000. */
  timeoutMs?: number;
  /** Jobs that may wait for a free worker. Default 16 per worker. */
  maxQueue?: number;
  /** How each worker creates its analyzer. */
  analyzer?: AnalyzerConfig;
  /**
   * Each worker's JavaScript heap limit in MB (V8's old generation). A job
   * that needs more ends its worker, which is replaced; the job fails with
   * 500. Default 1024 (DEFAULT_WORKER_HEAP_MB).
   */
  workerHeapMb?: number;
  /**
   * Each worker's young generation in MB; 0 leaves V8's default. Default
   * WORKER_YOUNG_GENERATION_MB (0: V8's default; 64 helps a pool of one worker).
   */
  workerYoungGenerationMb?: number;
  /**
   * Wait before restarting after a worker failed to start, in ms; doubled for
   * each failure in a row, up to `maxRestartDelayMs`. Default 1 000.
   */
  restartDelayMs?: number;
  /** The longest wait between start attempts. Default 30 000. */
  maxRestartDelayMs?: number;
}

/** A response with the number of words in its sentences (undefined when it carries no sentences). */
export interface CountedResult {
  body: Uint8Array<ArrayBuffer>;
  tokens?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * A 200 kB text with every extractor peaks well under 128 MB of heap
 * (measured); 1 GB leaves room for rules and large dictionaries while a
 * runaway job cannot take the machine's memory with it.
 */
export const DEFAULT_WORKER_HEAP_MB = 1024;
/**
 * Each worker's young generation in MB (V8's new space, two semi-spaces); 0:
 * V8's default (new space up to 32 MB). 64 MB halves the V8 helper threads'
 * CPU with one worker (an analysis leaves much short-lived garbage, and less
 * of it outlives its scavenges), but with a worker per core it cost more, not
 * less: two workers on two cores, 60 documents of 5 kB, three runs
 * (bench/worker-gc.ts, 2026-11-29), the workers' and the other threads' CPU
 * per document 46.1 / 54.5 / 50.9 ms with V8's default against 52.4 / 60.6 /
 * 54.0 with 64 MB, wall time 23.5 / 27.1 / 25.7 against 24.8 / 31.5 / 28.8 ms
 * (a fourth run: a tie in CPU, 26.3 against 27.7 ms wall); and 64 MB keeps
 * ~20 MB more resident per worker (docs/large-corpora.md). A
 * pool is sized to the cores, so the default is V8's.
 */
export const WORKER_YOUNG_GENERATION_MB = 0;
export const DEFAULT_RESTART_DELAY_MS = 1_000;
export const DEFAULT_MAX_RESTART_DELAY_MS = 30_000;

interface Job {
  id: number;
  options: FlatOptions;
  shape?: ResponseShape;
  dictionaries?: readonly StoredDictionaryRef[];
  classifiers?: readonly StoredClassifierRef[];
  resolve(result: CountedResult): void;
  reject(err: AnalysisError): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: ReturnType<typeof setTimeout>;
  /** Revision of each stored dictionary (and stored classifier) this worker holds, by cache key (mirrors its caches). */
  held: LruMap<string>;
}

/**
 * From the compiled package the worker is the .js beside this file. From
 * TypeScript sources (vitest, tsx) it is the .ts file, which a worker can only
 * load through tsx; `execArgv: ['--import', 'tsx']` does not reach worker
 * threads on Node 20, so a small bootstrap registers tsx's loader first.
 */
function startWorker(workerData: unknown, resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./analysis-worker.js', import.meta.url), { workerData, resourceLimits });
  // require.resolve finds tsx's CommonJS build; its ES module twin sits beside it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./analysis-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

export class WorkerPool implements AnalysisRunner {
  readonly size: number;
  readonly timeoutMs: number;
  readonly maxQueue: number;
  readonly workerHeapMb: number;
  readonly workerYoungGenerationMb: number;
  private readonly analyzerConfig: AnalyzerConfig;
  private readonly restartDelayMs: number;
  private readonly maxRestartDelayMs: number;
  /** Live workers: starting or ready. A worker that failed to start waits in `restarts` instead. */
  private readonly slots: Slot[] = [];
  /** Timers that start a worker again after a failed start (slots.length + restarts.size = size). */
  private readonly restarts = new Set<ReturnType<typeof setTimeout>>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Failed starts since a worker last became ready: the exponent of the restart delay. */
  private failedStartsInARow = 0;
  /** The latest failed start, until a worker becomes ready. */
  private startFailure?: AnalysisError;
  private readyWaiters: Array<() => void> = [];
  /** Workers replaced after a timeout or a crash, for monitoring and tests. */
  replacedWorkers = 0;
  /** Workers that failed to start, for monitoring and tests. */
  failedStarts = 0;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxQueue = options.maxQueue ?? this.size * 16;
    this.workerHeapMb = options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB;
    this.workerYoungGenerationMb = options.workerYoungGenerationMb ?? WORKER_YOUNG_GENERATION_MB;
    if (!(this.workerHeapMb > 0)) throw new RangeError(`workerHeapMb must be a positive number of MB, got ${options.workerHeapMb}`);
    this.restartDelayMs = options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS;
    this.maxRestartDelayMs = Math.max(this.restartDelayMs, options.maxRestartDelayMs ?? DEFAULT_MAX_RESTART_DELAY_MS);
    this.analyzerConfig = options.analyzer ?? {};
    for (let i = 0; i < this.size; i++) this.start();
  }

  /**
   * Resolves once every live worker has its analyzer (useful to warm up
   * before taking traffic). Workers that failed to start are not waited for:
   * check `failure` after it. The pool keeps retrying them either way.
   */
  async ready(): Promise<void> {
    while (!this.closed && this.slots.some((s) => !s.ready)) {
      await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    }
  }

  /**
   * Why the pool refuses all work right now: its workers failed to start and
   * none is up (503, the start-up error's message). Cleared as soon as a
   * restarted worker becomes ready.
   */
  get failure(): AnalysisError | undefined {
    return this.startFailure && !this.slots.some((s) => s.ready) ? this.startFailure : undefined;
  }

  /** Jobs waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Jobs being analyzed now. */
  get running(): number {
    return this.slots.filter((s) => s.job).length;
  }

  /** Stored-dictionary entries sent to workers (once per worker and revision), for tests and measurements. */
  dictionarySends = 0;
  /** Stored-classifier categories sent to workers (once per worker and revision), for tests and measurements. */
  classifierSends = 0;

  run(
    options: FlatOptions,
    shape?: ResponseShape,
    dictionaries?: readonly StoredDictionaryRef[],
    classifiers?: readonly StoredClassifierRef[],
  ): Promise<Uint8Array<ArrayBuffer>> {
    return this.runCounted(options, shape, dictionaries, classifiers).then((r) => r.body);
  }

  /** As run(), with the response's word count (the batch command's tokens/s). */
  runCounted(
    options: FlatOptions,
    shape?: ResponseShape,
    dictionaries?: readonly StoredDictionaryRef[],
    classifiers?: readonly StoredClassifierRef[],
  ): Promise<CountedResult> {
    if (this.closed) return Promise.reject(new AnalysisError(503, 'the analysis service is shutting down'));
    const failure = this.failure;
    if (failure) return Promise.reject(failure);
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new AnalysisError(503, `the analysis queue is full (${this.maxQueue} requests waiting); retry shortly`),
      );
    }
    return new Promise<CountedResult>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, options, shape, dictionaries, classifiers, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeReadyWaiters();
    for (const timer of this.restarts) clearTimeout(timer);
    this.restarts.clear();
    const shuttingDown = new AnalysisError(503, 'the analysis service is shutting down');
    for (const job of this.queue.splice(0)) job.reject(shuttingDown);
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        clearTimeout(slot.timer);
        slot.job?.reject(shuttingDown);
        slot.job = undefined;
        this.silence(slot);
        await slot.worker.terminate();
      }),
    );
  }

  /** Starts a worker into a new slot; a worker that cannot even be constructed counts as a failed start. */
  private start(): void {
    let worker: Worker;
    try {
      worker = startWorker({ analyzer: this.analyzerConfig }, {
        maxOldGenerationSizeMb: this.workerHeapMb,
        ...(this.workerYoungGenerationMb > 0 ? { maxYoungGenerationSizeMb: this.workerYoungGenerationMb } : {}),
      });
    } catch (e) {
      this.failedStart(`the analysis workers could not start: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    // Idle workers must not keep a process alive that is otherwise done.
    worker.unref();
    const slot: Slot = { worker, ready: false, held: new LruMap(MAX_CACHED_DICTIONARIES) };
    this.slots.push(slot);
    worker.on('message', (reply: WorkerReply) => {
      if (typeof reply !== 'object' || reply === null) return; // not ours: nothing to act on
      if ('ready' in reply) this.becameReady(slot);
      else if ('startFailed' in reply) this.died(slot, reply.startFailed.message);
      else this.settle(slot, reply);
    });
    // A worker may throw anything, null included: describe it without assuming an Error.
    worker.on('error', (err: unknown) => {
      const outOfMemory = err instanceof Error && (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.died(slot, outOfMemory ? `it ran out of memory (heap limit ${this.workerHeapMb} MB)` : `it crashed: ${err instanceof Error ? err.message : String(err)}`);
    });
    worker.on('exit', (code) => this.died(slot, `it exited with code ${code}`));
  }

  private becameReady(slot: Slot): void {
    if (!this.slots.includes(slot)) return;
    slot.ready = true;
    this.failedStartsInARow = 0;
    this.startFailure = undefined;
    this.wakeReadyWaiters();
    this.dispatch();
  }

  /**
   * Hands queued jobs to idle ready workers. Runs inside the workers' event
   * handlers, so it must not throw: a job that cannot be handed over fails
   * alone and its worker takes the next one.
   */
  private dispatch(): void {
    for (const slot of this.slots) {
      while (this.queue.length > 0 && slot.ready && !slot.job) this.handOver(slot, this.queue.shift()!);
    }
  }

  private handOver(slot: Slot, job: Job): void {
    const dictionaries = this.dictionariesFor(slot, job);
    const classifiers = this.classifiersFor(slot, job, dictionaries.drop);
    const message: WorkerJob = { id: job.id, options: job.options, shape: job.shape, ...dictionaries, ...classifiers };
    try {
      // Throws (DataCloneError) when the options hold something that cannot be cloned.
      slot.worker.postMessage(message);
    } catch (e) {
      // The worker never saw the job: it holds none of the revisions just recorded for it.
      for (const d of dictionaries.dictionaries ?? []) if (d.source !== undefined) slot.held.delete(d.cacheKey);
      for (const c of classifiers.classifiers ?? []) if (c.categories !== undefined) slot.held.delete(c.cacheKey);
      const why = e instanceof Error ? e.message : String(e);
      job.reject(new AnalysisError(500, `internal error: the request could not be handed to an analysis worker: ${why}`));
      return;
    }
    slot.job = job;
    slot.timer = setTimeout(() => {
      this.retire(slot, new AnalysisError(504, `analysis took longer than ${this.timeoutMs / 1000} s and was stopped`));
      this.replacedWorkers++;
      this.start();
    }, this.timeoutMs);
  }

  /**
   * The job's stored dictionaries as this worker needs them: entries only for
   * a revision it does not hold, and the keys it should drop to stay within
   * MAX_CACHED_DICTIONARIES (never one this job uses).
   */
  private dictionariesFor(slot: Slot, job: Job): Pick<WorkerJob, 'dictionaries' | 'drop'> {
    if (!job.dictionaries?.length) return {};
    const dictionaries: StoredDictionaryMessage[] = [];
    const drop = new Set<string>();
    for (const ref of job.dictionaries) {
      const { cacheKey, id, revision } = ref;
      if (slot.held.get(cacheKey) === revision) {
        dictionaries.push({ cacheKey, id, revision });
        continue;
      }
      dictionaries.push({ cacheKey, id, revision, source: ref.source });
      this.dictionarySends++;
      for (const k of slot.held.set(cacheKey, revision)) drop.add(k);
    }
    for (const ref of job.dictionaries) drop.delete(ref.cacheKey);
    return drop.size > 0 ? { dictionaries, drop: [...drop] } : { dictionaries };
  }

  /**
   * The job's stored classifiers as this worker needs them, as dictionariesFor
   * does for dictionaries (one record and one drop list for both); `drop`:
   * what dictionariesFor already decided to drop.
   */
  private classifiersFor(slot: Slot, job: Job, drop: readonly string[] = []): Pick<WorkerJob, 'classifiers' | 'drop'> {
    if (!job.classifiers?.length) return {};
    const classifiers: StoredClassifierMessage[] = [];
    const dropped = new Set(drop);
    for (const ref of job.classifiers) {
      const { cacheKey, id, revision } = ref;
      if (slot.held.get(cacheKey) === revision) {
        classifiers.push({ cacheKey, id, revision });
        continue;
      }
      classifiers.push({ cacheKey, id, revision, categories: ref.categories });
      this.classifierSends++;
      for (const k of slot.held.set(cacheKey, revision)) dropped.add(k);
    }
    for (const ref of job.classifiers) dropped.delete(ref.cacheKey);
    for (const ref of job.dictionaries ?? []) dropped.delete(ref.cacheKey);
    return dropped.size > 0 ? { classifiers, drop: [...dropped] } : { classifiers };
  }

  private settle(slot: Slot, reply: Exclude<WorkerReply, { ready: true } | { startFailed: unknown }>): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    if ('body' in reply) job.resolve({ body: reply.body, tokens: reply.tokens });
    else job.reject(new AnalysisError(reply.error.status as ErrorStatus, reply.error.message));
    this.dispatch();
  }

  /**
   * A worker reported a failed start, crashed or exited. A worker that was
   * running a job is replaced at once (the job is the likely cause, and it
   * fails with 500); one that never became ready, or died idle, is started
   * again after the back-off, so a start that always fails cannot spin.
   */
  private died(slot: Slot, what: string): void {
    if (this.closed || !this.slots.includes(slot)) return; // already handled (error and exit both fire)
    if (slot.job) {
      this.retire(slot, new AnalysisError(500, `internal error: the analysis worker stopped while analyzing this request (${what}); it was replaced`));
      this.replacedWorkers++;
      this.start();
      return;
    }
    const wasReady = slot.ready;
    this.retire(slot);
    this.failedStart(wasReady ? `an analysis worker stopped while idle (${what}) and is being restarted` : `the analysis workers could not start: ${what}`);
  }

  /** Records a failed start, fails the waiting jobs when no worker is up, and schedules the next try. */
  private failedStart(what: string): void {
    if (this.closed) return;
    this.failedStarts++;
    const delay = Math.min(this.maxRestartDelayMs, this.restartDelayMs * 2 ** Math.min(this.failedStartsInARow, 30));
    this.failedStartsInARow++;
    this.startFailure = new AnalysisError(503, `${what}; next try in ${Math.ceil(delay / 1000)} s`);
    const failure = this.failure;
    if (failure) for (const job of this.queue.splice(0)) job.reject(failure);
    const timer = setTimeout(() => {
      this.restarts.delete(timer);
      if (!this.closed) this.start();
    }, delay);
    // A pending restart must not keep a process alive that is otherwise done.
    timer.unref();
    this.restarts.add(timer);
    this.wakeReadyWaiters();
  }

  /** Takes a worker out of the pool: fails its job (if `reason` is given), stops listening, terminates it. */
  private retire(slot: Slot, reason?: AnalysisError): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    if (slot.job) slot.job.reject(reason ?? new AnalysisError(500, 'internal error: the analysis worker stopped'));
    slot.job = undefined;
    this.silence(slot);
    slot.worker.terminate().catch(() => undefined);
    // Waiters in ready() re-check: the pool may now be closed or failing.
    this.wakeReadyWaiters();
  }

  /** Drops a worker's listeners; an error it still emits while terminating is ignored. */
  private silence(slot: Slot): void {
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
  }

  private wakeReadyWaiters(): void {
    for (const waiter of this.readyWaiters.splice(0)) waiter();
  }
}
