/**
 * Stored classifiers (categories-api.ts) on their way to analysis, as stored
 * dictionaries go (compiled-dictionaries.ts):
 * - the app looks up, per analysis request, the revisions of the requested
 *   classifier ids among the caller's stored ones (one small query), and the
 *   StoredClassifierResolver keeps their categories by owner/id and revision,
 *   so the store is read once per revision;
 * - the worker pool sends a worker the categories only when it lacks that
 *   revision (the same per-worker record as dictionaries, under keys of their own);
 * - the worker keeps the definitions (DefinitionCache), and the analyzer's
 *   ClassifierSet keeps compiled copies (queries parsed, WordNet concepts
 *   expanded) by cache key and revision.
 */
import type { CategoryDefinition, QueryClassifierSource } from '../classify/query/classifier.js';
import type { ClassifierStore } from '../stores/classifiers/store.js';
import { LruMap, MAX_CACHED_DICTIONARIES } from './compiled-dictionaries.js';

/** One stored classifier a request names, with its categories. */
export interface StoredClassifierRef {
  /** Owner and id, prefixed so it never equals a dictionary's key in the pool's record. */
  cacheKey: string;
  id: string;
  revision: string;
  categories: readonly CategoryDefinition[];
}

/** How a ref travels to a worker: without its categories when the worker already has that revision. */
export interface StoredClassifierMessage {
  cacheKey: string;
  id: string;
  revision: string;
  categories?: readonly CategoryDefinition[];
}

export function classifierCacheKey(owner: string, id: string): string {
  return `classifier\u0000${owner}\u0000${id}`;
}

/** A worker's (or the in-process runner's) definitions by cache key and revision. */
export class DefinitionCache {
  private readonly lru: LruMap<QueryClassifierSource>;

  constructor(capacity = MAX_CACHED_DICTIONARIES) {
    this.lru = new LruMap(capacity);
  }

  /** The request's classifiers by the id it named, as the analyzer's context takes them. */
  resolve(refs: readonly StoredClassifierMessage[]): Map<string, QueryClassifierSource> {
    const out = new Map<string, QueryClassifierSource>();
    for (const ref of refs) {
      let held = this.lru.get(ref.cacheKey);
      if (!held || held.revision !== ref.revision) {
        if (!ref.categories) throw new Error(`stored classifier '${ref.id}' (revision ${ref.revision}) was not sent with the job`);
        held = { cacheKey: ref.cacheKey, revision: ref.revision, categories: ref.categories };
        this.lru.set(ref.cacheKey, held);
      }
      out.set(ref.id, held);
    }
    return out;
  }

  drop(cacheKeys: readonly string[]): void {
    for (const k of cacheKeys) this.lru.delete(k);
  }
}

/** The server thread's view of stored classifiers: revisions per request, categories read once per revision. */
export class StoredClassifierResolver {
  private readonly held: LruMap<{ revision: string; categories: CategoryDefinition[] }>;
  /** Store reads of whole classifiers, for tests and measurements. */
  loads = 0;

  constructor(
    private readonly store: ClassifierStore,
    capacity = MAX_CACHED_DICTIONARIES,
  ) {
    this.held = new LruMap(capacity);
  }

  /** Refs for those of `ids` that `owner` has stored; the others are left to the analyzer. */
  async refs(owner: string, ids: readonly string[]): Promise<StoredClassifierRef[]> {
    if (ids.length === 0) return [];
    const revisions = await this.store.revisions(owner, ids);
    const refs: StoredClassifierRef[] = [];
    for (const id of ids) {
      const revision = revisions.get(id);
      if (revision === undefined) continue;
      const cacheKey = classifierCacheKey(owner, id);
      let held = this.held.get(cacheKey);
      if (!held || held.revision !== revision) {
        const read = await this.store.definition(owner, id);
        if (!read) continue; // deleted between the two reads: as if it never was
        this.loads++;
        held = read;
        this.held.set(cacheKey, held);
      }
      refs.push({ cacheKey, id, revision: held.revision, categories: held.categories });
    }
    return refs;
  }

  forget(owner: string, id: string): void {
    this.held.delete(classifierCacheKey(owner, id));
  }
}
