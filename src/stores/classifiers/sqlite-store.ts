/**
 * SQLite backend, the default: the same file as the events and dictionary
 * stores (tables of its own, its schema version in its own table). WAL
 * journal, synchronous=FULL, one transaction per write; the file is opened by
 * ../sqlite-file.ts.
 */
import type Database from 'better-sqlite3';
import type { SqliteFileOptions } from '../sqlite-file-options.js';
import { openSqliteFile } from '../sqlite-file.js';
import { collectionRevisions, initCollectionSchema, removeCollectionItem, type CollectionTables } from '../sqlite-collections.js';
import { newRevision, type CategoryDefinition, type CategoryPage, type ClassifierStore, type StoredClassifier } from './store.js';

const SCHEMA_VERSION = 1;

const TABLES: CollectionTables = {
  label: 'classifiers',
  meta: 'classifiers_meta',
  parent: 'classifiers',
  child: 'classifier_categories',
  parentColumn: 'classifier',
  itemColumn: 'category_id',
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS classifiers_meta (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS classifiers (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL,
  id TEXT NOT NULL,
  revision TEXT NOT NULL,
  UNIQUE (owner, id)
);
CREATE TABLE IF NOT EXISTS classifier_categories (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  classifier INTEGER NOT NULL REFERENCES classifiers(pk) ON DELETE CASCADE,
  category_id TEXT NOT NULL,
  label TEXT NOT NULL,
  query TEXT NOT NULL,
  UNIQUE (classifier, category_id)
);
`;

interface Row {
  pk: number;
  id: string;
  revision: string;
  size: number;
}

const COLUMNS = `c.pk, c.id, c.revision, (SELECT COUNT(*) FROM classifier_categories k WHERE k.classifier = c.pk) AS size`;

const toStored = (r: Row): StoredClassifier => ({ id: r.id, revision: r.revision, size: r.size });
const toCategory = (r: { category_id: string; label: string; query: string }): CategoryDefinition => ({ categoryId: r.category_id, label: r.label, query: r.query });

export class SqliteClassifierStore implements ClassifierStore {
  readonly path: string;
  private readonly db: Database.Database;

  constructor(path: string, options: SqliteFileOptions = {}) {
    this.path = path;
    this.db = openSqliteFile(path, 'The SQLite classifier store', options);
    initCollectionSchema(this.db, path, TABLES, SCHEMA, SCHEMA_VERSION);
  }

  private row(owner: string, id: string): Row | undefined {
    return this.db.prepare(`SELECT ${COLUMNS} FROM classifiers c WHERE c.owner = ? AND c.id = ?`).get(owner, id) as Row | undefined;
  }

  async replace(owner: string, id: string, categories: readonly CategoryDefinition[]): Promise<StoredClassifier> {
    this.db
      .transaction(() => {
        // Deleting first cascades to the old categories: a PUT replaces the classifier.
        this.db.prepare('DELETE FROM classifiers WHERE owner = ? AND id = ?').run(owner, id);
        const pk = this.db.prepare('INSERT INTO classifiers (owner, id, revision) VALUES (?, ?, ?)').run(owner, id, newRevision()).lastInsertRowid;
        const insert = this.db.prepare('INSERT INTO classifier_categories (classifier, category_id, label, query) VALUES (?, ?, ?, ?)');
        for (const c of categories) insert.run(pk, c.categoryId, c.label, c.query);
      })
      .immediate();
    return toStored(this.row(owner, id)!);
  }

  async list(owner: string): Promise<StoredClassifier[]> {
    return (this.db.prepare(`SELECT ${COLUMNS} FROM classifiers c WHERE c.owner = ? ORDER BY c.id`).all(owner) as Row[]).map(toStored);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.db.prepare('DELETE FROM classifiers WHERE owner = ? AND id = ?').run(owner, id).changes > 0;
  }

  async categories(owner: string, id: string, limit: number, offset: number): Promise<CategoryPage | undefined> {
    const c = this.row(owner, id);
    if (!c) return undefined;
    const rows = this.db
      .prepare('SELECT category_id, label, query FROM classifier_categories WHERE classifier = ? ORDER BY seq LIMIT ? OFFSET ?')
      .all(c.pk, limit, offset) as Array<{ category_id: string; label: string; query: string }>;
    return { categories: rows.map(toCategory), total: c.size };
  }

  async category(owner: string, id: string, categoryId: string): Promise<CategoryDefinition | undefined> {
    const r = this.db
      .prepare(
        'SELECT k.category_id, k.label, k.query FROM classifier_categories k JOIN classifiers c ON c.pk = k.classifier WHERE c.owner = ? AND c.id = ? AND k.category_id = ?',
      )
      .get(owner, id, categoryId) as { category_id: string; label: string; query: string } | undefined;
    return r && toCategory(r);
  }

  async removeCategory(owner: string, id: string, categoryId: string): Promise<'removed' | 'no-classifier' | 'no-category'> {
    const outcome = removeCollectionItem(this.db, TABLES, owner, id, categoryId, newRevision());
    return outcome === 'no-collection' ? 'no-classifier' : outcome === 'no-item' ? 'no-category' : outcome;
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    return collectionRevisions(this.db, TABLES, owner, ids);
  }

  async definition(owner: string, id: string) {
    // One read transaction, so the revision matches the categories read.
    return this.db.transaction(() => {
      const c = this.row(owner, id);
      if (!c) return undefined;
      const rows = this.db.prepare('SELECT category_id, label, query FROM classifier_categories WHERE classifier = ? ORDER BY seq').all(c.pk) as Array<{
        category_id: string;
        label: string;
        query: string;
      }>;
      return { revision: c.revision, categories: rows.map(toCategory) };
    })();
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
