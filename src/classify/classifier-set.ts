/**
 * The classifiers an analyzer can run by id: the built-in
 * `textlens_mediatopics` (IPTC top-level Media Topics, in the models
 * directory) and the caller's own, registered by name with a directory or a
 * loader (createAnalyzer({ classifiers }), `--classifier name=DIR`). Each is
 * loaded on first use and kept.
 *
 * Per request, a caller may also bring query classifiers (categories defined
 * by queries, query/README.md): the HTTP server's stored classifiers of the
 * caller's API key. They shadow a registered classifier of the same id (as
 * stored dictionaries do); the built-in names cannot be stored. Compiled
 * copies are kept by cache key and revision, the least recently used going
 * first beyond MAX_COMPILED_QUERY_CLASSIFIERS.
 */
import { badRequest } from '../errors.js';
import type { ResourceLoader } from '../resources/loader.js';
import { loadClassifier, type Classifier } from './model.js';
import type { CategoryRecord } from '../doc/layers.js';
import type { Doc } from '../doc/doc.js';
import { ConceptExpander } from './query/concepts.js';
import { QueryClassifier, type QueryClassifierSource } from './query/classifier.js';

/** Query classifiers compiled copies are kept of. */
export const MAX_COMPILED_QUERY_CLASSIFIERS = 64;

/** The request's query classifiers by the id it names. */
export type QueryClassifierSources = ReadonlyMap<string, QueryClassifierSource>;

export const BUILTIN_CLASSIFIER = 'textlens_mediatopics';
const BUILTIN_DIR = 'topics/mediatopics-classifier';

/**
 * The hosted API's name for the same IPTC Media Topics taxonomy: code written
 * for the hosted service asks for it, and gets the built-in model under the
 * name it asked for.
 */
export const HOSTED_MEDIATOPICS = 'textrazor_mediatopics';

/** Hosted taxonomies textlens has no model for: named in the error, so nobody hunts for a typo. */
const HOSTED_ONLY = new Set(['textrazor_iab', 'textrazor_iab_content_taxonomy', 'textrazor_iab_content_taxonomy_3.0', 'textrazor_newscodes']);

/** Where a user classifier lives: a directory (Node) or a loader rooted at it. */
export type ClassifierSource = string | ResourceLoader;

export class ClassifierSet {
  private readonly loaded = new Map<string, Promise<Classifier>>();
  private concepts: Promise<ConceptExpander> | undefined;
  /** Compiled query classifiers by cache key; Map order is the LRU order. */
  private readonly compiled = new Map<string, { revision: string; classifier: QueryClassifier }>();

  constructor(
    private readonly models: ResourceLoader,
    private readonly user: Readonly<Record<string, ClassifierSource>>,
    private readonly dirLoader: (dir: string) => ResourceLoader,
  ) {
    for (const reserved of [BUILTIN_CLASSIFIER, HOSTED_MEDIATOPICS]) {
      if (reserved in user) throw badRequest(`classifier name '${reserved}' is reserved for the built-in IPTC classifier`);
    }
  }

  private static isBuiltin(id: string): boolean {
    return id === BUILTIN_CLASSIFIER || id === HOSTED_MEDIATOPICS;
  }

  /** Ids this set can run. */
  get ids(): string[] {
    return [BUILTIN_CLASSIFIER, ...Object.keys(this.user)];
  }

  /** Throws a 400 naming the first unknown id (`stored`: the request's query classifiers). */
  check(ids: readonly string[], stored?: QueryClassifierSources): void {
    for (const id of ids) {
      if (!ClassifierSet.isBuiltin(id) && !Object.hasOwn(this.user, id) && !stored?.has(id)) {
        const why = HOSTED_ONLY.has(id) ? `'${id}' is a taxonomy of the hosted service that textlens has no model for` : `unknown classifier '${id}'`;
        const known = [...this.ids, ...(stored ? [...stored.keys()].filter((k) => !Object.hasOwn(this.user, k)) : [])];
        throw badRequest(`${why}; known classifiers: ${known.join(', ')} (${HOSTED_MEDIATOPICS} is the built-in one's hosted name)`, 'classifiers');
      }
    }
  }

  /**
   * The compiled query classifiers among `ids` (those `stored` has), by id.
   * Loads WordNet (models/senses/) on first use; a bad query is a 400.
   */
  async queryClassifiers(ids: readonly string[], stored: QueryClassifierSources | undefined): Promise<Map<string, QueryClassifier>> {
    const out = new Map<string, QueryClassifier>();
    if (!stored) return out;
    for (const id of ids) {
      const source = stored.get(id);
      if (!source || ClassifierSet.isBuiltin(id)) continue;
      let held = this.compiled.get(source.cacheKey);
      if (held) this.compiled.delete(source.cacheKey);
      if (!held || held.revision !== source.revision) {
        this.concepts ??= ConceptExpander.load(this.models);
        this.concepts.catch(() => (this.concepts = undefined));
        held = { revision: source.revision, classifier: new QueryClassifier(id, source.categories, await this.concepts) };
      }
      this.compiled.set(source.cacheKey, held);
      for (const k of this.compiled.keys()) {
        if (this.compiled.size <= MAX_COMPILED_QUERY_CLASSIFIERS) break;
        this.compiled.delete(k);
      }
      out.set(id, held.classifier);
    }
    return out;
  }

  get(id: string): Promise<Classifier> {
    this.check([id]);
    if (ClassifierSet.isBuiltin(id)) id = BUILTIN_CLASSIFIER;
    let c = this.loaded.get(id);
    if (!c) {
      if (id === BUILTIN_CLASSIFIER) c = loadClassifier(this.models, BUILTIN_DIR, id);
      else {
        const src = this.user[id];
        c = loadClassifier(typeof src === 'string' ? this.dirLoader(src) : src, '', id, this.models);
      }
      this.loaded.set(id, c);
      c.catch(() => this.loaded.delete(id));
    }
    return c;
  }

  /**
   * The language a classifier reads (ISO 639-2): a trained one's training
   * language (English when its model predates the field); English for the
   * built-in and for query classifiers (their concepts are WordNet's).
   */
  async languageOf(id: string, queries?: ReadonlyMap<string, QueryClassifier>): Promise<string> {
    if (queries?.has(id) || ClassifierSet.isBuiltin(id)) return 'eng';
    return (await this.get(id)).meta.language ?? 'eng';
  }

  /**
   * Categories from each classifier, at most `max` per classifier, best first
   * within each: trained ones read `text`, query classifiers (`queries`) the Doc.
   */
  async categorize(text: string, ids: readonly string[], max: number, doc?: Doc, queries?: ReadonlyMap<string, QueryClassifier>): Promise<CategoryRecord[]> {
    const out: CategoryRecord[] = [];
    for (const id of ids) {
      const query = queries?.get(id);
      if (query && doc) {
        out.push(...query.categorize(doc, max));
        continue;
      }
      const classifier = await this.get(id);
      for (const p of classifier.predict(text).slice(0, max)) out.push({ classifierId: id, categoryId: p.categoryId, label: p.label, score: p.score });
    }
    return out;
  }
}
