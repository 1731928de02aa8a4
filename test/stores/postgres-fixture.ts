/**
 * A PostgreSQL server for the queue tests (test/stores/events/throwaway-postgres.ts:
 * TEXTLENS_PG_URL, or a throwaway cluster from Debian's binaries), a fresh
 * schema per test, all dropped afterwards. Without a server the suites skip
 * with the reason, except in CI (CI=true) where that fails instead.
 */
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { findPostgres, startPostgres, type RunningPostgres } from '../stores/events/throwaway-postgres.js';

export const postgres = findPostgres();

export function reportMissingPostgres(suite: string): void {
  if (postgres.kind !== 'none') return;
  if (process.env.CI === 'true') {
    it(`has a PostgreSQL server to test ${suite} against in CI`, () => {
      throw new Error(`${suite} cannot be tested: ${postgres.reason}`);
    });
  } else {
    console.warn(`Skipping ${suite}: ${postgres.reason}`);
  }
}

/** Call inside a describe: starts the server before its tests, drops their schemas and stops it after. */
export function usePostgres(): { url: () => string; freshSchema: () => string } {
  let server: RunningPostgres | undefined;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  beforeAll(async () => {
    if (postgres.kind !== 'none') server = await startPostgres(postgres);
  });
  afterAll(async () => {
    if (!server) return;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    for (const s of schemas) await client.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await client.end();
    server.stop();
  });
  return {
    url: () => server!.url,
    freshSchema: () => {
      const s = `tq_${run}_${schemas.length}`;
      schemas.push(s);
      return s;
    },
  };
}
