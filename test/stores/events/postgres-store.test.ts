/**
 * The PostgreSQL event store against a real server (../postgres-fixture.ts: skipped with the
 * reason when there is none, except in CI, where that fails instead).
 */
import { describe, expect, it } from 'vitest';
import { postgres, reportMissingPostgres, usePostgres } from '../postgres-fixture.js';
import { PostgresEventStore, openEventStore } from '../../../src/stores/events/index.js';
import { runEventStoreConformance } from './conformance.js';

reportMissingPostgres('the PostgreSQL event store');

describe.skipIf(postgres.kind === 'none')('PostgresEventStore', () => {
  const db = usePostgres('textlens_test');
  const freshSchema = db.freshSchema;

  runEventStoreConformance('postgres', () => PostgresEventStore.open(db.url(), { schema: freshSchema(), maxConnections: 2 }));

  it('keeps data across reopen and installs the default statuses once', async () => {
    const schema = freshSchema();
    const a = await openEventStore(db.url(), { schema });
    await a.createService({ name: 'api' });
    const e = await a.createEvent('api', { status: 'down', message: 'x', timestamp: '2010-06-28T22:17:06Z' });
    await a.close();
    const b = await openEventStore(db.url(), { schema });
    expect(await b.getEvent('api', e.sid)).toEqual(e);
    expect((await b.listStatuses()).map((s) => s.id)).toEqual(['up', 'warning', 'down']);
    await b.close();
  });

  it('lets several instances start together and write to one schema', async () => {
    const schema = freshSchema();
    const instances = await Promise.all([1, 2, 3].map(() => PostgresEventStore.open(db.url(), { schema, maxConnections: 2 })));
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
