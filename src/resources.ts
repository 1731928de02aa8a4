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
