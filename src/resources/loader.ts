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
  /**
   * The file opened for positional reads, where the loader is file-backed: large tables that a
   * document reads a row at a time (the shared word vectors) stay in the file — and in the
   * operating system's page cache, which every process and worker shares — instead of in memory.
   */
  openFile?(path: string): Promise<RandomAccessFile>;
}

/** A file read in place (ResourceLoader.openFile); closed when it is no longer referenced. */
export interface RandomAccessFile {
  readonly size: number;
  /** Fills `into` with the bytes at `position` (fewer past the end of the file); returns how many it read. */
  read(into: Uint8Array | Int8Array, position: number): number;
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
