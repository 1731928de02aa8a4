/**
 * The knowledge base's on-disk format: one SQLite file (models/kb/kb.sqlite).
 * SQLite, not JSON, because a KB built from a full Wikidata dump has
 * millions of entities: lookups go through indexes and only the rows a
 * document needs become JS objects. The shipped default opens in a few ms.
 *
 *   meta(key, value)                 build info: sources, counts, version;
 *                                    givenNames (GIVEN_NAMES_META)
 *   entities(id, title, qid, mid, label, description, popularity,
 *            dbpedia, freebase, aliases, props, context, related)
 *   aliases(alias, entity, count, prior)   normalized alias → entity, with
 *            the anchor count and p(entity | alias)
 *
 * label is '' when the title gives it (title without its disambiguator,
 * underscores as spaces; the reader derives it). dbpedia holds only the most
 * specific classes (the reader adds ancestors from the ontology).
 * JSON columns: dbpedia / freebase / aliases are string arrays; props maps a
 * Wikidata property id to a value (see PropertyValue); context maps a word to
 * a weight (the words around the entity's mentions in training text);
 * related is a space-separated list of entity ids (Wikipedia links, Wikidata
 * relations), used for coherence.
 */
export const KB_FORMAT_VERSION = 1;

/**
 * The meta key under which a KB lists people's given names ("Ian Mary …", space-separated, as written): what the
 * NIL decision reads to tell a given name alone from a name (src/linking/nil.ts). A KB without it has none.
 */
export const GIVEN_NAMES_META = 'givenNames';

export const KB_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entities (
  id INTEGER PRIMARY KEY,
  title TEXT,
  qid TEXT,
  mid TEXT,
  label TEXT NOT NULL DEFAULT '',
  description TEXT,
  popularity REAL NOT NULL DEFAULT 0,
  dbpedia TEXT,
  freebase TEXT,
  aliases TEXT,
  props TEXT,
  context TEXT,
  related TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS entities_title ON entities(title);
CREATE UNIQUE INDEX IF NOT EXISTS entities_qid ON entities(qid);
CREATE INDEX IF NOT EXISTS entities_mid ON entities(mid);
CREATE TABLE IF NOT EXISTS aliases (
  alias TEXT NOT NULL,
  entity INTEGER NOT NULL,
  count REAL NOT NULL DEFAULT 0,
  prior REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (alias, entity)
) WITHOUT ROWID;
`;

/** A row of the entities table as SQLite returns it (the JSON columns still as text). */
export interface EntityRow {
  id: number;
  title: string | null;
  qid: string | null;
  mid: string | null;
  label: string;
  description: string | null;
  popularity: number;
  dbpedia: string | null;
  freebase: string | null;
  aliases: string | null;
  props: string | null;
  context: string | null;
  related: string | null;
}

/** A property value: an entity (QID), a quantity, a coordinate or a string. */
export type PropertyValue = string | number | { lat: number; lon: number };

/** An entity as the KB serves it. */
export interface KbEntity {
  /** Row id inside this KB file (stable for the file, not across builds). */
  id: number;
  /** Wikidata QID, when known. */
  qid?: string;
  /** English Wikipedia title, underscores for spaces, when known. */
  title?: string;
  /** Freebase mid such as /m/0345h, when known. */
  mid?: string;
  /** Its name: the stored label, else the name its title gives ("Paris,_Texas" → "Paris, Texas"). */
  label: string;
  description?: string;
  aliases: string[];
  /** DBpedia ontology classes, most specific first, ancestors included. */
  dbpediaTypes: string[];
  /** Freebase-style type ids such as /people/person. */
  freebaseTypes: string[];
  /** Wikipedia in-link count (or the best available proxy). */
  popularity: number;
  /** A few Wikidata properties for enrichment: P625, P17, P1082, P27, P106, P31… */
  properties: Record<string, PropertyValue>;
  /** Context word → weight. */
  context: Record<string, number>;
  /** Ids of related entities in this KB. */
  related: number[];
}

/** One candidate for a mention string. */
export interface Candidate {
  entity: number;
  /** Anchor count of this alias for this entity in the build's sources. */
  count: number;
  /** p(entity | alias) from those counts (popularity-smoothed where there were none). */
  prior: number;
}

export interface KbStats {
  entities: number;
  aliases: number;
  meta: Record<string, string>;
}
