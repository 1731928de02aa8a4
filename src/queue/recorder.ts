/**
 * Group commit for finished jobs: their results are written and the jobs
 * completed in one INSERT and one pg-boss complete() per group, instead of
 * two round trips per job. A group is whatever finished while the previous
 * group was being written, so an idle worker writes at once and a busy one
 * writes in larger groups, with no timer. Each job's record() settles when
 * its group is written (a worker stopping waits for it), and fails with the
 * group's error (the job then stays active and is retried past its expiry;
 * results already written are kept by the idempotent insert).
 */
import type { QueueConnection } from './connection.js';
import { WORK_QUEUE } from './jobs.js';
import { insertResults, type Inserted, type ResultRow } from './results.js';

interface Finished {
  batch: string;
  jobId: string;
  rows: readonly ResultRow[];
  resolve(): void;
  reject(e: unknown): void;
}

export class JobRecorder {
  private pending: Finished[] = [];
  private writing?: Promise<void>;
  /** Groups written, for measurements. */
  groups = 0;

  /** `onAdded` hears what each write added (rows a retried job found there already are not counted). */
  constructor(
    private readonly q: QueueConnection,
    private readonly onAdded: (added: Inserted) => void = () => {},
  ) {}

  /** Writes the job's results and completes it, with whatever else finished meanwhile. */
  record(batch: string, jobId: string, rows: readonly ResultRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ batch, jobId, rows, resolve, reject });
      this.writing ??= this.drain().finally(() => (this.writing = undefined));
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending.splice(0);
      try {
        const byBatch = new Map<string, ResultRow[]>();
        for (const f of group) {
          const rows = byBatch.get(f.batch) ?? [];
          rows.push(...f.rows);
          byBatch.set(f.batch, rows);
        }
        for (const [batch, rows] of byBatch) this.onAdded(await insertResults(this.q, batch, rows));
        await this.q.boss.complete(
          WORK_QUEUE,
          group.map((f) => f.jobId),
        );
        this.groups++;
        for (const f of group) f.resolve();
      } catch (e) {
        for (const f of group) f.reject(e);
      }
    }
  }
}
