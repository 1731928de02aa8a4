/**
 * Node side of the SQLite seam: better-sqlite3, imported on first use so a
 * process that never opens the knowledge base never loads the native addon.
 * A file is read in place; bytes (a loader without files) are opened as an
 * in-memory copy.
 */
import { open } from 'node:fs/promises';
import { checkSqliteHeader, type SqlDatabase, type SqliteSource, type SqlStatement } from '../../sqlite.js';

export async function openSqlite(source: SqliteSource, label: string): Promise<SqlDatabase> {
  const { default: Database } = await import('better-sqlite3');
  let db: import('better-sqlite3').Database;
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
