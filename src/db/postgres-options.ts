/**
 * Options of a PostgreSQL-backed store. Apart from ../postgres.ts so that the
 * public declarations of the stores (dist/stores/events, dist/stores/dictionaries) name
 * no type of `pg`: pg is an optional peer dependency, and a strict TypeScript
 * project without it (or without @types/pg) compiles against textlens.
 */
export interface PostgresStoreOptions {
  /** Schema holding the tables (created when missing). Default "public". */
  schema?: string;
  /** Pool size. Default 10. */
  maxConnections?: number;
  /**
   * Told when a pooled connection that was not in use fails (the database
   * restarted or failed over, or an administrator ended the session): the
   * pool drops it and connects anew on the next query. For logging; by
   * default such failures are ignored.
   */
  onIdleConnectionError?(error: Error): void;
}
