/**
 * A worker thread of the analysis pool: creates its analyzer once, then
 * answers one job at a time. Errors travel back as { status, message } so the
 * pool can rebuild the AnalysisError the HTTP layer maps to a status code.
 * An analyzer that cannot be created is reported once (`startFailed`); the
 * pool then ends this worker and tries a fresh one later.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createAnalyzer, type AnalyzerConfig } from '../analyzer.js';
import { isAnalysisError } from '../errors.js';
import type { FlatOptions } from '../types.js';
import { shapeResponse, type ResponseShape } from './client-compat.js';
import { CompiledCache, type StoredDictionaryMessage } from './compiled-dictionaries.js';
import { DefinitionCache, type StoredClassifierMessage } from './stored-classifiers.js';

export interface WorkerJob {
  id: number;
  options: FlatOptions;
  /** Response shape (client-compat.ts); omitted: the spec's. */
  shape?: ResponseShape;
  /** Stored dictionaries the request selects; entries only where this worker lacks the revision. */
  dictionaries?: StoredDictionaryMessage[];
  /** Stored classifiers the request names; categories only where this worker lacks the revision. */
  classifiers?: StoredClassifierMessage[];
  /** Cache keys the pool has evicted from its record of this worker: drop them. */
  drop?: string[];
}

export type WorkerReply =
  | { ready: true }
  | { startFailed: { message: string } }
  | { id: number; body: Uint8Array<ArrayBuffer>; tokens?: number }
  | { id: number; error: { status: number; message: string } };

const port = parentPort;
if (!port) throw new Error('analysis-worker.ts must run as a worker thread');

const config = (workerData as { analyzer?: AnalyzerConfig } | undefined)?.analyzer ?? {};
const analyzer = createAnalyzer(config);
// Ready once the analyzer exists: the pool starts a job's clock only on a
// ready worker, so start-up time is never charged to a request. A failed start
// is reported with its message, which the pool answers requests with (503)
// while it waits to try again.
analyzer.then(
  () => port.postMessage({ ready: true } satisfies WorkerReply),
  (e: unknown) => port.postMessage({ startFailed: { message: e instanceof Error ? e.message : String(e) } } satisfies WorkerReply),
);

/**
 * For the pool's tests only, and only when the environment variable
 * TEXTLENS_TEST_WORKER_HOOKS=1 is set where the pool starts its workers: a job
 * with the field `test.exhaustMemory` allocates until the worker's heap limit
 * ends it, as a document too large for the limit would. Without the variable
 * the field is an unknown parameter like any other (400).
 */
const TEST_HOOKS = process.env.TEXTLENS_TEST_WORKER_HOOKS === '1';

function exhaustMemory(): never {
  const hoard: number[][] = [];
  for (;;) hoard.push(new Array<number>(1 << 16).fill(hoard.length));
}

const encoder = new TextEncoder();
// Unbounded here: the pool decides what this worker holds and says what to drop.
const compiled = new CompiledCache(Infinity);
const definitions = new DefinitionCache(Infinity);

port.on('message', async (job: WorkerJob) => {
  let reply: WorkerReply;
  try {
    if (TEST_HOOKS && job.options['test.exhaustMemory'] !== undefined) exhaustMemory();
    if (job.drop) {
      compiled.drop(job.drop);
      definitions.drop(job.drop);
    }
    const context = {
      ...(job.dictionaries?.length ? { dictionaries: compiled.resolve(job.dictionaries) } : {}),
      ...(job.classifiers?.length ? { classifiers: definitions.resolve(job.classifiers) } : {}),
    };
    const response = await (await analyzer).analyze(job.options, undefined, context);
    // Reshaped here, beside the serialization, so the server's thread pays for neither.
    const body = encoder.encode(JSON.stringify(shapeResponse(response, job.shape ?? 'spec')));
    // Counted here, where the response is an object, so a batch's tokens/s costs its thread nothing.
    const tokens = response.response?.sentences?.reduce((n, s) => n + s.words.length, 0);
    // Transferred, not copied: responses run to several MB.
    port.postMessage({ id: job.id, body, tokens } satisfies WorkerReply, [body.buffer]);
    return;
  } catch (e) {
    reply = isAnalysisError(e)
      ? { id: job.id, error: { status: e.status, message: e.message } }
      : { id: job.id, error: { status: 500, message: `internal error: ${e instanceof Error ? e.message : String(e)}` } };
  }
  port.postMessage(reply);
});
