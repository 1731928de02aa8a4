/**
 * `queue status`: where a batch stands. Job counts come from pg-boss's job
 * table (there is no per-batch count in its API: all batches share one
 * queue and a job names its batch in its data; the columns read here, name,
 * state, data and started_on, are pg-boss 10's documented job fields).
 * Document counts and throughput come from the results table, which keeps
 * them after pg-boss archives finished jobs (12 h) and drops them (7 days).
 */
import type { BatchRecord } from './batches.js';
import type { QueueConnection } from './connection.js';
import { DEAD_LETTER_QUEUE, WORK_QUEUE } from './jobs.js';
import { countResults, recentRate, type RecentRate, type ResultCounts } from './results.js';

const rate = (n: number, minutes: number) => (n / (minutes * 60)).toFixed(2);

/** pg-boss 10's job states. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface BatchStatus {
  batch: BatchRecord;
  /** The batch's jobs in the work queue by state (completed and failed ones until pg-boss archives them). */
  jobs: Record<JobState, number>;
  /** Dead-lettered jobs no worker has recorded as results yet. */
  deadLettersWaiting: number;
  /** Seconds the longest-running active job has run (a job far past its expiry means no worker runs maintenance). */
  oldestActiveSeconds?: number;
  results: ResultCounts;
  /** Documents without a result; undefined while the batch is not sealed (the total is not known). */
  pending?: number;
  rates: RecentRate[];
}

export async function batchStatus(q: QueueConnection, batch: BatchRecord, windowsMinutes: readonly number[] = [1, 5]): Promise<BatchStatus> {
  const jobs = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  const byState = await q.pool.query<{ state: JobState; n: string; oldest: number | null }>(
    `SELECT state::text AS state, count(*) AS n,
            max(extract(epoch FROM clock_timestamp() - started_on)) FILTER (WHERE state = 'active') AS oldest
     FROM ${q.s}.job WHERE name = $1 AND data->>'batch' = $2 GROUP BY state`,
    [WORK_QUEUE, batch.name],
  );
  let oldestActiveSeconds: number | undefined;
  for (const row of byState.rows) {
    jobs[row.state] = Number(row.n);
    if (row.oldest !== null) oldestActiveSeconds = Number(row.oldest);
  }
  const dead = await q.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${q.s}.job WHERE name = $1 AND data->>'batch' = $2 AND state < 'completed'`,
    [DEAD_LETTER_QUEUE, batch.name],
  );
  const results = await countResults(q, batch.name);
  const rates = await Promise.all(windowsMinutes.map((m) => recentRate(q, batch.name, m)));
  return {
    batch,
    jobs,
    deadLettersWaiting: Number(dead.rows[0]!.n),
    oldestActiveSeconds,
    results,
    pending: batch.total === undefined ? undefined : batch.total - results.done,
    rates,
  };
}

/** Done: sealed and every document has a result. */
export function isFinished(s: BatchStatus): boolean {
  return s.pending === 0;
}

/** `queue status` of one batch: what it holds and where it stands, then one line of name=value pairs for scripts. */
export function formatBatchStatus(s: BatchStatus): string {
  const b = s.batch;
  const r = s.results;
  const lines = [
    `batch ${b.name}: ${b.sealedAt ? `${b.total} documents` : 'still being enqueued (or its enqueue stopped early)'}, ` +
      `chunk ${b.chunk}, from ${b.input}, created ${b.createdAt.toISOString()}`,
    `jobs: ${JOB_STATES.map((st) => `${st} ${s.jobs[st]}`).join(', ')}` +
      (s.oldestActiveSeconds !== undefined ? `; longest active ${Math.round(s.oldestActiveSeconds)} s` : ''),
    `documents: ${r.done} done${b.total !== undefined ? ` of ${b.total}` : ''} (${r.ok} ok, ${r.errors} errors, ${r.dead} dead-lettered, ${r.retried} took more than one try)` +
      (s.pending !== undefined ? `, ${s.pending} pending` : ''),
    ...(s.deadLettersWaiting > 0 ? [`dead letters not yet recorded as results: ${s.deadLettersWaiting} jobs (a running worker records them)`] : []),
    `throughput: ${s.rates.map((x) => `last ${x.minutes} min ${rate(x.documents, x.minutes)} docs/s, ${Math.round(x.tokens / (x.minutes * 60))} tokens/s, ${x.workers} workers`).join('; ')}`,
  ];
  const last = s.rates[0];
  const figures = [
    `batch=${b.name}`,
    `total=${b.total ?? ''}`,
    `sealed=${b.sealedAt !== undefined}`,
    `done=${r.done}`,
    `ok=${r.ok}`,
    `errors=${r.errors}`,
    `dead=${r.dead}`,
    `pending=${s.pending ?? ''}`,
    `retried=${r.retried}`,
    ...JOB_STATES.map((st) => `jobs_${st}=${s.jobs[st]}`),
    `dead_letters_waiting=${s.deadLettersWaiting}`,
    ...s.rates.map((x) => `docs_per_s_${x.minutes}min=${rate(x.documents, x.minutes)}`),
    `workers_${last?.minutes ?? 1}min=${last?.workers ?? 0}`,
    `finished=${isFinished(s)}`,
  ];
  return lines.join('\n') + '\n' + figures.join(' ') + '\n';
}

/** `queue status` of a queue holding several batches: one line each. */
export function formatBatchLine(b: BatchRecord, r: ResultCounts): string {
  return (
    `${b.name}: ${r.done}/${b.total ?? '?'} done (${r.errors} errors, ${r.dead} dead)` +
    `${b.sealedAt ? '' : ', still being enqueued'}${b.total !== undefined && r.done === b.total ? ', finished' : ''}\n`
  );
}
