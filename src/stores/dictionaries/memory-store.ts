/** In-memory backend: tests and `--events memory:` (nothing survives the process). */
import type { DictionaryEntry, DictionarySettings } from '../../dictionaries/entries.js';
import { newRevision, type DictionaryStore, type EntryPage, type StoredDictionary } from './store.js';

interface Held {
  settings: DictionarySettings;
  revision: string;
  /** Insertion order is the listing order; a replaced entry keeps its place. */
  entries: Map<string, DictionaryEntry>;
}

export class MemoryDictionaryStore implements DictionaryStore {
  private readonly owners = new Map<string, Map<string, Held>>();

  private held(owner: string, id: string): Held | undefined {
    return this.owners.get(owner)?.get(id);
  }

  private static view(id: string, h: Held): StoredDictionary {
    return { id, ...h.settings, revision: h.revision, size: h.entries.size };
  }

  async create(owner: string, id: string, settings: DictionarySettings): Promise<StoredDictionary> {
    let mine = this.owners.get(owner);
    if (!mine) this.owners.set(owner, (mine = new Map()));
    const h: Held = { settings: { ...settings }, revision: newRevision(), entries: new Map() };
    mine.set(id, h);
    return MemoryDictionaryStore.view(id, h);
  }

  async list(owner: string): Promise<StoredDictionary[]> {
    const mine = this.owners.get(owner);
    if (!mine) return [];
    return [...mine.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, h]) => MemoryDictionaryStore.view(id, h));
  }

  async get(owner: string, id: string): Promise<StoredDictionary | undefined> {
    const h = this.held(owner, id);
    return h && MemoryDictionaryStore.view(id, h);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.owners.get(owner)?.delete(id) ?? false;
  }

  async addEntries(owner: string, id: string, entries: readonly DictionaryEntry[]): Promise<StoredDictionary | undefined> {
    const h = this.held(owner, id);
    if (!h) return undefined;
    for (const e of entries) h.entries.set(e.id, structuredClone(e));
    h.revision = newRevision();
    return MemoryDictionaryStore.view(id, h);
  }

  async entries(owner: string, id: string, limit: number, offset: number): Promise<EntryPage | undefined> {
    const h = this.held(owner, id);
    if (!h) return undefined;
    const page = [...h.entries.values()].slice(offset, offset + limit).map((e) => structuredClone(e));
    return { entries: page, total: h.entries.size };
  }

  async entry(owner: string, id: string, entryId: string): Promise<DictionaryEntry | undefined> {
    const e = this.held(owner, id)?.entries.get(entryId);
    return e && structuredClone(e);
  }

  async removeEntry(owner: string, id: string, entryId: string): Promise<'removed' | 'no-dictionary' | 'no-entry'> {
    const h = this.held(owner, id);
    if (!h) return 'no-dictionary';
    if (!h.entries.delete(entryId)) return 'no-entry';
    h.revision = newRevision();
    return 'removed';
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const id of ids) {
      const h = this.held(owner, id);
      if (h) out.set(id, h.revision);
    }
    return out;
  }

  async source(owner: string, id: string) {
    const h = this.held(owner, id);
    if (!h) return undefined;
    return { revision: h.revision, source: { ...h.settings, entries: [...h.entries.values()].map((e) => structuredClone(e)) } };
  }

  async close(): Promise<void> {}
}
