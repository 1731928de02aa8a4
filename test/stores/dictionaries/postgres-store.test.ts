/**
 * The PostgreSQL dictionary store against a real server (../postgres-fixture.ts: skipped with the
 * reason when there is none, except in CI, where that fails instead).
 */
import { describe, expect, it } from 'vitest';
import { postgres, reportMissingPostgres, usePostgres } from '../postgres-fixture.js';
import { PostgresDictionaryStore, openDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { runDictionaryStoreConformance } from './conformance.js';

reportMissingPostgres('the PostgreSQL dictionary store');

describe.skipIf(postgres.kind === 'none')('PostgresDictionaryStore', () => {
  const db = usePostgres('textlens_dict_test');
  const freshSchema = db.freshSchema;

  runDictionaryStoreConformance('postgres', () => PostgresDictionaryStore.open(db.url(), { schema: freshSchema(), maxConnections: 2 }));

  it('keeps dictionaries across reopen, and instances starting together share one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => openDictionaryStore(db.url(), { schema, maxConnections: 2 })));
    await instances[0]!.create('k', 'd', { matchType: 'token', caseInsensitive: false, language: 'any' });
    await Promise.all(instances.map((s, i) => s.addEntries('k', 'd', [{ id: `e${i}`, text: [`Name ${i}`] }])));
    expect((await instances[2]!.get('k', 'd'))?.size).toBe(3);
    await Promise.all(instances.map((s) => s.close()));
    const again = await openDictionaryStore(db.url(), { schema });
    expect((await again.entries('k', 'd', 10, 0))?.total).toBe(3);
    await again.close();
  });
});
