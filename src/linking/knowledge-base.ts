/**
 * The knowledge base at run time: entities, an alias table with priors
 * p(entity | alias), served from the SQLite file described in kb-schema.ts.
 * Modelled on spaCy's KnowledgeBase (entities, aliases, priors as
 * first-class objects). Only the rows a document asks for are read; a small
 * cache keeps entities that recur across documents.
 */
import { openSqlite } from '#platform/sqlite.js';
import type { SqlDatabase, SqliteSource, SqlStatement } from '../db/sqlite.js';
import type { ResourceLoader } from '../resources/loader.js';
import { AnalysisError } from '../errors.js';
import { labelFromTitle, normalizeAlias } from './normalize.js';
import { GIVEN_NAMES_META, type Candidate, type EntityRow, type KbEntity, type KbStats, type PropertyValue } from './kb-schema.js';
import type { DbpediaOntology } from './ontology.js';
import { freebaseTypesFor } from './kb-build/types.js';

export type { Candidate, KbEntity, KbStats, PropertyValue } from './kb-schema.js';

/** Path of the default KB inside the models directory. */
export const DEFAULT_KB_PATH = 'kb/kb.sqlite';

const CACHE_SIZE = 20000;

export class KnowledgeBase {
  private readonly db: SqlDatabase;
  private readonly byId: SqlStatement<EntityRow>;
  private readonly byQid: SqlStatement<EntityRow>;
  private readonly byTitle: SqlStatement<EntityRow>;
  private readonly byMid: SqlStatement<EntityRow>;
  private readonly byAlias: SqlStatement<Candidate>;
  private readonly hasAliasStmt: SqlStatement<{ one: number }>;
  private readonly hasPrefixStmt: SqlStatement<{ one: number }>;
  /** Alias-matcher probes (exact keys and "key " prefixes) already answered. */
  private readonly probeCache = new Map<string, boolean>();
  private readonly cache = new Map<number, KbEntity>();
  private readonly candidateCache = new Map<string, Candidate[]>();
  /** Set when the file was not read the platform's preferred way (Node without better-sqlite3): for the response message. */
  readonly notice?: string;

  private constructor(
    db: SqlDatabase,
    private readonly ontology?: DbpediaOntology,
  ) {
    this.db = db;
    this.notice = db.notice;
    this.byId = db.prepare('SELECT * FROM entities WHERE id = ?');
    this.byQid = db.prepare('SELECT * FROM entities WHERE qid = ?');
    this.byTitle = db.prepare('SELECT * FROM entities WHERE title = ?');
    this.byMid = db.prepare('SELECT * FROM entities WHERE mid = ?');
    this.byAlias = db.prepare('SELECT entity, count, prior FROM aliases WHERE alias = ? ORDER BY prior DESC');
    this.hasAliasStmt = db.prepare('SELECT 1 AS one FROM aliases WHERE alias = ? LIMIT 1');
    // Range over the primary key: aliases that start with "<key> " sort between "<key> " and "<key>!".
    this.hasPrefixStmt = db.prepare('SELECT 1 AS one FROM aliases WHERE alias >= ? AND alias < ? LIMIT 1');
  }

  /**
   * Opens a KB read-only: a file path (a URL in a browser), or a loader (the
   * KB is then models/kb/kb.sqlite). A file-backed loader's file is read in
   * place by better-sqlite3 (or, where that addon cannot load, copied into
   * memory for sql.js; see `notice`); any other loader's bytes are opened in
   * memory (sql.js in a browser), so no file path is needed.
   */
  static async open(source: ResourceLoader | string, opts: KbOpenOptions = {}): Promise<KnowledgeBase> {
    const path = opts.path ?? DEFAULT_KB_PATH;
    let from: SqliteSource;
    let label: string;
    if (typeof source === 'string') {
      from = { file: source };
      label = `Knowledge base ${source}`;
    } else {
      if (!(await source.exists(path))) throw new AnalysisError(500, `Knowledge base not found: ${path} (the entities extractor needs models/${path})`);
      from = source.filePath ? { file: source.filePath(path) } : { bytes: await source.bytes(path) };
      label = `Knowledge base ${path}`;
    }
    const db = await openSqlite(from, label);
    const tables = db.prepare<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('entities', 'aliases', 'meta')").all();
    if (tables.length < 3) {
      db.close();
      throw new AnalysisError(500, `${label} is an SQLite file but not a textlens knowledge base (it lacks the entities, aliases and meta tables)`);
    }
    return new KnowledgeBase(db, opts.ontology);
  }

  /** Candidates for a mention string (normalized here), best prior first. */
  candidates(mention: string): Candidate[] {
    return this.candidatesForKey(normalizeAlias(mention));
  }

  /** Candidates for an already normalized alias key. */
  candidatesForKey(key: string): Candidate[] {
    if (key.length === 0) return [];
    const hit = this.candidateCache.get(key);
    if (hit) return hit;
    const rows = this.byAlias.all(key);
    if (this.candidateCache.size > CACHE_SIZE) this.candidateCache.clear();
    this.candidateCache.set(key, rows);
    return rows;
  }

  /** Whether any entity has this normalized alias (the alias matcher's probe). */
  hasAlias(key: string): boolean {
    const hit = this.candidateCache.get(key);
    if (hit) return hit.length > 0;
    return this.probe(key, () => this.hasAliasStmt.get(key) !== undefined);
  }

  /** Whether any alias has more words after this normalized key ("new" → "new york"). */
  hasLongerAlias(key: string): boolean {
    return this.probe(`${key} `, () => this.hasPrefixStmt.get(`${key} `, `${key}!`) !== undefined);
  }

  private probe(key: string, ask: () => boolean): boolean {
    const hit = this.probeCache.get(key);
    if (hit !== undefined) return hit;
    const yes = ask();
    if (this.probeCache.size > 4 * CACHE_SIZE) this.probeCache.clear();
    this.probeCache.set(key, yes);
    return yes;
  }

  /** An entity by row id, QID ("Q64"), Freebase mid ("/m/0345h") or English Wikipedia title. */
  entity(ref: number | string): KbEntity | undefined {
    if (typeof ref === 'number') {
      const hit = this.cache.get(ref);
      if (hit) return hit;
      return this.remember(this.byId.get(ref));
    }
    const row = /^Q\d+$/.test(ref) ? this.byQid.get(ref) : ref.startsWith('/m/') ? this.byMid.get(ref) : this.byTitle.get(ref.replace(/ /g, '_'));
    if (!row) return undefined;
    return this.cache.get(row.id) ?? this.remember(row);
  }

  /** Whether `name` (as written: "Ian") is a person's given name by the KB's list (GIVEN_NAMES_META); none without one. */
  isGivenName(name: string): boolean {
    if (!this.givenNames) {
      const row = this.db.prepare<{ value: string }>('SELECT value FROM meta WHERE key = ?').get(GIVEN_NAMES_META);
      this.givenNames = new Set(row ? row.value.split(' ') : []);
    }
    return this.givenNames.has(name);
  }

  private givenNames?: Set<string>;

  stats(): KbStats {
    const count = (sql: string) => this.db.prepare<{ n: number }>(sql).get()!.n;
    const meta: Record<string, string> = {};
    for (const r of this.db.prepare<{ key: string; value: string }>('SELECT key, value FROM meta').all()) meta[r.key] = r.value;
    return { entities: count('SELECT COUNT(*) AS n FROM entities'), aliases: count('SELECT COUNT(*) AS n FROM aliases'), meta };
  }

  close(): void {
    this.db.close();
  }

  private remember(row: EntityRow | undefined): KbEntity | undefined {
    if (!row) return undefined;
    const e = entityFromRow(row, this.ontology);
    if (this.cache.size > CACHE_SIZE) this.cache.clear();
    this.cache.set(e.id, e);
    return e;
  }
}

export interface KbOpenOptions {
  /** Path inside the models directory when opening through a loader (default kb/kb.sqlite). */
  path?: string;
  /**
   * The DBpedia ontology: the file stores each entity's most specific
   * classes; with the ontology, dbpediaTypes include their ancestors and
   * freebaseTypes the Freebase-style types they imply.
   */
  ontology?: DbpediaOntology;
}

function entityFromRow(r: EntityRow, ontology: DbpediaOntology | undefined): KbEntity {
  const json = <T>(s: string | null, empty: T): T => (s ? (JSON.parse(s) as T) : empty);
  const e: KbEntity = {
    id: r.id,
    // An empty label is the title's (the builder drops labels the title gives).
    label: r.label || labelFromTitle(r.title ?? ''),
    aliases: json<string[]>(r.aliases, []),
    dbpediaTypes: json<string[]>(r.dbpedia, []),
    freebaseTypes: json<string[]>(r.freebase, []),
    popularity: r.popularity,
    properties: json<Record<string, PropertyValue>>(r.props, {}),
    context: json<Record<string, number>>(r.context, {}),
    related: r.related ? r.related.split(' ').map(Number) : [],
  };
  if (ontology) {
    const all: string[] = [];
    for (const c of e.dbpediaTypes) for (const a of ontology.ancestors(c)) if (!all.includes(a)) all.push(a);
    // The hosted API reported Location beside Place (DBpedia declares them equivalent).
    if (all.includes('Place') && !all.includes('Location')) all.push('Location');
    e.dbpediaTypes = all;
    for (const t of freebaseTypesFor(all)) if (!e.freebaseTypes.includes(t)) e.freebaseTypes.push(t);
  }
  if (r.qid) e.qid = r.qid;
  if (r.title) e.title = r.title;
  if (r.mid) e.mid = r.mid;
  if (r.description) e.description = r.description;
  return e;
}
