/**
 * The DBpedia ontology's class hierarchy (models/ontology/dbpedia-classes.json,
 * built by training/ontology/build.mjs from DBpedia's ontology.owl, CC BY-SA
 * 3.0). Class names are plain, without the "dbo:"/"DBpedia:" prefix, the way
 * the hosted API reported types ("Person", "Agent", "PopulatedPlace").
 *
 * NER labels map to classes so that every mention carries types, linked or
 * not, and type filters work on unlinked mentions:
 *   PER  → Person, Agent
 *   ORG  → Organisation, Agent
 *   LOC  → Place, Location (DBpedia declares dbo:Place equivalent to dbo:Location;
 *          the hosted API reported both)
 *   MISC → [] (CoNLL's MISC mixes nationalities, events, works and products;
 *          no single class is right, and a wrong type would defeat filters)
 * Finer labels (e.g. GUM's or WNUT's) map through NER_LABEL_CLASSES as well.
 *
 * A label gives types only when the tagger is confident (score ≥
 * NER_TYPE_MIN_SCORE): an unlinked mention has nothing else to say what it
 * is, and a wrong type defeats a type filter more than a missing one does
 * ("Public License" tagged PER at 0.94, "Franklin St" at 0.95).
 */
import type { ResourceLoader } from '../resources/loader.js';

export interface OntologyClass {
  parents: string[];
  label?: string;
  /** Wikidata classes DBpedia declares equivalent (QIDs). */
  wikidata?: string[];
}

export interface OntologyFile {
  source: string;
  license: string;
  classes: Record<string, OntologyClass>;
}

/**
 * The NER score from which a label gives a mention its types. Measured on
 * CoNLL eng.testa (the tuning split), PER/ORG/LOC mentions of the shipped
 * tagger, share whose label is right: ≥ 0.99: 98.0 % of 3,800; [0.98, 0.99):
 * 91.9 % of 198 (PER 88.6, ORG 94.3, LOC 93.9); [0.95, 0.98): 81.9 % of 238
 * (PER 75.8); [0.9, 0.95): 74.9 %; below 0.9: 29–62 % (a wrong label, or no
 * entity at all). Kept from 0.98: 84 % of the mentions, 97.7 % right.
 */
export const NER_TYPE_MIN_SCORE = 0.98;

/** NER label (upper-cased) → the most specific DBpedia class it implies. */
const NER_LABEL_CLASSES: Record<string, readonly string[]> = {
  PER: ['Person'],
  PERSON: ['Person'],
  ORG: ['Organisation'],
  ORGANIZATION: ['Organisation'],
  ORGANISATION: ['Organisation'],
  CORPORATION: ['Company'],
  GROUP: ['Organisation'],
  LOC: ['Place', 'Location'],
  LOCATION: ['Place', 'Location'],
  PLACE: ['Place', 'Location'],
  GPE: ['PopulatedPlace', 'Location'],
  EVENT: ['Event'],
  'CREATIVE-WORK': ['Work'],
  WORK: ['Work'],
  PRODUCT: [],
  MISC: [],
};

/**
 * Classes no entity can be two of at once: an entity is a person, an
 * organisation, a place, a work, an event or a species, never two of these.
 * A class belongs to the first of these it descends from; classes under none
 * of them (Language, Food, Device, …) are not constrained. Location is
 * DBpedia's equivalent of Place; ArchitecturalStructure (Airport, Building)
 * is a Place in later DBpedia releases, though the shipped hierarchy file has
 * it as a root.
 */
const DISJOINT_TOP_CLASSES: readonly string[] = ['Person', 'Organisation', 'Place', 'Work', 'Event', 'Species'];
const TOP_CLASS_ALIASES: Record<string, string> = { Location: 'Place', ArchitecturalStructure: 'Place' };

/** Pseudo-classes the hierarchy file does not list but the API reported. */
const EXTRA_CLASSES: Record<string, OntologyClass> = {
  Location: { parents: [], label: 'location' },
};

export class DbpediaOntology {
  private readonly classes: ReadonlyMap<string, OntologyClass>;
  private readonly byLower: ReadonlyMap<string, string>;
  private readonly ancestorCache = new Map<string, readonly string[]>();
  private readonly byWikidata: ReadonlyMap<string, string[]>;

  constructor(file: OntologyFile) {
    const classes = new Map<string, OntologyClass>(Object.entries(EXTRA_CLASSES));
    for (const [name, c] of Object.entries(file.classes)) classes.set(name, c);
    this.classes = classes;
    this.byLower = new Map([...classes.keys()].map((k) => [k.toLowerCase(), k]));
    const wd = new Map<string, string[]>();
    for (const [name, c] of classes) for (const q of c.wikidata ?? []) wd.set(q, [...(wd.get(q) ?? []), name]);
    this.byWikidata = wd;
  }

  static async load(loader: ResourceLoader, path = 'ontology/dbpedia-classes.json'): Promise<DbpediaOntology> {
    return new DbpediaOntology(JSON.parse(await loader.text(path)) as OntologyFile);
  }

  /** Canonical plain class name, or undefined; accepts "dbo:"/"DBpedia:" prefixes and any case. */
  resolve(cls: string): string | undefined {
    const plain = cls.replace(/^(dbo|dbpedia|DBpedia):/i, '');
    return this.classes.has(plain) ? plain : this.byLower.get(plain.toLowerCase());
  }

  has(cls: string): boolean {
    return this.resolve(cls) !== undefined;
  }

  /**
   * The class and all its ancestors, from the class upward (breadth first,
   * each once): Person → [Person, Agent]. Empty for an unknown class.
   */
  ancestors(cls: string): string[] {
    const start = this.resolve(cls);
    if (!start) return [];
    const cached = this.ancestorCache.get(start);
    if (cached) return [...cached];
    const out: string[] = [];
    const seen = new Set<string>();
    const queue = [start];
    while (queue.length > 0) {
      const c = queue.shift() as string;
      if (seen.has(c)) continue;
      seen.add(c);
      out.push(c);
      for (const p of this.classes.get(c)?.parents ?? []) queue.push(p);
    }
    this.ancestorCache.set(start, out);
    return [...out];
  }

  /** Whether `cls` is `ancestor` or one of its subclasses. */
  isA(cls: string, ancestor: string): boolean {
    const a = this.resolve(ancestor);
    return a !== undefined && this.ancestors(cls).includes(a);
  }

  /**
   * DBpedia classes (with ancestors) implied by an NER label such as PER, ORG,
   * LOC or MISC; none when the tagger's score for it is under NER_TYPE_MIN_SCORE
   * (a label without a score is taken as given).
   */
  typesForNerLabel(label: string, score = 1): string[] {
    if (score < NER_TYPE_MIN_SCORE) return [];
    const classes = NER_LABEL_CLASSES[label.toUpperCase()] ?? [];
    const out: string[] = [];
    for (const c of classes) for (const a of this.ancestors(c)) if (!out.includes(a)) out.push(a);
    return out;
  }

  /** The disjoint top class (Person, Organisation, Place, Work, Event, Species) a class falls under, if any. */
  topClass(cls: string): string | undefined {
    for (const a of this.ancestors(cls)) {
      if (DISJOINT_TOP_CLASSES.includes(a)) return a;
      const alias = TOP_CLASS_ALIASES[a];
      if (alias) return alias;
    }
    return undefined;
  }

  /** The distinct disjoint top classes among `classes`: more than one is a contradiction. */
  topClasses(classes: readonly string[]): string[] {
    const out: string[] = [];
    for (const c of classes) {
      const t = this.topClass(c);
      if (t && !out.includes(t)) out.push(t);
    }
    return out;
  }

  /**
   * Classes without a contradiction: when they fall under two or more
   * disjoint top classes, keep those under the top class of the most
   * specific class (the deepest in the hierarchy — a fine class such as
   * Company comes from a description or a title, a bare Person or Place
   * from a coarse NER label); on a tie, the one listed first. Classes under
   * no top class are kept.
   */
  consistentClasses(classes: readonly string[]): string[] {
    const tops = this.topClasses(classes);
    if (tops.length <= 1) return [...classes];
    let best: string | undefined;
    let bestDepth = -1;
    for (const c of classes) {
      const t = this.topClass(c);
      if (!t) continue;
      const depth = this.ancestors(c).length;
      if (depth > bestDepth) {
        best = t;
        bestDepth = depth;
      }
    }
    return classes.filter((c) => {
      const t = this.topClass(c);
      return t === undefined || t === best;
    });
  }

  /** DBpedia classes declared equivalent to a Wikidata class (e.g. Q5 → Person). */
  classesForWikidata(qid: string): string[] {
    return [...(this.byWikidata.get(qid) ?? [])];
  }

  label(cls: string): string | undefined {
    const c = this.resolve(cls);
    return c ? this.classes.get(c)?.label : undefined;
  }
}
