/**
 * Stored dictionaries through real worker threads: the entries cross to a
 * worker once per revision (not per request), and a change is picked up on
 * the next request.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryDictionaryStore } from '../../src/stores/dictionaries/index.js';
import { WorkerPool } from '../../src/http/analysis-pool.js';
import { createApp } from '../../src/http/app.js';

const KEY = 'pool-key';
const pool = new WorkerPool({ size: 1, timeoutMs: 30_000 });
const app = createApp({ keys: [{ key: KEY }], runner: pool, dictionaryStore: new MemoryDictionaryStore() });
afterAll(() => app.close());

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { 'X-TextRazor-Key': KEY }, body: body === undefined ? undefined : JSON.stringify(body) }));
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

async function customIds(text: string): Promise<string[]> {
  const form = new URLSearchParams({ text, extractors: 'entities', 'entities.dictionaries': 'products' });
  const res = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY }, body: form }));
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return (((json.response as Json).entities ?? []) as Json[]).map((e) => e.customEntityId).filter((x): x is string => typeof x === 'string');
}

describe('stored dictionaries in worker threads', () => {
  it('sends a dictionary to a worker once per revision', async () => {
    await pool.ready();
    await call('PUT', '/entities/products', { matchType: 'stem' });
    await call('POST', '/entities/products/', [{ id: 'widget', text: 'blue widget' }]);
    const text = 'The factory makes blue widgets and red gadgets.';
    expect(await customIds(text)).toEqual(['widget']);
    expect(await customIds(text)).toEqual(['widget']);
    expect(pool.dictionarySends).toBe(1);

    await call('POST', '/entities/products/', [{ id: 'gadget', text: 'red gadget' }]);
    expect((await customIds(text)).sort()).toEqual(['gadget', 'widget']);
    expect(pool.dictionarySends).toBe(2);
    expect((await customIds(text)).sort()).toEqual(['gadget', 'widget']);
    expect(pool.dictionarySends).toBe(2);
  }, 60_000);
});
