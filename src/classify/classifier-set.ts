/**
 * The classifiers an analyzer can run by id: the built-in
 * `textlens_mediatopics` (IPTC top-level Media Topics, in the models
 * directory) and the caller's own, registered by name with a directory or a
 * loader (createAnalyzer({ classifiers }), `--classifier name=DIR`). Each is
 * loaded on first use and kept.
 */
import { badRequest } from '../errors.js';
import type { ResourceLoader } from '../resources/loader.js';
import { loadClassifier, type Classifier } from './model.js';
import type { CategoryRecord } from '../doc/layers.js';

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

  /** Throws a 400 naming the first unknown id. */
  check(ids: readonly string[]): void {
    for (const id of ids) {
      if (!ClassifierSet.isBuiltin(id) && !Object.hasOwn(this.user, id)) {
        const why = HOSTED_ONLY.has(id) ? `'${id}' is a taxonomy of the hosted service that textlens has no model for` : `unknown classifier '${id}'`;
        throw badRequest(`${why}; known classifiers: ${this.ids.join(', ')} (${HOSTED_MEDIATOPICS} is the built-in one's hosted name)`, 'classifiers');
      }
    }
  }

  get(id: string): Promise<Classifier> {
    this.check([id]);
    if (ClassifierSet.isBuiltin(id)) id = BUILTIN_CLASSIFIER;
    let c = this.loaded.get(id);
    if (!c) {
      if (id === BUILTIN_CLASSIFIER) c = loadClassifier(this.models, BUILTIN_DIR, id);
      else {
        const src = this.user[id];
        c = loadClassifier(typeof src === 'string' ? this.dirLoader(src) : src, '', id);
      }
      this.loaded.set(id, c);
      c.catch(() => this.loaded.delete(id));
    }
    return c;
  }

  /** Categories of `text` from each classifier, at most `max` per classifier, best first within each. */
  async categorize(text: string, ids: readonly string[], max: number): Promise<CategoryRecord[]> {
    const out: CategoryRecord[] = [];
    for (const id of ids) {
      const classifier = await this.get(id);
      for (const p of classifier.predict(text).slice(0, max)) out.push({ classifierId: id, categoryId: p.categoryId, label: p.label, score: p.score });
    }
    return out;
  }
}
