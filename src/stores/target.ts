/**
 * Where a store lives, from the one string a user gives (`textlens serve
 * --events …`, `openEventStore(target)`, `openDictionaryStore(target)`):
 *   "postgres://…" | "postgresql://…"  → PostgreSQL at that URL
 *   "memory:"                          → in memory (nothing survives the process)
 *   anything else                      → a SQLite file at that path (created when missing)
 * Both stores read targets through here, so a server's events and
 * dictionaries always land in the same place.
 */

export type StoreTarget = { kind: 'postgres'; url: string } | { kind: 'memory' } | { kind: 'sqlite'; path: string };

/** `opener` names the caller in the error for an empty target ("openEventStore"). */
export function parseStoreTarget(target: string, opener: string): StoreTarget {
  if (/^postgres(?:ql)?:\/\//i.test(target)) return { kind: 'postgres', url: target };
  if (target === 'memory:') return { kind: 'memory' };
  if (target === '') throw new Error(`${opener}: empty target; give a file path, memory: or a postgres:// URL`);
  return { kind: 'sqlite', path: target };
}
