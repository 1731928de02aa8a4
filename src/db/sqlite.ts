/**
 * The one small read interface textlens needs of SQLite (the knowledge base):
 * prepared statements that return rows as objects. Node implements it with
 * better-sqlite3 (a native addon, reads the file in place; when it cannot be
 * loaded, sql.js as in browsers), browsers with sql.js (WASM, reads the
 * file's bytes into memory): see #platform/sqlite.js. Both read the same
 * kb.sqlite.
 */
import { AnalysisError } from '../errors.js';

export type SqlValue = string | number | null;

export interface SqlStatement<Row> {
  /** The first row, or undefined. */
  get(...params: SqlValue[]): Row | undefined;
  all(...params: SqlValue[]): Row[];
}

export interface SqlDatabase {
  prepare<Row>(sql: string): SqlStatement<Row>;
  close(): void;
  /**
   * Set when the engine is not the one the platform prefers (Node without
   * better-sqlite3): the caller is told in the response message, as for the
   * ONNX runtime (OrtRuntime.notice).
   */
  notice?: string;
}

/** A database file by path (Node; a URL in a browser) or its bytes. */
export type SqliteSource = { file: string } | { bytes: Uint8Array };

const MAGIC = 'SQLite format 3\u0000';

/** Throws a clear error when `head` (the file's first bytes) is not an SQLite file's header. */
export function checkSqliteHeader(head: Uint8Array, label: string): void {
  const found = String.fromCharCode(...head.subarray(0, MAGIC.length));
  if (found !== MAGIC) {
    const what = head.length < MAGIC.length ? `only ${head.length} bytes long` : 'not an SQLite database (it does not start with "SQLite format 3")';
    throw new AnalysisError(500, `${label} is ${what}; replace it with the kb.sqlite shipped in the package's models/ or one built by \`textlens kb build\``);
  }
}
