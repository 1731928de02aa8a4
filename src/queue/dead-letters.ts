/**
 * Dead letters into results. When a job fails on its last try, pg-boss
 * marks it `failed` in the work queue and puts a copy (data and the last
 * error) in the dead-letter queue. Workers take those copies and record each
 * of their documents that has no result yet as an error result
 * (`outcome = 'dead'`, status 500 or the last error's 5xx), so that `collect`
 * writes a line for every document and the error outlives pg-boss's
 * retention; the failed job stays in pg-boss's tables as well.
 */
import { resultLine } from '../batch/output.js';
import type { QueueConnection } from './connection.js';
import { DEAD_LETTER_QUEUE, type AnalysisJob, type JobFailure } from './jobs.js';
import { getBatch } from './batches.js';
import { insertResults, type ResultRow } from './results.js';

/** The last error of a dead job: what our worker failed it with, or pg-boss's own (expiry) message. */
export function lastError(output: unknown): JobFailure {
  const o = (output ?? {}) as { status?: unknown; message?: unknown; worker?: unknown; value?: { message?: unknown } };
  const status = typeof o.status === 'number' && o.status >= 500 ? o.status : 500;
  const message =
    typeof o.message === 'string'
      ? o.message
      : typeof o.value?.message === 'string'
        ? // pg-boss's expiry: the worker holding the job stopped answering (killed, crashed, cut off).
          `${o.value.message} (its worker stopped before finishing it)`
        : 'failed without an error message';
  return typeof o.worker === 'string' ? { status, message, worker: o.worker } : { status, message };
}

/** Takes up to `max` dead letters, records their documents, and says how many jobs and new dead results there were. */
export async function recordDeadLetters(q: QueueConnection, recordedBy: string, max = 100): Promise<{ jobs: number; documents: number }> {
  const jobs = await q.boss.fetch<AnalysisJob>(DEAD_LETTER_QUEUE, { batchSize: max, includeMetadata: true });
  if (jobs.length === 0) return { jobs: 0, documents: 0 };
  // By batch id: a name may have been reused since the job was queued.
  const byBatch = new Map<string, { batch: string; rows: ResultRow[] }>();
  for (const job of jobs) {
    const { batch, batchId, docs } = job.data;
    const attempts = job.retryLimit + 1;
    const last = lastError(job.output);
    const error = {
      status: last.status,
      message: `gave up after ${attempts} tries; last error${last.worker ? ` (on ${last.worker})` : ''}: ${last.message}`,
    };
    const entry = byBatch.get(batchId) ?? { batch, rows: [] };
    for (const d of docs) entry.rows.push({ key: d.key, seq: d.seq, outcome: 'dead', line: resultLine(d.id, { error }, d.line).trimEnd(), attempts, worker: recordedBy });
    byBatch.set(batchId, entry);
  }
  let documents = 0;
  for (const [batchId, { batch, rows }] of byBatch) {
    // A batch deleted meanwhile wants no results.
    if ((await getBatch(q, batch))?.id !== batchId) continue;
    // A document of a dead chunk that was analyzed before the failure keeps that result (ON CONFLICT DO NOTHING).
    documents += (await insertResults(q, batch, rows)).dead;
  }
  await q.boss.complete(
    DEAD_LETTER_QUEUE,
    jobs.map((j) => j.id),
  );
  return { jobs: jobs.length, documents };
}
