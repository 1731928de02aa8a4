/**
 * The classifier API in-process (memory store, analysis in-process): every
 * route, its errors as JSON envelopes with their status, per-key scope, CSV,
 * and stored classifiers used at once by the analysis endpoint.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryClassifierStore } from '../../src/stores/classifiers/index.js';
import { createInProcessRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';
import { appCaller, type Json, type Reply } from './app-calls.js';

const KEY = 'cls-key';
const OTHER = 'other-key';
const store = new MemoryClassifierStore();
const app = createApp({
  keys: [
    { key: KEY, name: 'classifier tests', dailyQuota: 1000 },
    { key: OTHER, name: 'someone else', dailyQuota: 1000 },
  ],
  classifierStore: store,
  runner: createInProcessRunner(),
});
afterAll(() => app.close());

const call = appCaller(app, KEY);

async function classify(text: string, classifiers: string, key = KEY, extra: Record<string, string> = {}): Promise<Reply> {
  const form = new URLSearchParams({ text, extractors: 'words', classifiers, languageOverride: 'eng', ...extra });
  const res = await app.fetch(
    new Request('http://localhost/', { method: 'POST', headers: { 'X-TextRazor-Key': key, 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
  );
  return { status: res.status, json: (await res.json()) as Json };
}

const categories = (r: Reply): Json[] => ((r.json.response as Json | undefined)?.categories ?? []) as Json[];

const NEWS = [
  { categoryId: 'sport', label: 'Sport', query: "or(concept('sport'), concept('game'), word('match'))" },
  { categoryId: 'money', label: 'Business', query: "or(concept('business'), concept('finance'), concept('market'), concept('profit'))" },
  { categoryId: 'labelled', label: 'weather' },
];

describe('classifier API', () => {
  it('creates a classifier, pages through its categories and gets one', async () => {
    const put = await call('PUT', '/categories/news', NEWS, KEY, { 'content-type': 'application/json' });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ ok: true, response: { id: 'news', size: 3 } });
    const all = await call('GET', '/categories/news/_all?limit=2&offset=1');
    expect(all.json.response).toEqual({
      classifierId: 'news',
      categories: [
        { categoryId: 'money', label: 'Business', query: NEWS[1]!.query },
        { categoryId: 'labelled', label: 'weather', query: '' },
      ],
      total: 3,
      limit: 2,
      offset: 1,
    });
    expect((await call('GET', '/categories/news/sport')).json.response).toEqual(NEWS[0]);
    expect((await call('GET', '/categories/news')).json.response).toEqual({ id: 'news', size: 3 });
    expect(((await call('GET', '/categories/')).json.classifiers as Json[]).map((c) => c.id)).toContain('news');
  });

  it('uses the stored classifier in the analysis, best category first, under the floor left out', async () => {
    const sport = await classify('The striker scored twice and the team won the football match against the champions.', 'news');
    expect(sport.status).toBe(200);
    const got = categories(sport);
    expect(got[0]).toMatchObject({ classifierId: 'news', categoryId: 'sport', label: 'Sport' });
    expect(got.every((c) => (c.score as number) >= 0.1 && (c.score as number) <= 1)).toBe(true);
    expect(got.map((c) => c.categoryId)).not.toContain('labelled');
    const money = await classify('Company profits rose and the stock market rallied as business investment grew.', 'news,textrazor_mediatopics');
    expect(categories(money)[0]).toMatchObject({ classifierId: 'news', categoryId: 'money' });
    // The built-in classifier still answers beside it.
    expect(categories(money).some((c) => c.classifierId === 'textrazor_mediatopics')).toBe(true);
    // classifier.maxCategories caps each classifier's list.
    const capped = await classify('The team won the match; business profits and the market rose too.', 'news', KEY, { 'classifier.maxCategories': '1' });
    expect(categories(capped)).toHaveLength(1);
  });

  it('runs the entities layer for entity() and type() leaves, without returning entities nobody asked for', async () => {
    await call('PUT', '/categories/firms', [
      { categoryId: 'company', label: 'Companies', query: "type('Company')" },
      { categoryId: 'apple', label: 'Apple', query: "entity('Apple Inc.')" },
    ]);
    const r = await classify('Apple Inc. reported record profits, and Microsoft followed a day later.', 'firms');
    expect(r.status).toBe(200);
    expect(categories(r).map((c) => c.categoryId).sort()).toEqual(['apple', 'company']);
    expect((r.json.response as Json).entities).toBeUndefined();
  });

  it('reads CSV (categoryId,label,query), with or without a header, unquoted commas in the last column', async () => {
    const csv = "1,Banking,or(concept('bank'),concept('finance'))\n2,Politics,concept('politics')\n";
    const put = await call('PUT', '/categories/csv_one', csv, KEY, { 'content-type': 'application/csv' });
    expect(put.status).toBe(200);
    expect((await call('GET', '/categories/csv_one/1')).json.response).toEqual({ categoryId: '1', label: 'Banking', query: "or(concept('bank'),concept('finance'))" });
    const headed = await call('PUT', '/categories/csv_two', 'query,categoryId,label\n"word(\'x\')",a,A\n', KEY, { 'content-type': 'text/csv' });
    expect(headed.status).toBe(200);
    expect((await call('GET', '/categories/csv_two/a')).json.response).toEqual({ categoryId: 'a', label: 'A', query: "word('x')" });
  });

  it('deletes a category, then the classifier; the analysis stops seeing them', async () => {
    await call('PUT', '/categories/gone', NEWS);
    expect((await call('DELETE', '/categories/gone/sport')).status).toBe(200);
    expect((await call('GET', '/categories/gone/sport')).status).toBe(404);
    expect(categories(await classify('The team won the football match.', 'gone')).map((c) => c.categoryId)).not.toContain('sport');
    expect((await call('DELETE', '/categories/gone')).status).toBe(200);
    const after = await classify('The team won the match.', 'gone');
    expect(after.status).toBe(400);
    expect(after.json.error).toMatch(/unknown classifier 'gone'.*This API key's stored classifiers: .*news/);
  });

  it('refuses bad queries with a 400 that names the category and the character', async () => {
    const bad = await call('PUT', '/categories/bad', [{ categoryId: 'x', query: "and(concept('a'), wrd('b'))" }]);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/classifier 'bad', category 'x': bad query at character 19: unknown function 'wrd'/);
    const unclosed = await call('PUT', '/categories/bad', [{ categoryId: 'x', query: "concept('a'" }]);
    expect(unclosed.json.error).toMatch(/expected '\)' to close concept\(, but the query ends/);
    const deep = await call('PUT', '/categories/bad', [{ categoryId: 'x', query: `${'not('.repeat(20)}word('a')${')'.repeat(20)}` }]);
    expect(deep.status).toBe(400);
    expect(deep.json.error).toMatch(/nested deeper than 12/);
    const long = await call('PUT', '/categories/bad', [{ categoryId: 'x', query: 'a '.repeat(1500) }]);
    expect(long.json.error).toMatch(/3000 characters; at most 2000/);
    for (const [body, message] of [
      [{ categoryId: 'x' }, /JSON list of categories/],
      [[], /no categories given/],
      [[{ categoryId: 'x', query: 'a' }, { categoryId: 'x', query: 'b' }], /categoryId 'x' is given twice/],
      [[{ categoryId: 'x' }], /neither a query nor a label/],
      [[{ categoryId: 'x', query: 'a', weight: 2 }], /unknown field 'weight'/],
      [[{ label: 'no id', query: 'a' }], /has no categoryId/],
    ] as const) {
      const r = await call('PUT', '/categories/bad', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error).toMatch(message);
    }
    expect((await call('GET', '/categories/bad')).status).toBe(404);
    const reserved = await call('PUT', '/categories/textrazor_mediatopics', NEWS);
    expect(reserved.status).toBe(400);
    expect(reserved.json.error).toMatch(/reserved for the built-in/);
  });

  it('answers 404 for a missing classifier or category, 401 without a key, 405 for other methods', async () => {
    expect((await call('GET', '/categories/nothing/_all')).json).toMatchObject({ ok: false, error: "no classifier 'nothing' for this API key" });
    expect((await call('GET', '/categories/nothing/1')).status).toBe(404);
    expect((await call('DELETE', '/categories/nothing')).status).toBe(404);
    await call('PUT', '/categories/here', NEWS);
    expect((await call('GET', '/categories/here/none')).json.error).toBe("no category 'none' in classifier 'here'");
    expect((await call('DELETE', '/categories/here/none')).status).toBe(404);
    expect((await call('GET', '/categories/here', undefined, null)).status).toBe(401);
    expect((await call('GET', '/categories/here', undefined, 'wrong')).status).toBe(401);
    expect((await call('POST', '/categories/here')).status).toBe(405);
    // PHP's double slash.
    expect((await call('GET', '//categories/here/sport')).json.response).toEqual(NEWS[0]);
  });

  it("keeps each key's classifiers apart", async () => {
    await call('PUT', '/categories/mine', NEWS);
    expect((await call('GET', '/categories/mine/_all', undefined, OTHER)).status).toBe(404);
    const theirs = await classify('The team won the match.', 'mine', OTHER);
    expect(theirs.status).toBe(400);
    expect(theirs.json.error).toMatch(/This API key has no stored classifiers: create one with PUT \/categories\/\{id\}/);
    await call('PUT', '/categories/mine', [{ categoryId: 'only', label: 'Only', query: "word('match')" }], OTHER);
    expect((await call('GET', '/categories/mine/_all')).json.response).toMatchObject({ total: 3 });
    expect(categories(await classify('The team won the match.', 'mine', OTHER)).map((c) => c.categoryId)).toEqual(['only']);
  });

  it("answers npm textrazor-sdk's ClassifierManager as it sends (read from lib/ClassifierManager.js and lib/Base.js)", async () => {
    // Its requests carry 'Content-type: application/form' and the caller's request options: a JSON body.
    const sdk = { 'Content-type': 'application/form' };
    expect((await call('PUT', '/categories/sdk', JSON.stringify(NEWS), KEY, sdk)).status).toBe(200);
    // list(classifier, pageLimit, page): ?limit=…&offset=page
    expect((await call('GET', '/categories/sdk/_all?limit=2&offset=0', undefined, KEY, sdk)).json.response).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect((await call('GET', '/categories/sdk/money', undefined, KEY, sdk)).json.response).toMatchObject({ label: 'Business' });
    expect((await call('DELETE', '/categories/sdk/money', undefined, KEY, sdk)).status).toBe(200);
    expect((await call('DELETE', '/categories/sdk', undefined, KEY, sdk)).status).toBe(200);
  });

  it('takes gzip bodies, as the Python client sends them', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await app.fetch(
      new Request('http://localhost/categories/zipped', {
        method: 'PUT',
        headers: { 'X-TextRazor-Key': KEY, 'content-encoding': 'gzip', 'content-type': 'application/json' },
        body: gzipSync(JSON.stringify(NEWS)),
      }),
    );
    expect(res.status).toBe(200);
    expect((await call('GET', '/categories/zipped')).json.response).toEqual({ id: 'zipped', size: 3 });
  });
});
