/**
 * Where analysis runs. The web-standard handler only needs something that
 * turns flat form options into response JSON; Node plugs in a worker pool
 * (analysis-pool.ts), other runtimes may analyze in-process.
 */
import type { Analyzer, AnalyzerConfig } from '../analyzer.js';
import type { AnalysisError } from '../errors.js';
import type { FlatOptions } from '../types.js';
import { shapeResponse, type ResponseShape } from './client-compat.js';
import { CompiledCache, type StoredDictionaryRef } from './compiled-dictionaries.js';
import { DefinitionCache, type StoredClassifierRef } from './stored-classifiers.js';

export interface AnalysisRunner {
  /**
   * Analyzes and resolves with the spec's response as UTF-8 JSON, serialized
   * and encoded where the analysis ran: a 200 kB text makes a response of
   * several MB, and the caller's thread should not pay for it.
   * Rejects with AnalysisError: the analyzer's 400/413, 503 when overloaded,
   * 504 on timeout. `shape` picks the response's shape (client-compat.ts);
   * omitted, it is the spec's. `dictionaries`: the caller's stored
   * dictionaries that the request selects (compiled-dictionaries.ts);
   * `classifiers`: its stored classifiers that it names (stored-classifiers.ts).
   */
  run(
    options: FlatOptions,
    shape?: ResponseShape,
    dictionaries?: readonly StoredDictionaryRef[],
    classifiers?: readonly StoredClassifierRef[],
  ): Promise<Uint8Array<ArrayBuffer>>;
  /** Resolves once analysis can start without a cold start (models loaded). */
  ready?(): Promise<void>;
  /**
   * Set while the runner refuses all work because its analyzers cannot start
   * (503, with the start-up error); a runner that retries clears it once one does.
   */
  readonly failure?: AnalysisError;
  close(): Promise<void>;
}

/**
 * Analysis on the calling thread: for runtimes without worker threads (Bun and
 * Deno have workers but not node:worker_threads, edge runtimes have neither).
 * It cannot enforce a timeout: a heavy document blocks the thread it runs on.
 */
export function createInProcessRunner(config: AnalyzerConfig = {}): AnalysisRunner {
  let analyzer: Promise<Analyzer> | undefined;
  // Loaded on first use, so that importing the handler pulls in no analyzer
  // (and none of the Node file access it defaults to) until one is needed.
  const load = () =>
    (analyzer ??= import('../analyzer.js')
      .then((m) => m.createAnalyzer(config))
      .catch((e: unknown) => {
        analyzer = undefined; // a failed start is retried by the next request
        throw e;
      }));
  const compiled = new CompiledCache();
  const definitions = new DefinitionCache();
  return {
    async run(options, shape, dictionaries, classifiers) {
      const context = {
        ...(dictionaries?.length ? { dictionaries: compiled.resolve(dictionaries) } : {}),
        ...(classifiers?.length ? { classifiers: definitions.resolve(classifiers) } : {}),
      };
      const response = await (await load()).analyze(options, undefined, context);
      return new TextEncoder().encode(JSON.stringify(shapeResponse(response, shape ?? 'spec')));
    },
    async ready() {
      await load();
    },
    async close() {},
  };
}
