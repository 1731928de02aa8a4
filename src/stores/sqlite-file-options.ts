/**
 * Options of a SQLite store's file. Apart from ./sqlite-file.ts so that the
 * stores' public declarations name no type of better-sqlite3: the addon is
 * an optional dependency, and a strict TypeScript project without it (or
 * without @types/better-sqlite3) compiles against textlens.
 */
export interface SqliteFileOptions {
  /** Milliseconds to wait for another process's write lock. Default 5000. */
  busyTimeoutMs?: number;
}
