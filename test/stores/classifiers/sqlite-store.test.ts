/** The SQLite backend on a fresh file per test, and across reopening the file. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SqliteClassifierStore, openClassifierStore } from '../../../src/stores/classifiers/index.js';
import { openDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { runClassifierStoreConformance } from './conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-cls-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

runClassifierStoreConformance('sqlite', async () => new SqliteClassifierStore(join(dir, `store-${n++}.db`)));

it('keeps classifiers across reopen, in the same file as the dictionaries', async () => {
  const file = join(dir, 'shared.db');
  const dictionaries = await openDictionaryStore(file);
  const first = await openClassifierStore(file);
  const made = await first.replace('k', 'c', [{ categoryId: '1', label: 'One', query: "word('one')" }]);
  await first.close();
  const again = await openClassifierStore(file);
  expect(await again.definition('k', 'c')).toEqual({ revision: made.revision, categories: [{ categoryId: '1', label: 'One', query: "word('one')" }] });
  await again.close();
  await dictionaries.close();
});
