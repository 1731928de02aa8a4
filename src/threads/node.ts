/**
 * Node side of the analysis-workers seam: analyzeMany's documents on worker
 * threads, with the pool `textlens serve` and `textlens batch` use
 * (src/http/analysis-pool.ts: one analyzer per worker, a heap limit per
 * worker, a per-document timeout, a crashed worker replaced).
 */
import type { AnalyzerConfig } from '../analyzer.js';
import type { AnalyzeResponse, FlatOptions } from '../types.js';

export interface AnalysisWorkers {
  analyze(options: FlatOptions): Promise<AnalyzeResponse>;
  close(): Promise<void>;
}

export async function startAnalysisWorkers(config: AnalyzerConfig, size: number, timeoutMs?: number): Promise<AnalysisWorkers | undefined> {
  const { WorkerPool } = await import('../http/analysis-pool.js');
  // Every document of the run may be queued: the run itself bounds what is in flight.
  const pool = new WorkerPool({ size, analyzer: config, timeoutMs, maxQueue: Number.MAX_SAFE_INTEGER });
  const decoder = new TextDecoder();
  return {
    analyze: async (options) => JSON.parse(decoder.decode(await pool.run(options))) as AnalyzeResponse,
    close: () => pool.close(),
  };
}
