/**
 * Many documents through one analyzer, as users of spaCy's `nlp.pipe` and of
 * transformers.js pipelines expect: `analyzer.analyzeMany(texts, options)`
 * gives an async iterator of responses.
 *
 * - `concurrency` documents in flight (default 1: in this thread, one after
 *   the other). More than 1 runs them on that many worker threads in Node,
 *   each with its own copy of the models (#platform/analysis-workers.js; the
 *   pool `textlens serve` and `textlens batch` use), created on first use and
 *   kept until `dispose()`. Where there are no worker threads (browsers), the
 *   documents interleave in this thread.
 * - Input order by default (`ordered: false`: as they finish); a finished
 *   document waits in a reorder buffer of at most `concurrency` entries.
 * - A document that fails is a response like any other: the spec's error
 *   envelope, `{ok: false, error}`, with its status in `status` — one bad
 *   document does not end a corpus run. Programming errors (a bad option
 *   type) surface the same way, naming the document by its index.
 * - `signal` stops reading the input; documents in flight are not waited for
 *   and the iterator throws the signal's reason.
 */
import { isAnalysisError } from './errors.js';
import type { AnalyzeOptions, AnalyzeResponse, FlatOptions } from './types.js';

export type ManyInput = string | AnalyzeOptions | FlatOptions;

/** A response of analyzeMany: the analysis, or the error envelope of a document that failed. */
export type ManyResponse = AnalyzeResponse & {
  /** The document's position in the input, from 0. */
  index: number;
  /** HTTP-style status of a failed document (400, 413, 500, 504 …); absent when ok. */
  status?: number;
};

export interface AnalyzeManyOptions {
  /** Documents analyzed at once (default 1). In Node, more than 1 means that many worker threads. */
  concurrency?: number;
  /** Responses in input order (default) or as they finish. */
  ordered?: boolean;
  /** Aborting stops the run: the iterator throws the signal's reason. */
  signal?: AbortSignal;
  /** Called after each document with the counts so far. */
  onProgress?: (progress: { done: number; failed: number }) => void;
  /** Per-document timeout on worker threads, in ms (default 30 000; a document past it fails with 504). */
  timeoutMs?: number;
}

/** Analyzes one document of the run (in this thread or on a worker). */
export type AnalyzeOne = (input: ManyInput) => Promise<AnalyzeResponse>;

export async function* analyzeMany(
  inputs: Iterable<ManyInput> | AsyncIterable<ManyInput>,
  analyzeOne: AnalyzeOne,
  options: AnalyzeManyOptions = {},
): AsyncGenerator<ManyResponse, void, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const ordered = options.ordered ?? true;
  const { signal } = options;
  signal?.throwIfAborted();

  const finished = new Map<number, ManyResponse>();
  const inFlight = new Map<number, Promise<number>>();
  let done = 0;
  let failed = 0;
  let nextToYield = 0;

  const start = (input: ManyInput, index: number) => {
    const settled = analyzeOne(input).then(
      (response): ManyResponse => ({ ...response, index }),
      (e: unknown): ManyResponse => failure(e, index),
    );
    inFlight.set(
      index,
      settled.then((response) => {
        inFlight.delete(index);
        finished.set(index, response);
        done++;
        if (!response.ok) failed++;
        options.onProgress?.({ done, failed });
        return index;
      }),
    );
  };

  const aborted = signal ? new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })) : undefined;
  aborted?.catch(() => {});
  const race = <T>(p: Promise<T>): Promise<T> => (aborted ? Promise.race([p, aborted]) : p);

  /** Yields what may be yielded now: the contiguous prefix in order, or anything finished. */
  function* ready(): Generator<ManyResponse> {
    if (ordered) {
      while (finished.has(nextToYield)) {
        const r = finished.get(nextToYield)!;
        finished.delete(nextToYield++);
        yield r;
      }
    } else {
      for (const [index, r] of finished) {
        finished.delete(index);
        yield r;
      }
    }
  }

  const source = Symbol.asyncIterator in inputs ? inputs[Symbol.asyncIterator]() : (inputs as Iterable<ManyInput>)[Symbol.iterator]();
  let index = 0;
  try {
    for (;;) {
      const next = await race(Promise.resolve(source.next()));
      if (next.done) break;
      start(next.value, index++);
      // Keep `concurrency` in flight; in order, also wait while the buffer of finished documents is full.
      while (inFlight.size >= concurrency || (ordered && finished.size >= concurrency)) {
        await race(Promise.race(inFlight.values()));
        yield* ready();
      }
      yield* ready();
    }
    while (inFlight.size > 0) {
      await race(Promise.race(inFlight.values()));
      yield* ready();
    }
    yield* ready();
  } finally {
    void source.return?.();
  }
}

function failure(e: unknown, index: number): ManyResponse {
  const status = isAnalysisError(e) ? e.status : typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 500;
  const message = e instanceof Error ? e.message : String(e);
  return { time: 0, ok: false, error: status === 500 && !isAnalysisError(e) ? `internal error: ${message}` : message, message: '', index, status };
}
