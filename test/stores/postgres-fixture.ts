/**
 * A PostgreSQL server for the suites that test against one (stores, queue):
 * TEXTLENS_PG_URL, or a throwaway cluster from Debian's binaries (see
 * events/throwaway-postgres.ts), a fresh schema per store, all dropped
 * afterwards. Without a server the suites skip with the reason, except in CI
 * (CI=true), where a skipped backend would hide a broken one, so it fails.
 */
import pg from 'pg';
import { afterAll, beforeAll, it } from 'vitest';
import { findPostgres, startPostgres, type RunningPostgres } from './events/throwaway-postgres.js';

export const postgres = findPostgres();

/** At a test file's top level: a failing test in CI, a warning elsewhere, when there is no server. */
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

export interface UsedPostgres {
  url(): string;
  server(): RunningPostgres;
  /** A schema name no other test uses; dropped after the suite (TEXTLENS_PG_URL may point at a server that stays). */
  freshSchema(): string;
}

/** Call inside a describe: starts the server before its tests, drops their schemas and stops it after. */
export function usePostgres(prefix = 'textlens_test'): UsedPostgres {
  let server: RunningPostgres | undefined;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  beforeAll(async () => {
    if (postgres.kind !== 'none') server = await startPostgres(postgres);
  }, 60_000);
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
    server: () => server!,
    freshSchema: () => {
      const s = `${prefix}_${run}_${schemas.length}`;
      schemas.push(s);
      return s;
    },
  };
}
