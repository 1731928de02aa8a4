/**
 * Browser side of the SQLite seam: sql.js (SQLite compiled to WASM) over
 * the file's bytes, held in memory. Its `.wasm` file is fetched from the
 * analyzer's `wasmPaths` when set (sql.js's browser build asks for
 * `sql-wasm-browser.wasm`), else from next to the page.
 */
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { checkSqliteHeader, type SqlDatabase, type SqliteSource } from '../../db/sqlite.js';
import { sqlJsDatabase } from '../../db/sqljs-database.js';
import { AnalysisError } from '../../errors.js';
import { wasmPaths } from '../../resources/wasm-paths.js';

let engine: Promise<SqlJsStatic> | undefined;

function sqlJs(): Promise<SqlJsStatic> {
  const base = wasmPaths();
  engine ??= initSqlJs(base === undefined ? {} : { locateFile: (file: string) => `${base}${file}` });
  engine.catch(() => (engine = undefined));
  return engine;
}

export async function openSqlite(source: SqliteSource, label: string): Promise<SqlDatabase> {
  const bytes = 'bytes' in source ? source.bytes : await download(source.file, label);
  checkSqliteHeader(bytes, label);
  const SQL = await sqlJs();
  return sqlJsDatabase(new SQL.Database(bytes));
}

async function download(url: string, label: string): Promise<Uint8Array> {
  const res = await globalThis.fetch(url);
  if (!res.ok) throw new AnalysisError(500, `${label}: ${url} answered HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
