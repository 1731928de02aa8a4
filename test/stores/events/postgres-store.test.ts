/**
 * The PostgreSQL backend against a real server (see throwaway-postgres.ts).
 * Without one the suite is skipped with the reason, except in CI (CI=true)
 * where a skipped backend would hide a broken one, so it fails instead.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, openEventStore } from '../../../src/stores/events/index.js';
import { runEventStoreConformance } from './conformance.js';
import { findPostgres, startPostgres, type RunningPostgres } from './throwaway-postgres.js';

const source = findPostgres();
const inCi = process.env.CI === 'true';

if (source.kind === 'none') {
  if (inCi) {
    it('has a PostgreSQL server to test against in CI', () => {
      throw new Error(`PostgreSQL backend cannot be tested: ${source.reason}`);
    });
  } else {
    console.warn(`Skipping the PostgreSQL event store suite: ${source.reason}`);
  }
}

describe.skipIf(source.kind === 'none')('PostgresEventStore', () => {
  let server: RunningPostgres;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  const freshSchema = (): string => {
    const schema = `textlens_test_${run}_${schemas.length}`;
    schemas.push(schema);
    return schema;
  };

  beforeAll(async () => {
    if (source.kind !== 'none') server = await startPostgres(source);
  });
  afterAll(async () => {
    if (!server) return;
    // Drop what we made: TEXTLENS_PG_URL may point at a server that stays.
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    server.stop();
  });

  runEventStoreConformance('postgres', () => PostgresEventStore.open(server.url, { schema: freshSchema(), maxConnections: 2 }));

  it('keeps data across reopen and installs the default statuses once', async () => {
    const schema = freshSchema();
    const a = await openEventStore(server.url, { schema });
    await a.createService({ name: 'api' });
    const e = await a.createEvent('api', { status: 'down', message: 'x', timestamp: '2010-06-28T22:17:06Z' });
    await a.close();
    const b = await openEventStore(server.url, { schema });
    expect(await b.getEvent('api', e.sid)).toEqual(e);
    expect((await b.listStatuses()).map((s) => s.id)).toEqual(['up', 'warning', 'down']);
    await b.close();
  });

  it('lets several instances start together and write to one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => PostgresEventStore.open(server.url, { schema, maxConnections: 2 })));
    await instances[0]!.createService({ name: 'shared' });
    const created = await Promise.all(
      instances.flatMap((store, i) =>
        [0, 1, 2, 3].map((j) => store.createEvent('shared', { status: 'up', message: `${i}.${j}` })),
      ),
    );
    const listed = await instances[2]!.listEvents('shared');
    expect(new Set(listed.map((e) => e.sid))).toEqual(new Set(created.map((e) => e.sid)));
    expect((await instances[1]!.listStatuses()).length).toBe(3);
    await Promise.all(instances.map((s) => s.close()));
  });
});
