/**
 * The page: a form that analyzes its text with textlens, on the main thread
 * or (with ?mode=worker) in a Web Worker so that the page stays responsive
 * while models load and documents are analyzed.
 */
import type { AnalyzeOptions, AnalyzeResponse } from 'textlens';
import { pageSettings, type PageSettings } from './settings.js';
import type { FromWorker, ToWorker } from './messages.js';

type Analyze = (request: AnalyzeOptions) => Promise<AnalyzeResponse>;

/** Analysis in a module worker (worker.js, built beside this file). */
function inWorker(settings: PageSettings): Analyze {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const pending = new Map<number, (response: AnalyzeResponse) => void>();
  let next = 0;
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    pending.get(event.data.id)?.(event.data.response);
    pending.delete(event.data.id);
  };
  // A worker that fails to load or crashes answers every request, pending or later, with the reason.
  let broken: AnalyzeResponse | undefined;
  worker.onerror = (event: ErrorEvent) => {
    broken = { time: 0, ok: false, error: `the analysis worker failed: ${event.message || 'it could not be loaded'}`, message: '' };
    for (const resolve of pending.values()) resolve(broken);
    pending.clear();
  };
  const post = (message: ToWorker) => worker.postMessage(message);
  post({ kind: 'init', settings });
  return (request) =>
    new Promise((resolve) => {
      if (broken) return resolve(broken);
      const id = next++;
      pending.set(id, resolve);
      post({ kind: 'analyze', id, request });
    });
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

const settings = pageSettings(location);
const analyze: Analyze = settings.mode === 'worker' ? inWorker(settings) : (await import('./main-thread.js')).onMainThread(settings);
const form = element<HTMLFormElement>('form');
const button = element<HTMLButtonElement>('run');
const status = element<HTMLParagraphElement>('status');
const result = element<HTMLPreElement>('result');

function show(state: 'ready' | 'running' | 'done' | 'error', text: string): void {
  status.dataset.state = state;
  status.textContent = text;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  show('running', 'Analyzing…');
  const rules = element<HTMLTextAreaElement>('rules').value.trim();
  const t0 = performance.now();
  const response = await analyze({
    text: element<HTMLTextAreaElement>('text').value,
    extractors: element<HTMLInputElement>('extractors').value,
    ...(rules ? { rules } : {}),
  });
  result.textContent = JSON.stringify(response, null, 2);
  status.dataset.runs = String(Number(status.dataset.runs ?? '0') + 1);
  const where = settings.mode === 'worker' ? 'in a worker' : 'on the main thread';
  show(response.ok ? 'done' : 'error', `${response.ok ? 'Done' : 'Failed'} in ${Math.round(performance.now() - t0)} ms, ${where}.`);
  button.disabled = false;
});

button.disabled = false;
show('ready', `Ready (${settings.mode === 'worker' ? 'Web Worker' : 'main thread'}; models from ${settings.modelsUrl}).`);
