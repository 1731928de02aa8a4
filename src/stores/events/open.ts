/**
 * One entry point for `textlens serve --events …` and library users: pick the
 * backend from the target string.
 *   "postgres://…" | "postgresql://…"  → PostgreSQL
 *   "memory:"                          → in memory (nothing survives the process)
 *   anything else                      → a SQLite file at that path (created when missing)
 */
import { MemoryEventStore } from './memory-store.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-store.js';
import type { EventStore } from './store.js';

export const DEFAULT_EVENTS_FILE = 'textlens-events.db';

export type OpenEventStoreOptions = PostgresEventStoreOptions;

export async function openEventStore(
  target: string = DEFAULT_EVENTS_FILE,
  options: OpenEventStoreOptions = {},
): Promise<EventStore> {
  if (/^postgres(?:ql)?:\/\//i.test(target)) return PostgresEventStore.open(target, options);
  if (target === 'memory:') return new MemoryEventStore();
  if (target === '') throw new Error('openEventStore: empty target; give a file path or a postgres:// URL');
  // Imported only for a SQLite target: better-sqlite3 (optional) loads with it, and a
  // missing addon fails here, when the server starts, naming the other backends.
  const { SqliteEventStore } = await import('./sqlite-store.js');
  return new SqliteEventStore(target);
}
