/**
 * pg and pg-boss, the PostgreSQL client and the job queue, as optional peer
 * dependencies: only deployments that keep their events, dictionaries or
 * queue in PostgreSQL need them, so textlens never imports them when it is
 * imported, only when a postgres:// store or the queue is first opened. A
 * missing package is a setup error (500), raised when the store or queue
 * opens (at `textlens serve` start-up), with the command that installs it.
 */
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { AnalysisError } from '../errors.js';

export type PgModule = typeof pg;
export type PgBossClass = typeof PgBoss;

let pgLoading: Promise<PgModule> | undefined;
let bossLoading: Promise<PgBossClass> | undefined;

/** pg, loaded once per process; a failed load is retried on the next call. */
export function loadPg(): Promise<PgModule> {
  pgLoading ??= import('pg').then(
    (m) => m.default,
    (e: unknown) => {
      pgLoading = undefined;
      throw missingPeer(e, 'pg', 'pg', 'A postgres:// events or dictionary store and the queue');
    },
  );
  return pgLoading;
}

/** pg-boss's constructor, loaded once per process; a failed load is retried on the next call. */
export function loadPgBoss(): Promise<PgBossClass> {
  bossLoading ??= import('pg-boss').then(
    (m) => m.default,
    (e: unknown) => {
      bossLoading = undefined;
      throw missingPeer(e, 'pg-boss', 'pg-boss pg', 'The queue (`textlens queue`, `textlens worker`)');
    },
  );
  return bossLoading;
}

function missingPeer(e: unknown, name: string, install: string, what: string): AnalysisError {
  const code = (e as { code?: unknown } | null)?.code;
  const why =
    code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
      ? 'is not installed'
      : `could not be loaded (${e instanceof Error ? (e.message.split('\n')[0] ?? e.name) : String(e)})`;
  return new AnalysisError(
    500,
    `${what} needs ${name}, an optional peer dependency of textlens that ${why}. ` +
      `Install it in your project: npm install ${install}`,
  );
}
