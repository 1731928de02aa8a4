/**
 * The page bench/browser.ts times in Chromium: the example app's analyzer
 * (examples/browser/analyzer.ts), driven by the bench instead of a
 * form. On load it analyzes one sentence with `words` and records when that
 * result arrived, counted from the start of navigation (a cold start: the
 * bench opens it in a fresh profile, nothing cached).
 */
import { createPageAnalyzer } from '../examples/browser/analyzer.js';
import { pageSettings } from '../examples/browser/settings.js';
import { env } from 'onnxruntime-web/wasm';

export interface BrowserBenchHooks {
  /** ms from navigation start to the first `words` result. */
  firstWordsMs: number;
  crossOriginIsolated: boolean;
  /** The threads onnxruntime-web runs with (it falls back to 1 where threads are not possible). */
  wasmThreads: number;
  /** What the cold start fetched: URL path, bytes over the wire, ms from navigation start to its end. */
  resources: Array<{ path: string; bytes: number; endMs: number }>;
  /** Documents the passes analyze (set once: a pass does not copy them again). */
  docs: string[];
  /** Analyzes every document with `extractors`; resolves to the pass's ms. */
  pass(extractors: string): Promise<number>;
}

const analyzer = await createPageAnalyzer(pageSettings(location));
const first = await analyzer.analyze({ text: 'The quick brown fox jumps over the lazy dog.', extractors: 'words' });
if (!first.ok) throw new Error(`the first analysis failed: ${first.error}`);
const hooks: BrowserBenchHooks = {
  firstWordsMs: performance.now(),
  crossOriginIsolated,
  wasmThreads: env.wasm.numThreads ?? 1,
  resources: performance.getEntriesByType('resource').map((e) => {
    const r = e as PerformanceResourceTiming;
    return { path: new URL(r.name).pathname, bytes: r.encodedBodySize, endMs: r.responseEnd };
  }),
  docs: [],
  async pass(extractors) {
    const t0 = performance.now();
    for (const text of hooks.docs) {
      const response = await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
      if (!response.ok) throw new Error(response.error);
    }
    return performance.now() - t0;
  },
};
(globalThis as unknown as { textlensBench: BrowserBenchHooks }).textlensBench = hooks;
