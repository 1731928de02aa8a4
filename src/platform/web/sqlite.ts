/**
 * Browser side of the SQLite seam: sql.js (SQLite compiled to WASM) over
 * the file's bytes, held in memory. Its `.wasm` file is fetched from the
 * analyzer's `wasmPaths` when set (sql.js's browser build asks for
 * `sql-wasm-browser.wasm`), else from next to the page.
 */
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { checkSqliteHeader, type SqlDatabase, type SqliteSource, type SqlStatement, type SqlValue } from '../../sqlite.js';
import { AnalysisError } from '../../errors.js';
import { wasmPaths } from '../../wasm-paths.js';

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
  const db = new SQL.Database(bytes);
  return {
    prepare<Row>(sql: string): SqlStatement<Row> {
      const st = db.prepare(sql);
      const rows = (params: SqlValue[], one: boolean): Row[] => {
        st.bind(params);
        const out: Row[] = [];
        try {
          while (st.step()) {
            out.push(st.getAsObject() as Row);
            if (one) break;
          }
        } finally {
          st.reset();
        }
        return out;
      };
      return { get: (...p) => rows(p, true)[0], all: (...p) => rows(p, false) };
    },
    close: () => db.close(),
  };
}

async function download(url: string, label: string): Promise<Uint8Array> {
  const res = await globalThis.fetch(url);
  if (!res.ok) throw new AnalysisError(500, `${label}: ${url} answered HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
