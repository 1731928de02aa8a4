/**
 * One small ONNX runner that hides the backend: onnxruntime-node in Node,
 * onnxruntime-web (WASM) where native addons are unavailable or when asked
 * for. Models are created once per analyzer and called once per document
 * with every sentence batched.
 */
import type { ResourceLoader } from '../resources.js';

export type Backend = 'node' | 'wasm';

export type TensorInput =
  | { type: 'int32'; data: Int32Array; dims: readonly number[] }
  | { type: 'float32'; data: Float32Array; dims: readonly number[] }
  | { type: 'int64'; data: BigInt64Array; dims: readonly number[] }
  | { type: 'bool'; data: Uint8Array; dims: readonly number[] };

export interface TensorOutput {
  data: Float32Array | Int32Array | BigInt64Array | Uint8Array;
  dims: readonly number[];
}

export interface OnnxModel {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, TensorInput>): Promise<Record<string, TensorOutput>>;
}

interface OrtTensorCtor {
  new (type: string, data: unknown, dims: readonly number[]): unknown;
}
interface OrtSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown; dims: readonly number[] }>>;
}
interface OrtModule {
  Tensor: OrtTensorCtor;
  InferenceSession: { create(bytes: Uint8Array, options?: Record<string, unknown>): Promise<OrtSession> };
  env?: { wasm?: { numThreads?: number } };
}

let nodeOrt: Promise<OrtModule> | undefined;
let webOrt: Promise<OrtModule> | undefined;

async function ortFor(backend: Backend): Promise<OrtModule> {
  if (backend === 'node') {
    nodeOrt ??= import('onnxruntime-node').then((m) => (m.default ?? m) as unknown as OrtModule);
    return nodeOrt;
  }
  webOrt ??= import('onnxruntime-web').then((m) => {
    const ort = (m.default ?? m) as unknown as OrtModule;
    // Single-threaded WASM: no SharedArrayBuffer or worker needed, works everywhere.
    if (ort.env?.wasm) ort.env.wasm.numThreads = 1;
    return ort;
  });
  return webOrt;
}

export interface LoadOptions {
  backend?: Backend;
  /** Intra-op threads for the native backend; 1 keeps one document on one core. */
  threads?: number;
}

export async function loadOnnxModel(loader: ResourceLoader, path: string, opts: LoadOptions = {}): Promise<OnnxModel> {
  const backend = opts.backend ?? 'node';
  const ort = await ortFor(backend);
  const bytes = await loader.bytes(path);
  const sessionOptions: Record<string, unknown> =
    backend === 'node'
      ? { intraOpNumThreads: opts.threads ?? 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' }
      : { executionProviders: ['wasm'], graphOptimizationLevel: 'all' };
  const session = await ort.InferenceSession.create(bytes, sessionOptions);
  return {
    inputNames: session.inputNames,
    outputNames: session.outputNames,
    async run(feeds) {
      const ortFeeds: Record<string, unknown> = {};
      for (const [name, t] of Object.entries(feeds)) ortFeeds[name] = new ort.Tensor(t.type, t.data, t.dims);
      const out = await session.run(ortFeeds);
      const result: Record<string, TensorOutput> = {};
      for (const [name, t] of Object.entries(out)) {
        result[name] = { data: t.data as TensorOutput['data'], dims: t.dims };
      }
      return result;
    },
  };
}
