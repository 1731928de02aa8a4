/**
 * The page's analyzer, the same on the main thread, in the worker and in
 * bench/browser.ts: WASM ONNX, models and WASM files fetched from the
 * settings' URLs, and WASM threads when asked for.
 */
import { createAnalyzer, type Analyzer } from 'textlens';
import { analyzerConfig, type PageSettings } from './settings.js';

export async function createPageAnalyzer(settings: PageSettings): Promise<Analyzer> {
  if (settings.threads > 1) {
    // onnxruntime-web runs multi-threaded only on a cross-origin isolated page
    // (COOP/COEP headers; `node serve.mjs --isolated`); elsewhere it warns in
    // the console and uses one thread. textlens keeps what the app sets here.
    const { env } = await import('onnxruntime-web/wasm');
    env.wasm.numThreads = settings.threads;
  }
  return createAnalyzer(analyzerConfig(settings));
}
