/**
 * The analyzer as the package hands it out: src/analyzer.ts's, with
 * analyzeMany on worker threads where the platform has them (`#threads`:
 * src/threads/node.ts in Node, none in a browser). Kept apart from
 * analyzer.ts because a worker thread runs an analyzer itself: the analyzer
 * cannot import the pool that imports it.
 */
import { createAnalyzer as createCoreAnalyzer, type Analyzer, type AnalyzerConfig } from './analyzer.js';
import { analyzeMany, type ManyInput } from './analyze-many.js';
import type { AnalyzeOptions, AnalyzeResponse, FlatOptions } from './types.js';
import { startAnalysisWorkers, type AnalysisWorkers } from '#threads';

export async function createAnalyzer(config: AnalyzerConfig = {}): Promise<Analyzer> {
  return withThreads(await createCoreAnalyzer(config), config);
}

let defaultAnalyzer: Promise<Analyzer> | undefined;

/** Analyze with a lazily created default analyzer (shipped models, native backend). */
export async function analyze(input: string | AnalyzeOptions | FlatOptions, options?: AnalyzeOptions | FlatOptions): Promise<AnalyzeResponse> {
  defaultAnalyzer ??= createAnalyzer();
  return (await defaultAnalyzer).analyze(input, options);
}

function withThreads(core: Analyzer, config: AnalyzerConfig): Analyzer {
  let workers: Promise<AnalysisWorkers | undefined> | undefined;
  let workersSize = 0;

  /** The worker threads, started on first need with this analyzer's settings; another concurrency, a pool of that size. */
  async function workerPool(size: number, timeoutMs: number | undefined): Promise<AnalysisWorkers | undefined> {
    if (workers && workersSize !== size) {
      const old = await workers.catch(() => undefined);
      workers = undefined;
      await old?.close();
    }
    if (!workers) {
      // The hooks observe this thread's analyses only; the rest must reach the workers as it is.
      const { onStage: _onStage, onLoad: _onLoad, ...sendable } = config;
      try {
        // A loader object or a fetch function cannot cross to a worker thread: say so rather than lose it silently.
        structuredClone(sendable);
      } catch {
        throw new Error(
          'analyzeMany: concurrency above 1 runs worker threads, and this analyzer was created with settings that cannot be sent to them (a loader or a download fetch); use concurrency 1, or modelsDir/modelsUrl',
        );
      }
      workers = startAnalysisWorkers(sendable, size, timeoutMs);
      workersSize = size;
    }
    return workers;
  }

  return {
    ...core,
    async *analyzeMany(inputs, options = {}) {
      const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
      const pool = concurrency > 1 ? await workerPool(concurrency, options.timeoutMs) : undefined;
      if (!pool) {
        yield* core.analyzeMany(inputs, options);
        return;
      }
      // The core's check: a disposed analyzer refuses before any worker starts.
      await core.analyzeMany([], options).next();
      yield* analyzeMany(inputs, (input: ManyInput) => pool.analyze((typeof input === 'string' ? { text: input } : input) as FlatOptions), options);
    },
    async dispose() {
      await core.dispose();
      const pool = await workers?.catch(() => undefined);
      workers = undefined;
      await pool?.close();
    },
  };
}
