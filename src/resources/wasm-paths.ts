/**
 * Where the WASM builds textlens loads (onnxruntime-web, sql.js) fetch their
 * `.wasm` files: a URL prefix ending in "/", set by the analyzer's
 * `wasmPaths`. One setting per process or page, as the runtimes' own are.
 */
let prefix: string | undefined;

export function setWasmPrefix(paths: string | undefined): void {
  if (paths !== undefined) prefix = paths;
}

export function wasmPaths(): string | undefined {
  return prefix;
}
