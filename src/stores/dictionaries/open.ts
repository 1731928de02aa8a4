/**
 * The dictionary store on the same target as the events store
 * (`textlens serve --events …`), so that a server has one store:
 *   "postgres://…" | "postgresql://…"  → PostgreSQL
 *   "memory:"                          → in memory
 *   anything else                      → that SQLite file (created when missing)
 */
import { MemoryDictionaryStore } from './memory-store.js';
import { PostgresDictionaryStore, type PostgresDictionaryStoreOptions } from './postgres-store.js';
import type { DictionaryStore } from './store.js';

export async function openDictionaryStore(target: string, options: PostgresDictionaryStoreOptions = {}): Promise<DictionaryStore> {
  if (/^postgres(?:ql)?:\/\//i.test(target)) return PostgresDictionaryStore.open(target, options);
  if (target === 'memory:') return new MemoryDictionaryStore();
  if (target === '') throw new Error('openDictionaryStore: empty target; give a file path or a postgres:// URL');
  // Imported only for a SQLite target: better-sqlite3 (optional) loads with it, and a
  // missing addon fails here, when the server starts, naming the other backends.
  const { SqliteDictionaryStore } = await import('./sqlite-store.js');
  return new SqliteDictionaryStore(target);
}
