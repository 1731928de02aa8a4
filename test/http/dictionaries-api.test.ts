/**
 * The dictionary API in-process (memory store, analysis in-process): every
 * route, its errors as JSON envelopes with their status, per-key scope, and
 * stored dictionaries used at once by the analysis endpoint.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryDictionaryStore } from '../../src/stores/dictionaries/index.js';
import { createInProcessRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';
import { appCaller, type Json, type Reply } from './app-calls.js';
import { MAX_ENTRIES_PER_BATCH } from '../../src/http/dictionaries-api.js';

const KEY = 'dict-key';
const OTHER = 'other-key';
const store = new MemoryDictionaryStore();
const app = createApp({
  keys: [
    { key: KEY, name: 'dict tests', dailyQuota: 1000 },
    { key: OTHER, name: 'someone else', dailyQuota: 1000 },
  ],
  dictionaryStore: store,
  // A registered dictionary too, to check that the two kinds coexist.
  runner: createInProcessRunner({ dictionaries: { registered: [{ id: 'oslo', text: ['Oslo'] }] } }),
});
afterAll(() => app.close());

const call = appCaller(app, KEY);

async function analyze(text: string, dictionaries: string, key = KEY): Promise<Reply> {
  const form = new URLSearchParams({ text, extractors: 'entities', 'entities.dictionaries': dictionaries, languageOverride: 'eng' });
  const res = await app.fetch(
    new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': key, 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
  );
  return { status: res.status, json: (await res.json()) as Json };
}

const customIds = (r: Reply): string[] =>
  (((r.json.response as Json | undefined)?.entities ?? []) as Json[]).map((e) => e.customEntityId).filter((x): x is string => typeof x === 'string');

describe('dictionary API', () => {
  it('creates, reads and lists dictionaries with their settings', async () => {
    const put = await call('PUT', '/entities/people', { id: 'people', matchType: 'token', caseInsensitive: true, language: 'eng' });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ ok: true, response: { id: 'people', matchType: 'token', caseInsensitive: true, language: 'eng', size: 0 } });
    // Defaults, and stem implies case-insensitive.
    expect((await call('PUT', '/entities/drugs', {})).json.response).toMatchObject({ matchType: 'token', caseInsensitive: false, language: 'any' });
    expect((await call('PUT', '/entities/stems', { matchType: 'stem' })).json.response).toMatchObject({ matchType: 'stem', caseInsensitive: true });
    // Any case, as the hosted API's own PHP example sends it.
    expect((await call('PUT', '/entities/stems', { matchType: 'STEM' })).json.response).toMatchObject({ matchType: 'stem', caseInsensitive: true });
    const got = await call('GET', '/entities/people');
    expect(got.json.response).toMatchObject({ id: 'people', language: 'eng' });
    const list = await call('GET', '/entities/');
    expect((list.json.dictionaries as Json[]).map((d) => d.id)).toEqual(['drugs', 'people', 'stems']);
  });

  it('adds entries, pages through them and gets or deletes one', async () => {
    const add = await call('POST', '/entities/people/', [
      { id: 'merkel', text: 'Angela Merkel', data: { party: ['CDU'] } },
      { id: 'macron', text: 'Emmanuel Macron' },
      { text: 'Olaf Scholz' },
    ]);
    expect(add.status).toBe(200);
    expect(add.json.response).toMatchObject({ size: 3, added: 3 });
    const all = await call('GET', '/entities/people/_all?limit=2&offset=1');
    const page = all.json.response as { entries: Json[]; total: number; limit: number; offset: number };
    expect(page.total).toBe(3);
    expect(page.limit).toBe(2);
    expect(page.offset).toBe(1);
    expect(page.entries[0]).toEqual({ id: 'macron', text: 'Emmanuel Macron', data: {} });
    // The id-less entry got a generated one.
    expect(page.entries[1]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', '/entities/people/_all')).json.response).toMatchObject({ limit: 100, offset: 0, total: 3 });
    expect((await call('GET', '/entities/people/merkel')).json.response).toEqual({ id: 'merkel', text: 'Angela Merkel', data: { party: ['CDU'] } });
    expect((await call('DELETE', '/entities/people/macron')).status).toBe(200);
    const gone = await call('GET', '/entities/people/macron');
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ ok: false, error: "no entry 'macron' in dictionary 'people'" });
    expect((await call('DELETE', '/entities/people/macron')).status).toBe(404);
  });

  it('accepts the PHP client\'s double slash and a zlib body labelled gzip', async () => {
    const { deflateSync } = await import('node:zlib');
    const body = deflateSync(Buffer.from(JSON.stringify([{ id: 'x', text: 'Ünïcödé 𝒳' }])));
    const res = await app.fetch(
      new Request('http://localhost//entities/drugs/', { method: 'POST', headers: { 'X-TextRazor-Key': KEY, 'Content-Encoding': 'gzip' }, body }),
    );
    expect(res.status).toBe(200);
    expect((await call('GET', '//entities/drugs/x')).json.response).toMatchObject({ text: 'Ünïcödé 𝒳' });
  });

  it('refuses bad input with 400, unknown dictionaries with 404, in the JSON envelope', async () => {
    const bad = async (method: string, path: string, body: unknown, status: number, error: RegExp) => {
      const r = await call(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(status);
      expect(r.json.ok).toBe(false);
      expect(r.json.error as string).toMatch(error);
    };
    await bad('POST', '/entities/people/', '[{"id": "a", "text": ', 400, /not valid JSON/);
    await bad('POST', '/entities/people/', [], 400, /empty/);
    await bad('POST', '/entities/people/', { id: 'a', text: 'b' }, 400, /JSON list/);
    await bad('POST', '/entities/people/', [{ id: 'a' }], 400, /'text' must be a string/);
    await bad('POST', '/entities/people/', [{ id: 'a', text: '  ' }], 400, /no surface form/);
    await bad('POST', '/entities/people/', [{ id: 'a', text: 'A' }, { id: 'a', text: 'B' }], 400, /duplicate entry id 'a'/);
    await bad('POST', '/entities/people/', [{ id: 'a', text: 'A', colour: 'red' }], 400, /unknown field 'colour'/);
    await bad('POST', '/entities/people/', [{ id: '_all', text: 'A' }], 400, /reserved/);
    const over = Array.from({ length: MAX_ENTRIES_PER_BATCH + 1 }, (_, i) => ({ id: `e${i}`, text: 'x' }));
    await bad('POST', '/entities/people/', over, 400, /at most 20000 per request/);
    await bad('PUT', '/entities/x', { matchType: 'fuzzy' }, 400, /matchType must be 'token' or 'stem'/);
    await bad('PUT', '/entities/x', { language: 'English' }, 400, /ISO 639-2/);
    await bad('PUT', '/entities/x', { id: 'y' }, 400, /differs from the path/);
    await bad('PUT', '/entities/x', { size: 3 }, 400, /unknown field 'size'/);
    await bad('PUT', '/entities/bad%20id', {}, 400, /letters, digits/);
    await bad('GET', '/entities/people/_all?limit=10001', undefined, 400, /limit must be a whole number from 0 to 10000/);
    await bad('GET', '/entities/people/_all?limit=2.5', undefined, 400, /limit must be a whole number/);
    await bad('GET', '/entities/people/_all?offset=-1', undefined, 400, /offset/);
    await bad('GET', '/entities/nope', undefined, 404, /no dictionary 'nope'/);
    await bad('POST', '/entities/nope/', [{ id: 'a', text: 'A' }], 404, /no dictionary 'nope'/);
    await bad('GET', '/entities/nope/_all', undefined, 404, /no dictionary 'nope'/);
    await bad('DELETE', '/entities/nope', undefined, 404, /no dictionary 'nope'/);
    await bad('POST', '/entities/', [], 405, /not allowed/);
    await bad('GET', '/entities/a/b/c', undefined, 404, /no route/);
  });

  it('needs a valid key, and scopes dictionaries to the key that made them', async () => {
    expect((await call('GET', '/entities/', undefined, null)).status).toBe(401);
    expect((await call('GET', '/entities/', undefined, 'wrong')).status).toBe(401);
    expect((await call('GET', '/entities/', undefined, OTHER)).json.dictionaries).toEqual([]);
    expect((await call('GET', '/entities/people', undefined, OTHER)).status).toBe(404);
    expect((await call('DELETE', '/entities/people', undefined, OTHER)).status).toBe(404);
    // Same id, other key: a separate dictionary.
    await call('PUT', '/entities/people', {}, OTHER);
    expect((await call('GET', '/entities/people', undefined, OTHER)).json.response).toMatchObject({ size: 0 });
    expect((await call('GET', '/entities/people')).json.response).toMatchObject({ size: 2 });
  });

  it('lets analysis use a stored dictionary at once, and follows its changes', async () => {
    await call('PUT', '/entities/leaders', { caseInsensitive: true });
    await call('POST', '/entities/leaders/', [{ id: 'merkel', text: 'angela merkel', data: { role: ['chancellor'] } }]);
    const text = 'Angela Merkel met Emmanuel Macron in Oslo.';
    const first = await analyze(text, 'leaders,registered');
    expect(first.status).toBe(200);
    expect(customIds(first).sort()).toEqual(['merkel', 'oslo']);
    const merkel = ((first.json.response as Json).entities as Json[]).find((e) => e.customEntityId === 'merkel')!;
    expect(merkel.data).toEqual({ role: ['chancellor'] });

    await call('POST', '/entities/leaders/', [{ id: 'macron', text: 'Emmanuel Macron' }]);
    expect(customIds(await analyze(text, 'leaders')).sort()).toEqual(['macron', 'merkel']);
    await call('DELETE', '/entities/leaders/merkel');
    expect(customIds(await analyze(text, 'leaders'))).toEqual(['macron']);

    // qs-style list names (the Node client's `request` form encoding) select it too.
    const qs = await app.fetch(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'X-TextRazor-Key': KEY, 'content-type': 'application/x-www-form-urlencoded' },
        body: `text=${encodeURIComponent(text)}&extractors=entities&${encodeURIComponent('entities.dictionaries[0]')}=leaders`,
      }),
    );
    expect(customIds({ status: qs.status, json: (await qs.json()) as Json })).toEqual(['macron']);

    // Another key cannot select it: to that key the id is unknown (400, as any unknown dictionary).
    const other = await analyze(text, 'leaders', OTHER);
    expect(other.status).toBe(400);
    expect(other.json.error as string).toMatch(/unknown dictionary 'leaders'/);

    await call('DELETE', '/entities/leaders');
    expect((await analyze(text, 'leaders')).status).toBe(400);
  });
});

describe('dictionary API without a store', () => {
  const bare = createApp({ auth: false });
  afterAll(() => bare.close());
  it("names the key's stored dictionaries, and how to make one, when analysis asks for an unknown id", async () => {
    const known = await analyze('Oslo is cold.', 'no-such-dictionary');
    expect(known.status).toBe(400);
    expect(known.json.error).toMatch(/unknown dictionary 'no-such-dictionary'.*This API key's stored dictionaries: .*people/);
    for (const d of (await call('GET', '/entities/', undefined, OTHER)).json.dictionaries as Json[]) await call('DELETE', `/entities/${String(d.id)}`, undefined, OTHER);
    const none = await analyze('Oslo is cold.', 'no-such-dictionary', OTHER);
    expect(none.status).toBe(400);
    expect(none.json.error).toMatch(/has no stored dictionaries: create one with PUT \/entities\/\{id\}/);
  });

  it('answers 404 saying why', async () => {
    const res = await bare.fetch(new Request('http://localhost/entities/', { method: 'GET' }));
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error).toMatch(/keeps no stored dictionaries/);
  });
});
