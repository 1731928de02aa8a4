/**
 * `queue enqueue`: a batch's documents into pg-boss, a job per document or
 * per chunk of `chunk` documents, inserted a few hundred jobs per round trip.
 *
 * Workers may start on the first jobs while the rest are still being read.
 * A line of the input that is not a document is recorded at once as its
 * error result (no job: nothing could analyze it). The batch is sealed with
 * its document count at the end; a batch left unsealed (enqueue killed) is
 * shown so by `queue status`, and its documents so far are still analyzed.
 */
import type PgBoss from 'pg-boss';
import type { BatchItem } from '../batch/input.js';
import { resultLine } from '../batch/output.js';
import type { FlatOptions } from '../types.js';
import { createBatch, sealBatch, type BatchDictionaries } from './batches.js';
import type { QueueConnection } from './connection.js';
import { DEAD_LETTER_QUEUE, WORK_QUEUE, type AnalysisJob, type QueuedDocument } from './jobs.js';
import { insertResults, type ResultRow } from './results.js';

/** How pg-boss treats a batch's jobs. */
export interface RetryPolicy {
  /** Tries after the first before a job is dead-lettered. */
  retryLimit: number;
  /** Base delay before a retry; pg-boss doubles it per try, with jitter. */
  retryDelaySeconds: number;
  /**
   * How long a job may stay active before it counts as lost (its worker
   * died) and is retried. Must exceed the time a chunk can take: chunk ×
   * the worker's --timeout.
   */
  expireSeconds: number;
}

/**
 * Documents per job by default. One job per document costs three database
 * round trips per document (fetch, results, completion; group commit shares
 * the last two among jobs finishing together); ten share them, and a lost
 * worker's chunk is still small to redo. bench/queue.ts measures both.
 */
export const DEFAULT_CHUNK = 10;

export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 3, retryDelaySeconds: 10, expireSeconds: 900 };

export interface EnqueueOptions {
  name: string;
  /** Where the documents came from (shown by status). */
  input: string;
  items: AsyncIterable<BatchItem>;
  params: FlatOptions;
  dictionaries: BatchDictionaries;
  /** Documents per job. */
  chunk: number;
  retry?: RetryPolicy;
  /** Called after every insert round trip with the documents handled so far. */
  onProgress?(documents: number, inputErrors: number): void;
}

export interface EnqueueStats {
  /** Documents in the batch (input errors included). */
  documents: number;
  jobs: number;
  /** Lines that were not documents, recorded as error results. */
  inputErrors: number;
}

/** Jobs per insert round trip, and the text size that flushes earlier (long documents). */
const JOBS_PER_INSERT = 200;
const BYTES_PER_INSERT = 4 << 20;

export async function enqueueBatch(q: QueueConnection, o: EnqueueOptions): Promise<EnqueueStats> {
  const retry = o.retry ?? DEFAULT_RETRY;
  const batchId = await createBatch(q, { name: o.name, input: o.input, chunk: o.chunk, params: o.params, dictionaries: o.dictionaries });
  const stats: EnqueueStats = { documents: 0, jobs: 0, inputErrors: 0 };
  let chunk: QueuedDocument[] = [];
  let jobs: PgBoss.JobInsert<AnalysisJob>[] = [];
  let errors: ResultRow[] = [];
  let bytes = 0;

  const closeChunk = () => {
    if (chunk.length === 0) return;
    jobs.push({
      name: WORK_QUEUE,
      data: { batch: o.name, batchId, docs: chunk },
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: retry.expireSeconds,
      deadLetter: DEAD_LETTER_QUEUE,
    });
    chunk = [];
  };
  const flush = async () => {
    closeChunk();
    if (jobs.length > 0) await q.boss.insert(jobs);
    await insertResults(q, o.name, errors);
    stats.jobs += jobs.length;
    jobs = [];
    errors = [];
    bytes = 0;
    o.onProgress?.(stats.documents, stats.inputErrors);
  };

  for await (const item of o.items) {
    const seq = stats.documents++;
    if (item.error || !item.fields) {
      const error = item.error ?? { status: 400, message: 'not a document' };
      errors.push({ key: item.key, seq, outcome: 'error', line: resultLine(item.id, { error }, item.line).trimEnd(), attempts: 0 });
      stats.inputErrors++;
      continue;
    }
    const doc: QueuedDocument = { seq, key: item.key, id: item.id, fields: item.fields };
    if (item.line !== undefined) doc.line = item.line;
    if (item.defaults) doc.defaults = item.defaults;
    chunk.push(doc);
    bytes += typeof item.fields.text === 'string' ? item.fields.text.length : 0;
    if (chunk.length >= o.chunk) closeChunk();
    if (jobs.length >= JOBS_PER_INSERT || bytes >= BYTES_PER_INSERT) await flush();
  }
  await flush();
  await sealBatch(q, o.name, stats.documents);
  return stats;
}
