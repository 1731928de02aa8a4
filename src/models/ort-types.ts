/**
 * The slice of the ONNX Runtime JavaScript API textlens uses. Both
 * onnxruntime-node and onnxruntime-web implement it; the platform seam
 * (src/platform/{node,web}/onnx.ts) decides which one is loaded.
 */

/** Which ONNX runtime runs the models: native onnxruntime-node, or WASM onnxruntime-web. */
export type Backend = 'node' | 'wasm';

export interface OrtTensorCtor {
  new (type: string, data: unknown, dims: readonly number[]): unknown;
}

export interface OrtSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown; dims: readonly number[] }>>;
}

export interface OrtModule {
  Tensor: OrtTensorCtor;
  InferenceSession: { create(bytes: Uint8Array, options?: Record<string, unknown>): Promise<OrtSession> };
  env?: { wasm?: { numThreads?: number; wasmPaths?: string | Record<string, string> } };
}

/** A loaded runtime and what it is. */
export interface OrtRuntime {
  ort: OrtModule;
  /** The runtime actually loaded (a 'node' request may have fallen back to 'wasm'). */
  backend: Backend;
  /** Set when the runtime is not the one asked for: the caller is told in the response message. */
  notice?: string;
}
