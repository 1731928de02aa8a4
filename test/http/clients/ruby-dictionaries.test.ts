/**
 * The `textrazor` Ruby gem's dictionary calls (andhapp/textrazor, the release
 * with lib/textrazor/dictionary.rb; read, not copied). lib/textrazor/
 * request.rb sends every call through RestClient with the header
 * `x_textrazor_key` (RestClient writes X-Textrazor-Key) and RestClient's
 * default Accept-Encoding; URLs are File.join(configuration.url, path):
 *   create_dictionary: PUT /entities/{id} with Dictionary#to_h.to_json ({matchType, caseInsensitive, language} without nils; no id)
 *   get_dictionary_entries(id, limit: 0, offset: 0): GET entities/{id}/_all?limit=0&offset=0 → ApiResponse reads time, ok, response[:entries]
 *   create_dictionary_entries: POST entities/{id}/ with the entries' to_h ({id, text, data}, empty ones left out)
 *   delete_dictionary / delete_dictionary_entry: DELETE entities/{id}[/{entry_id}]
 * and `dictionaries:` in the analysis options, comma-joined as entities.dictionaries,
 * with the key in the apiKey form field. RestClient raises on any non-2xx.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_FIELDS, PAGE_FIELDS, dictionaryApp } from './dictionary-harness.js';
import { KEY, expectFields, rubyFormEncode, send, type Json } from './harness.js';

const app = dictionaryApp();
afterAll(() => app.close());

const URL_ROOT = 'http://127.0.0.1:8080';

/** File.join(url, path): one slash between them whatever each side has. */
const fileJoin = (root: string, path: string) => `${root.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

function rest(method: string, path: string, payload?: string): Request {
  return new Request(fileJoin(URL_ROOT, path), {
    method,
    headers: { 'X-Textrazor-Key': KEY, Accept: '*/*', 'Accept-Encoding': 'gzip, deflate' },
    body: payload,
  });
}

describe('textrazor Ruby gem dictionary calls against textlens serve', () => {
  it('create_dictionary puts the settings without an id', async () => {
    const r = await send(app, rest('PUT', '/entities/brands', JSON.stringify({ caseInsensitive: true })));
    expect(r.status).toBe(200);
    expect(r.json.response).toMatchObject({ id: 'brands', caseInsensitive: true });
  });

  it('create_dictionary_entries, then get_dictionary_entries with its default limit=0&offset=0', async () => {
    const entries = [{ id: 'acme', text: 'Acme Corp', data: { ticker: ['ACME'] } }, { id: 'globex', text: 'Globex' }];
    expect((await send(app, rest('POST', 'entities/brands/', JSON.stringify(entries)))).status).toBe(200);
    const r = await send(app, rest('GET', 'entities/brands/_all?limit=0&offset=0'));
    expect(r.status).toBe(200);
    expect(typeof r.json.time).toBe('number');
    expect(r.json.ok).toBe(true);
    const page = r.json.response as Json;
    expectFields(page, PAGE_FIELDS, 'response');
    expect(page).toMatchObject({ total: 2, offset: 0 });
    for (const e of page.entries as Json[]) expectFields(e, ENTRY_FIELDS, 'DictionaryEntry');
    expect((page.entries as Json[]).map((e) => e.text)).toEqual(['Acme Corp', 'Globex']);
  });

  it('analysis with dictionaries: and the key in the apiKey field finds the entries', async () => {
    const body = [
      ['text', 'Acme Corp bought Globex.'],
      ['apiKey', KEY],
      ['extractors', 'entities'],
      ['cleanup.mode', 'raw'],
      ['entities.dictionaries', 'brands'],
    ]
      .map(([k, v]) => `${rubyFormEncode(k!)}=${rubyFormEncode(v!)}`)
      .join('&');
    const res = await send(app, new Request(`${URL_ROOT}/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body }));
    expect(res.status).toBe(200);
    const ids = ((res.json.response as Json).entities as Json[]).filter((e) => e.customEntityId).map((e) => e.customEntityId);
    expect(ids).toEqual(['acme', 'globex']);
  });

  it('delete_dictionary_entry and delete_dictionary answer 2xx; a second delete is a 404 RestClient raises on', async () => {
    expect((await send(app, rest('DELETE', 'entities/brands/globex'))).status).toBe(200);
    expect((await send(app, rest('DELETE', 'entities/brands'))).status).toBe(200);
    expect((await send(app, rest('DELETE', 'entities/brands'))).status).toBe(404);
  });
});
