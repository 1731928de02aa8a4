/**
 * The PostgreSQL classifier store against a real server, as the events store's test
 * (test/stores/events/throwaway-postgres.ts): skipped with the reason when there is
 * none, except in CI (CI=true), where it fails instead.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresClassifierStore, openClassifierStore } from '../../../src/stores/classifiers/index.js';
import { findPostgres, startPostgres, type RunningPostgres } from '../events/throwaway-postgres.js';
import { runClassifierStoreConformance } from './conformance.js';

const source = findPostgres();
const inCi = process.env.CI === 'true';

if (source.kind === 'none') {
  if (inCi) {
    it('has a PostgreSQL server to test against in CI', () => {
      throw new Error(`PostgreSQL classifier store cannot be tested: ${source.reason}`);
    });
  } else {
    console.warn(`Skipping the PostgreSQL classifier store suite: ${source.reason}`);
  }
}

describe.skipIf(source.kind === 'none')('PostgresClassifierStore', () => {
  let server: RunningPostgres;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  const freshSchema = (): string => {
    const schema = `textlens_cls_test_${run}_${schemas.length}`;
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

  runClassifierStoreConformance('postgres', () => PostgresClassifierStore.open(server.url, { schema: freshSchema(), maxConnections: 2 }));

  it('keeps classifiers across reopen, and instances starting together share one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => openClassifierStore(server.url, { schema, maxConnections: 2 })));
    await instances[0]!.replace('k', 'c', [{ categoryId: '1', label: 'One', query: "word('one')" }]);
    expect((await instances[2]!.list('k')).map((c) => c.size)).toEqual([1]);
    await Promise.all(instances.map((s) => s.close()));
    const again = await openClassifierStore(server.url, { schema });
    expect((await again.categories('k', 'c', 10, 0))?.total).toBe(1);
    await again.close();
  });
});
