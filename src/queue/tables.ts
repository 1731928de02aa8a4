/**
 * textlens' own tables beside pg-boss's (in the same schema; pg-boss's are
 * job, queue, archive, version, schedule, subscription, so names never meet):
 * - batches: one row per `queue enqueue`: the run-wide analysis fields and
 *   dictionaries every worker applies, and the count once all is queued;
 * - results: one row per document and batch. The primary key (batch, key)
 *   is what makes a result idempotent: a retried job's INSERT … ON CONFLICT
 *   DO NOTHING never adds a second row for a document.
 * Created under an advisory lock so workers starting together do not race.
 */
import type pg from 'pg';
import { transaction } from '../db/postgres.js';

export async function migrateQueueTables(pool: pg.Pool, schema: string): Promise<void> {
  const s = `"${schema}"`;
  await transaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('textlens-queue:' || $1))", [schema]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${s}.batches (
        name TEXT PRIMARY KEY,
        -- which batch of this name a job belongs to (a name can be reused after a DELETE)
        id UUID NOT NULL DEFAULT gen_random_uuid(),
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        input TEXT NOT NULL,
        chunk INTEGER NOT NULL,
        params JSONB NOT NULL,
        dictionaries JSONB NOT NULL,
        -- set when every document is queued (or recorded as an input error)
        sealed_at TIMESTAMPTZ,
        total INTEGER
      );
      CREATE TABLE IF NOT EXISTS ${s}.results (
        batch TEXT NOT NULL REFERENCES ${s}.batches (name) ON DELETE CASCADE,
        key TEXT NOT NULL,
        seq INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'error', 'dead')),
        line TEXT NOT NULL,
        tokens INTEGER,
        attempts INTEGER NOT NULL,
        worker TEXT,
        finished_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (batch, key)
      );
      CREATE UNIQUE INDEX IF NOT EXISTS results_in_order ON ${s}.results (batch, seq);
      CREATE INDEX IF NOT EXISTS results_by_time ON ${s}.results (batch, finished_at);
    `);
  });
}
