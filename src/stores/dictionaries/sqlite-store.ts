/**
 * SQLite backend, the default: the same file as the events store (their
 * tables do not overlap; this one keeps its schema version in its own table,
 * since the events store owns `user_version`). WAL journal, synchronous=FULL,
 * one transaction per write; the file is opened by ../sqlite-file.ts.
 */
import type Database from 'better-sqlite3';
import type { SqliteFileOptions } from '../sqlite-file-options.js';
import { openSqliteFile } from '../sqlite-file.js';
import { collectionRevisions, initCollectionSchema, removeCollectionItem, type CollectionTables } from '../sqlite-collections.js';
import type { DictionaryEntry, DictionarySettings, MatchType } from '../../dictionaries/entries.js';
import { entryBody, entryFromRow, newRevision, type DictionaryStore, type EntryPage, type StoredDictionary } from './store.js';

const SCHEMA_VERSION = 1;

const TABLES: CollectionTables = {
  label: 'dictionaries',
  meta: 'dictionaries_meta',
  parent: 'dictionaries',
  child: 'dictionary_entries',
  parentColumn: 'dict',
  itemColumn: 'entry_id',
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS dictionaries_meta (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS dictionaries (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL,
  id TEXT NOT NULL,
  match_type TEXT NOT NULL,
  case_insensitive INTEGER NOT NULL,
  language TEXT NOT NULL,
  revision TEXT NOT NULL,
  UNIQUE (owner, id)
);
CREATE TABLE IF NOT EXISTS dictionary_entries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  dict INTEGER NOT NULL REFERENCES dictionaries(pk) ON DELETE CASCADE,
  entry_id TEXT NOT NULL,
  body TEXT NOT NULL,
  UNIQUE (dict, entry_id)
);
`;

interface DictRow {
  pk: number;
  id: string;
  match_type: string;
  case_insensitive: number;
  language: string;
  revision: string;
  size: number;
}

const DICT_COLUMNS = `d.pk, d.id, d.match_type, d.case_insensitive, d.language, d.revision,
  (SELECT COUNT(*) FROM dictionary_entries e WHERE e.dict = d.pk) AS size`;

function toStored(r: DictRow): StoredDictionary {
  return {
    id: r.id,
    matchType: r.match_type as MatchType,
    caseInsensitive: r.case_insensitive === 1,
    language: r.language,
    revision: r.revision,
    size: r.size,
  };
}

export class SqliteDictionaryStore implements DictionaryStore {
  readonly path: string;
  private readonly db: Database.Database;

  constructor(path: string, options: SqliteFileOptions = {}) {
    this.path = path;
    this.db = openSqliteFile(path, 'The SQLite dictionary store', options);
    initCollectionSchema(this.db, path, TABLES, SCHEMA, SCHEMA_VERSION);
  }

  private row(owner: string, id: string): DictRow | undefined {
    return this.db.prepare(`SELECT ${DICT_COLUMNS} FROM dictionaries d WHERE d.owner = ? AND d.id = ?`).get(owner, id) as DictRow | undefined;
  }

  async create(owner: string, id: string, s: DictionarySettings): Promise<StoredDictionary> {
    this.db
      .transaction(() => {
        // Deleting first cascades to the old entries: a PUT replaces the dictionary.
        this.db.prepare('DELETE FROM dictionaries WHERE owner = ? AND id = ?').run(owner, id);
        this.db
          .prepare('INSERT INTO dictionaries (owner, id, match_type, case_insensitive, language, revision) VALUES (?, ?, ?, ?, ?, ?)')
          .run(owner, id, s.matchType, s.caseInsensitive ? 1 : 0, s.language, newRevision());
      })
      .immediate();
    return toStored(this.row(owner, id)!);
  }

  async list(owner: string): Promise<StoredDictionary[]> {
    const rows = this.db.prepare(`SELECT ${DICT_COLUMNS} FROM dictionaries d WHERE d.owner = ? ORDER BY d.id`).all(owner) as DictRow[];
    return rows.map(toStored);
  }

  async get(owner: string, id: string): Promise<StoredDictionary | undefined> {
    const r = this.row(owner, id);
    return r && toStored(r);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM dictionaries WHERE owner = ? AND id = ?').run(owner, id).changes > 0;
  }

  async addEntries(owner: string, id: string, entries: readonly DictionaryEntry[]): Promise<StoredDictionary | undefined> {
    const found = this.db
      .transaction(() => {
        const d = this.db.prepare('SELECT pk FROM dictionaries WHERE owner = ? AND id = ?').get(owner, id) as { pk: number } | undefined;
        if (!d) return false;
        const upsert = this.db.prepare(
          'INSERT INTO dictionary_entries (dict, entry_id, body) VALUES (?, ?, ?) ON CONFLICT (dict, entry_id) DO UPDATE SET body = excluded.body',
        );
        for (const e of entries) upsert.run(d.pk, e.id, entryBody(e));
        this.db.prepare('UPDATE dictionaries SET revision = ? WHERE pk = ?').run(newRevision(), d.pk);
        return true;
      })
      .immediate();
    return found ? this.get(owner, id) : undefined;
  }

  async entries(owner: string, id: string, limit: number, offset: number): Promise<EntryPage | undefined> {
    const d = this.row(owner, id);
    if (!d) return undefined;
    const rows = this.db
      .prepare('SELECT entry_id, body FROM dictionary_entries WHERE dict = ? ORDER BY seq LIMIT ? OFFSET ?')
      .all(d.pk, limit, offset) as Array<{ entry_id: string; body: string }>;
    return { entries: rows.map((r) => entryFromRow(r.entry_id, r.body)), total: d.size };
  }

  async entry(owner: string, id: string, entryId: string): Promise<DictionaryEntry | undefined> {
    const r = this.db
      .prepare(
        'SELECT e.entry_id, e.body FROM dictionary_entries e JOIN dictionaries d ON d.pk = e.dict WHERE d.owner = ? AND d.id = ? AND e.entry_id = ?',
      )
      .get(owner, id, entryId) as { entry_id: string; body: string } | undefined;
    return r && entryFromRow(r.entry_id, r.body);
  }

  async removeEntry(owner: string, id: string, entryId: string): Promise<'removed' | 'no-dictionary' | 'no-entry'> {
    const outcome = removeCollectionItem(this.db, TABLES, owner, id, entryId, newRevision());
    return outcome === 'no-collection' ? 'no-dictionary' : outcome === 'no-item' ? 'no-entry' : outcome;
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    return collectionRevisions(this.db, TABLES, owner, ids);
  }

  async source(owner: string, id: string) {
    // One read transaction, so the revision matches the entries read.
    return this.db.transaction(() => {
      const d = this.row(owner, id);
      if (!d) return undefined;
      const rows = this.db.prepare('SELECT entry_id, body FROM dictionary_entries WHERE dict = ? ORDER BY seq').all(d.pk) as Array<{
        entry_id: string;
        body: string;
      }>;
      const s = toStored(d);
      return {
        revision: d.revision,
        source: { matchType: s.matchType, caseInsensitive: s.caseInsensitive, language: s.language, entries: rows.map((r) => entryFromRow(r.entry_id, r.body)) },
      };
    })();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
