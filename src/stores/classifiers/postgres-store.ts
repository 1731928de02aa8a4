/**
 * PostgreSQL backend, when `textlens serve --events postgres://…`: the same
 * database and schema as the events and dictionary stores, so several
 * textlens instances share the classifiers. A classifier's categories are one
 * INSERT … SELECT FROM unnest(…); schema creation runs under an advisory lock,
 * as in ../dictionaries/postgres-store.ts.
 */
import type pg from 'pg';
import type { PostgresStoreOptions } from '../../db/postgres-options.js';
import { StorePool, openMigratedPool, type Queryable } from '../../db/postgres.js';
import { newRevision, type CategoryDefinition, type CategoryPage, type ClassifierStore, type StoredClassifier } from './store.js';

const SCHEMA_VERSION = 1;
export type PostgresClassifierStoreOptions = PostgresStoreOptions;

interface Row {
  pk: string;
  id: string;
  revision: string;
  size: string;
}

const toStored = (r: Row): StoredClassifier => ({ id: r.id, revision: r.revision, size: Number(r.size) });
const toCategory = (r: { category_id: string; label: string; query: string }): CategoryDefinition => ({ categoryId: r.category_id, label: r.label, query: r.query });

export class PostgresClassifierStore implements ClassifierStore {
  private readonly pool: StorePool;
  private readonly s: string;

  private constructor(pool: pg.Pool, schema: string) {
    this.pool = new StorePool(pool);
    this.s = `"${schema}"`;
  }

  static async open(connectionString: string, options: PostgresClassifierStoreOptions = {}): Promise<PostgresClassifierStore> {
    let store: PostgresClassifierStore | undefined;
    await openMigratedPool(connectionString, options, async (pool, schema) => {
      store = new PostgresClassifierStore(pool, schema);
      await store.migrate(schema);
    });
    return store!;
  }

  private async migrate(schema: string): Promise<void> {
    const s = this.s;
    await this.pool.transaction(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('textlens-classifiers:' || $1))", [schema]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await c.query(`
        CREATE TABLE IF NOT EXISTS ${s}.classifiers_meta (version INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS ${s}.classifiers (
          pk BIGSERIAL PRIMARY KEY,
          owner TEXT NOT NULL,
          id TEXT NOT NULL,
          revision TEXT NOT NULL,
          UNIQUE (owner, id)
        );
        CREATE TABLE IF NOT EXISTS ${s}.classifier_categories (
          seq BIGSERIAL PRIMARY KEY,
          classifier BIGINT NOT NULL REFERENCES ${s}.classifiers(pk) ON DELETE CASCADE,
          category_id TEXT NOT NULL,
          label TEXT NOT NULL,
          query TEXT NOT NULL,
          UNIQUE (classifier, category_id)
        );
      `);
      const meta = await c.query<{ version: number }>(`SELECT version FROM ${s}.classifiers_meta`);
      const version = meta.rows[0]?.version;
      if (version !== undefined && version > SCHEMA_VERSION) {
        throw new Error(`classifiers schema version ${version} is newer than this textlens (${SCHEMA_VERSION})`);
      }
      if (version === undefined) await c.query(`INSERT INTO ${s}.classifiers_meta (version) VALUES ($1)`, [SCHEMA_VERSION]);
    });
  }

  private get columns(): string {
    return `c.pk, c.id, c.revision, (SELECT COUNT(*) FROM ${this.s}.classifier_categories k WHERE k.classifier = c.pk) AS size`;
  }

  private async row(q: Queryable, owner: string, id: string): Promise<Row | undefined> {
    const r = await q.query<Row>(`SELECT ${this.columns} FROM ${this.s}.classifiers c WHERE c.owner = $1 AND c.id = $2`, [owner, id]);
    return r.rows[0];
  }

  async replace(owner: string, id: string, categories: readonly CategoryDefinition[]): Promise<StoredClassifier> {
    return this.pool.transaction(async (c) => {
      await c.query(`DELETE FROM ${this.s}.classifiers WHERE owner = $1 AND id = $2`, [owner, id]);
      const inserted = await c.query<{ pk: string }>(`INSERT INTO ${this.s}.classifiers (owner, id, revision) VALUES ($1, $2, $3) RETURNING pk`, [
        owner,
        id,
        newRevision(),
      ]);
      if (categories.length > 0) {
        await c.query(
          `INSERT INTO ${this.s}.classifier_categories (classifier, category_id, label, query)
           SELECT $1, u.category_id, u.label, u.query FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS u(category_id, label, query, n) ORDER BY u.n`,
          [inserted.rows[0]!.pk, categories.map((x) => x.categoryId), categories.map((x) => x.label), categories.map((x) => x.query)],
        );
      }
      return toStored((await this.row(c, owner, id))!);
    });
  }

  async list(owner: string): Promise<StoredClassifier[]> {
    const r = await this.pool.query<Row>(`SELECT ${this.columns} FROM ${this.s}.classifiers c WHERE c.owner = $1 ORDER BY c.id COLLATE "C"`, [owner]);
    return r.rows.map(toStored);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    const r = await this.pool.query(`DELETE FROM ${this.s}.classifiers WHERE owner = $1 AND id = $2`, [owner, id]);
    return (r.rowCount ?? 0) > 0;
  }

  async categories(owner: string, id: string, limit: number, offset: number): Promise<CategoryPage | undefined> {
    return this.pool.transaction(async (c) => {
      const row = await this.row(c, owner, id);
      if (!row) return undefined;
      const r = await c.query<{ category_id: string; label: string; query: string }>(
        `SELECT category_id, label, query FROM ${this.s}.classifier_categories WHERE classifier = $1 ORDER BY seq LIMIT $2 OFFSET $3`,
        [row.pk, limit, offset],
      );
      return { categories: r.rows.map(toCategory), total: Number(row.size) };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ');
  }

  async category(owner: string, id: string, categoryId: string): Promise<CategoryDefinition | undefined> {
    const r = await this.pool.query<{ category_id: string; label: string; query: string }>(
      `SELECT k.category_id, k.label, k.query FROM ${this.s}.classifier_categories k JOIN ${this.s}.classifiers c ON c.pk = k.classifier
       WHERE c.owner = $1 AND c.id = $2 AND k.category_id = $3`,
      [owner, id, categoryId],
    );
    const x = r.rows[0];
    return x && toCategory(x);
  }

  async removeCategory(owner: string, id: string, categoryId: string): Promise<'removed' | 'no-classifier' | 'no-category'> {
    return this.pool.transaction(async (c) => {
      const found = await c.query<{ pk: string }>(`SELECT pk FROM ${this.s}.classifiers WHERE owner = $1 AND id = $2 FOR UPDATE`, [owner, id]);
      const pk = found.rows[0]?.pk;
      if (pk === undefined) return 'no-classifier' as const;
      const r = await c.query(`DELETE FROM ${this.s}.classifier_categories WHERE classifier = $1 AND category_id = $2`, [pk, categoryId]);
      if ((r.rowCount ?? 0) === 0) return 'no-category' as const;
      await c.query(`UPDATE ${this.s}.classifiers SET revision = $1 WHERE pk = $2`, [newRevision(), pk]);
      return 'removed' as const;
    });
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const r = await this.pool.query<{ id: string; revision: string }>(`SELECT id, revision FROM ${this.s}.classifiers WHERE owner = $1 AND id = ANY($2::text[])`, [
      owner,
      [...ids],
    ]);
    for (const x of r.rows) out.set(x.id, x.revision);
    return out;
  }

  async definition(owner: string, id: string) {
    // REPEATABLE READ: the revision and the categories come from one snapshot.
    return this.pool.transaction(async (c) => {
      const row = await this.row(c, owner, id);
      if (!row) return undefined;
      const r = await c.query<{ category_id: string; label: string; query: string }>(
        `SELECT category_id, label, query FROM ${this.s}.classifier_categories WHERE classifier = $1 ORDER BY seq`,
        [row.pk],
      );
      return { revision: row.revision, categories: r.rows.map(toCategory) };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
