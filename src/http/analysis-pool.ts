/**
 * A pool of worker threads that run analyses off the event loop, so a heavy
 * document never stalls the server's other requests. Node-only (the
 * web-standard handler sees it as an AnalysisRunner).
 *
 * - one worker per core by default, each with its own analyzer, created once;
 * - a per-request timeout: the worker running a job past it is terminated and
 *   replaced, and the job fails with 504;
 * - a bounded queue: a job arriving when it is full fails with 503 at once.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnalyzerConfig } from '../analyzer.js';
import { AnalysisError, type ErrorStatus } from '../errors.js';
import type { FlatOptions } from '../types.js';
import type { AnalysisRunner } from './analysis-runner.js';
import type { WorkerJob, WorkerReply } from './analysis-worker.js';
import type { ResponseShape } from './client-compat.js';
import { LruMap, MAX_CACHED_DICTIONARIES, type StoredDictionaryMessage, type StoredDictionaryRef } from './compiled-dictionaries.js';

export interface WorkerPoolOptions {
  /** Number of worker threads. Default: os.availableParallelism(). */
  size?: number;
  /** Per-request analysis timeout in ms, queue time excluded. Default 30 000. */
  timeoutMs?: number;
  /** Jobs that may wait for a free worker. Default 16 per worker. */
  maxQueue?: number;
  /** How each worker creates its analyzer. */
  analyzer?: AnalyzerConfig;
}

/** A response with the number of words in its sentences (undefined when it carries no sentences). */
export interface CountedResult {
  body: Uint8Array<ArrayBuffer>;
  tokens?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_CRASHES_IN_A_ROW = 5;

interface Job {
  id: number;
  options: FlatOptions;
  shape?: ResponseShape;
  dictionaries?: readonly StoredDictionaryRef[];
  resolve(result: CountedResult): void;
  reject(err: AnalysisError): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: ReturnType<typeof setTimeout>;
  /** Revision of each stored dictionary this worker has compiled, by cache key (mirrors its cache). */
  held: LruMap<string>;
}

/**
 * From the compiled package the worker is the .js beside this file. From
 * TypeScript sources (vitest, tsx) it is the .ts file, which a worker can only
 * load through tsx; `execArgv: ['--import', 'tsx']` does not reach worker
 * threads on Node 20, so a small bootstrap registers tsx's loader first.
 */
function startWorker(workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./analysis-worker.js', import.meta.url), { workerData });
  // require.resolve finds tsx's CommonJS build; its ES module twin sits beside it.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./analysis-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

export class WorkerPool implements AnalysisRunner {
  readonly size: number;
  readonly timeoutMs: number;
  readonly maxQueue: number;
  private readonly analyzerConfig: AnalyzerConfig;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Crashes since the last answered job; a run of them means workers cannot start. */
  private crashesInARow = 0;
  private broken?: AnalysisError;
  private readyWaiters: Array<() => void> = [];
  /** Workers replaced after a timeout or a crash, for monitoring and tests. */
  replacedWorkers = 0;

  constructor(options: WorkerPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxQueue = options.maxQueue ?? this.size * 16;
    this.analyzerConfig = options.analyzer ?? {};
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  /** Resolves once every worker has its analyzer (useful to warm up before taking traffic). */
  async ready(): Promise<void> {
    while (!this.closed && !this.broken && this.slots.some((s) => !s.ready)) {
      await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    }
  }

  /** Why the pool refuses all work (its workers keep failing to start), if it does. */
  get failure(): AnalysisError | undefined {
    return this.broken;
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

  run(options: FlatOptions, shape?: ResponseShape, dictionaries?: readonly StoredDictionaryRef[]): Promise<Uint8Array<ArrayBuffer>> {
    return this.runCounted(options, shape, dictionaries).then((r) => r.body);
  }

  /** As run(), with the response's word count (the batch command's tokens/s). */
  runCounted(options: FlatOptions, shape?: ResponseShape, dictionaries?: readonly StoredDictionaryRef[]): Promise<CountedResult> {
    if (this.closed) return Promise.reject(new AnalysisError(503, 'the analysis service is shutting down'));
    if (this.broken) return Promise.reject(this.broken);
    if (this.queue.length >= this.maxQueue) {
      return Promise.reject(
        new AnalysisError(503, `the analysis queue is full (${this.maxQueue} requests waiting); retry shortly`),
      );
    }
    return new Promise<CountedResult>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, options, shape, dictionaries, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.readyWaiters.splice(0)) waiter();
    const shuttingDown = new AnalysisError(503, 'the analysis service is shutting down');
    for (const job of this.queue.splice(0)) job.reject(shuttingDown);
    await Promise.all(
      this.slots.map(async (slot) => {
        clearTimeout(slot.timer);
        slot.job?.reject(shuttingDown);
        slot.job = undefined;
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = startWorker({ analyzer: this.analyzerConfig });
    // Idle workers must not keep a process alive that is otherwise done.
    worker.unref();
    const slot: Slot = { worker, ready: false, held: new LruMap(MAX_CACHED_DICTIONARIES) };
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        for (const waiter of this.readyWaiters.splice(0)) waiter();
        this.dispatch();
      } else {
        this.settle(slot, reply);
      }
    });
    worker.on('error', (err) => this.crashed(slot, `analysis worker crashed: ${err.message}`));
    worker.on('exit', () => this.crashed(slot, 'analysis worker exited'));
    return slot;
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
    const message: WorkerJob = { id: job.id, options: job.options, shape: job.shape, ...dictionaries };
    try {
      // Throws (DataCloneError) when the options hold something that cannot be cloned.
      slot.worker.postMessage(message);
    } catch (e) {
      // The worker never saw the job: it holds none of the revisions just recorded for it.
      for (const d of dictionaries.dictionaries ?? []) if (d.source !== undefined) slot.held.delete(d.cacheKey);
      const why = e instanceof Error ? e.message : String(e);
      job.reject(new AnalysisError(500, `internal error: the request could not be handed to an analysis worker: ${why}`));
      return;
    }
    slot.job = job;
    slot.timer = setTimeout(() => {
      this.replace(slot, new AnalysisError(504, `analysis took longer than ${this.timeoutMs / 1000} s and was stopped`));
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

  private settle(slot: Slot, reply: Exclude<WorkerReply, { ready: true }>): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    this.crashesInARow = 0;
    if ('body' in reply) job.resolve({ body: reply.body, tokens: reply.tokens });
    else job.reject(new AnalysisError(reply.error.status as ErrorStatus, reply.error.message));
    this.dispatch();
  }

  private crashed(slot: Slot, what: string): void {
    if (!this.slots.includes(slot)) return; // already replaced (error and exit both fire)
    const reason = new AnalysisError(500, `internal error: ${what}`);
    if (++this.crashesInARow >= MAX_CRASHES_IN_A_ROW && !this.closed) {
      // Workers that die before answering anything will not start: stop trying.
      this.broken = new AnalysisError(500, `internal error: analysis workers keep failing (${what})`);
      for (const job of this.queue.splice(0)) job.reject(this.broken);
    }
    this.replace(slot, reason);
  }

  /** Fails the slot's job, terminates its worker and puts a fresh one in its place. */
  private replace(slot: Slot, reason: AnalysisError): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return; // already replaced (error and exit both fire)
    // Waiters in ready() re-check: the pool may now be closed or broken.
    for (const waiter of this.readyWaiters.splice(0)) waiter();
    clearTimeout(slot.timer);
    slot.job?.reject(reason);
    slot.job = undefined;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    if (this.closed || this.broken) {
      this.slots.splice(index, 1);
      return;
    }
    this.replacedWorkers++;
    this.slots[index] = this.spawn();
    this.dispatch();
  }
}
