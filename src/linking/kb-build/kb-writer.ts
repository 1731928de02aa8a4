/**
 * Writes a KB file (see ../kb-schema.ts). Sources upsert entities by any
 * id they know (English Wikipedia title, QID, Freebase mid): a record that
 * shares one id with an existing entity is merged into it (fields already
 * set win, lists are unioned, popularity takes the maximum). Rows live in
 * SQLite from the start, so a full Wikidata dump streams through without
 * holding its entities in memory.
 */
import type Database from 'better-sqlite3';
import { loadNativeSqlite, nativeSqliteOrExplain } from '../../db/native-sqlite.js';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { GIVEN_NAMES_META, KB_FORMAT_VERSION, KB_SCHEMA, type EntityRow, type PropertyValue } from '../kb-schema.js';
import { canonicalTitle, isAcronym, labelFromTitle, normalizeAlias } from '../normalize.js';
import { STOPWORDS } from '../stopwords.js';
import type { DbpediaOntology } from '../ontology.js';
import { classForTitle, classForTitleHead, containingPlaceOf, surnameOf } from './types.js';

// better-sqlite3 is optional (a native addon). It is loaded, or found
// missing, when this module loads, so the constructor stays synchronous and
// fails at once, saying what to do. There is no sql.js fallback here: this
// writes a KB file, which an in-memory copy would never reach.
const native = await loadNativeSqlite();

export interface EntityInput {
  title?: string;
  qid?: string;
  mid?: string;
  label?: string;
  description?: string;
  aliases?: string[];
  /** DBpedia classes (ancestors are added when the KB is finished). */
  dbpedia?: string[];
  /**
   * How much the `dbpedia` classes are to be trusted when sources disagree
   * (see TYPE_EVIDENCE); default 'description'.
   */
  typeEvidence?: TypeEvidence;
  freebase?: string[];
  popularity?: number;
  props?: Record<string, PropertyValue>;
  /**
   * Whether the label and title also become aliases (default true). False
   * for a concept text names with a common noun ("beer", "surgeon", "town"):
   * the alias matcher probes capitalized words, and a sentence's first
   * "Town" or "Beer" would link to it. Such an entity is in the KB (its QID,
   * title and types) without being a candidate of its bare name.
   */
  nameIsAlias?: boolean;
  /**
   * Whether the finished KB gives the entity its name's initials as an alias (default true; addAcronyms).
   * False for a source that lists the acronyms an organisation uses (ROR): derived initials of its
   * 22k institutes' names ("Keck Institute for Space Studies" → KISS) would only crowd famous acronyms.
   */
  derivedAcronyms?: boolean;
}

/**
 * Where a class comes from, strongest first. The classes of the strongest
 * evidence an entity has define it; weaker evidence only refines them (a
 * class under the same disjoint top class: AIDA's Organisation beside a
 * description's Company) and is dropped otherwise (AIDA's Organisation for
 * a team's "South Korea" beside the country seed's Country; a stray Person
 * beside a programming language).
 * - curated records: country, city, airport and legislator seeds, Pantheon's
 *   occupations, Wikidata P31 classes (a dump's, or CoDEx's entity types):
 *   statements about the entity itself, made to say what it is;
 * - a description's head phrase ("American rock-and-roll musician"): written
 *   for people, read here by hand-written rules;
 * - the majority NER label of its annotated mentions (AIDA, GUM): AIDA
 *   links team mentions such as "South Korea" or "Brisbane" to the country
 *   or city and labels them ORG;
 * - a type implied by one CoDEx relation (P19 place of birth → Person).
 * A title's disambiguator ("_(cricketer)") beats all of them.
 */
export const TYPE_EVIDENCE = { curated: 0, description: 1, annotation: 2, relation: 3 } as const;
export type TypeEvidence = keyof typeof TYPE_EVIDENCE;

const MAX_DISPLAY_ALIASES = 6;
const MAX_RELATED = 150;

export class KbWriter {
  readonly db: Database.Database;
  private readonly tmpFile: string;
  private readonly related = new Map<number, Set<number>>();
  /** Entity id → class → strongest evidence rank seen for it. */
  private readonly classEvidence = new Map<number, Map<string, number>>();
  private readonly st: {
    byTitle: Database.Statement<[string], EntityRow>;
    byQid: Database.Statement<[string], EntityRow>;
    byMid: Database.Statement<[string], EntityRow>;
    insert: Database.Statement<unknown[], unknown>;
    update: Database.Statement<unknown[], unknown>;
    alias: Database.Statement<[string, number, number], unknown>;
  };

  constructor(
    readonly outFile: string,
    private readonly ontology: DbpediaOntology,
  ) {
    this.tmpFile = `${outFile}.building`;
    if (existsSync(this.tmpFile)) rmSync(this.tmpFile);
    this.db = new (nativeSqliteOrExplain(native, `Building a knowledge base (${outFile})`))(this.tmpFile);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(KB_SCHEMA);
    this.st = {
      byTitle: this.db.prepare('SELECT * FROM entities WHERE title = ?'),
      byQid: this.db.prepare('SELECT * FROM entities WHERE qid = ?'),
      byMid: this.db.prepare('SELECT * FROM entities WHERE mid = ?'),
      insert: this.db.prepare(
        'INSERT INTO entities (title, qid, mid, label, description, popularity, dbpedia, freebase, aliases, props) VALUES (?,?,?,?,?,?,?,?,?,?)',
      ),
      update: this.db.prepare(
        'UPDATE entities SET title=?, qid=?, mid=?, label=?, description=?, popularity=?, dbpedia=?, freebase=?, aliases=?, props=? WHERE id=?',
      ),
      alias: this.db.prepare(
        'INSERT INTO aliases (alias, entity, count) VALUES (?,?,?) ON CONFLICT(alias, entity) DO UPDATE SET count = count + excluded.count',
      ),
    };
  }

  /**
   * Whether a word is everyday English (set by the build from WordNet). An untyped page titled with one such
   * word, capitalized as a sentence's first word is ("Moss", "Chin", "East"; not "SEAT"), is the common noun's
   * concept; the one typed item of that name (the town of Moss in Norway, Chin State) is a namesake, not its twin.
   */
  everydayWord?: (word: string) => boolean;

  /** Given names of people (as written: "Ian", "Mary"), stored in the meta table for the NIL decision (nil.ts). */
  readonly givenNames = new Set<string>();

  /** Runs fn in one transaction (sources batch their writes; it is 100× faster). */
  batch<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /** Whether a class is an organisation's, or under none of the disjoint top classes. */
  isOrganisationClass(cls: string): boolean {
    const top = this.ontology.topClass(cls);
    return top === undefined || top === 'Organisation';
  }

  /** The entity with any of these ids, if the KB has one. */
  find(ids: { title?: string; qid?: string; mid?: string }): number | undefined {
    return this.findRow(ids)?.id;
  }

  private findRow(ids: { title?: string; qid?: string; mid?: string }): EntityRow | undefined {
    const title = ids.title ? canonicalTitle(ids.title) : undefined;
    const row =
      (ids.mid ? this.st.byMid.get(ids.mid) : undefined) ??
      (ids.qid ? this.st.byQid.get(ids.qid) : undefined) ??
      (title ? (this.st.byTitle.get(title) ?? this.byFormerTitle(title) ?? this.byOtherRomanianComma(title)) : undefined);
    // The same page under another title (AIDA's 2010 "Burma" with the mid of
    // today's "Myanmar"): later sources that name it only by that title
    // (PPRforNED's candidate pages) must find this entity, not add a twin.
    if (row && title && row.title && row.title !== title && (ids.mid || ids.qid) && !this.st.byTitle.get(title)) this.formerTitles.set(title, row.id);
    return row;
  }

  /** Entities whose source lists their acronyms (EntityInput.derivedAcronyms). */
  private readonly noDerivedAcronyms = new Set<number>();

  /** Titles that name an entity stored under another title (see findRow). */
  private readonly formerTitles = new Map<string, number>();
  private readonly byId = () => (this.byIdStatement ??= this.db.prepare('SELECT * FROM entities WHERE id = ?'));
  private byIdStatement?: Database.Statement<[number], EntityRow>;

  private byFormerTitle(title: string): EntityRow | undefined {
    const id = this.formerTitles.get(title);
    return id === undefined ? undefined : this.byId().get(id);
  }

  /**
   * Romanian titles are spelled with cedillas in 2010 ("Chişinău", AIDA and
   * FB15k) and with commas below today ("Chișinău", PPRforNED's pages): the
   * same page. A title not found is looked up in the other spelling (Turkish
   * titles, cedilla only, never have a comma-below twin to find).
   */
  private byOtherRomanianComma(title: string): EntityRow | undefined {
    const other = swapRomanianCommas(title);
    return other === title ? undefined : this.st.byTitle.get(other);
  }

  /** How many titles were found to name an entity stored under another title. */
  get formerTitleCount(): number {
    return this.formerTitles.size;
  }

  /**
   * A source that knows a page's title and its QID (Wikitrivia's decks: Wikidata's English sitelink) makes the
   * KB's page without a QID and its item without a title one entity, as `mergeTwins` does for names: the page
   * keeps its row and takes the item's QID, aliases and relations. Returns what the KB had: 'joined' (both, now
   * one), 'page' (the page alone, which upsert gives the QID), 'item' (the item, or both already holding other
   * ids), 'new' (neither).
   */
  joinPageAndItem(title: string, qid: string): 'joined' | 'page' | 'item' | 'new' {
    const page = this.st.byTitle.get(canonicalTitle(title));
    const item = this.st.byQid.get(qid);
    if (page && item && page.id !== item.id) {
      if (page.qid || item.title) return 'item';
      this.mergeInto(page, item);
      return 'joined';
    }
    return item ? 'item' : page ? 'page' : 'new';
  }

  /** Adds or merges an entity; returns its row id. Its label and aliases become aliases (count 0). */
  upsert(e: EntityInput): number {
    const title = e.title ? canonicalTitle(e.title) : undefined;
    const row = this.findRow({ title, qid: e.qid, mid: e.mid });
    const names = [e.nameIsAlias === false ? undefined : e.label, ...(e.aliases ?? [])].filter((s): s is string => !!s && s.trim().length > 0);
    let id: number;
    if (!row) {
      const info = this.st.insert.run(
        title ?? null,
        e.qid ?? null,
        e.mid ?? null,
        e.label ?? (title ? title.replace(/_/g, ' ').replace(/ \([^)]*\)$/, '') : ''),
        e.description ?? null,
        e.popularity ?? 0,
        e.dbpedia?.length ? JSON.stringify(e.dbpedia) : null,
        e.freebase?.length ? JSON.stringify(e.freebase) : null,
        names.length ? JSON.stringify(unique(names).slice(0, MAX_DISPLAY_ALIASES)) : null,
        e.props && Object.keys(e.props).length ? JSON.stringify(e.props) : null,
      ) as { lastInsertRowid: number | bigint };
      id = Number(info.lastInsertRowid);
    } else {
      id = row.id;
      // Take a new id only when no other entity holds it (unique indexes).
      const newTitle = row.title ?? (title && !this.st.byTitle.get(title) ? title : null);
      const newQid = row.qid ?? (e.qid && !this.st.byQid.get(e.qid) ? e.qid : null);
      const props = { ...(e.props ?? {}), ...(row.props ? (JSON.parse(row.props) as Record<string, PropertyValue>) : {}) };
      this.st.update.run(
        newTitle,
        newQid,
        row.mid ?? e.mid ?? null,
        row.label || e.label || '',
        row.description ?? e.description ?? null,
        Math.max(row.popularity, e.popularity ?? 0),
        mergedList(row.dbpedia, e.dbpedia),
        mergedList(row.freebase, e.freebase),
        mergedList(row.aliases, names, MAX_DISPLAY_ALIASES),
        Object.keys(props).length ? JSON.stringify(props) : null,
        id,
      );
    }
    if (e.dbpedia?.length) {
      const rank = TYPE_EVIDENCE[e.typeEvidence ?? 'description'];
      let m = this.classEvidence.get(id);
      if (!m) this.classEvidence.set(id, (m = new Map()));
      for (const c of e.dbpedia) m.set(c, Math.min(m.get(c) ?? rank, rank));
    }
    if (e.derivedAcronyms === false) this.noDerivedAcronyms.add(id);
    for (const n of names) this.addAlias(n, id, 0);
    if (title && e.nameIsAlias !== false) this.addAlias(title.replace(/_/g, ' ').replace(/ \([^)]*\)$/, ''), id, 0);
    return id;
  }

  /**
   * Records that `alias` names entity `id` `count` times (anchor or
   * annotation counts; 0 for a name that is only known to be an alias).
   * Stopwords (unless written as an acronym: "U.S.") and one-character
   * aliases are not stored: they cannot match.
   */
  addAlias(alias: string, id: number, count: number): void {
    const key = normalizeAlias(alias);
    if (key.length < 2 || (STOPWORDS.has(key) && !isAcronym(alias))) return;
    this.st.alias.run(key, id, count);
  }

  /**
   * Whether the KB has a page of this title without a QID that it types as nothing but an organisation
   * (or not at all): a source naming an organisation so may give the page its QID (brands, ROR).
   */
  isOrganisationPageWithoutQid(title: string): boolean {
    const row = this.st.byTitle.get(canonicalTitle(title));
    if (!row || row.qid) return false;
    return (row.dbpedia ? (JSON.parse(row.dbpedia) as string[]) : []).every((c) => this.isOrganisationClass(c));
  }

  /** How many entities have `alias` (normalized) as an alias. */
  candidateCount(alias: string): number {
    this.countStatement ??= this.db.prepare('SELECT COUNT(*) AS n FROM aliases WHERE alias = ?');
    return (this.countStatement.get(normalizeAlias(alias)) as { n: number }).n;
  }

  private countStatement?: Database.Statement<[string], { n: number }>;

  /** Whether `alias` is already an alias of entity `id`. */
  hasAlias(alias: string, id: number): boolean {
    return this.db.prepare('SELECT 1 FROM aliases WHERE alias = ? AND entity = ?').get(normalizeAlias(alias), id) !== undefined;
  }

  addRelated(a: number, b: number): void {
    if (a === b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      let s = this.related.get(x);
      if (!s) this.related.set(x, (s = new Set()));
      if (s.size < MAX_RELATED) s.add(y);
    }
  }

  setContext(id: number, context: Record<string, number>): void {
    this.db.prepare('UPDATE entities SET context = ? WHERE id = ?').run(JSON.stringify(context), id);
  }

  /**
   * Classes under at most one disjoint top class, from consistent evidence:
   * the classes of the strongest evidence the entity has (among them, the
   * ontology's rule: the most specific class's top class), plus weaker
   * classes under the same top class. Classes under no top class (Language,
   * Disease) count as a top class of their own here, so a weak Person never
   * joins a ProgrammingLanguage.
   */
  private resolveContradiction(classes: string[], evidence: Map<string, number> | undefined): string[] {
    if (classes.length <= 1) return classes;
    const rankOf = (c: string) => evidence?.get(c) ?? TYPE_EVIDENCE.description;
    const best = Math.min(...classes.map(rankOf));
    const strongest = this.ontology.consistentClasses(classes.filter((c) => rankOf(c) === best));
    const tops = new Set(strongest.map((c) => this.ontology.topClass(c) ?? c));
    const sameTop = (c: string) => {
      const t = this.ontology.topClass(c);
      return t !== undefined ? tops.has(t) : strongest.some((s) => this.ontology.isA(c, s) || this.ontology.isA(s, c));
    };
    return classes.filter((c) => strongest.includes(c) || (rankOf(c) > best && sameTop(c)));
  }

  /**
   * Finishes the file: types with ancestors and their Freebase-style
   * counterparts, related lists, priors p(e|alias), meta, then compacts and
   * moves it into place.
   */
  finish(meta: Record<string, string | number>, log: (msg: string) => void = () => {}): void {
    const db = this.db;
    log(`kb: ${this.mergeTwins()} pages without a QID joined with the one Wikidata item of their name`);
    log('kb: types');
    // A title that says what the page is ("…_(cricketer)", "…_national_football_team")
    // beats the weaker evidence of the sources (AIDA marks national teams LOC).
    const titled = db.prepare('SELECT id, title FROM entities WHERE title IS NOT NULL').all() as { id: number; title: string }[];
    const setType = db.prepare('UPDATE entities SET dbpedia = ? WHERE id = ?');
    const placeName = this.placeNameTest();
    this.batch(() => {
      for (const r of titled) {
        const cls = classForTitle(r.title, placeName);
        if (cls && this.ontology.resolve(cls)) setType.run(JSON.stringify([cls]), r.id);
      }
    });
    // No entity is two disjoint things at once: the strongest evidence decides,
    // weaker evidence only refines it. Then store only the most specific classes
    // (ancestors are added when read, from the ontology): it halves the type columns.
    const typed = db.prepare('SELECT id, dbpedia FROM entities WHERE dbpedia IS NOT NULL').all() as { id: number; dbpedia: string }[];
    const setTypes = db.prepare('UPDATE entities SET dbpedia = ? WHERE id = ?');
    let resolved = 0;
    this.batch(() => {
      for (const r of typed) {
        const classes = JSON.parse(r.dbpedia) as string[];
        const consistent = withoutRoleClasses(this.resolveContradiction(classes, this.classEvidence.get(r.id)), this.ontology);
        if (consistent.length !== classes.length) resolved++;
        setTypes.run(JSON.stringify(mostSpecific(consistent, this.ontology)), r.id);
      }
    });
    log(`kb: ${resolved} entities had classes that weaker evidence contradicts; the best-supported ones kept`);
    log(`kb: ${this.typeFromTitleForm()} untyped entities typed by their title's head word or "Place,_Region" form`);
    log(`kb: ${this.formerTitles.size} former titles resolved to the entity under its current title`);
    log('kb: surnames, club names, acronyms');
    this.addSurnames();
    this.addClubNames();
    log(`kb: ${this.addAcronyms()} acronym aliases`);
    log(`kb: ${this.addUmlautSpellings()} umlaut-free spellings (Möllenbeck → Moellenbeck)`);
    log(`kb: ${this.addIsationSpellings()} -isation/-ization spellings (World Health Organisation)`);
    log(`kb: ${this.addShortOrganisationNames()} short organisation names (Dow Chemical, Agriculture Department)`);
    log(`kb: ${this.addInstitutionNameVariants()} institution names as people shorten them (Salk Institute, University of Utrecht)`);
    log(`kb: ${this.addNationalTeamNames()} national teams named by their country (Japan → Japan_national_football_team)`);
    log(`kb: ${this.addTeamNicknames()} team nicknames (Lakers → Los_Angeles_Lakers)`);
    log(`kb: ${this.addCompetitionNames()} competitions named without their governing body (Champions League → UEFA_Champions_League)`);
    log(`kb: ${this.addUsNames()} names with "U.S." for "United States" (U.S. Department of Education)`);
    log(`kb: ${this.addNamesWithoutMiddleInitials()} people's names without their middle initials (Linda B. Buck → Linda Buck)`);
    log('kb: related');
    const setRelated = db.prepare('UPDATE entities SET related = ? WHERE id = ?');
    this.batch(() => {
      for (const [id, s] of this.related) setRelated.run([...s].join(' '), id);
    });
    log('kb: priors');
    this.computePriors();
    // A label the title gives is not stored twice (the reader derives it).
    const labels = db.prepare("SELECT id, label, title FROM entities WHERE title IS NOT NULL AND label != ''").all() as { id: number; label: string; title: string }[];
    const dropLabel = db.prepare("UPDATE entities SET label = '' WHERE id = ?");
    this.batch(() => {
      for (const r of labels) if (r.label === labelFromTitle(r.title)) dropLabel.run(r.id);
    });
    const setMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const counts = {
      entities: (db.prepare('SELECT COUNT(*) AS n FROM entities').get() as { n: number }).n,
      aliases: (db.prepare('SELECT COUNT(*) AS n FROM aliases').get() as { n: number }).n,
    };
    this.batch(() => {
      for (const [k, v] of Object.entries({ format: KB_FORMAT_VERSION, ...meta, ...counts })) setMeta.run(k, String(v));
      if (this.givenNames.size > 0) setMeta.run(GIVEN_NAMES_META, [...this.givenNames].sort().join(' '));
    });
    log(`kb: ${counts.entities} entities, ${counts.aliases} aliases; compacting`);
    db.exec('VACUUM');
    db.close();
    if (existsSync(this.outFile)) rmSync(this.outFile);
    renameSync(this.tmpFile, this.outFile);
  }

  /**
   * Twins: a Wikipedia page the KB knows without its QID (AIDA's and PPRforNED's pages, Pantheon's people:
   * "Estonia", "Wembley_Stadium", "Reuters") and a Wikidata item it knows without a title (the seeds, CoDEx,
   * wikidata-disambig, IPTC: Q191 "Estonia", Q128468 "Wembley Stadium") are one entity when the item is the only one
   * the KB labels with the page's name and their classes do not disagree (the same top class, or one
   * unclassified) nor their Freebase mids. The linker chose the page, the likelier by its statistics, and
   * its link carried no QID; now the page has the item's QID, aliases, properties and relations, and the
   * item is gone. A name two items share ("Catanzaro", the city and its province; "Red Sea", the sea and two
   * provinces) joins none. Returns how
   * many were joined.
   */
  private mergeTwins(): number {
    const db = this.db;
    const items = db.prepare("SELECT * FROM entities WHERE title IS NULL AND qid IS NOT NULL AND label != ''").all() as EntityRow[];
    const byName = new Map<string, EntityRow[]>();
    for (const r of items) {
      const key = canonicalTitle(r.label);
      const list = byName.get(key);
      if (list) list.push(r);
      else byName.set(key, [r]);
    }
    const tops = (dbpedia: string | null) => new Set((dbpedia ? (JSON.parse(dbpedia) as string[]) : []).map((c) => this.ontology.topClass(c) ?? c));
    const agree = (a: Set<string>, b: Set<string>) => a.size === 0 || b.size === 0 || [...a].some((t) => b.has(t));
    let n = 0;
    this.batch(() => {
      for (const [name, list] of byName) {
        if (list.length !== 1) continue;
        const item = list[0];
        const page = this.st.byTitle.get(name);
        if (!page || page.qid || (page.mid && item.mid && page.mid !== item.mid)) continue;
        if (!agree(tops(page.dbpedia), tops(item.dbpedia))) continue;
        if (!page.dbpedia && item.dbpedia && /^\p{Lu}\p{Ll}+$/u.test(name) && this.everydayWord?.(name.toLowerCase())) continue;
        this.mergeInto(page, item);
        n++;
      }
    });
    return n;
  }

  private mergeStatements?: Record<'moveAliases' | 'dropAliases' | 'dropEntity' | 'update', Database.Statement<unknown[], unknown>>;

  /** Moves entity `drop`'s ids, fields, aliases, relations and class evidence into `keep`, and deletes `drop`. */
  private mergeInto(keep: EntityRow, drop: EntityRow): void {
    const st = (this.mergeStatements ??= {
      moveAliases: this.db.prepare(
        'INSERT INTO aliases (alias, entity, count) SELECT alias, ?, count FROM aliases WHERE entity = ? ON CONFLICT(alias, entity) DO UPDATE SET count = count + excluded.count',
      ),
      dropAliases: this.db.prepare('DELETE FROM aliases WHERE entity = ?'),
      dropEntity: this.db.prepare('DELETE FROM entities WHERE id = ?'),
      update: this.db.prepare('UPDATE entities SET qid=?, mid=?, description=?, popularity=?, dbpedia=?, freebase=?, aliases=?, props=?, context=? WHERE id=?'),
    });
    st.moveAliases.run(keep.id, drop.id);
    st.dropAliases.run(drop.id);
    // The item's row goes first: its QID must be free for the page (unique index).
    st.dropEntity.run(drop.id);
    const list = (a: string | null, b: string | null, cap?: number) => mergedList(a, b ? (JSON.parse(b) as string[]) : [], cap);
    const props = { ...(drop.props ? (JSON.parse(drop.props) as Record<string, PropertyValue>) : {}), ...(keep.props ? (JSON.parse(keep.props) as Record<string, PropertyValue>) : {}) };
    st.update.run(
      drop.qid,
      keep.mid ?? drop.mid,
      keep.description ?? drop.description,
      Math.max(keep.popularity, drop.popularity),
      list(keep.dbpedia, drop.dbpedia),
      list(keep.freebase, drop.freebase),
      list(keep.aliases, drop.aliases, MAX_DISPLAY_ALIASES),
      Object.keys(props).length ? JSON.stringify(props) : null,
      keep.context ?? drop.context,
      keep.id,
    );
    const related = this.related.get(drop.id);
    if (related) {
      this.related.delete(drop.id);
      for (const other of related) {
        this.related.get(other)?.delete(drop.id);
        this.addRelated(keep.id, other);
      }
    }
    const evidence = this.classEvidence.get(drop.id);
    if (evidence) {
      this.classEvidence.delete(drop.id);
      let m = this.classEvidence.get(keep.id);
      if (!m) this.classEvidence.set(keep.id, (m = new Map()));
      for (const [c, rank] of evidence) m.set(c, Math.min(m.get(c) ?? rank, rank));
    }
  }

  /**
   * The last resort for entities no source gives a class: the title's head
   * word ("…_Airport", "…_Party", "…_Bank") or its "Place,_Region" form when
   * the region is a place of the KB ("Springfield,_Virginia" is a
   * settlement). Returns how many entities got a class.
   */
  private typeFromTitleForm(): number {
    const rows = this.db.prepare('SELECT id, title FROM entities WHERE title IS NOT NULL AND dbpedia IS NULL').all() as { id: number; title: string }[];
    const setType = this.db.prepare('UPDATE entities SET dbpedia = ? WHERE id = ?');
    const placeTitle = this.db.prepare('SELECT dbpedia FROM entities WHERE title = ?');
    const isPlace = (title: string) => {
      const r = placeTitle.get(title) as { dbpedia: string | null } | undefined;
      return !!r?.dbpedia && (JSON.parse(r.dbpedia) as string[]).some((c) => this.ontology.topClass(c) === 'Place');
    };
    let n = 0;
    this.batch(() => {
      for (const r of rows) {
        const region = containingPlaceOf(r.title);
        const cls = classForTitleHead(r.title) ?? (region && isPlace(region) ? 'Settlement' : undefined);
        if (cls && this.ontology.resolve(cls)) setType.run(JSON.stringify([cls]), r.id), n++;
      }
    });
    return n;
  }

  /**
   * A person is called by the surname after first mention, and sports
   * reports and line-ups often only ever use it: every person's surname is
   * an alias (count 0, so its prior comes from popularity among the
   * surname's candidates, below any annotated use of the same string).
   */
  private addSurnames(): void {
    const persons = this.db.prepare('SELECT id, label, title, dbpedia FROM entities WHERE dbpedia IS NOT NULL').all() as {
      id: number; label: string; title: string | null; dbpedia: string;
    }[];
    let n = 0;
    this.batch(() => {
      for (const r of persons) {
        if (!(JSON.parse(r.dbpedia) as string[]).some((c) => this.ontology.isA(c, 'Person'))) continue;
        const names = new Set([r.label, r.title ? r.title.replace(/_/g, ' ') : '']);
        for (const name of names) {
          const s = name ? surnameOf(name) : undefined;
          if (s) this.addAlias(s, r.id, 0), n++;
          // Arabic names lose their article in English news: "Muammar al-Gaddafi" is "Muammar Gaddafi", "Gaddafi".
          const bare = name ? withoutArabicArticle(name) : name;
          if (bare && bare !== name) {
            this.addAlias(bare, r.id, 0), n++;
            const t = surnameOf(bare);
            if (t) this.addAlias(t, r.id, 0), n++;
          }
        }
      }
    });
    this.surnames = n;
  }

  /**
   * Clubs are called without their legal affix, and "FC Rotor Volgograd"
   * without its city too: "Rotor Volgograd", "Rotor" (count 0). Rugby union
   * clubs are called by their town in results and reports ("Leicester 25
   * Bath 19"): "Bath_Rugby" and "Leicester_Tigers" get "Bath" and "Leicester"
   * when that is a name the KB gives a populated place (count 0; a club links
   * only in a text about sport: the team veto, src/linking/nil.ts).
   */
  private addClubNames(): void {
    const clubs = this.db.prepare("SELECT id, title, dbpedia FROM entities WHERE title IS NOT NULL AND dbpedia LIKE '%Club%'").all() as {
      id: number; title: string; dbpedia: string;
    }[];
    const AFFIX = /^(FC|F\.C\.|AFC|A\.F\.C\.|CF|C\.F\.|SC|AC|AS|SS|CD|KK|PFC|NK|FK|SK|BK)$/;
    const placeName = this.placeNameTest();
    this.batch(() => {
      for (const r of clubs) {
        const words = r.title.replace(/_\([^)]*\)$/, '').split('_');
        // "<Town>_<Nickname or Rugby>", the town a word in capital and small letters ("USA_Perpignan" is no USA).
        const town = words.length === 2 && /^\p{Lu}\p{Ll}+$/u.test(words[0]) ? words[0] : undefined;
        if (town && (JSON.parse(r.dbpedia) as string[]).includes('RugbyClub') && placeName(town)) this.addAlias(town, r.id, 0);
        const lead = AFFIX.test(words[0]);
        const core = words.filter((w) => !AFFIX.test(w));
        if (core.length === 0 || core.length === words.length) continue;
        this.addAlias(core.join(' '), r.id, 0);
        if (lead && core.length === 2) this.addAlias(core[0], r.id, 0);
      }
    });
  }

  /** Whether a name is one the KB gives a populated place (any of its candidates). */
  private placeNameTest(): (name: string) => boolean {
    const isPlace = this.db.prepare('SELECT e.dbpedia FROM aliases a JOIN entities e ON e.id = a.entity WHERE a.alias = ? AND e.dbpedia IS NOT NULL');
    return (name: string): boolean =>
      (isPlace.all(normalizeAlias(name)) as { dbpedia: string }[]).some((r) => (JSON.parse(r.dbpedia) as string[]).some((c) => this.ontology.isA(c, 'PopulatedPlace')));
  }

  /**
   * Competitions are named without the body that runs them: "Champions League" (UEFA_Champions_League),
   * "Europa League", "World Darts Championship". A title of an acronym and capitalized words that end in a
   * competition's head word (League, Cup, Championship, Trophy, Tour, Series) gets those words as an alias
   * (count 0) when the acronym's best candidate is an organisation ("UEFA", "FIFA", "PDC"; not a country:
   * "USA_Rugby_League" is no "Rugby League"). Returns how many.
   */
  private addCompetitionNames(): number {
    const titles = this.db.prepare("SELECT id, title FROM entities WHERE title GLOB '[A-Z][A-Z]*_*'").all() as { id: number; title: string }[];
    const best = this.db.prepare('SELECT e.dbpedia FROM aliases a JOIN entities e ON e.id = a.entity WHERE a.alias = ? ORDER BY a.count DESC, e.popularity DESC LIMIT 1');
    const organisation = (acronym: string): boolean => {
      const row = best.get(normalizeAlias(acronym)) as { dbpedia: string | null } | undefined;
      const classes = row?.dbpedia ? (JSON.parse(row.dbpedia) as string[]) : [];
      return classes.some((c) => this.ontology.isA(c, 'Organisation'));
    };
    let n = 0;
    this.batch(() => {
      for (const r of titles) {
        const m = /^([A-Z]{2,6})_((?:[A-Z][\w'-]*_)+(?:League|Cup|Championship|Trophy|Tour|Series))$/.exec(r.title);
        if (!m || !organisation(m[1])) continue;
        this.addAlias(m[2].replace(/_/g, ' '), r.id, 0);
        n++;
      }
    });
    return n;
  }

  /**
   * North American teams are called by their nickname alone: "the Lakers beat the Celtics", "the Bears signed
   * a quarterback". A professional league team (basketball, American and Canadian football, baseball, hockey)
   * titled "<place> <Nickname>" (Los_Angeles_Lakers, Toronto_Blue_Jays, Tampa_Bay_Rays) gets the nickname as an
   * alias (count 0) when the place is a name the KB gives a populated place, the nickname is one or two capitalized
   * words, and no other such team of the KB has it — or one has ten times the popularity of the rest (Green Bay's
   * Packers, not Anderson's): "Giants" (New York's and San Francisco's) stay unresolved. A one-word team name
   * links only in a text about sport (the team veto, src/linking/nil.ts), so "Eagles" stays the band elsewhere.
   * Returns how many.
   */
  private addTeamNicknames(): number {
    const teams = this.db.prepare('SELECT id, title, dbpedia, popularity FROM entities WHERE title IS NOT NULL AND dbpedia IS NOT NULL').all() as {
      id: number; title: string; dbpedia: string; popularity: number;
    }[];
    const placeName = this.placeNameTest();
    const LEAGUE_TEAM = ['BasketballTeam', 'AmericanFootballTeam', 'BaseballTeam', 'HockeyTeam', 'CanadianFootballTeam'];
    const byNickname = new Map<string, { id: number; popularity: number }[]>();
    for (const r of teams) {
      const classes = JSON.parse(r.dbpedia) as string[];
      // Professional league teams only: college nicknames are shared across the country (Wildcats, Tigers,
      // Bulldogs), more than the KB's college teams show.
      if (!classes.some((c) => LEAGUE_TEAM.some((t) => this.ontology.isA(c, t)))) continue;
      const nickname = teamNickname(r.title, placeName);
      if (nickname === undefined) continue;
      const key = normalizeAlias(nickname);
      const list = byNickname.get(key) ?? [];
      list.push({ id: r.id, popularity: r.popularity });
      byNickname.set(key, list);
    }
    let n = 0;
    this.batch(() => {
      for (const [key, list] of byNickname) {
        // One team of the name, or one ten times as well known as any other (Green Bay's Packers, not Anderson's).
        list.sort((x, y) => y.popularity - x.popularity);
        if (list.length > 1 && list[0].popularity < 10 * list[1].popularity) continue;
        this.addAlias(key, list[0].id, 0);
        n++;
      }
    });
    return n;
  }

  /**
   * Organisations are named by their initials after first mention, and often
   * only so ("IRA", "NLD", "WHO", "AMD"): the initials of a name of three or
   * more capitalized words (function words skipped: "National League for
   * Democracy" → NLD) are an alias (count 0, so the prior comes from
   * popularity among the acronym's candidates, below any annotated use).
   * Sports teams are left out: they are not called by their initials; so are
   * people, places, works and events.
   * Returns how many were added.
   */
  private addAcronyms(): number {
    const rows = this.db.prepare('SELECT id, label, title, dbpedia FROM entities').all() as {
      id: number; label: string; title: string | null; dbpedia: string | null;
    }[];
    let n = 0;
    this.batch(() => {
      for (const r of rows) {
        if (this.noDerivedAcronyms.has(r.id)) continue;
        // Organisations, and untyped pages (PPRforNED's candidates: "Irish_Republican_Army"); a
        // concept's title is lower case after its first word, so acronymOf passes it by.
        const classes = r.dbpedia ? (JSON.parse(r.dbpedia) as string[]) : [];
        const org = classes.some((c) => this.ontology.isA(c, 'Organisation'));
        if ((classes.length > 0 && !org) || classes.some((c) => this.ontology.isA(c, 'SportsTeam') || this.ontology.isA(c, 'SportsClub'))) continue;
        const names = new Set([r.label, r.title ? r.title.replace(/_/g, ' ') : '']);
        for (const name of names) {
          const a = name ? acronymOf(name) : undefined;
          if (a) this.addAlias(a, r.id, 0), n++;
        }
      }
    });
    return n;
  }

  /**
   * English news writes German names without umlauts, as "ae", "oe", "ue"
   * ("Moellenbeck", "Moenchengladbach", "Juergen"), while the sources spell
   * them with umlauts — which alias keys drop ("mollenbeck"). Each name with
   * an umlaut or ß (label, title, display aliases, and a person's surname)
   * gets its transliterated spelling as an alias (count 0). Returns how many.
   */
  private addUmlautSpellings(): number {
    const rows = this.db.prepare("SELECT id, label, title, aliases, dbpedia FROM entities").all() as {
      id: number; label: string; title: string | null; aliases: string | null; dbpedia: string | null;
    }[];
    let n = 0;
    this.batch(() => {
      for (const r of rows) {
        const names = namesOf(r).filter((x) => /[äöüÄÖÜß]/.test(x));
        if (names.length === 0) continue;
        const person = !!r.dbpedia && (JSON.parse(r.dbpedia) as string[]).some((c) => this.ontology.isA(c, 'Person'));
        for (const name of new Set(names)) {
          const spelled = withoutUmlauts(name);
          this.addAlias(spelled, r.id, 0), n++;
          const surname = person ? surnameOf(spelled) : undefined;
          if (surname && /ae|oe|ue|ss/.test(surname)) this.addAlias(surname, r.id, 0), n++;
        }
      }
    });
    return n;
  }

  /**
   * British and Commonwealth English write "-isation" where the KB's names (Wikipedia's titles, Wikidata's
   * labels) mostly have "-ization", and the reverse: "World Health Organisation", "International Labor
   * Organization". A name with either gets the other spelling as an alias (count 0). Returns how many.
   */
  private addIsationSpellings(): number {
    const rows = this.db.prepare('SELECT id, label, title, aliases FROM entities').all() as {
      id: number; label: string; title: string | null; aliases: string | null;
    }[];
    let n = 0;
    this.batch(() => {
      for (const r of rows) {
        for (const name of new Set(namesOf(r))) {
          const other = otherIsationSpelling(name);
          if (other !== undefined) this.addAlias(other, r.id, 0), n++;
        }
      }
    });
    return n;
  }

  /**
   * News names companies without their legal form ("Dow Chemical" for
   * Dow_Chemical_Company) and ministries head first ("Agriculture
   * Department", "U.S. Agriculture Department" for
   * United_States_Department_of_Agriculture): those names are aliases
   * (count 0). Returns how many were added.
   */
  private addShortOrganisationNames(): number {
    const rows = this.db.prepare('SELECT id, title FROM entities WHERE title IS NOT NULL').all() as { id: number; title: string }[];
    let n = 0;
    this.batch(() => {
      for (const r of rows) for (const name of shortOrganisationNames(r.title)) this.addAlias(name, r.id, 0), n++;
    });
    return n;
  }

  /**
   * Text names an institution shorter or turned around: "the Salk Institute" (Salk Institute for
   * Biological Studies), "the Oberlin Conservatory", "the University of Utrecht" (Utrecht University).
   * Each organisation's names give those variants (institutionNameVariants); a variant becomes an alias
   * (count 0) only where no entity has that name yet and no other organisation's names give it: a name two
   * institutions could own ("Trinity College", "Washington University"; "University of Maryland", which
   * the College Park and the Baltimore campus both give) stays as the sources have it. Returns how many
   * were added.
   */
  private addInstitutionNameVariants(): number {
    const rows = this.db.prepare('SELECT id, label, title, aliases, dbpedia FROM entities WHERE dbpedia IS NOT NULL').all() as {
      id: number; label: string; title: string | null; aliases: string | null; dbpedia: string;
    }[];
    const proposed = new Map<string, { name: string; ids: Set<number> }>();
    for (const r of rows) {
      const classes = JSON.parse(r.dbpedia) as string[];
      if (classes.length === 0 || !classes.every((c) => this.ontology.topClass(c) === 'Organisation')) continue;
      for (const name of new Set(namesOf(r))) {
        for (const v of institutionNameVariants(name, this.everydayWord)) {
          const key = normalizeAlias(v);
          const p = proposed.get(key);
          if (p) p.ids.add(r.id);
          else proposed.set(key, { name: v, ids: new Set([r.id]) });
        }
      }
    }
    return this.addUnclaimedNames(proposed);
  }

  /**
   * Adds each proposed name as an alias (count 0) of the one entity that proposed it, where no entity has that name
   * yet: a name two entities propose stays unresolved. Returns how many were added.
   */
  private addUnclaimedNames(proposed: ReadonlyMap<string, { name: string; ids: ReadonlySet<number> }>): number {
    let n = 0;
    this.batch(() => {
      for (const { name, ids } of proposed.values()) {
        if (ids.size !== 1 || this.candidateCount(name) > 0) continue;
        this.addAlias(name, [...ids][0], 0);
        n++;
      }
    });
    return n;
  }

  /**
   * Text often drops a person's middle initials: "Linda Buck" for Linda_B._Buck, "Herbert Brown" for
   * Herbert_C._Brown. A person's name "First X. [Y.] Last" gives "First Last" (count 0) where no entity has that
   * name yet and no other person's name gives it ("George Bush" is both Bushes'). Returns how many.
   */
  private addNamesWithoutMiddleInitials(): number {
    const rows = this.db.prepare('SELECT id, label, title, aliases, dbpedia FROM entities WHERE dbpedia IS NOT NULL').all() as {
      id: number; label: string; title: string | null; aliases: string | null; dbpedia: string;
    }[];
    const proposed = new Map<string, { name: string; ids: Set<number> }>();
    for (const r of rows) {
      if (!(JSON.parse(r.dbpedia) as string[]).some((c) => this.ontology.isA(c, 'Person'))) continue;
      for (const name of new Set(namesOf(r))) {
        const bare = withoutMiddleInitials(name);
        if (!bare) continue;
        const key = normalizeAlias(bare);
        const p = proposed.get(key);
        if (p) p.ids.add(r.id);
        else proposed.set(key, { name: bare, ids: new Set([r.id]) });
      }
    }
    return this.addUnclaimedNames(proposed);
  }

  /**
   * News writes "U.S." where an organisation's name says "United States": "U.S. Department of Education" (ROR's
   * "United States Department of Education"), "U.S. Virgin Islands". Every alias "United States …" gets its
   * "U.S. …" form (the key "us …", which "US …" shares) where no entity has that name yet (count 0). The names
   * derived from titles already have it (shortOrganisationNames). Returns how many.
   */
  private addUsNames(): number {
    const rows = this.db.prepare("SELECT alias, entity FROM aliases WHERE alias LIKE 'united states %' ORDER BY alias, entity").all() as { alias: string; entity: number }[];
    const byKey = new Map<string, number[]>();
    for (const r of rows) {
      const key = `us ${r.alias.slice('united states '.length)}`;
      const ids = byKey.get(key) ?? [];
      ids.push(r.entity);
      byKey.set(key, ids);
    }
    let n = 0;
    this.batch(() => {
      for (const [key, ids] of byKey) {
        if (this.candidateCount(key) > 0) continue;
        for (const id of ids) this.addAlias(key, id, 0), n++;
      }
    });
    return n;
  }

  /**
   * Sports reports name a national team by its country alone ("Japan beat
   * Syria 2-1"), but only the teams AIDA train or PPRforNED name so had that alias:
   * Japan's, China's or Uzbekistan's football teams were no candidate of
   * their country's name. The country in the title is an alias of every
   * national team (count 0: the prior stays the popularity share, far below
   * the country's; the ranker's sports features decide). Returns how many.
   */
  private addNationalTeamNames(): number {
    const rows = this.db.prepare("SELECT id, title FROM entities WHERE title LIKE '%team%'").all() as { id: number; title: string }[];
    let n = 0;
    this.batch(() => {
      for (const r of rows) {
        const country = nationalTeamCountry(r.title);
        if (country) this.addAlias(country, r.id, 0), n++;
      }
    });
    return n;
  }

  /** Surname aliases added by finish(). */
  surnames = 0;

  /**
   * p(e | alias) = (count(e, alias) + s·pop(e)) / (Σ count + s), where
   * pop(e) is e's share of log(1 + in-links) among the alias's candidates
   * and s = 0.5: annotation counts dominate where they exist; a name known
   * only from a label or alias list gets its prior from popularity.
   * Processed in alias order, a chunk at a time, so memory stays flat.
   */
  private computePriors(): void {
    const SMOOTH = 0.5;
    const chunk = this.db.prepare(
      'SELECT a.alias, a.entity, a.count, e.popularity, e.label, e.title, e.qid, e.dbpedia, e.props FROM aliases a JOIN entities e ON e.id = a.entity WHERE a.alias > ? ORDER BY a.alias LIMIT 200000',
    );
    const set = this.db.prepare('UPDATE aliases SET prior = ? WHERE alias = ? AND entity = ?');
    let after = '';
    for (;;) {
      const rows = chunk.all(after) as ({ alias: string; entity: number; count: number } & PriorRow)[];
      if (rows.length === 0) break;
      // Drop the last (possibly partial) alias unless the chunk is the final one.
      let end = rows.length;
      if (rows.length === 200000) {
        const last = rows[rows.length - 1].alias;
        while (end > 0 && rows[end - 1].alias === last) end--;
        if (end === 0) end = rows.length;
      }
      this.batch(() => {
        let i = 0;
        while (i < end) {
          let j = i;
          while (j < end && rows[j].alias === rows[i].alias) j++;
          let total = 0;
          let popTotal = 0;
          const terms = popularityTerms(rows.slice(i, j), this.ontology);
          for (let k = i; k < j; k++) {
            total += rows[k].count;
            popTotal += terms[k - i];
          }
          const n = j - i;
          for (let k = i; k < j; k++) {
            const pop = popTotal > 0 ? terms[k - i] / popTotal : 1 / n;
            set.run((rows[k].count + SMOOTH * pop) / (total + SMOOTH), rows[k].alias, rows[k].entity);
          }
          i = j;
        }
      });
      after = rows[end - 1].alias;
    }
  }

  /** Abandons the build (removes the partial file). */
  abort(): void {
    this.db.close();
    if (existsSync(this.tmpFile)) rmSync(this.tmpFile);
  }
}

const LEGAL_FORM = /^(Company|Corporation|Corp\.|Inc\.|Incorporated|Limited|Ltd\.|plc|PLC|AG|S\.A\.|N\.V\.|Holdings)$/;

/**
 * Shorter names news uses for an organisation's title: without a legal form
 * and a leading "The" ("The_Coca-Cola_Company" → "Coca-Cola"), and a
 * ministry head first ("United_States_Department_of_Agriculture" →
 * "Agriculture Department", "U.S. Agriculture Department").
 */
export function shortOrganisationNames(title: string): string[] {
  if (/_\(/.test(title)) return [];
  const words = title.replace(/,_/g, '_').split('_');
  const out: string[] = [];
  if (words.length >= 2 && LEGAL_FORM.test(words[words.length - 1])) {
    const core = words.slice(words[0] === 'The' ? 1 : 0, -1);
    if (core.length > 0 && /^\p{Lu}/u.test(core[0])) out.push(core.join(' '));
  }
  const dept = /^(United_States_|U\.S\._)?(Department|Ministry)_of_(the_)?([A-Z][A-Za-z]+)$/.exec(title);
  if (dept) {
    const head = `${dept[4]} ${dept[2]}`;
    out.push(head);
    if (dept[1]) out.push(`U.S. ${head}`);
  }
  // A federal body is "the U.S. Census Bureau", "the U.S. Air Force", and a department "the Department of
  // Homeland Security": American text shortens the country in the title Wikipedia gives it, or leaves it out.
  const federal = /^United_States_([A-Z][\p{L}.]*(?:_(?:[A-Z][\p{L}.]*|of|the|and|for))*)$/u.exec(title);
  if (federal) {
    const rest = federal[1].replace(/_/g, ' ');
    out.push(`U.S. ${rest}`);
    if (/^(Department|Secretary) of /.test(rest)) out.push(rest);
  }
  return out;
}

/** The head nouns of an institution's name that its short form keeps ("the Salk Institute"). */
const INSTITUTION_HEADS = new Set(
  'Institute Institution Conservatory Conservatoire Academy Museum College School Seminary Society Foundation Observatory Laboratory Laboratories Hospital Library Orchestra Theatre Theater Centre Center'.split(' '),
);

/**
 * Shorter and turned-around names of an institution's name: "Salk Institute for Biological Studies" →
 * "Salk Institute" (the name up to an institution's head noun before "of", "for" or "in", when a word before
 * the head is no everyday English word: "National Institute of Standards" keeps its name);
 * "University of Maryland, College Park" → "University of Maryland" (a campus after a comma);
 * "Utrecht University" ↔ "University of Utrecht" (one or two capitalized words).
 */
export function institutionNameVariants(name: string, everyday?: (w: string) => boolean): string[] {
  const out: string[] = [];
  const campus = /^(University of [A-Z][\p{L}]+(?: [A-Z][\p{L}]+)?), [A-Z][\p{L}.]+(?: [A-Z][\p{L}.]+)*$/u.exec(name);
  if (campus) out.push(campus[1]);
  const base = campus ? campus[1] : name;
  const of = /^University of ([A-Z][\p{L}]+(?: [A-Z][\p{L}]+)?)$/u.exec(base);
  if (of) out.push(`${of[1]} University`);
  const own = /^([A-Z][\p{L}]+(?: [A-Z][\p{L}]+)?) University$/u.exec(base);
  if (own && !/^(State|National|City|Open|Central|International)$/.test(own[1].split(' ').pop() ?? '')) out.push(`University of ${own[1]}`);
  const words = name.split(' ');
  for (let i = 1; i < words.length - 1; i++) {
    if (!INSTITUTION_HEADS.has(words[i]) || !/^(of|for|in)$/.test(words[i + 1])) continue;
    const before = words.slice(0, i);
    if (before.length > 3 || !before.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))) break;
    if (everyday && before.every((w) => everyday(w.toLowerCase()))) break;
    out.push(words.slice(0, i + 1).join(' '));
    break;
  }
  return out;
}

/**
 * The country (or home nation) a national team's title names:
 * "Japan_national_football_team" → "Japan", "United_States_men's_national_soccer_team"
 * → "United States", "England_cricket_team" → "England",
 * "Romania_national_under-21_football_team" → "Romania"; undefined for any
 * other title (clubs are named by their city elsewhere, not here).
 */
export function nationalTeamCountry(title: string): string | undefined {
  const m = /^(.+?)_(?:(?:men's|women's)_)?(?:national_(?:under-\d+_)?(?:[a-z]+_){0,2}team|cricket_team|(?:Davis|Fed)_Cup_team)$/.exec(title);
  return m && /^\p{Lu}/u.test(m[1]) && !/_\(|national/.test(m[1]) ? m[1].replace(/_/g, ' ') : undefined;
}

/** A name without the Arabic article of its parts ("Muammar al-Gaddafi" → "Muammar Gaddafi"); the name itself if it has none. */
export function withoutArabicArticle(name: string): string {
  return name.replace(/(^|\s)(?:al|el|ad|ash|as|at|az|an|ar)-(?=\p{Lu})/gu, '$1');
}

const UMLAUT_SPELLING: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A German name as English news spells it: "Möllenbeck" → "Moellenbeck", "Strauß" → "Strauss". */
/** An entity row's names: its label, its title as a label and its display aliases. */
function namesOf(r: { label: string; title: string | null; aliases: string | null }): string[] {
  return [r.label, r.title ? labelFromTitle(r.title) : '', ...(r.aliases ? (JSON.parse(r.aliases) as string[]) : [])];
}

/** A word's "-ization" ending (and its plural and inflections' stem), as a name writes it. */
const IZATION = /(?<=\p{L}{2}i)([zs])(ation)/gu;

/**
 * The name with "-ization" spelled "-isation" or the reverse ("Organization" ↔ "Organisation",
 * "Civilisation" ↔ "Civilization"), or undefined when it has neither. The case of the letter is kept.
 * Not src/lexicon/spelling.ts's `spellingKey`: it maps one word one way (British to American) and also
 * "-ise" and "-re" endings, which names hold as names ("Louise", "Centre Party" beside a "Center Party").
 */
export function otherIsationSpelling(name: string): string | undefined {
  if (!/[zs]ation/i.test(name)) return undefined;
  const other = name.replace(IZATION, (_, z: string, rest: string) => (z === 'z' ? 's' : 'z') + rest);
  return other === name ? undefined : other;
}

export function withoutUmlauts(name: string): string {
  return name.replace(/[äöüÄÖÜß]/g, (c) => UMLAUT_SPELLING[c]);
}

const CEDILLA_TO_COMMA: Record<string, string> = { 'ş': 'ș', 'Ş': 'Ș', 'ţ': 'ț', 'Ţ': 'Ț' };
const COMMA_TO_CEDILLA: Record<string, string> = { 'ș': 'ş', 'Ș': 'Ş', 'ț': 'ţ', 'Ț': 'Ţ' };

/** The title in the other Romanian spelling: commas below for cedillas, or the reverse (whichever it has). */
export function swapRomanianCommas(title: string): string {
  if (/[şŞţŢ]/.test(title)) return title.replace(/[şŞţŢ]/g, (c) => CEDILLA_TO_COMMA[c]);
  return title.replace(/[șȘțȚ]/g, (c) => COMMA_TO_CEDILLA[c]);
}

const ACRONYM_SKIP = /^(of|the|and|for|de|du|des|la|le|in|on|at|&|y|et|für|der|und)$/i;

/** The initials of a name of 3–6 capitalized words ("Irish Republican Army" → "IRA"), if it has them. */
/** What the prior's popularity share reads of a candidate (popularityTerms). */
export interface PriorRow {
  popularity: number;
  label: string;
  title: string | null;
  qid: string | null;
  dbpedia: string | null;
  props: string | null;
}

/** An entity row's classes: the few distinct `dbpedia` strings of a build parsed once each (computePriors reads 263k rows). */
const parsedClasses = new Map<string, string[]>();
function classesOf(dbpedia: string | null): string[] {
  if (!dbpedia) return [];
  let classes = parsedClasses.get(dbpedia);
  if (!classes) parsedClasses.set(dbpedia, (classes = JSON.parse(dbpedia) as string[]));
  return classes;
}

/** The least popularity term: a town whose namesake region's share it takes, where neither has popularity. */
const NO_POPULARITY = 1e-6;

/**
 * The popularity terms (log1p of popularity) of one alias's candidates, from which the prior shares out what no
 * anchor decides. A town and the province or prefecture named after it ("Catanzaro", "Tokushima") share the name,
 * and text naming it alone means the town far more often, while the region's estimated popularity is often the
 * higher (Tokushima Prefecture 515, the city none): such a region's term goes to the settlement of exactly its name
 * that lies in it or in its country (when higher than the settlement's own), and the region keeps none.
 */
export function popularityTerms(group: readonly PriorRow[], ontology: DbpediaOntology): number[] {
  const terms = group.map((r) => Math.log1p(r.popularity));
  if (group.length < 2) return terms;
  const classes = group.map((r) => classesOf(r.dbpedia));
  const is = (k: number, cls: string) => classes[k].some((c) => ontology.isA(c, cls));
  // Most names have no region among their candidates: their rows' properties are never parsed.
  if (!classes.some((_, k) => is(k, 'AdministrativeRegion'))) return terms;
  const nameOf = (r: PriorRow) => (r.label || labelFromTitle(r.title ?? '')).toLowerCase();
  const props = group.map((r) => (r.props ? (JSON.parse(r.props) as Record<string, PropertyValue>) : {}));
  // The town lies in the region, or at least in its country: "Devon, Alberta" is no town the county is named after.
  const liesIn = (town: number, region: number) =>
    (group[region].qid !== null && props[town].P131 === group[region].qid) || (props[town].P17 !== undefined && props[town].P17 === props[region].P17);
  group.forEach((r, k) => {
    if (!is(k, 'AdministrativeRegion') || is(k, 'Country') || is(k, 'State') || is(k, 'Settlement')) return;
    const town = group.findIndex((t, m) => m !== k && is(m, 'Settlement') && placeNameWithoutArticle(nameOf(t)) === placeNameWithoutArticle(nameOf(r)) && liesIn(m, k));
    if (town < 0) return;
    // Where neither has popularity, the town still takes the region's share (NO_POPULARITY: the least term).
    terms[town] = Math.max(terms[town], terms[k], NO_POPULARITY);
    terms[k] = 0;
  });
  return terms;
}

/**
 * A lower-cased place name without the Arabic article that transliterations write before it or leave out: the
 * KB labels the city "An Najaf" and its governorate "Najaf" (also "al-", "el ", "ar-", "as ", "ad ", "at ", "az ").
 */
function placeNameWithoutArticle(name: string): string {
  return name.replace(/^(?:al|el|an|ar|as|ad|at|az|ash|ath)[\s-]+(?=\p{L})/u, '');
}

export function acronymOf(name: string): string | undefined {
  const words = name.replace(/\s*\([^)]*\)\s*$/, '').split(/[\s-]+/).filter((w) => w.length > 0 && !ACRONYM_SKIP.test(w));
  if (words.length < 3 || words.length > 6) return undefined;
  if (!words.every((w) => /^\p{Lu}\p{L}*[.,]?$/u.test(w))) return undefined;
  return words.map((w) => w[0].toUpperCase()).join('');
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

/** A stored JSON list with more entries, without repeats, at most `cap` long; null when empty. */
function mergedList(stored: string | null, more: readonly string[] | undefined, cap = 64): string | null {
  const list = unique([...(stored ? (JSON.parse(stored) as string[]) : []), ...(more ?? [])]).slice(0, cap);
  return list.length ? JSON.stringify(list) : null;
}

/**
 * Classes Wikidata gives an organisation for something it also does: a university, the OECD or the WHO
 * "is a" publisher (Q2085381) because it runs a press, which DBpedia files under Company. Beside a class
 * that says what the organisation is and is no company (University, GovernmentAgency, Non-ProfitOrganisation),
 * such a role class goes, so that a `Company` filter finds companies, not the University of Oxford.
 */
const ROLE_CLASSES: ReadonlySet<string> = new Set(['Publisher']);

function withoutRoleClasses(classes: string[], ontology: DbpediaOntology): string[] {
  if (!classes.some((c) => ROLE_CLASSES.has(c))) return classes;
  // A kind of organisation below Organisation itself: the bare class (an NER label's) says no more than "an organisation".
  const isNonCompanyOrganisation = (c: string) =>
    !ROLE_CLASSES.has(c) && ontology.resolve(c) !== 'Organisation' && ontology.isA(c, 'Organisation') && !ontology.isA(c, 'Company');
  return classes.some(isNonCompanyOrganisation) ? classes.filter((c) => !ROLE_CLASSES.has(c)) : classes;
}

/** Drops classes that are ancestors of another class in the list; unknown classes are dropped. */
function mostSpecific(classes: string[], ontology: DbpediaOntology): string[] {
  const known = unique(classes.map((c) => ontology.resolve(c)).filter((c): c is string => !!c));
  return known.filter((c) => !known.some((o) => o !== c && ontology.isA(o, c)));
}

/** The word after a place that makes it a team's home: "Tampa Bay", "Ohio State", "Kansas City". */
const PLACE_TAIL = /^(?:Bay|State|City)$/;

/**
 * The nickname of a team titled "<place> <Nickname>" ("Los_Angeles_Lakers" → "Lakers", "Toronto_Blue_Jays" →
 * "Blue Jays", "Tampa_Bay_Rays" → "Rays"): one or two capitalized words (or "76ers") after the longest leading
 * name (up to three words) that `isPlace` accepts, or a place followed by "Bay", "State" or "City".
 * Undefined for a title with a parenthesis or no such form.
 */
export function teamNickname(title: string, isPlace: (name: string) => boolean): string | undefined {
  if (/_\(/.test(title)) return undefined;
  const words = title.split('_');
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const nickname = words.slice(k);
    if (nickname.length > 2 || PLACE_TAIL.test(nickname[0]) || !nickname.every((w) => /^(?:\p{Lu}\p{Ll}[\p{L}'.]*|\d+ers)$/u.test(w))) continue;
    const home = words.slice(0, k);
    if (isPlace(home.join(' ')) || (k > 1 && PLACE_TAIL.test(words[k - 1]) && isPlace(home.slice(0, -1).join(' ')))) return nickname.join(' ');
  }
  return undefined;
}

/**
 * A person's name without the middle initials between the first name and the last ("Linda B. Buck" → "Linda
 * Buck", "Harry S. Truman" → "Harry Truman", "J. K. Rowling" → none: no first name before the initials).
 */
export function withoutMiddleInitials(name: string): string | undefined {
  const m = /^(\p{Lu}\p{Ll}[\p{L}'-]*) (?:\p{Lu}\. ?)+(\p{Lu}[\p{L}'-]+(?: (?:Jr\.|Sr\.|II|III))?)$/u.exec(name.replace(/_/g, ' ').replace(/ \([^)]*\)$/, ''));
  return m ? `${m[1]} ${m[2]}` : undefined;
}
