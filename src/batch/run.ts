/**
 * The batch loop: documents in, one result line each out, a bounded number
 * in flight on the analysis pool.
 *
 * - Input order by default: a finished document waits in a small reorder
 *   buffer (at most `concurrency` entries) until those before it are written.
 * - A failed document is a result like any other ({"id", "error"}).
 * - Abort (SIGINT) stops reading, lets the documents in flight finish and
 *   writes them; nothing half-done reaches the output.
 * - A pool that cannot analyze at all (its workers keep dying) stops the run
 *   instead of writing an error for every remaining document; those are left
 *   for --resume.
 */
import type { AnalysisError } from '../errors.js';
import type { CountedResult } from '../http/analysis-pool.js';
import type { FlatOptions } from '../types.js';
import type { BatchError, BatchItem } from './input.js';
import { itemResultLine, type ResultSink } from './output.js';

/** What the batch needs from the analysis pool (WorkerPool, or a fake in tests). */
export interface CountingRunner {
  runCounted(options: FlatOptions): Promise<CountedResult>;
  /** Set once the runner refuses all work. */
  readonly failure?: AnalysisError;
}

export interface BatchStats {
  /** Results written in this run (analyzed or failed). */
  done: number;
  ok: number;
  errors: number;
  /** Documents skipped because --resume found their result. */
  skipped: number;
  /** Of those, the ones whose result is an error: the output holds them, so the run ends as one with errors. */
  skippedErrors: number;
  /** Words in the responses (only responses that carry sentences are counted). */
  tokens: number;
  /** Documents sent to the pool and not answered yet. */
  inFlight: number;
  elapsedMs: number;
  /** Stopped by the abort signal before the input ended. */
  interrupted: boolean;
  /** Why the run stopped early, when the pool failed as a whole. */
  fatal?: string;
}

export interface BatchRunOptions {
  items: AsyncIterable<BatchItem>;
  runner: CountingRunner;
  sink: ResultSink;
  /** The run's --param / --extractors / --rules fields; a document's own params override them. */
  params?: FlatOptions;
  /** Results in input order (default) or as they finish. */
  ordered?: boolean;
  /** Documents in flight at once; twice the workers keeps every worker fed. */
  concurrency: number;
  /** Keys (itemKey) to skip: the results --resume found. */
  skip?: ReadonlySet<string>;
  /** Of those, the keys whose result is an error. */
  failed?: ReadonlySet<string>;
  signal?: AbortSignal;
  /** Called after every result and skip (the progress display throttles itself). */
  onProgress?(stats: Readonly<BatchStats>): void;
}

const ABORTED = Symbol('aborted');

/** An error as {status, message}: an AnalysisError keeps its status, anything else is a 500. */
export function errorOf(e: unknown): BatchError {
  const status = typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 500;
  return { status, message: e instanceof Error ? e.message : String(e) };
}

export async function runBatch(options: BatchRunOptions): Promise<BatchStats> {
  const { runner, sink, signal } = options;
  const ordered = options.ordered ?? true;
  const concurrency = Math.max(1, options.concurrency);
  const params = options.params ?? {};
  const skip = options.skip ?? new Set<string>();
  const t0 = performance.now();
  const stats: BatchStats = { done: 0, ok: 0, errors: 0, skipped: 0, skippedErrors: 0, tokens: 0, inFlight: 0, elapsedMs: 0, interrupted: false };
  const progress = () => {
    stats.elapsedMs = performance.now() - t0;
    options.onProgress?.(stats);
  };

  // Ordered output: sequence numbers in input order, written as a contiguous prefix.
  const waiting = new Map<number, string | null>();
  let nextSeq = 0;
  let nextToWrite = 0;
  let writeError: Error | undefined;
  const write = (line: string) => {
    try {
      sink.write(line);
    } catch (e) {
      writeError ??= e as Error;
    }
  };
  /** `line` null: the document has no result (the pool failed); it and everything after it is left for --resume. */
  const emit = (seq: number, line: string | null) => {
    if (!ordered) {
      if (line !== null) write(line);
      return;
    }
    waiting.set(seq, line);
    while (waiting.has(nextToWrite)) {
      const l = waiting.get(nextToWrite)!;
      if (l === null) return; // a gap that will never fill: the run is stopping
      waiting.delete(nextToWrite++);
      write(l);
    }
  };

  const inFlight = new Set<Promise<void>>();
  const submit = (item: BatchItem, seq: number) => {
    const fields: FlatOptions = { ...item.defaults, ...params, ...item.fields };
    stats.inFlight++;
    const job = runner.runCounted(fields).then(
      (r) => {
        stats.ok++;
        if (r.tokens !== undefined) stats.tokens += r.tokens;
        return itemResultLine(item, { body: new TextDecoder().decode(r.body) });
      },
      (e: unknown) => {
        if (runner.failure) return null;
        stats.errors++;
        return itemResultLine(item, { error: errorOf(e) });
      },
    );
    const tracked: Promise<void> = job.then((line) => {
      stats.inFlight--;
      if (line !== null) stats.done++;
      emit(seq, line);
      inFlight.delete(tracked);
      progress();
    });
    inFlight.add(tracked);
  };

  let abortWait: Promise<typeof ABORTED> | undefined;
  if (signal) {
    abortWait = new Promise((resolve) => {
      if (signal.aborted) resolve(ABORTED);
      else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    });
  }
  const source = options.items[Symbol.asyncIterator]();
  try {
    for (;;) {
      if (signal?.aborted) {
        stats.interrupted = true;
        break;
      }
      if (runner.failure || writeError) break;
      const next = await (abortWait ? Promise.race([source.next(), abortWait]) : source.next());
      if (next === ABORTED) {
        stats.interrupted = true;
        break;
      }
      if (next.done) break;
      const item = next.value;
      if (skip.has(item.key)) {
        stats.skipped++;
        if (options.failed?.has(item.key)) stats.skippedErrors++;
        progress();
        continue;
      }
      const seq = nextSeq++;
      if (item.error) {
        stats.errors++;
        stats.done++;
        emit(seq, itemResultLine(item, { error: item.error }));
        progress();
        continue;
      }
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      submit(item, seq);
      await sink.drain();
    }
  } finally {
    await Promise.all(inFlight);
    // Not awaited: a source blocked on stdin would never settle; close() on the source stops it.
    void source.return?.();
  }
  if (runner.failure) stats.fatal = runner.failure.message;
  else if (writeError) stats.fatal = writeError.message;
  stats.elapsedMs = performance.now() - t0;
  return stats;
}
