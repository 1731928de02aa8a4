/**
 * Stored classifiers through real worker threads: the categories cross to a
 * worker once per revision (not per request), a change is picked up on the
 * next request, and they share the worker's record with stored dictionaries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryClassifierStore } from '../../src/stores/classifiers/index.js';
import { MemoryDictionaryStore } from '../../src/stores/dictionaries/index.js';
import { WorkerPool } from '../../src/http/analysis-pool.js';
import { createApp } from '../../src/http/app.js';

const KEY = 'pool-key';
const pool = new WorkerPool({ size: 1, timeoutMs: 30_000 });
const app = createApp({ keys: [{ key: KEY }], runner: pool, classifierStore: new MemoryClassifierStore(), dictionaryStore: new MemoryDictionaryStore() });
afterAll(() => app.close());

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { 'X-TextRazor-Key': KEY }, body: body === undefined ? undefined : JSON.stringify(body) }));
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

async function categoryIds(text: string, extra: Record<string, string> = {}): Promise<string[]> {
  const form = new URLSearchParams({ text, extractors: 'words', classifiers: 'topics', ...extra });
  const res = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY }, body: form }));
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return (((json.response as Json).categories ?? []) as Json[]).map((c) => c.categoryId as string);
}

describe('stored classifiers in worker threads', () => {
  it('sends a classifier to a worker once per revision', async () => {
    await pool.ready();
    await call('PUT', '/categories/topics', [{ categoryId: 'gadgets', label: 'Gadgets', query: "word('widget')" }]);
    await call('PUT', '/entities/products', {});
    await call('POST', '/entities/products/', [{ id: 'widget', text: 'blue widget' }]);
    const text = 'The factory makes blue widgets and red gadgets.';
    expect(await categoryIds(text)).toEqual(['gadgets']);
    expect(await categoryIds(text, { 'entities.dictionaries': 'products' })).toEqual(['gadgets']);
    expect(pool.classifierSends).toBe(1);

    await call('PUT', '/categories/topics', [{ categoryId: 'red', label: 'Red', query: "word('red')" }]);
    expect(await categoryIds(text)).toEqual(['red']);
    expect(pool.classifierSends).toBe(2);
    expect(await categoryIds(text, { 'entities.dictionaries': 'products' })).toEqual(['red']);
    expect(pool.classifierSends).toBe(2);
    expect(pool.dictionarySends).toBe(1);
  }, 60_000);
});
