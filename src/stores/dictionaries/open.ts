/**
 * The dictionary store on the same target as the events store
 * (`textlens serve --events …`, read by ../target.ts), so that a server has
 * one store.
 */
import { MemoryDictionaryStore } from './memory-store.js';
import { PostgresDictionaryStore, type PostgresDictionaryStoreOptions } from './postgres-store.js';
import type { DictionaryStore } from './store.js';
import { parseStoreTarget } from '../target.js';

export async function openDictionaryStore(target: string, options: PostgresDictionaryStoreOptions = {}): Promise<DictionaryStore> {
  const where = parseStoreTarget(target, 'openDictionaryStore');
  if (where.kind === 'postgres') return PostgresDictionaryStore.open(where.url, options);
  if (where.kind === 'memory') return new MemoryDictionaryStore();
  // Imported only for a SQLite target: better-sqlite3 (optional) loads with it, and a
  // missing addon fails here, when the server starts, naming the other backends.
  const { SqliteDictionaryStore } = await import('./sqlite-store.js');
  return new SqliteDictionaryStore(where.path);
}
