/**
 * What the SQLite dictionary and classifier stores share: both keep named
 * collections per owner in a parent table (pk, owner, id, revision, …) with
 * their items in a child table (seq, parent pk, item id, …) that cascades on
 * delete, and a schema version in a table of their own (the events store owns
 * `user_version` in the same file).
 */
import type Database from 'better-sqlite3';

export interface CollectionTables {
  /** Names the store in errors: "dictionaries", "classifiers". */
  label: string;
  /** Holds the schema version (one row). */
  meta: string;
  parent: string;
  child: string;
  /** The child's column holding the parent's pk. */
  parentColumn: string;
  /** The child's column holding the item's id. */
  itemColumn: string;
}

/** Creates the tables if needed and checks the version, in one immediate transaction. */
export function initCollectionSchema(db: Database.Database, path: string, t: CollectionTables, schema: string, version: number): void {
  db.transaction(() => {
    db.exec(schema);
    const row = db.prepare(`SELECT version FROM ${t.meta}`).get() as { version: number } | undefined;
    if (row && row.version > version) {
      throw new Error(`${path}: ${t.label} schema version ${row.version} is newer than this textlens (${version})`);
    }
    if (!row) db.prepare(`INSERT INTO ${t.meta} (version) VALUES (?)`).run(version);
  }).immediate();
}

/** The revisions of those of `ids` the owner has. */
export function collectionRevisions(db: Database.Database, t: CollectionTables, owner: string, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = db
    .prepare(`SELECT id, revision FROM ${t.parent} WHERE owner = ? AND id IN (${ids.map(() => '?').join(', ')})`)
    .all(owner, ...ids) as Array<{ id: string; revision: string }>;
  for (const r of rows) out.set(r.id, r.revision);
  return out;
}

/** Deletes one item and gives the collection a new revision; says which was missing otherwise. */
export function removeCollectionItem(
  db: Database.Database,
  t: CollectionTables,
  owner: string,
  id: string,
  itemId: string,
  revision: string,
): 'removed' | 'no-collection' | 'no-item' {
  return db
    .transaction((): 'removed' | 'no-collection' | 'no-item' => {
      const p = db.prepare(`SELECT pk FROM ${t.parent} WHERE owner = ? AND id = ?`).get(owner, id) as { pk: number } | undefined;
      if (!p) return 'no-collection';
      if (db.prepare(`DELETE FROM ${t.child} WHERE ${t.parentColumn} = ? AND ${t.itemColumn} = ?`).run(p.pk, itemId).changes === 0) return 'no-item';
      db.prepare(`UPDATE ${t.parent} SET revision = ? WHERE pk = ?`).run(revision, p.pk);
      return 'removed';
    })
    .immediate();
}
