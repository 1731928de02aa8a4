/**
 * The results table: one row per (batch, document key), holding the exact
 * line `textlens batch` would write for the document. Every write is
 * INSERT … ON CONFLICT DO NOTHING: a job retried after its worker vanished
 * (or a dead letter recorded twice) never adds a second result, and the first
 * result written stays.
 */
import type { QueueConnection } from './connection.js';

/** ok: analyzed; error: the document's own 4xx (or an unusable input line); dead: retries exhausted. */
export type Outcome = 'ok' | 'error' | 'dead';

export interface ResultRow {
  key: string;
  seq: number;
  outcome: Outcome;
  /** The result line without its newline: {"id","response"} or {"id","error"}. */
  line: string;
  tokens?: number;
  /** Tries it took (0 for an input line recorded at enqueue). */
  attempts: number;
  worker?: string;
}

/** What a write added: the rows that were new (the rest were there already). */
export interface Inserted {
  ok: number;
  errors: number;
  dead: number;
  tokens: number;
}

/** Writes results; returns what was new. */
export async function insertResults(q: QueueConnection, batch: string, rows: readonly ResultRow[]): Promise<Inserted> {
  const added: Inserted = { ok: 0, errors: 0, dead: 0, tokens: 0 };
  if (rows.length === 0) return added;
  // One JSON parameter, not text[] arrays: pg escapes array elements in JavaScript, which for
  // responses of tens of KB cost more main-thread time (and garbage) than the analysis itself.
  const r = await q.pool.query<{ outcome: Outcome; tokens: number | null }>(
    `INSERT INTO ${q.s}.results (batch, key, seq, outcome, line, tokens, attempts, worker)
     SELECT $1::text, key, seq, outcome, line, tokens, attempts, worker
     FROM json_to_recordset($2::json) AS x (key text, seq int, outcome text, line text, tokens int, attempts int, worker text)
     ON CONFLICT (batch, key) DO NOTHING
     RETURNING outcome, tokens`,
    [batch, JSON.stringify(rows)],
  );
  for (const row of r.rows) {
    if (row.outcome === 'ok') added.ok++;
    else if (row.outcome === 'error') added.errors++;
    else added.dead++;
    added.tokens += row.tokens ?? 0;
  }
  return added;
}

/** Which of `keys` already have a result (a retried chunk skips them). */
export async function keysWithResults(q: QueueConnection, batch: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const r = await q.pool.query<{ key: string }>(`SELECT key FROM ${q.s}.results WHERE batch = $1 AND key = ANY($2::text[])`, [batch, keys]);
  return new Set(r.rows.map((row) => row.key));
}

export interface ResultCounts {
  done: number;
  ok: number;
  errors: number;
  dead: number;
  /** Results that took more than one try. */
  retried: number;
  tokens: number;
}

export async function countResults(q: QueueConnection, batch: string): Promise<ResultCounts> {
  const r = await q.pool.query<{ outcome: Outcome; n: string; retried: string; tokens: string | null }>(
    `SELECT outcome, count(*) AS n, count(*) FILTER (WHERE attempts > 1) AS retried, sum(tokens) AS tokens
     FROM ${q.s}.results WHERE batch = $1 GROUP BY outcome`,
    [batch],
  );
  const c: ResultCounts = { done: 0, ok: 0, errors: 0, dead: 0, retried: 0, tokens: 0 };
  for (const row of r.rows) {
    const n = Number(row.n);
    c.done += n;
    c.retried += Number(row.retried);
    c.tokens += Number(row.tokens ?? 0);
    if (row.outcome === 'ok') c.ok = n;
    else if (row.outcome === 'error') c.errors = n;
    else c.dead = n;
  }
  return c;
}

export interface RecentRate {
  minutes: number;
  documents: number;
  tokens: number;
  /** Distinct workers that wrote a result in the window. */
  workers: number;
}

/** Results finished in the last `minutes` (by the database's clock, so workers' clocks do not matter). */
export async function recentRate(q: QueueConnection, batch: string, minutes: number): Promise<RecentRate> {
  const r = await q.pool.query<{ n: string; tokens: string | null; workers: string }>(
    `SELECT count(*) AS n, sum(tokens) AS tokens, count(DISTINCT worker) AS workers
     FROM ${q.s}.results WHERE batch = $1 AND finished_at > clock_timestamp() - make_interval(mins => $2)`,
    [batch, minutes],
  );
  const row = r.rows[0]!;
  return { minutes, documents: Number(row.n), tokens: Number(row.tokens ?? 0), workers: Number(row.workers) };
}

/** The batch's result lines in input order, read a page at a time (memory stays flat on any corpus). */
export async function* resultLinesInOrder(q: QueueConnection, batch: string, pageSize = 1000): AsyncIterable<{ seq: number; outcome: Outcome; line: string }> {
  let after = -1;
  for (;;) {
    const r = await q.pool.query<{ seq: number; outcome: Outcome; line: string }>(
      `SELECT seq, outcome, line FROM ${q.s}.results WHERE batch = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [batch, after, pageSize],
    );
    for (const row of r.rows) yield row;
    if (r.rows.length < pageSize) return;
    after = r.rows[r.rows.length - 1]!.seq;
  }
}
