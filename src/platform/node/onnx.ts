/**
 * Node side of the ONNX seam. The native runtime (onnxruntime-node, an
 * optional dependency) is preferred; when it cannot be imported (not
 * installed, no binary for this platform, its install step skipped or
 * failed) the models run on onnxruntime-web's WASM build instead, and the
 * caller is told once per response (see `notice`).
 */
import type { Backend, OrtModule, OrtRuntime } from '../types.js';

/** Node runs models natively unless told otherwise. */
export const DEFAULT_BACKEND: Backend = 'node';

export async function loadRuntime(backend: Backend): Promise<OrtRuntime> {
  if (backend === 'node') {
    try {
      const m = await import('onnxruntime-node');
      return { ort: (m.default ?? m) as unknown as OrtModule, backend: 'node' };
    } catch (e) {
      const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
      return {
        ...(await loadWasm()),
        notice: `The native ONNX runtime (onnxruntime-node) could not be loaded (${why}); models ran on onnxruntime-web (WASM) instead, which is slower. Install onnxruntime-node, or pass backend: 'wasm' to choose WASM and silence this message.`,
      };
    }
  }
  return loadWasm();
}

async function loadWasm(): Promise<OrtRuntime> {
  // Node resolves this to onnxruntime-web's Node build, which reads its .wasm files from the package.
  const m = await import('onnxruntime-web');
  return { ort: (m.default ?? m) as unknown as OrtModule, backend: 'wasm' };
}
