/**
 * Stored classifiers: the ones clients define over HTTP (`PUT
 * /categories/{id}` with categories {categoryId, label, query}), kept per
 * owner (the API key that created them) in the server's store, beside the
 * stored dictionaries and on the same target (../target.ts). One interface,
 * three backends (memory, SQLite, PostgreSQL) that pass one conformance suite
 * (test/stores/classifiers/conformance.ts), in the shape of ../dictionaries/.
 *
 * The store holds plain definitions; validating them (ids, query syntax) is
 * the HTTP layer's (src/http/categories-api.ts), compiling them the analyzer's
 * (src/classify/query/). Every change gives the classifier a new random
 * `revision`, which the analysis caches key on (as dictionaries' revisions).
 */
import type { CategoryDefinition } from '../../classify/query/classifier.js';

export type { CategoryDefinition };

/** A classifier as listed: id, revision and number of categories. */
export interface StoredClassifier {
  id: string;
  revision: string;
  size: number;
}

export interface CategoryPage {
  categories: CategoryDefinition[];
  /** Categories in the classifier. */
  total: number;
}

export interface ClassifierStore {
  /** Creates classifier `id` for `owner` with these categories (unique ids), replacing one of that id. */
  replace(owner: string, id: string, categories: readonly CategoryDefinition[]): Promise<StoredClassifier>;
  /** The owner's classifiers, ordered by id. */
  list(owner: string): Promise<StoredClassifier[]>;
  /** Removes the classifier and its categories; false when there was none. */
  remove(owner: string, id: string): Promise<boolean>;
  /** A page of categories in the order they were given; undefined when the classifier does not exist. */
  categories(owner: string, id: string, limit: number, offset: number): Promise<CategoryPage | undefined>;
  /** Undefined when the classifier or the category does not exist. */
  category(owner: string, id: string, categoryId: string): Promise<CategoryDefinition | undefined>;
  /** 'removed', or which of the two was missing. */
  removeCategory(owner: string, id: string, categoryId: string): Promise<'removed' | 'no-classifier' | 'no-category'>;
  /** Revisions of those of `ids` that exist: one cheap query per analysis request. */
  revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** Every category, with the revision it was read at. */
  definition(owner: string, id: string): Promise<{ revision: string; categories: CategoryDefinition[] } | undefined>;
  close(): Promise<void>;
}

export function newRevision(): string {
  return globalThis.crypto.randomUUID();
}
