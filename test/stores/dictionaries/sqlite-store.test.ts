import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../src/stores/events/index.js';
import { SqliteDictionaryStore, openDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { runDictionaryStoreConformance } from './conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-dict-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runDictionaryStoreConformance('sqlite', async () => new SqliteDictionaryStore(join(dir, `c${n++}.db`)));

it('survives reopening, and shares its file with the events store', async () => {
  const file = join(dir, 'shared.db');
  const events = new SqliteEventStore(file);
  const a = await openDictionaryStore(file);
  await a.create('k', 'd', { matchType: 'token', caseInsensitive: true, language: 'any' });
  await a.addEntries('k', 'd', [{ id: '1', text: ['Paris'] }]);
  await events.createService({ name: 'api' });
  await a.close();
  await events.close();
  // Both open again over the same file: neither's schema check trips on the other's tables.
  const events2 = new SqliteEventStore(file);
  const b = await openDictionaryStore(file);
  expect((await b.entries('k', 'd', 10, 0))?.entries).toEqual([{ id: '1', text: ['Paris'] }]);
  expect((await events2.listServices()).map((s) => s.id)).toEqual(['api']);
  await b.close();
  await events2.close();
});
