/**
 * textrazor-python's DictionaryManager (TextRazor/textrazor-python,
 * textrazor.py; read, not copied) against the dictionary API. Its calls go
 * through `TextRazorConnection.do_request`: X-TextRazor-Key, Accept-Encoding:
 * gzip, and a JSON body given as post data — so urllib labels it
 * application/x-www-form-urlencoded, and over 50 bytes it is
 * zlib.compress()ed and labelled Content-Encoding: gzip.
 *   create_dictionary: PUT entities/{id} with json.dumps({id, matchType?, caseInsensitive?, language?}), then get_dictionary
 *   all_dictionaries: GET entities/ → response["dictionaries"] (top level)
 *   get_dictionary: GET entities/{id} → Dictionary(response["response"])
 *   delete_dictionary: DELETE entities/{id}, raises unless ok
 *   add_entries: POST entities/{id}/ with json.dumps(batch), batches of 20 000 (_chunks)
 *   all_entries: GET entities/{id}/_all?limit=&offset= (urlencode of those set) → AllDictionaryEntriesResponse(response["response"])
 *   get_entry / delete_entry: GET / DELETE entities/{id}/{entry_id}
 * and `TextRazor.analyze` sends entities.dictionaries once per id.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DICTIONARY_FIELDS, ENTRY_FIELDS, PAGE_FIELDS, dictionaryApp } from './dictionary-harness.js';
import { KEY, expectFields, pythonUrlencode, send, type Json } from './harness.js';

const app = dictionaryApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

/** do_request(path, post_data, method=...) as the client builds it. */
function doRequest(path: string, postData: string | undefined, method: string): Request {
  const headers: Record<string, string> = { 'X-TextRazor-Key': KEY, 'Accept-Encoding': 'gzip' };
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (postData) {
    body = new TextEncoder().encode(postData);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (body.length > 50) {
      body = new Uint8Array(deflateSync(body));
      headers['Content-Encoding'] = 'gzip';
    }
  }
  return new Request(ENDPOINT + path, { method, headers, body });
}

/** Python's json.dumps: ", " and ": " separators, non-ASCII escaped (ensure_ascii). */
function jsonDumps(v: unknown): string {
  return JSON.stringify(v)
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/","/g, '", "')
    .replace(/":/g, '": ');
}

describe('textrazor-python DictionaryManager against textlens serve', () => {
  it('create_dictionary, then get_dictionary, reads the Dictionary fields', async () => {
    const put = await send(app, doRequest('entities/people', jsonDumps({ id: 'people', caseInsensitive: true, language: 'eng' }), 'PUT'));
    expect(put.status).toBe(200);
    expect(put.json.ok).toBe(true);
    const got = await send(app, doRequest('entities/people', undefined, 'GET'));
    expect(got.headers.get('content-encoding')).toBe('gzip');
    const d = got.json.response as Json;
    expectFields(d, DICTIONARY_FIELDS, 'Dictionary');
    expect(d).toMatchObject({ id: 'people', matchType: 'token', caseInsensitive: true, language: 'eng' });
  });

  it('all_dictionaries reads the top-level dictionaries list', async () => {
    const r = await send(app, doRequest('entities/', undefined, 'GET'));
    const list = r.json.dictionaries as Json[];
    expect(list.map((d) => d.id)).toEqual(['people']);
    expectFields(list[0]!, DICTIONARY_FIELDS, 'Dictionary');
  });

  it('add_entries posts one batch (compressed), all_entries and get_entry read entries', async () => {
    // add_entries fills DictionaryEntry({}) from the dicts: only the keys given.
    const batch = [{ id: 'merkel', text: 'Angela Merkel', data: { party: ['CDU'] } }, { text: 'Emmanuel Macron' }, { id: 'zürich', text: 'Zürich' }];
    const add = await send(app, doRequest('entities/people/', jsonDumps(batch), 'POST'));
    expect(add.status).toBe(200);
    expect(add.json.ok).toBe(true);
    // all_entries(id, limit=2, offset=1): urlencode({'limit': 2, 'offset': 1})
    const page = await send(app, doRequest(`entities/people/_all?${pythonUrlencode([['limit', '2'], ['offset', '1']])}`, undefined, 'GET'));
    const p = page.json.response as Json;
    expectFields(p, PAGE_FIELDS, 'AllDictionaryEntriesResponse');
    expect(p).toMatchObject({ total: 3, limit: 2, offset: 1 });
    for (const e of p.entries as Json[]) expectFields(e, ENTRY_FIELDS, 'DictionaryEntry');
    expect((p.entries as Json[])[1]).toEqual({ id: 'zürich', text: 'Zürich', data: {} });
    // all_entries(id) with neither set: "_all?" and an empty query.
    expect(((await send(app, doRequest('entities/people/_all?', undefined, 'GET'))).json.response as Json).total).toBe(3);
    const entry = await send(app, doRequest('entities/people/merkel', undefined, 'GET'));
    expect(entry.json.response).toEqual({ id: 'merkel', text: 'Angela Merkel', data: { party: ['CDU'] } });
  });

  it('analyze with entities.dictionaries finds the stored entries; custom_entity_id and data are read', async () => {
    const form = pythonUrlencode([
      ['rules', ''],
      ['extractors', 'entities'],
      ['cleanupHTML', false],
      ['classifiers', ''],
      ['entities.dictionaries', 'people'],
      ['text', 'Angela Merkel met Emmanuel Macron.'],
    ]);
    const r = await send(app, doRequest('', form, 'POST'));
    expect(r.status).toBe(200);
    const custom = ((r.json.response as Json).entities as Json[]).filter((e) => e.customEntityId);
    expect(custom.map((e) => e.matchedText)).toEqual(['Angela Merkel', 'Emmanuel Macron']);
    expect(custom[0]!.data).toEqual({ party: ['CDU'] });
  });

  it('delete_entry and delete_dictionary check ok; an error is a non-200 the client raises on', async () => {
    expect((await send(app, doRequest('entities/people/merkel', undefined, 'DELETE'))).json.ok).toBe(true);
    const missing = await send(app, doRequest('entities/people/merkel', undefined, 'GET'));
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ ok: false });
    expect((await send(app, doRequest('entities/people', undefined, 'DELETE'))).json.ok).toBe(true);
    expect((await send(app, doRequest('entities/people', undefined, 'GET'))).status).toBe(404);
  });
});
