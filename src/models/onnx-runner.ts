/**
 * One small ONNX runner that hides the backend: onnxruntime-node in Node,
 * onnxruntime-web (WASM) where native addons are unavailable or when asked
 * for. Which package is imported is the platform seam's choice
 * (#platform/onnx.js: src/platform/node or src/platform/web). Models are
 * created once per analyzer and called once per document with every
 * sentence batched.
 */
import { DEFAULT_BACKEND, loadRuntime } from '#platform/onnx.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Backend, OrtRuntime } from './ort-types.js';
import { setWasmPrefix, wasmPaths } from '../resources/wasm-paths.js';

export type { Backend };

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

const runtimes = new Map<Backend, Promise<OrtRuntime>>();

/**
 * Where onnxruntime-web (and sql.js, see wasm-paths.ts) fetch their `.wasm`
 * files (a URL prefix ending in "/"). One setting for the process or page,
 * as onnxruntime-web's own `env.wasm.wasmPaths` is: the last analyzer
 * created with `wasmPaths` sets it.
 */
export function setWasmPaths(paths: string | undefined): void {
  if (paths === undefined) return;
  setWasmPrefix(paths);
  for (const r of runtimes.values()) void r.then((rt) => configure(rt)).catch(() => {});
}

function configure(rt: OrtRuntime): OrtRuntime {
  const wasm = rt.backend === 'wasm' ? rt.ort.env?.wasm : undefined;
  if (wasm) {
    // Single-threaded WASM by default: no SharedArrayBuffer or worker needed,
    // works everywhere. An app that set onnxruntime-web's env.wasm.numThreads
    // itself (a cross-origin isolated page that wants threads) keeps its value.
    wasm.numThreads ??= 1;
    const paths = wasmPaths();
    if (paths !== undefined) wasm.wasmPaths = paths;
  }
  return rt;
}

/** The runtime for a backend, loaded once per process (or page). */
export function runtimeFor(backend: Backend): Promise<OrtRuntime> {
  let r = runtimes.get(backend);
  if (!r) {
    r = loadRuntime(backend).then(configure);
    runtimes.set(backend, r);
    r.catch(() => runtimes.delete(backend));
  }
  return r;
}

/**
 * What the caller should be told about the runtime of this backend (e.g.
 * that onnxruntime-node was missing and WASM ran instead), once it has
 * loaded; undefined when all is as asked.
 */
export async function runtimeNotice(backend: Backend): Promise<string | undefined> {
  const r = runtimes.get(backend);
  if (!r) return undefined;
  try {
    return (await r).notice;
  } catch {
    return undefined;
  }
}

export interface LoadOptions {
  backend?: Backend;
  /** Intra-op threads for the native backend; 1 keeps one document on one core. */
  threads?: number;
}

export async function loadOnnxModel(loader: ResourceLoader, path: string, opts: LoadOptions = {}): Promise<OnnxModel> {
  const runtime = await runtimeFor(opts.backend ?? DEFAULT_BACKEND);
  const ort = runtime.ort;
  const bytes = await loader.bytes(path);
  // No CPU arena: each native session would keep its own, grown to its largest call, for the process's life
  // (all eight extractors: 504 -> 453 MB resident after a 50 kB document, same speed; docs/speed.md, Memory).
  const sessionOptions: Record<string, unknown> =
    runtime.backend === 'node'
      ? { intraOpNumThreads: opts.threads ?? 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', enableCpuMemArena: false }
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
