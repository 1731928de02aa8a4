/**
 * Where analysis runs. The web-standard handler only needs something that
 * turns flat form options into response JSON; Node plugs in a worker pool
 * (analysis-pool.ts), other runtimes may analyze in-process.
 */
import { createAnalyzer, type Analyzer, type AnalyzerConfig } from '../analyzer.js';
import type { FlatOptions } from '../types.js';

export interface AnalysisRunner {
  /**
   * Analyzes and resolves with the spec's response as JSON text (serialized
   * where the analysis ran, so a big response costs the caller no CPU).
   * Rejects with AnalysisError: the analyzer's 400/413, 503 when overloaded,
   * 504 on timeout.
   */
  run(options: FlatOptions): Promise<string>;
  /** Resolves once analysis can start without a cold start (models loaded). */
  ready?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Analysis on the calling thread: for runtimes without worker threads (Bun and
 * Deno have workers but not node:worker_threads, edge runtimes have neither).
 * It cannot enforce a timeout: a heavy document blocks the thread it runs on.
 */
export function createInProcessRunner(config: AnalyzerConfig = {}): AnalysisRunner {
  let analyzer: Promise<Analyzer> | undefined;
  return {
    async run(options) {
      analyzer ??= createAnalyzer(config);
      return JSON.stringify(await (await analyzer).analyze(options));
    },
    async ready() {
      analyzer ??= createAnalyzer(config);
      await analyzer;
    },
    async close() {},
  };
}
