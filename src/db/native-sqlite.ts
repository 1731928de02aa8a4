/**
 * better-sqlite3, the native SQLite addon, as an optional dependency: it
 * needs a prebuilt binary (downloaded from GitHub at install time) or a C++
 * compiler, and a machine may have neither. So it is imported only when a
 * SQLite file is first needed, never when textlens itself is imported, and a
 * failure is returned rather than thrown: the knowledge base (read-only)
 * then falls back to sql.js (src/platform/node/sqlite.ts), while the stores
 * that write (events, dictionaries, `kb build`) refuse with
 * `nativeSqliteOrExplain`'s message, since an in-memory copy would lose
 * their data.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { AnalysisError } from '../errors.js';

export type NativeSqlite = typeof BetterSqlite3;

/** better-sqlite3's constructor, or why it could not be loaded. */
export type NativeSqliteLoad = { Database: NativeSqlite } | { error: string };

let loading: Promise<NativeSqliteLoad> | undefined;

/** Loads better-sqlite3 once per process (the outcome, success or not, is kept). */
export function loadNativeSqlite(): Promise<NativeSqliteLoad> {
  loading ??= load();
  return loading;
}

async function load(): Promise<NativeSqliteLoad> {
  try {
    const { default: Database } = await import('better-sqlite3');
    // The package's JavaScript imports without its compiled addon, which loads
    // on the first `new Database`: open one in memory so that a missing or
    // mismatched binary (built for another Node) shows up here too.
    new Database(':memory:').close();
    return { Database };
  } catch (e) {
    return { error: e instanceof Error ? (e.message.split('\n')[0] ?? e.name) : String(e) };
  }
}

/** The other backends of the server's events and dictionary stores (they share one target). */
export const SERVER_STORE_ALTERNATIVES =
  "use another backend: start `textlens serve` with `--events memory:` (nothing is kept across restarts) or `--events postgres://…` " +
  "(in a program, open the store on 'memory:' or a postgres:// URL)";

/**
 * better-sqlite3's constructor for a store that writes, or an error that
 * names the store (`what`, e.g. "The events store (textlens-events.db)"),
 * why the addon did not load, and what to do (`instead`: the other backends
 * the store has, if any).
 */
export function nativeSqliteOrExplain(load: NativeSqliteLoad, what: string, instead?: string): NativeSqlite {
  if ('Database' in load) return load.Database;
  throw new AnalysisError(
    500,
    `${what} needs better-sqlite3, an optional native addon that could not be loaded (${load.error}). ` +
      'Install it in your project (`npm install better-sqlite3`: it downloads a prebuilt binary for this platform, ' +
      `or compiles one, which needs Python and a C++ compiler)${instead ? `, or ${instead}` : ''}.`,
  );
}
