/**
 * One entry point for `textlens serve --events …` and library users: the
 * backend the target string names (../target.ts: postgres:// URL, memory:,
 * or a SQLite file path).
 */
import { MemoryEventStore } from './memory-store.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-store.js';
import type { EventStore } from './store.js';
import { parseStoreTarget } from '../target.js';

export const DEFAULT_EVENTS_FILE = 'textlens-events.db';

export type OpenEventStoreOptions = PostgresEventStoreOptions;

export async function openEventStore(
  target: string = DEFAULT_EVENTS_FILE,
  options: OpenEventStoreOptions = {},
): Promise<EventStore> {
  const where = parseStoreTarget(target, 'openEventStore');
  if (where.kind === 'postgres') return PostgresEventStore.open(where.url, options);
  if (where.kind === 'memory') return new MemoryEventStore();
  // Imported only for a SQLite target: better-sqlite3 (optional) loads with it, and a
  // missing addon fails here, when the server starts, naming the other backends.
  const { SqliteEventStore } = await import('./sqlite-store.js');
  return new SqliteEventStore(where.path);
}
