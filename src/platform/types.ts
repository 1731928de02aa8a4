/** Shapes shared by the platform seams (src/platform/node and src/platform/web). */

/** Where an analyzer finds its models when no loader is given. */
export interface ModelsLocation {
  /** A directory (Node) or, in a browser, a URL path. */
  modelsDir?: string;
  /** A base URL the models are fetched from (any platform). */
  modelsUrl?: string | URL;
}

/** Which ONNX runtime runs the models: native onnxruntime-node, or WASM onnxruntime-web. */
export type Backend = 'node' | 'wasm';

/**
 * The slice of the ONNX Runtime JavaScript API textlens uses. Both
 * onnxruntime-node and onnxruntime-web implement it; the ONNX seam
 * (onnx.ts) decides which one is loaded.
 */
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

/** One JSON file of a transformer model directory, parsed (an object), with its path for messages. */
export interface ModelJsonFile {
  path: string;
  json: Record<string, unknown>;
}

/**
 * A Hugging Face token-classification export as the transformer-NER seam
 * reads it: the three JSON files parsed, the ONNX graph found and non-empty.
 * What the files must contain is checked by the platform-neutral
 * annotators/transformer-model-dir.ts.
 */
export interface TransformerModelFiles {
  /** Absolute path of the directory. */
  dir: string;
  config: ModelJsonFile;
  tokenizer: ModelJsonFile;
  tokenizerConfig: ModelJsonFile;
  /** Path of onnx/model.onnx. */
  onnx: string;
}
