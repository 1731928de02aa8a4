/**
 * Node side of the SQLite seam: better-sqlite3 (an optional native addon),
 * imported on first use so a process that never opens the knowledge base
 * never loads it. A file is read in place; bytes (a loader without files)
 * are opened as an in-memory copy.
 *
 * When better-sqlite3 cannot be loaded (not installed, no binary for this
 * platform or this Node), the same file is opened with sql.js, as in a
 * browser: the whole file in memory (the shipped KB is ~20 MB), the same
 * answers, and a `notice` that the entities annotator (annotators/linker.ts)
 * adds to the response message, as the ONNX runtime's fallback does.
 * Only reading falls back: the stores that write refuse instead (see
 * src/db/native-sqlite.ts).
 */
import { open, readFile } from 'node:fs/promises';
import { checkSqliteHeader, type SqlDatabase, type SqliteSource, type SqlStatement } from '../../db/sqlite.js';
import { loadNativeSqlite, type NativeSqlite, type NativeSqliteLoad } from '../../db/native-sqlite.js';
import { sqlJsDatabase } from '../../db/sqljs-database.js';

/** `addon`: better-sqlite3 as loaded (a parameter so that bench/kb-sqlite.ts can time the fallback). */
export async function openSqlite(source: SqliteSource, label: string, addon: Promise<NativeSqliteLoad> = loadNativeSqlite()): Promise<SqlDatabase> {
  const native = await addon;
  if ('Database' in native) return openNative(native.Database, source, label);
  const bytes = 'file' in source ? new Uint8Array(await readFile(source.file)) : source.bytes;
  checkSqliteHeader(bytes, label);
  // sql.js's Node build reads its .wasm file from its own package directory
  // (wasmPaths is a browser URL prefix, so it is not applied here).
  const { default: initSqlJs } = await import('sql.js');
  const SQL = await initSqlJs();
  return {
    ...sqlJsDatabase(new SQL.Database(bytes)),
    notice:
      `The native SQLite addon (better-sqlite3) could not be loaded (${native.error}). ${label} was read into memory with sql.js (WASM) instead: ` +
      'the same answers, but slower to open and using its size in memory. Install better-sqlite3 to read it in place.',
  };
}

async function openNative(Database: NativeSqlite, source: SqliteSource, label: string): Promise<SqlDatabase> {
  let db: InstanceType<NativeSqlite>;
  if ('file' in source) {
    checkSqliteHeader(await readHead(source.file), label);
    db = new Database(source.file, { readonly: true, fileMustExist: true });
  } else {
    checkSqliteHeader(source.bytes, label);
    db = new Database(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength));
  }
  return {
    prepare<Row>(sql: string): SqlStatement<Row> {
      const st = db.prepare<unknown[], Row>(sql);
      return { get: (...p) => st.get(...p), all: (...p) => st.all(...p) };
    },
    close: () => db.close(),
  };
}

async function readHead(file: string): Promise<Uint8Array> {
  const fh = await open(file, 'r');
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await fh.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
