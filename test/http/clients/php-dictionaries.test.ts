/**
 * textrazor-php's DictionaryManager (TextRazor/textrazor-php, TextRazor.php;
 * read, not copied) against the dictionary API. `TextRazorConnection::
 * sendRequest` joins the endpoint and a path that starts with "/", so with
 * the endpoint "http://host:port/" every path starts "//entities/"; cURL
 * sends the string body (JSON here, "" for GET and DELETE) with its form
 * Content-Type, CURLOPT_ENCODING 'gzip,deflate', X-TextRazor-Key; anything but
 * 200 throws; the reply is json_decode()d and returned as is.
 *   createDictionary($id, $matchType, $caseInsensitive, $language): PUT /entities/{id}, "{}" when no settings
 *   allDictionaries: GET /entities/; getDictionary / deleteDictionary: GET / DELETE /entities/{id}
 *   allEntries($id, $limit, $offset): GET /entities/{id}/_all?http_build_query(...)
 *   addEntries($id, $entries): POST /entities/{id}/ with json_encode($entries) (refuses an empty list itself)
 *   getEntry / deleteEntry: GET / DELETE /entities/{id}/{entryId}
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DICTIONARY_FIELDS, ENTRY_FIELDS, PAGE_FIELDS, dictionaryApp } from './dictionary-harness.js';
import { KEY, expectFields, phpUrlencode, send, type Json } from './harness.js';

const app = dictionaryApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

function curl(path: string, body: string, method: string): Request {
  return new Request(ENDPOINT + path, {
    method,
    headers: { 'X-TextRazor-Key': KEY, 'Accept-Encoding': 'gzip,deflate', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : body,
  });
}

/** PHP json_encode: "/" escaped as "\/", non-ASCII as \uXXXX. */
function jsonEncode(v: unknown): string {
  return JSON.stringify(v)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('textrazor-php DictionaryManager against textlens serve', () => {
  it('createDictionary without settings sends "{}" to //entities/{id}; getDictionary reads the fields', async () => {
    const put = await send(app, curl('/entities/places', '{}', 'PUT'));
    expect(new URL(ENDPOINT + '/entities/places').pathname).toBe('//entities/places');
    expect(put.status).toBe(200);
    const got = await send(app, curl('/entities/places', '', 'GET'));
    expectFields(got.json.response as Json, DICTIONARY_FIELDS, 'dictionary');
    expect(got.json.response).toMatchObject({ id: 'places', matchType: 'token', caseInsensitive: false, language: 'any' });
    expect(((await send(app, curl('/entities/', '', 'GET'))).json.dictionaries as Json[]).map((d) => d.id)).toEqual(['places']);
  });

  it('addEntries with json_encode, allEntries with http_build_query, getEntry', async () => {
    const entries = [
      { id: 'paris', text: 'Paris', data: { url: ['https://example.org/paris'] } },
      { id: 'sao-paulo', text: 'São Paulo' },
    ];
    expect((await send(app, curl('/entities/places/', jsonEncode(entries), 'POST'))).status).toBe(200);
    const page = await send(app, curl(`/entities/places/_all?${['limit=10', 'offset=0'].join('&')}`, '', 'GET'));
    const p = page.json.response as Json;
    expectFields(p, PAGE_FIELDS, 'allEntries');
    expect(p.total).toBe(2);
    for (const e of p.entries as Json[]) expectFields(e, ENTRY_FIELDS, 'entry');
    expect((p.entries as Json[])[1]!.text).toBe('São Paulo');
    const one = await send(app, curl('/entities/places/paris', '', 'GET'));
    expect((one.json.response as Json).data).toEqual({ url: ['https://example.org/paris'] });
  });

  it('analysis with entities.dictionaries finds the entries', async () => {
    const body = ['extractors=entities', 'cleanupHTML=false', 'extractors=entities', 'entities.dictionaries=places', `text=${phpUrlencode('From Paris to São Paulo.')}`].join('&');
    const r = await send(app, curl('', body, 'POST'));
    expect(r.status).toBe(200);
    const custom = ((r.json.response as Json).entities as Json[]).filter((e) => e.customEntityId).map((e) => e.customEntityId);
    expect(custom).toEqual(['paris', 'sao-paulo']);
  });

  it('deleteEntry and deleteDictionary answer 200, a missing dictionary 404 (the client throws)', async () => {
    expect((await send(app, curl('/entities/places/paris', '', 'DELETE'))).status).toBe(200);
    expect((await send(app, curl('/entities/places', '', 'DELETE'))).status).toBe(200);
    expect((await send(app, curl('/entities/places', '', 'GET'))).status).toBe(404);
  });
});
