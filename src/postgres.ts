/**
 * What the PostgreSQL backends share (the events store and the dictionary
 * store): a pool on a validated schema whose tables a migration creates on
 * open, and transactions that roll back on any error.
 */
import type pg from 'pg';
import { loadPg } from './db/postgres-driver.js';
import type { PostgresStoreOptions } from './db/postgres-options.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A pool on `connectionString` whose schema `migrate` has prepared (the
 * schema name is validated first, so it is safe to quote into SQL); the pool
 * is closed again when the migration fails.
 */
export async function openMigratedPool(
  connectionString: string,
  options: PostgresStoreOptions,
  migrate: (pool: pg.Pool, schema: string) => Promise<void>,
): Promise<pg.Pool> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  const { Pool } = await loadPg();
  const pool = new Pool({ connectionString, max: options.maxConnections ?? 10 });
  // An idle client that loses its connection emits 'error'; without a
  // listener that would crash the process. The next query reconnects.
  pool.on('error', () => {});
  try {
    await migrate(pool, schema);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return pool;
}

/** Runs `work` in one transaction (`begin` may set an isolation level); rolls back on any error. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
