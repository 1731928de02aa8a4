/**
 * What the in-memory dictionary and classifier stores share: named
 * collections per owner, each with its settings, a revision that changes with
 * every edit, and its items by id in insertion order (the listing order; a
 * replaced item keeps its place). The stores copy items in and out; this
 * class only keeps them.
 */
export interface HeldCollection<S, T> {
  settings: S;
  revision: string;
  items: Map<string, T>;
}

export type ItemRemoval = 'removed' | 'no-collection' | 'no-item';

export class MemoryCollections<S, T> {
  private readonly owners = new Map<string, Map<string, HeldCollection<S, T>>>();

  constructor(private readonly newRevision: () => string) {}

  get(owner: string, id: string): HeldCollection<S, T> | undefined {
    return this.owners.get(owner)?.get(id);
  }

  /** Creates the collection, or replaces it with a new revision. */
  put(owner: string, id: string, settings: S, items: Iterable<readonly [string, T]> = []): HeldCollection<S, T> {
    let mine = this.owners.get(owner);
    if (!mine) this.owners.set(owner, (mine = new Map()));
    const held: HeldCollection<S, T> = { settings, revision: this.newRevision(), items: new Map(items) };
    mine.set(id, held);
    return held;
  }

  /** The owner's collections, by id in code-unit order. */
  list(owner: string): [string, HeldCollection<S, T>][] {
    const mine = this.owners.get(owner);
    if (!mine) return [];
    return [...mine.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  remove(owner: string, id: string): boolean {
    return this.owners.get(owner)?.delete(id) ?? false;
  }

  /** Marks an edit: a new revision. */
  touch(held: HeldCollection<S, T>): void {
    held.revision = this.newRevision();
  }

  removeItem(owner: string, id: string, itemId: string): ItemRemoval {
    const held = this.get(owner, id);
    if (!held) return 'no-collection';
    if (!held.items.delete(itemId)) return 'no-item';
    this.touch(held);
    return 'removed';
  }

  /** The revisions of those of `ids` the owner has. */
  revisions(owner: string, ids: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    for (const id of ids) {
      const held = this.get(owner, id);
      if (held) out.set(id, held.revision);
    }
    return out;
  }
}
