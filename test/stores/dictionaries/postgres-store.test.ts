/**
 * The PostgreSQL backend against a real server, as the events store's test
 * (test/stores/events/throwaway-postgres.ts): skipped with the reason when there is
 * none, except in CI (CI=true), where it fails instead.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDictionaryStore, openDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { findPostgres, startPostgres, type RunningPostgres } from '../events/throwaway-postgres.js';
import { runDictionaryStoreConformance } from './conformance.js';

const source = findPostgres();
const inCi = process.env.CI === 'true';

if (source.kind === 'none') {
  if (inCi) {
    it('has a PostgreSQL server to test against in CI', () => {
      throw new Error(`PostgreSQL dictionary store cannot be tested: ${source.reason}`);
    });
  } else {
    console.warn(`Skipping the PostgreSQL dictionary store suite: ${source.reason}`);
  }
}

describe.skipIf(source.kind === 'none')('PostgresDictionaryStore', () => {
  let server: RunningPostgres;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  const freshSchema = (): string => {
    const schema = `textlens_dict_test_${run}_${schemas.length}`;
    schemas.push(schema);
    return schema;
  };

  beforeAll(async () => {
    if (source.kind !== 'none') server = await startPostgres(source);
  }, 60_000);
  afterAll(async () => {
    if (!server) return;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    server.stop();
  });

  runDictionaryStoreConformance('postgres', () => PostgresDictionaryStore.open(server.url, { schema: freshSchema(), maxConnections: 2 }));

  it('keeps dictionaries across reopen, and instances starting together share one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => openDictionaryStore(server.url, { schema, maxConnections: 2 })));
    await instances[0]!.create('k', 'd', { matchType: 'token', caseInsensitive: false, language: 'any' });
    await Promise.all(instances.map((s, i) => s.addEntries('k', 'd', [{ id: `e${i}`, text: [`Name ${i}`] }])));
    expect((await instances[2]!.get('k', 'd'))?.size).toBe(3);
    await Promise.all(instances.map((s) => s.close()));
    const again = await openDictionaryStore(server.url, { schema });
    expect((await again.entries('k', 'd', 10, 0))?.total).toBe(3);
    await again.close();
  });
});
