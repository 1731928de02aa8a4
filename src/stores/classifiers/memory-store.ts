/** In-memory backend: tests and `--events memory:` (nothing survives the process). */
import { newRevision, type CategoryDefinition, type CategoryPage, type ClassifierStore, type StoredClassifier } from './store.js';

interface Held {
  revision: string;
  /** Insertion order is the listing order. */
  categories: Map<string, CategoryDefinition>;
}

export class MemoryClassifierStore implements ClassifierStore {
  private readonly owners = new Map<string, Map<string, Held>>();

  private held(owner: string, id: string): Held | undefined {
    return this.owners.get(owner)?.get(id);
  }

  async replace(owner: string, id: string, categories: readonly CategoryDefinition[]): Promise<StoredClassifier> {
    let mine = this.owners.get(owner);
    if (!mine) this.owners.set(owner, (mine = new Map()));
    const h: Held = { revision: newRevision(), categories: new Map(categories.map((c) => [c.categoryId, { ...c }])) };
    mine.set(id, h);
    return { id, revision: h.revision, size: h.categories.size };
  }

  async list(owner: string): Promise<StoredClassifier[]> {
    const mine = this.owners.get(owner);
    if (!mine) return [];
    return [...mine.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, h]) => ({ id, revision: h.revision, size: h.categories.size }));
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.owners.get(owner)?.delete(id) ?? false;
  }

  async categories(owner: string, id: string, limit: number, offset: number): Promise<CategoryPage | undefined> {
    const h = this.held(owner, id);
    if (!h) return undefined;
    return { categories: [...h.categories.values()].slice(offset, offset + limit).map((c) => ({ ...c })), total: h.categories.size };
  }

  async category(owner: string, id: string, categoryId: string): Promise<CategoryDefinition | undefined> {
    const c = this.held(owner, id)?.categories.get(categoryId);
    return c && { ...c };
  }

  async removeCategory(owner: string, id: string, categoryId: string): Promise<'removed' | 'no-classifier' | 'no-category'> {
    const h = this.held(owner, id);
    if (!h) return 'no-classifier';
    if (!h.categories.delete(categoryId)) return 'no-category';
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

  async definition(owner: string, id: string) {
    const h = this.held(owner, id);
    return h && { revision: h.revision, categories: [...h.categories.values()].map((c) => ({ ...c })) };
  }

  async close(): Promise<void> {}
}
