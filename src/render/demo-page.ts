/**
 * The script of `textlens serve --demo`'s page (GET /demo, src/http/demo.ts):
 * sends the form to the server's own analysis API (POST /, the key the user
 * typed in X-TextRazor-Key, so the API's key checks apply as to any client),
 * then shows the response drawn by renderElement() beside its JSON.
 *
 * Browser only. Nothing in the library imports it; the server serves it
 * with the rest of the compiled dist/render/.
 */
import { renderElement } from './index.js';
import type { AnalyzeResponse } from '../types.js';

/** Extractors the drawing needs besides the ones picked: relations are drawn on the sentence's words. */
function withNeeded(extractors: string[]): string[] {
  const needsWords = extractors.some((e) => e === 'relations') && !extractors.includes('words') && !extractors.includes('dependency-trees');
  return needsWords ? [...extractors, 'words'] : extractors;
}

function element<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the demo page has no #${id}`);
  return el as T;
}

const form = element<HTMLFormElement>('demo-form');
const status = element<HTMLElement>('status');
const rendering = element<HTMLElement>('rendering');
const json = element<HTMLElement>('json');
let runs = 0;

function finish(state: 'done' | 'failed', message: string): void {
  status.textContent = message;
  status.dataset.state = state;
  status.dataset.runs = String(++runs);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void analyze();
});

async function analyze(): Promise<void> {
  const data = new FormData(form);
  const text = String(data.get('text') ?? '');
  const url = String(data.get('url') ?? '').trim();
  const key = String(data.get('apiKey') ?? '').trim();
  const extractors = withNeeded(data.getAll('extractor').map(String));
  const body = new URLSearchParams({ extractors: extractors.join(','), 'cleanup.returnCleaned': 'true' });
  // A URL wins over text: the server downloads the page (within its address guard) and cleans it.
  if (url !== '') {
    body.set('url', url);
    body.set('cleanup.mode', 'cleanHTML');
  } else body.set('text', text);
  status.dataset.state = 'running';
  status.textContent = 'Analyzing…';
  try {
    const res = await fetch('/', { method: 'POST', body, headers: key ? { 'x-textrazor-key': key } : {} });
    const response = (await res.json()) as AnalyzeResponse;
    json.textContent = JSON.stringify(response, null, 2);
    rendering.replaceChildren(renderElement(response, { idPrefix: `demo-${runs + 1}` }));
    if (res.ok && response.ok) finish('done', `Analyzed in ${response.time} s.`);
    else finish('failed', `HTTP ${res.status}: ${response.error || res.statusText}`);
  } catch (e) {
    json.textContent = '';
    rendering.replaceChildren();
    finish('failed', `The request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

status.dataset.state = 'ready';
status.textContent = 'Ready.';
