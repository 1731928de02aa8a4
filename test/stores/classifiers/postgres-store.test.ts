/**
 * The PostgreSQL classifier store against a real server (../postgres-fixture.ts: skipped with the
 * reason when there is none, except in CI, where that fails instead).
 */
import { describe, expect, it } from 'vitest';
import { postgres, reportMissingPostgres, usePostgres } from '../postgres-fixture.js';
import { PostgresClassifierStore, openClassifierStore } from '../../../src/stores/classifiers/index.js';
import { runClassifierStoreConformance } from './conformance.js';

reportMissingPostgres('the PostgreSQL classifier store');

describe.skipIf(postgres.kind === 'none')('PostgresClassifierStore', () => {
  const db = usePostgres('textlens_cls_test');
  const freshSchema = db.freshSchema;

  runClassifierStoreConformance('postgres', () => PostgresClassifierStore.open(db.url(), { schema: freshSchema(), maxConnections: 2 }));

  it('keeps classifiers across reopen, and instances starting together share one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => openClassifierStore(db.url(), { schema, maxConnections: 2 })));
    await instances[0]!.replace('k', 'c', [{ categoryId: '1', label: 'One', query: "word('one')" }]);
    expect((await instances[2]!.list('k')).map((c) => c.size)).toEqual([1]);
    await Promise.all(instances.map((s) => s.close()));
    const again = await openClassifierStore(db.url(), { schema });
    expect((await again.categories('k', 'c', 10, 0))?.total).toBe(1);
    await again.close();
  });
});
