/**
 * Browser side of the analysis-workers seam: none. A page that wants
 * documents off its main thread runs the whole analyzer in a Web Worker of its
 * own (docs/browsers.md); analyzeMany then interleaves its documents in that
 * thread.
 */
import type { AnalyzerConfig } from '../analyzer.js';
import type { AnalyzeResponse, FlatOptions } from '../types.js';

export interface AnalysisWorkers {
  analyze(options: FlatOptions): Promise<AnalyzeResponse>;
  close(): Promise<void>;
}

export async function startAnalysisWorkers(_config: AnalyzerConfig, _size: number, _timeoutMs?: number): Promise<AnalysisWorkers | undefined> {
  return undefined;
}
