/** In-memory backend: tests and `--events memory:` (nothing survives the process). */
import type { DictionaryEntry, DictionarySettings } from '../../dictionaries/entries.js';
import { MemoryCollections, type HeldCollection } from '../memory-collections.js';
import { newRevision, type DictionaryStore, type EntryPage, type StoredDictionary } from './store.js';

type Held = HeldCollection<DictionarySettings, DictionaryEntry>;

function view(id: string, h: Held): StoredDictionary {
  return { id, ...h.settings, revision: h.revision, size: h.items.size };
}

export class MemoryDictionaryStore implements DictionaryStore {
  private readonly held = new MemoryCollections<DictionarySettings, DictionaryEntry>(newRevision);

  async create(owner: string, id: string, settings: DictionarySettings): Promise<StoredDictionary> {
    return view(id, this.held.put(owner, id, { ...settings }));
  }

  async list(owner: string): Promise<StoredDictionary[]> {
    return this.held.list(owner).map(([id, h]) => view(id, h));
  }

  async get(owner: string, id: string): Promise<StoredDictionary | undefined> {
    const h = this.held.get(owner, id);
    return h && view(id, h);
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.held.remove(owner, id);
  }

  async addEntries(owner: string, id: string, entries: readonly DictionaryEntry[]): Promise<StoredDictionary | undefined> {
    const h = this.held.get(owner, id);
    if (!h) return undefined;
    for (const e of entries) h.items.set(e.id, structuredClone(e));
    this.held.touch(h);
    return view(id, h);
  }

  async entries(owner: string, id: string, limit: number, offset: number): Promise<EntryPage | undefined> {
    const h = this.held.get(owner, id);
    if (!h) return undefined;
    const page = [...h.items.values()].slice(offset, offset + limit).map((e) => structuredClone(e));
    return { entries: page, total: h.items.size };
  }

  async entry(owner: string, id: string, entryId: string): Promise<DictionaryEntry | undefined> {
    const e = this.held.get(owner, id)?.items.get(entryId);
    return e && structuredClone(e);
  }

  async removeEntry(owner: string, id: string, entryId: string): Promise<'removed' | 'no-dictionary' | 'no-entry'> {
    const outcome = this.held.removeItem(owner, id, entryId);
    return outcome === 'no-collection' ? 'no-dictionary' : outcome === 'no-item' ? 'no-entry' : outcome;
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    return this.held.revisions(owner, ids);
  }

  async source(owner: string, id: string) {
    const h = this.held.get(owner, id);
    if (!h) return undefined;
    return { revision: h.revision, source: { ...h.settings, entries: [...h.items.values()].map((e) => structuredClone(e)) } };
  }

  async close(): Promise<void> {}
}
