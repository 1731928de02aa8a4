/**
 * Stored classifiers survive a restart: an app on a SQLite file (what
 * `textlens serve` opens by default), closed and opened again on the same
 * file, still pages the categories and the analysis still uses them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openClassifierStore } from '../../src/stores/classifiers/index.js';
import { createInProcessRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-cls-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'textlens-events.db');
const KEY = 'durable-key';

async function appOnFile() {
  return createApp({ keys: [{ key: KEY }], classifierStore: await openClassifierStore(file), runner: createInProcessRunner() });
}

it('keeps classifiers across a restart', async () => {
  const first = await appOnFile();
  const categories = [
    { categoryId: 'weather', label: 'Weather', query: "or(concept('rain'), concept('storm'))" },
    { categoryId: 'food', label: 'Food', query: 'bread cheese' },
  ];
  const put = await first.fetch(new Request('http://localhost/categories/daily', { method: 'PUT', headers: { 'X-TextRazor-Key': KEY }, body: JSON.stringify(categories) }));
  expect(put.status).toBe(200);
  await first.close();

  const second = await appOnFile();
  try {
    const all = (await (await second.fetch(new Request('http://localhost/categories/daily/_all', { headers: { 'X-TextRazor-Key': KEY } }))).json()) as {
      response: { categories: unknown[]; total: number };
    };
    expect(all.response).toMatchObject({ categories, total: 2 });
    const form = new URLSearchParams({ text: 'Heavy rain and a storm flooded the valley overnight.', extractors: 'words', classifiers: 'daily' });
    const res = await second.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY }, body: form }));
    const json = (await res.json()) as { response: { categories: Array<{ classifierId: string; categoryId: string }> } };
    expect(json.response.categories.map((c) => `${c.classifierId}/${c.categoryId}`)).toEqual(['daily/weather']);
  } finally {
    await second.close();
  }
});
