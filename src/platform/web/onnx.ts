/**
 * Browser side of the ONNX seam: onnxruntime-web's WASM-only build (no
 * WebGPU/WebGL code). Its `.wasm` file is fetched at run time from where
 * the analyzer's `wasmPaths` says (a bundler such as Vite may also copy it
 * next to the bundle itself).
 */
import type { Backend, OrtModule, OrtRuntime } from '../types.js';

/** There is no native runtime in a browser. */
export const DEFAULT_BACKEND: Backend = 'wasm';

export async function loadRuntime(backend: Backend): Promise<OrtRuntime> {
  const m = await import('onnxruntime-web/wasm');
  const runtime: OrtRuntime = { ort: (m.default ?? m) as unknown as OrtModule, backend: 'wasm' };
  if (backend === 'node') {
    runtime.notice = "backend 'node' (onnxruntime-node) does not exist in a browser; models ran on onnxruntime-web (WASM). Pass backend: 'wasm' to silence this message.";
  }
  return runtime;
}
