/**
 * A function of a word form with its answers remembered for up to `limit`
 * distinct forms; later forms are computed each time. Running text repeats
 * its words (Zipf), so a per-form cache pays on every hot path that hashes,
 * stems or looks up forms; the bound keeps a long-running analyzer's memory
 * flat.
 */
export function boundedMemo<V>(fn: (form: string) => V, limit: number): (form: string) => V {
  const cache = new Map<string, V>();
  return (form) => {
    let v = cache.get(form);
    if (v === undefined) {
      v = fn(form);
      if (cache.size < limit) cache.set(form, v);
    }
    return v;
  };
}
