/**
 * Stored dictionaries on their way to analysis.
 *
 * The app looks up, per analysis request, the revisions of the requested ids
 * among the caller's stored dictionaries (one small query), and hands the
 * runner a StoredDictionaryRef per hit. Compiling a 100k-entry dictionary
 * takes about a second and copying it to a worker thread tens of ms, so
 * neither may happen per request:
 * - SourceCache (server thread): the entries as read from the store, by
 *   owner/id and revision — the store is read once per revision;
 * - the worker pool remembers which revision each worker holds and sends the
 *   entries only to a worker that lacks it (analysis-pool.ts);
 * - CompiledCache (each worker, or the in-process runner): compiled copies by
 *   owner/id and revision, compiled once per revision.
 * Both caches are LRU-bounded; a new revision replaces the old one.
 */
import { CompiledDictionary } from '../dictionaries/matcher.js';
import type { DictionarySource } from '../dictionaries/entries.js';
import type { DictionaryStore } from '../stores/dictionaries/store.js';

/** One stored dictionary a request selected, with what a worker needs to compile it. */
export interface StoredDictionaryRef {
  /** Owner and id: the caches' key (two keys' dictionaries of one id never meet). */
  cacheKey: string;
  /** The id the request named. */
  id: string;
  revision: string;
  source: DictionarySource;
}

/** How a ref travels to a worker: without its entries when the worker already has that revision. */
export interface StoredDictionaryMessage {
  cacheKey: string;
  id: string;
  revision: string;
  source?: DictionarySource;
}

/** Dictionaries a cache holds at most; the least recently used goes first. */
export const MAX_CACHED_DICTIONARIES = 64;

/** An LRU map: Map keeps insertion order, and a hit re-inserts. */
export class LruMap<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly capacity: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  /** Sets `key` and returns the keys evicted to make room. */
  set(key: string, value: V): string[] {
    this.map.delete(key);
    this.map.set(key, value);
    const evicted: string[] = [];
    for (const k of this.map.keys()) {
      if (this.map.size <= this.capacity) break;
      this.map.delete(k);
      evicted.push(k);
    }
    return evicted;
  }

  delete(key: string): boolean {
    return this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}

/** Compiled dictionaries by cache key and revision (in a worker, or the in-process runner). */
export class CompiledCache {
  private readonly lru: LruMap<{ revision: string; compiled: CompiledDictionary }>;
  /** Compilations done, for tests and measurements. */
  compilations = 0;

  constructor(capacity = MAX_CACHED_DICTIONARIES) {
    this.lru = new LruMap(capacity);
  }

  /** The compiled dictionaries of a request, by the id it named; compiles what is missing or stale. */
  resolve(refs: readonly StoredDictionaryMessage[]): Map<string, CompiledDictionary> {
    const out = new Map<string, CompiledDictionary>();
    for (const ref of refs) {
      let held = this.lru.get(ref.cacheKey);
      if (!held || held.revision !== ref.revision) {
        if (!ref.source) throw new Error(`stored dictionary '${ref.id}' (revision ${ref.revision}) was not sent with the job`);
        held = { revision: ref.revision, compiled: new CompiledDictionary(ref.id, ref.source) };
        this.compilations++;
        this.lru.set(ref.cacheKey, held);
      }
      out.set(ref.id, held.compiled);
    }
    return out;
  }

  drop(cacheKeys: readonly string[]): void {
    for (const k of cacheKeys) this.lru.delete(k);
  }
}

/** The server thread's view of stored dictionaries: revisions per request, sources read once per revision. */
export class StoredDictionaryResolver {
  private readonly sources: LruMap<{ revision: string; source: DictionarySource }>;
  /** Store reads of whole dictionaries, for tests and measurements. */
  loads = 0;

  constructor(
    private readonly store: DictionaryStore,
    capacity = MAX_CACHED_DICTIONARIES,
  ) {
    this.sources = new LruMap(capacity);
  }

  static cacheKey(owner: string, id: string): string {
    return `${owner}\u0000${id}`;
  }

  /** Refs for those of `ids` that `owner` has stored; the others are left to the analyzer's registry. */
  async refs(owner: string, ids: readonly string[]): Promise<StoredDictionaryRef[]> {
    if (ids.length === 0) return [];
    const revisions = await this.store.revisions(owner, ids);
    const refs: StoredDictionaryRef[] = [];
    for (const id of ids) {
      const revision = revisions.get(id);
      if (revision === undefined) continue;
      const cacheKey = StoredDictionaryResolver.cacheKey(owner, id);
      let held = this.sources.get(cacheKey);
      if (!held || held.revision !== revision) {
        const read = await this.store.source(owner, id);
        if (!read) continue; // deleted between the two reads: as if it never was
        this.loads++;
        held = read;
        this.sources.set(cacheKey, held);
      }
      refs.push({ cacheKey, id, revision: held.revision, source: held.source });
    }
    return refs;
  }

  /** Frees a deleted dictionary's entries at once rather than when the LRU gets to them. */
  forget(owner: string, id: string): void {
    this.sources.delete(StoredDictionaryResolver.cacheKey(owner, id));
  }
}
