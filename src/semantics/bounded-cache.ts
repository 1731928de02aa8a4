/**
 * A cache of tables built on demand (per lemma: the sense model's scoring
 * tables, the entailments' candidate tables) held under a byte budget, so
 * that a long-running analyzer does not end up holding one for every lemma it
 * ever met. Two generations: new tables go into the young one; when it holds
 * half the budget it becomes the old one and the previous old one is dropped.
 * A table found in the old generation moves back to the young one, so the
 * lemmas a stream of documents keeps using survive every turnover, while one
 * long document's rare lemmas leave within two. Tables are rebuilt on demand
 * and give the same answers whether or not they were cached.
 */
export class BoundedTableCache<K, V> {
  private young = new Map<K, { value: V; bytes: number }>();
  private old = new Map<K, { value: V; bytes: number }>();
  private youngBytes = 0;
  private oldBytes = 0;

  /** `maxBytes`: the most the tables may hold together (each generation at most half). */
  constructor(private readonly maxBytes: number) {}

  get(key: K): V | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit.value;
    const aged = this.old.get(key);
    if (aged === undefined) return undefined;
    this.old.delete(key);
    this.oldBytes -= aged.bytes;
    this.put(key, aged);
    return aged.value;
  }

  /** Adds a table of `bytes` (its typed arrays and about what its objects take). */
  set(key: K, value: V, bytes: number): void {
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.oldBytes -= aged.bytes;
    }
    const had = this.young.get(key);
    if (had !== undefined) {
      this.young.delete(key);
      this.youngBytes -= had.bytes;
    }
    this.put(key, { value, bytes });
  }

  /** Charges `bytes` more to a cached table (a part built after it, on its first use of that kind). */
  grow(key: K, bytes: number): void {
    const entry = this.young.get(key) ?? this.old.get(key);
    if (entry === undefined) return;
    entry.bytes += bytes;
    if (this.young.get(key) === entry) this.youngBytes += bytes;
    else this.oldBytes += bytes;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngBytes = 0;
    this.oldBytes = 0;
  }

  /** Tables held, both generations. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** Bytes held, both generations. */
  get bytes(): number {
    return this.youngBytes + this.oldBytes;
  }

  private put(key: K, entry: { value: V; bytes: number }): void {
    if (this.youngBytes + entry.bytes > this.maxBytes / 2 && this.young.size > 0) {
      this.old = this.young;
      this.oldBytes = this.youngBytes;
      this.young = new Map();
      this.youngBytes = 0;
    }
    this.young.set(key, entry);
    this.youngBytes += entry.bytes;
  }
}
