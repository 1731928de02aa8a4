/**
 * Analysis on the page's own thread. Imported only in that mode, so the
 * worker variant's page script does not download textlens at all.
 */
import { errorEnvelope, type AnalyzeOptions, type AnalyzeResponse } from 'textlens';
import { createPageAnalyzer } from './analyzer.js';
import type { PageSettings } from './settings.js';

/** The analyzer is created once; each model loads on first use. */
export function onMainThread(settings: PageSettings): (request: AnalyzeOptions) => Promise<AnalyzeResponse> {
  const analyzer = createPageAnalyzer(settings);
  // A failed start is reported by the first analysis, not as an unhandled rejection.
  analyzer.catch(() => {});
  return async (request) => {
    const t0 = performance.now();
    try {
      return await (await analyzer).analyze(request);
    } catch (error) {
      return errorEnvelope(error, (performance.now() - t0) / 1000).body;
    }
  };
}
