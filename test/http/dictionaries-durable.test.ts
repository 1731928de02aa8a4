/**
 * Stored dictionaries survive a restart: an app on a SQLite file (what
 * `textlens serve` opens by default), closed and opened again on the same
 * file, still lists the dictionary and analysis still selects it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDictionaryStore } from '../../src/stores/dictionaries/index.js';
import { createInProcessRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-dict-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'textlens-events.db');
const KEY = 'durable-key';

async function appOnFile() {
  return createApp({ keys: [{ key: KEY }], dictionaryStore: await openDictionaryStore(file), runner: createInProcessRunner() });
}

it('keeps dictionaries across a restart', async () => {
  const first = await appOnFile();
  const put = (path: string, method: string, body: unknown) =>
    first.fetch(new Request(`http://localhost${path}`, { method, headers: { 'X-TextRazor-Key': KEY }, body: JSON.stringify(body) }));
  expect((await put('/entities/towns', 'PUT', { language: 'eng' })).status).toBe(200);
  expect((await put('/entities/towns/', 'POST', [{ id: 'ulm', text: 'Ulm' }])).status).toBe(200);
  await first.close();

  const second = await appOnFile();
  try {
    const list = (await (await second.fetch(new Request('http://localhost/entities/', { headers: { 'X-TextRazor-Key': KEY } }))).json()) as {
      dictionaries: Array<{ id: string; size: number; language: string }>;
    };
    expect(list.dictionaries).toEqual([{ id: 'towns', matchType: 'token', caseInsensitive: false, language: 'eng', size: 1 }]);
    const form = new URLSearchParams({ text: 'Einstein was born in Ulm.', extractors: 'entities', 'entities.dictionaries': 'towns' });
    const res = await second.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY }, body: form }));
    const json = (await res.json()) as { response: { entities: Array<{ customEntityId?: string }> } };
    expect(json.response.entities.filter((e) => e.customEntityId).map((e) => e.customEntityId)).toEqual(['ulm']);
  } finally {
    await second.close();
  }
});
