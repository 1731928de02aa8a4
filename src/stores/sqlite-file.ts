/**
 * A store's SQLite file, opened the one way both SQLite stores need it:
 * better-sqlite3 or a refusal (no sql.js fallback: these stores write, and an
 * in-memory copy would lose what they wrote), a busy timeout for other
 * processes' write locks, the WAL journal, and synchronous=FULL.
 *
 * Durability: in WAL mode NORMAL already survives a killed process (the WAL
 * is written before commit returns; only the fsync waits for a checkpoint),
 * but FULL also fsyncs the WAL on every commit, so an acknowledged write
 * survives a power cut too.
 */
import type Database from 'better-sqlite3';
import { loadNativeSqlite, nativeSqliteOrExplain, SERVER_STORE_ALTERNATIVES } from '../db/native-sqlite.js';
import type { SqliteFileOptions } from './sqlite-file-options.js';

// Loaded, or found missing, when this module loads, so that the stores'
// constructors stay synchronous and fail at once, saying what to do. The
// stores themselves are imported only for a SQLite target (open.ts).
const native = await loadNativeSqlite();

/** Opens (creating when missing) the SQLite file at `path`; `label` names the store in the addon-missing error. */
export function openSqliteFile(path: string, label: string, options: SqliteFileOptions = {}): Database.Database {
  const db = new (nativeSqliteOrExplain(native, `${label} (${path})`, SERVER_STORE_ALTERNATIVES))(path);
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db;
}
