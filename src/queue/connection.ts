/**
 * One connection to a textlens queue: a pg pool on the schema (our tables
 * migrated) and a pg-boss instance that runs its SQL through the same pool,
 * with the work queue and its dead-letter queue created.
 *
 * pg-boss 10 is the last major line that runs on Node 20 (11 needs Node 22).
 * Its maintenance (moving jobs whose worker vanished past their expiry back
 * to retry, archiving) runs only where `maintenanceIntervalSeconds` is given:
 * in workers; pg-boss lets one instance at a time do it per interval.
 */
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import { loadPg, loadPgBoss } from '../db/postgres-driver.js';
import { AnalysisError } from '../errors.js';
import { openMigratedPool } from '../db/postgres.js';
import { DEAD_LETTER_QUEUE, WORK_QUEUE } from './jobs.js';
import { migrateQueueTables } from './tables.js';

/** Schema of the queue's tables (pg-boss's and textlens'), unless --schema says otherwise. */
export const DEFAULT_QUEUE_SCHEMA = 'textlens_queue';

export interface QueueConnectionOptions {
  schema?: string;
  /** Pool size. Default 10. */
  maxConnections?: number;
  /** Run pg-boss's maintenance every this many seconds (workers); absent: never (enqueue, status, collect). */
  maintenanceIntervalSeconds?: number;
  /** pg-boss's background errors (maintenance that failed); they are not fatal. */
  onError?(error: Error): void;
}

export interface QueueConnection {
  readonly pool: pg.Pool;
  readonly boss: PgBoss;
  readonly schema: string;
  /** The schema, quoted for SQL. */
  readonly s: string;
  close(): Promise<void>;
}

/** The URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unreadable connection string)';
  }
}

function checkUrl(url: string): void {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new AnalysisError(400, `--queue must be a PostgreSQL URL (postgres://user@host:5432/db), got '${redactUrl(url)}'`, 'queue');
  }
}

export async function openQueue(url: string, options: QueueConnectionOptions = {}): Promise<QueueConnection> {
  checkUrl(url);
  const schema = options.schema ?? DEFAULT_QUEUE_SCHEMA;
  // pg-boss's own limit on schema names (ours allows 63 characters).
  if (schema.length > 50) throw new AnalysisError(400, `--schema may have at most 50 characters, got ${schema.length}`, 'schema');
  // Optional peers: a missing one is a setup error (500), not an unreachable queue (503).
  const [Boss] = await Promise.all([loadPgBoss(), loadPg()]);
  let pool: pg.Pool;
  try {
    pool = await openMigratedPool(url, { schema, maxConnections: options.maxConnections }, migrateQueueTables);
  } catch (e) {
    throw new AnalysisError(503, `cannot open the queue at ${redactUrl(url)}: ${(e as Error).message}`);
  }
  const supervise = options.maintenanceIntervalSeconds !== undefined;
  const boss = new Boss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema,
    migrate: true,
    schedule: false,
    supervise,
    ...(supervise ? { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds } : {}),
  });
  // An EventEmitter 'error' without a listener would crash the process.
  boss.on('error', (e) => options.onError?.(e));
  try {
    await boss.start();
    // The dead-letter queue first: the work queue's definition refers to it.
    await boss.createQueue(DEAD_LETTER_QUEUE);
    await boss.createQueue(WORK_QUEUE, { name: WORK_QUEUE, deadLetter: DEAD_LETTER_QUEUE });
  } catch (e) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await pool.end();
    throw new AnalysisError(503, `cannot set up pg-boss in schema ${schema} at ${redactUrl(url)}: ${(e as Error).message}`);
  }
  return {
    pool,
    boss,
    schema,
    s: `"${schema}"`,
    async close() {
      // Our pool is closed by us, not by pg-boss (it did not open it).
      await boss.stop({ graceful: false, close: false, wait: true }).catch(() => {});
      await pool.end();
    },
  };
}
