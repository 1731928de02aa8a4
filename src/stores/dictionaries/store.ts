/**
 * Stored custom dictionaries: the ones clients create over HTTP
 * (`PUT /entities/{id}`, `POST /entities/{id}/`, …), kept per owner (the API
 * key that created them) in the server's store. One interface, three
 * backends (memory, SQLite, PostgreSQL) that pass one conformance suite
 * (test/stores/dictionaries/conformance.ts), in the shape of src/stores/events/.
 *
 * The store holds plain data (settings and entries as the engine in
 * src/dictionaries/ reads them); validation of what clients send is the HTTP
 * layer's (src/http/dictionaries-api.ts), compilation the analyzer's.
 *
 * Every change to a dictionary (create, entries added or removed) gives it a
 * new `revision`, a random token: analysis workers cache compiled copies by
 * owner, id and revision, so a revision must never come back after a delete
 * and re-create, which a counter starting at 1 would.
 */
import type { DictionaryEntry, DictionarySettings, DictionarySource } from '../../dictionaries/entries.js';

/** A dictionary as listed: settings, revision and entry count. */
export interface StoredDictionary extends DictionarySettings {
  id: string;
  revision: string;
  /** Number of entries. */
  size: number;
}

export interface EntryPage {
  entries: DictionaryEntry[];
  /** Entries in the dictionary. */
  total: number;
}

export interface DictionaryStore {
  /**
   * Creates dictionary `id` for `owner`; an existing one of that id is
   * replaced, its entries removed (a PUT replaces the resource).
   */
  create(owner: string, id: string, settings: DictionarySettings): Promise<StoredDictionary>;
  /** The owner's dictionaries, ordered by id. */
  list(owner: string): Promise<StoredDictionary[]>;
  get(owner: string, id: string): Promise<StoredDictionary | undefined>;
  /** Removes the dictionary and its entries; false when there was none. */
  remove(owner: string, id: string): Promise<boolean>;
  /**
   * Adds entries in one transaction; an entry whose id is already stored
   * replaces it (keeping its place in the order). Entry ids must be unique
   * within `entries`. Undefined when the dictionary does not exist.
   */
  addEntries(owner: string, id: string, entries: readonly DictionaryEntry[]): Promise<StoredDictionary | undefined>;
  /** A page of entries in insertion order; undefined when the dictionary does not exist. */
  entries(owner: string, id: string, limit: number, offset: number): Promise<EntryPage | undefined>;
  /** Undefined when the dictionary or the entry does not exist. */
  entry(owner: string, id: string, entryId: string): Promise<DictionaryEntry | undefined>;
  /** 'removed', or which of the two was missing. */
  removeEntry(owner: string, id: string, entryId: string): Promise<'removed' | 'no-dictionary' | 'no-entry'>;
  /** Revisions of those of `ids` that exist: one cheap query per analysis request. */
  revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>>;
  /** Everything the matcher needs, with the revision it was read at. */
  source(owner: string, id: string): Promise<{ revision: string; source: DictionarySource } | undefined>;
  close(): Promise<void>;
}

export function newRevision(): string {
  return globalThis.crypto.randomUUID();
}

/** An entry as stored: its JSON without the id (the id has its own column). */
export function entryBody(e: DictionaryEntry): string {
  const body: Omit<DictionaryEntry, 'id'> = { text: e.text };
  if (e.types) body.types = e.types;
  if (e.data) body.data = e.data;
  return JSON.stringify(body);
}

export function entryFromRow(id: string, body: string): DictionaryEntry {
  return { id, ...(JSON.parse(body) as Omit<DictionaryEntry, 'id'>) };
}
