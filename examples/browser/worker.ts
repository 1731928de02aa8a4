/**
 * The Web Worker variant: the same analyzer, off the page's main thread.
 * The page sends its settings once, then requests; every reply is an envelope.
 */
import { errorEnvelope, type Analyzer } from 'textlens';
import { createPageAnalyzer } from './analyzer.js';
import type { FromWorker, ToWorker } from './messages.js';

/** The worker's global scope, as far as this file uses it (the DOM lib types `self` as a Window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let analyzer: Promise<Analyzer> | undefined;

scope.onmessage = async (event) => {
  const message = event.data;
  if (message.kind === 'init') {
    analyzer = createPageAnalyzer(message.settings);
    // A failed start is reported by the first analysis, not as an unhandled rejection.
    analyzer.catch(() => {});
    return;
  }
  const t0 = performance.now();
  try {
    if (!analyzer) throw new Error('the page sent a request before the settings');
    scope.postMessage({ id: message.id, response: await (await analyzer).analyze(message.request) });
  } catch (error) {
    scope.postMessage({ id: message.id, response: errorEnvelope(error, (performance.now() - t0) / 1000).body });
  }
};
