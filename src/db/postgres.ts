/**
 * What the PostgreSQL backends share (the events store, the dictionary store
 * and the queue's tables): a pool on a validated schema whose tables a
 * migration creates on open, transactions that roll back on any error, and
 * the one rule for a database that goes away.
 *
 * A database that restarts, fails over or ends a session
 * (`pg_terminate_backend`) costs at most the calls in flight: they reject
 * with DatabaseUnavailableError (503, "retry"), the dead connection is never
 * lent again, and the pool connects anew on the next call.
 */
import type pg from 'pg';
import { loadPg } from './postgres-driver.js';
import type { PostgresStoreOptions } from './postgres-options.js';
import { databaseError, isConnectionFailure } from './database-unavailable.js';

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
  // listener that would crash the process. The pool drops that client and
  // the next query connects anew.
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  try {
    await migrate(pool, schema);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return pool;
}

/**
 * Runs `work` in one transaction (`begin` may set an isolation level); rolls
 * back on any error. A connection failure rejects with DatabaseUnavailableError.
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw databaseError(e);
  }
  // While a client is lent out the pool does not listen to it: a connection
  // that drops now emits 'error' on the client, and an 'error' nobody hears
  // ends the process. The failure itself reaches the caller through the query
  // that was running, or the next one ("not queryable").
  let lost: Error | undefined;
  const onError = (error: Error): void => {
    lost ??= error;
  };
  client.on('error', onError);
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    if (isConnectionFailure(e)) lost ??= e as Error;
    // On a dead connection the server has already rolled back.
    else if (!lost) await client.query('ROLLBACK').catch(() => {});
    throw databaseError(e);
  } finally {
    // Given an error, the pool closes the client instead of lending it again.
    client.release(lost);
    client.off('error', onError);
  }
}

/** What runs one statement: a StorePool, or a transaction's client. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/**
 * The pool a store queries through: plain queries and transactions whose
 * connection failures reject with DatabaseUnavailableError, and nothing else
 * changed.
 */
export class StorePool implements Queryable {
  readonly pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  /** One statement on any pooled connection (pg's pool.query already guards the client while it runs). */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (e) {
      throw databaseError(e);
    }
  }

  transaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    return transaction(this.pool, work, begin);
  }

  get ended(): boolean {
    return this.pool.ended;
  }

  async end(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
