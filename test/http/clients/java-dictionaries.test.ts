/**
 * textrazor-java's DictionaryManager (TextRazor/textrazor-java,
 * src/com/textrazor/dictionary/DictionaryManager.java; read, not copied)
 * against the dictionary API. Every call goes through
 * net/TextRazorConnection.java `sendRequest` with ContentType.JSON: header
 * Content-Type: application/json (on GET and DELETE too), X-TextRazor-Key,
 * Accept-Encoding: "gzip, deflate"; bodies are Jackson JSON with nulls left
 * out (Include.NON_NULL), uncompressed; ids go through URLEncoder; any status
 * but 200 throws AnalysisException. Responses are read with Jackson, unknown
 * properties ignored:
 *   createDictionary: PUT entities/{id} with {id, matchType, caseInsensitive, language} (Builder defaults token/false/any)
 *   allDictionaries: GET entities/ → AllDictionariesResponse.dictionaries (top level)
 *   getDictionary: GET entities/{id} → GetDictionaryResponse.response (Dictionary)
 *   allEntries(id, limit, offset): GET entities/{id}/_all?limit=&offset= (only those > 0) → PagedAllEntries {total, limit, offset, entries}
 *   addEntries: POST entities/{id}/ with the List<DictionaryEntry> ({id, text: String, data: Map<String, List<String>>})
 *   getEntry / deleteEntry: GET / DELETE entities/{id}/{entryId}; deleteDictionary: DELETE entities/{id}
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DICTIONARY_FIELDS, ENTRY_FIELDS, PAGE_FIELDS, dictionaryApp } from './dictionary-harness.js';
import { KEY, expectFields, javaUrlEncode, send, type Json } from './harness.js';

const app = dictionaryApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

function sendRequest(path: string, body: unknown, method: string): Request {
  const json = body === null ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-TextRazor-Key': KEY, 'Accept-Encoding': 'gzip, deflate' };
  if (json !== undefined) headers['Content-Length'] = String(new TextEncoder().encode(json).length);
  return new Request(ENDPOINT + path, { method, headers, body: json });
}

describe('textrazor-java DictionaryManager against textlens serve', () => {
  it('createDictionary with the Builder defaults, getDictionary and allDictionaries', async () => {
    const created = await send(app, sendRequest(`entities/${javaUrlEncode('products')}`, { id: 'products', matchType: 'stem', caseInsensitive: false, language: 'any' }, 'PUT'));
    expect(created.status).toBe(200);
    const got = await send(app, sendRequest('entities/products', null, 'GET'));
    const d = got.json.response as Json;
    expectFields(d, DICTIONARY_FIELDS, 'Dictionary');
    // Boolean caseInsensitive as a JSON boolean (Jackson maps it to Boolean).
    expect(d).toMatchObject({ id: 'products', matchType: 'stem', caseInsensitive: true, language: 'any' });
    const all = await send(app, sendRequest('entities/', null, 'GET'));
    expect((all.json.dictionaries as Json[]).map((x) => x.id)).toEqual(['products']);
  });

  it('addEntries, allEntries with limit and offset, getEntry; text is a String', async () => {
    const entries = [
      { id: 'w1', text: 'blue widget', data: { sku: ['W-1'] } },
      { id: 'g1', text: 'red gadget', data: {} },
    ];
    expect((await send(app, sendRequest('entities/products/', entries, 'POST'))).status).toBe(200);
    const page = await send(app, sendRequest('entities/products/_all?limit=1&offset=1', null, 'GET'));
    const p = page.json.response as Json;
    expectFields(p, PAGE_FIELDS, 'PagedAllEntries');
    for (const f of ['total', 'limit', 'offset']) expect(Number.isInteger(p[f]), f).toBe(true);
    expect(p).toMatchObject({ total: 2, limit: 1, offset: 1 });
    // allEntries(id) sends "_all?" with no parameters.
    expect(((await send(app, sendRequest('entities/products/_all?', null, 'GET'))).json.response as Json).total).toBe(2);
    const entry = (await send(app, sendRequest('entities/products/w1', null, 'GET'))).json.response as Json;
    expectFields(entry, ENTRY_FIELDS, 'DictionaryEntry');
    expect(typeof entry.text).toBe('string');
    expect(entry).toEqual({ id: 'w1', text: 'blue widget', data: { sku: ['W-1'] } });
  });

  it('analysis with entities.dictionaries (repeated field) matches the stems', async () => {
    const body = ['extractors=entities', 'entities.dictionaries=products', `text=${javaUrlEncode('The shop sells blue widgets.')}`].join('&');
    const req = new Request(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-TextRazor-Key': KEY, 'Accept-Encoding': 'gzip, deflate' },
      body,
    });
    const r = await send(app, req);
    expect(r.status).toBe(200);
    const custom = ((r.json.response as Json).entities as Json[]).filter((e) => e.customEntityId);
    expect(custom.map((e) => [e.customEntityId, e.matchedText])).toEqual([['w1', 'blue widgets']]);
  });

  it('deleteEntry and deleteDictionary answer 200; a missing one is 404 (AnalysisException)', async () => {
    expect((await send(app, sendRequest('entities/products/g1', null, 'DELETE'))).status).toBe(200);
    expect((await send(app, sendRequest('entities/products/g1', null, 'DELETE'))).status).toBe(404);
    expect((await send(app, sendRequest('entities/products', null, 'DELETE'))).status).toBe(200);
    const gone = await send(app, sendRequest('entities/products', null, 'GET'));
    expect(gone.status).toBe(404);
    expect(gone.json.ok).toBe(false);
  });
});
