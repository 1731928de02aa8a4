/**
 * Where the page finds its models and onnxruntime-web's files, and where it
 * runs the analysis. Read from the page's query string so one build serves
 * every variant:
 *   ?mode=worker       analyze in a Web Worker (default: on the main thread)
 *   ?models=URL        the models directory (default: ./models/ beside the page)
 *   ?wasm=URL          the WASM files: onnxruntime-web's and sql.js's (default: ./wasm/)
 *   ?threads=N         onnxruntime-web threads (needs a cross-origin isolated page)
 */
import type { AnalyzerConfig } from 'textlens';

export interface PageSettings {
  mode: 'main' | 'worker';
  /** Absolute URL of the models directory, ending in '/'. */
  modelsUrl: string;
  /** Absolute URL of the directory holding the WASM files (ort-wasm-*.wasm/.mjs, sql-wasm-browser.wasm), ending in '/'. */
  wasmUrl: string;
  threads: number;
}

function directoryUrl(value: string, base: string): string {
  const url = new URL(value, base).href;
  return url.endsWith('/') ? url : `${url}/`;
}

export function pageSettings(location: { search: string; href: string }): PageSettings {
  const query = new URLSearchParams(location.search);
  const threads = Number(query.get('threads') ?? '1');
  return {
    mode: query.get('mode') === 'worker' ? 'worker' : 'main',
    modelsUrl: directoryUrl(query.get('models') ?? './models/', location.href),
    wasmUrl: directoryUrl(query.get('wasm') ?? './wasm/', location.href),
    threads: Number.isInteger(threads) && threads > 0 ? threads : 1,
  };
}

/** The analyzer's configuration for these settings: WASM ONNX, models fetched over HTTP. */
export function analyzerConfig(settings: PageSettings): AnalyzerConfig {
  return { backend: 'wasm', modelsUrl: settings.modelsUrl, wasmPaths: settings.wasmUrl };
}
