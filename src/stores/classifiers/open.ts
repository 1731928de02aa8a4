/**
 * The classifier store on the same target as the events and dictionary stores
 * (`textlens serve --events …`, read by ../target.ts), so that a server has
 * one store.
 */
import { MemoryClassifierStore } from './memory-store.js';
import { PostgresClassifierStore, type PostgresClassifierStoreOptions } from './postgres-store.js';
import type { ClassifierStore } from './store.js';
import { parseStoreTarget } from '../target.js';

export async function openClassifierStore(target: string, options: PostgresClassifierStoreOptions = {}): Promise<ClassifierStore> {
  const where = parseStoreTarget(target, 'openClassifierStore');
  if (where.kind === 'postgres') return PostgresClassifierStore.open(where.url, options);
  if (where.kind === 'memory') return new MemoryClassifierStore();
  // Imported only for a SQLite target: better-sqlite3 (optional) loads with it.
  const { SqliteClassifierStore } = await import('./sqlite-store.js');
  return new SqliteClassifierStore(where.path);
}
