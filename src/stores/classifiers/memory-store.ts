/** In-memory backend: tests and `--events memory:` (nothing survives the process). */
import { MemoryCollections } from '../memory-collections.js';
import { newRevision, type CategoryDefinition, type CategoryPage, type ClassifierStore, type StoredClassifier } from './store.js';

export class MemoryClassifierStore implements ClassifierStore {
  /** A classifier has no settings of its own: its categories are all there is. */
  private readonly held = new MemoryCollections<null, CategoryDefinition>(newRevision);

  async replace(owner: string, id: string, categories: readonly CategoryDefinition[]): Promise<StoredClassifier> {
    const h = this.held.put(owner, id, null, categories.map((c) => [c.categoryId, { ...c }] as const));
    return { id, revision: h.revision, size: h.items.size };
  }

  async list(owner: string): Promise<StoredClassifier[]> {
    return this.held.list(owner).map(([id, h]) => ({ id, revision: h.revision, size: h.items.size }));
  }

  async remove(owner: string, id: string): Promise<boolean> {
    return this.held.remove(owner, id);
  }

  async categories(owner: string, id: string, limit: number, offset: number): Promise<CategoryPage | undefined> {
    const h = this.held.get(owner, id);
    if (!h) return undefined;
    return { categories: [...h.items.values()].slice(offset, offset + limit).map((c) => ({ ...c })), total: h.items.size };
  }

  async category(owner: string, id: string, categoryId: string): Promise<CategoryDefinition | undefined> {
    const c = this.held.get(owner, id)?.items.get(categoryId);
    return c && { ...c };
  }

  async removeCategory(owner: string, id: string, categoryId: string): Promise<'removed' | 'no-classifier' | 'no-category'> {
    const outcome = this.held.removeItem(owner, id, categoryId);
    return outcome === 'no-collection' ? 'no-classifier' : outcome === 'no-item' ? 'no-category' : outcome;
  }

  async revisions(owner: string, ids: readonly string[]): Promise<Map<string, string>> {
    return this.held.revisions(owner, ids);
  }

  async definition(owner: string, id: string) {
    const h = this.held.get(owner, id);
    return h && { revision: h.revision, categories: [...h.items.values()].map((c) => ({ ...c })) };
  }

  async close(): Promise<void> {}
}
