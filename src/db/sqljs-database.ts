/**
 * The SQLite read interface (src/sqlite.ts) over sql.js, SQLite compiled to
 * WASM, with the whole file's bytes in memory. Browsers always read the
 * knowledge base this way; Node does when better-sqlite3 cannot be loaded.
 * How sql.js itself is initialised (where its .wasm file is found) is the
 * platform's business; this adapter only wraps an open database.
 */
import type { Database } from 'sql.js';
import type { SqlDatabase, SqlStatement, SqlValue } from './sqlite.js';

export function sqlJsDatabase(db: Database): SqlDatabase {
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
