/**
 * How the core reads models, lexicons and the knowledge base. Node reads
 * files; a browser bundle can supply URLs or ArrayBuffers. Keeping fs out of
 * the core is what lets the same pipeline run on onnxruntime-web.
 */
export interface ResourceLoader {
  /** Bytes of a resource, by path relative to the models directory. */
  bytes(path: string): Promise<Uint8Array>;
  /** UTF-8 text of a resource. */
  text(path: string): Promise<string>;
  /** Whether a resource exists. */
  exists(path: string): Promise<boolean>;
  /** Absolute file path when the loader is file-backed (native addons such as SQLite need one). */
  filePath?(path: string): string;
}

/** Per loader, the files already being read or parsed, by key (see `loadOnce`). */
export type LoadRegistry<T> = WeakMap<ResourceLoader, Map<string, Promise<T>>>;

/**
 * Reads and parses a resource once per loader and key, so that annotators
 * sharing a file (the lemmatizer's lexicon, the tagger's clusters) share one
 * copy. A failed read is forgotten: the next caller tries again.
 */
export function loadOnce<T>(
  registry: LoadRegistry<T>,
  loader: ResourceLoader,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  let byKey = registry.get(loader);
  if (!byKey) registry.set(loader, (byKey = new Map()));
  let value = byKey.get(key);
  if (!value) {
    const loading = read();
    const map = byKey;
    map.set(key, loading);
    loading.catch(() => map.delete(key));
    value = loading;
  }
  return value;
}
