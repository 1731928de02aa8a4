/**
 * PostgreSQL backend, when `textlens serve --events postgres://…`: the same
 * database and schema as the events store, so several textlens instances
 * share the dictionaries. A batch of entries is one INSERT … SELECT FROM
 * unnest(…) (20 000 entries in one round trip); schema creation runs under an
 * advisory lock, as in src/stores/events/postgres-store.ts.
 */
import type pg from 'pg';
import type { PostgresStoreOptions } from '../../db/postgres-options.js';
import { StorePool, openMigratedPool, type Queryable } from '../../db/postgres.js';
import type { DictionaryEntry, DictionarySettings, MatchType } from '../../dictionaries/entries.js';
import { entryBody, entryFromRow, newRevision, type DictionaryStore, type EntryPage, type StoredDictionary } from './store.js';

const SCHEMA_VERSION = 1;
export type PostgresDictionaryStoreOptions = PostgresStoreOptions;

interface DictRow {
  pk: string;
  id: string;
  match_type: string;
  case_insensitive: boolean;
  language: string;
  revision: string;
  size: string;
}

function toStored(r: DictRow): StoredDictionary {
  return {
    id: r.id,
    matchType: r.match_type as MatchType,
    caseInsensitive: r.case_insensitive,
    language: r.language,
    revision: r.revision,
    size: Number(r.size),
  };
}

export class PostgresDictionaryStore implements DictionaryStore {
  private readonly pool: StorePool;
  private readonly s: string;

  private constructor(pool: pg.Pool, schema: string) {
    this.pool = new StorePool(pool);
    this.s = `"${schema}"`;
  }

  static async open(connectionString: string, options: PostgresDictionaryStoreOptions = {}): Promise<PostgresDictionaryStore> {
    let store: PostgresDictionaryStore | undefined;
    await openMigratedPool(connectionString, options, async (pool, schema) => {
      store = new PostgresDictionaryStore(pool, schema);
      await store.migrate(schema);
    });
    return store!;
  }

  private async migrate(schema: string): Promise<void> {
    const s = this.s;
    await this.transaction(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('textlens-dictionaries:' || $1))", [schema]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await c.query(`
        CREATE TABLE IF NOT EXISTS ${s}.dictionaries_meta (version INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS ${s}.dictionaries (
          pk BIGSERIAL PRIMARY KEY,
          owner TEXT NOT NULL,
          id TEXT NOT NULL,
          match_type TEXT NOT NULL,
          case_insensitive BOOLEAN NOT NULL,
          language TEXT NOT NULL,
          revision TEXT NOT NULL,
          UNIQUE (owner, id)
        );
        CREATE TABLE IF NOT EXISTS ${s}.dictionary_entries (
          seq BIGSERIAL PRIMARY KEY,
          dict BIGINT NOT NULL REFERENCES ${s}.dictionaries(pk) ON DELETE CASCADE,
          entry_id TEXT NOT NULL,
          body TEXT NOT NULL,
          UNIQUE (dict, entry_id)
        );
      `);
      const meta = await c.query<{ version: number }>(`SELECT version FROM ${s}.dictionaries_meta`);
      const version = meta.rows[0]?.version;
      if (version !== undefined && version > SCHEMA_VERSION) {
        throw new Error(`dictionaries schema version ${version} is newer than this textlens (${SCHEMA_VERSION})`);
      }
      if (version === undefined) await c.query(`INSERT INTO ${s}.dictionaries_meta (version) VALUES ($1)`, [SCHEMA_VERSION]);
    });
  }

  private get columns(): string {
    return `d.pk, d.id, d.match_type, d.case_insensitive, d.language, d.revision,
      (SELECT COUNT(*) FROM ${this.s}.dictionary_entries e WHERE e.dict = d.pk) AS size`;
  }

  private async row(q: Queryable, owner: string, id: string, lock = ''): Promise<DictRow | undefined> {
    const r = await q.query<DictRow>(`SELECT ${this.columns} FROM ${this.s}.dictionaries d WHERE d.owner = $1 AND d.id = $2 ${lock}`, [owner, id]);
    return r.rows[0];
  }

  async create(owner: string, id: string, st: DictionarySettings): Promise<StoredDictionary> {
    return this.transaction(async (c) => {
      await c.query(`DELETE FROM ${this.s}.dictionaries WHERE owner = $1 AND id = $2`, [owner, id]);
      await c.query(
        `INSERT INTO ${this.s}.dictionaries (owner, id, match_type, case_insensitive, language, revision) VALUES ($1, $2, $3, $4, $5, $6)`,
        [owner, id, st.matchType, st.caseInsensitive, st.language, newRevision()],
      );
      return toStored((await this.row(c, owner, id))!);
    });
  }

  async list(owner: string): Promise<StoredDictionary[]> {
    const r = await this.pool.query<DictRow>(`SELECT ${this.columns} FROM ${this.s}.dictionaries d WHERE d.owner = $1 ORDER BY d.id COLLATE "C"`, [owner]);
    return r.rows.map(toStored);
  }

  async get(owner: string, id: string): Promise<StoredDictionary | undefined> {
    const r = await this.row(this.pool, owner, id);
    return r && toStored(r);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    const r = await this.pool.query(`DELETE FROM ${this.s}.dictionaries WHERE owner = $1 AND id = $2`, [owner, id]);
    return (r.rowCount ?? 0) > 0;
  }

  async addEntries(owner: string, id: string, entries: readonly DictionaryEntry[]): Promise<StoredDictionary | undefined> {
    return this.transaction(async (c) => {
      const d = await c.query<{ pk: string }>(`SELECT pk FROM ${this.s}.dictionaries WHERE owner = $1 AND id = $2 FOR UPDATE`, [owner, id]);
      const pk = d.rows[0]?.pk;
      if (pk === undefined) return undefined;
      if (entries.length > 0) {
        await c.query(
          `INSERT INTO ${this.s}.dictionary_entries (dict, entry_id, body)
           SELECT $1, u.entry_id, u.body FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(entry_id, body, n) ORDER BY u.n
           ON CONFLICT (dict, entry_id) DO UPDATE SET body = EXCLUDED.body`,
          [pk, entries.map((e) => e.id), entries.map(entryBody)],
        );
      }
      await c.query(`UPDATE ${this.s}.dictionaries SET revision = $1 WHERE pk = $2`, [newRevision(), pk]);
      return toStored((await this.row(c, owner, id))!);
    });
  }

  async entries(owner: string, id: string, limit: number, offset: number): Promise<EntryPage | undefined> {
    return this.transaction(async (c) => {
      const d = await this.row(c, owner, id);
      if (!d) return undefined;
      const r = await c.query<{ entry_id: string; body: string }>(
        `SELECT entry_id, body FROM ${this.s}.dictionary_entries WHERE dict = $1 ORDER BY seq LIMIT $2 OFFSET $3`,
        [d.pk, limit, offset],
      );
      return { entries: r.rows.map((x) => entryFromRow(x.entry_id, x.body)), total: Number(d.size) };
    });
  }

  async entry(owner: string, id: string, entryId: string): Promise<DictionaryEntry | undefined> {
    const r = await this.pool.query<{ entry_id: string; body: string }>(
      `SELECT e.entry_id, e.body FROM ${this.s}.dictionary_entries e JOIN ${this.s}.dictionaries d ON d.pk = e.dict
       WHERE d.owner = $1 AND d.id = $2 AND e.entry_id = $3`,
      [owner, id, entryId],
    );
    const x = r.rows[0];
    return x && entryFromRow(x.entry_id, x.body);
  }

  async removeEntry(owner: string, id: string, entryId: string): Promise<'removed' | 'no-dictionary' | 'no-entry'> {
    return this.transaction(async (c) => {
      const d = await c.query<{ pk: string }>(`SELECT pk FROM ${this.s}.dictionaries WHERE owner = $1 AND id = $2 FOR UPDATE`, [owner, id]);
      const pk = d.rows[0]?.pk;
      if (pk === undefined) return 'no-dictionary' as const;
      const r = await c.query(`DELETE FROM ${this.s}.dictionary_entries WHERE dict = $1 AND entry_id = $2`, [pk, entryId]);
      if ((r.rowCount ?? 0) === 0) return 'no-entry' as const;
      await c.query(`UPDATE ${this.s}.dictionaries SET revision = $1 WHERE pk = $2`, [newRevision(), pk]);
      return 'removed' as const;
    });
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const r = await this.pool.query<{ id: string; revision: string }>(
      `SELECT id, revision FROM ${this.s}.dictionaries WHERE owner = $1 AND id = ANY($2::text[])`,
      [owner, [...ids]],
    );
    for (const x of r.rows) out.set(x.id, x.revision);
    return out;
  }

  async source(owner: string, id: string) {
    // REPEATABLE READ: the revision and the entries come from one snapshot.
    return this.transaction(async (c) => {
      const d = await this.row(c, owner, id);
      if (!d) return undefined;
      const r = await c.query<{ entry_id: string; body: string }>(
        `SELECT entry_id, body FROM ${this.s}.dictionary_entries WHERE dict = $1 ORDER BY seq`,
        [d.pk],
      );
      const st = toStored(d);
      return {
        revision: d.revision,
        source: { matchType: st.matchType, caseInsensitive: st.caseInsensitive, language: st.language, entries: r.rows.map((x) => entryFromRow(x.entry_id, x.body)) },
      };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    return this.pool.transaction(work, begin);
  }
}
