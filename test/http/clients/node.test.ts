/**
 * The Node client, the npm package `textrazor` (wzbg/textrazor, file
 * index.js; read, not copied): `textrazor(options)` calls the `request`
 * library's `request.post(url, { headers, form: options })` with
 * url = 'http://api.textrazor.com' in its early versions (a module constant:
 * no endpoint setting; 2.1.0, the newest, hard-codes https://, which a proxy
 * can only tunnel, so 2.1.0 cannot reach textlens unchanged — docs/http.md),
 * headers {'x-textrazor-key': apiKey, 'Content-Type': 'text/html'} — which
 * `request`'s form() replaces with application/x-www-form-urlencoded — and
 * the options object as the form, `extractors` defaulting to 'entities';
 * `exec` concatenates `data.response.entities` over chunks. The body is `qs`
 * stringified: RFC 3986 escapes, and an array value as key[0]=…&key[1]=….
 * No compression is asked for. As it has no endpoint option, it reaches
 * textlens through `request`'s proxy support: HTTP_PROXY=http://127.0.0.1:8080
 * makes it send the absolute-form target "http://api.textrazor.com/", which
 * the Node server routes by its path.
 *
 * The other Node wrapper, `textrazor-sdk` (beardyman/textrazor, lib/Base.js,
 * lib/Parser.js), takes {host, protocol} options and sends the same form
 * through `request` with `gzip: true`; the second test covers it.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY, TEXT, clientApp, entitiesOf, expectFields, payloadOf, qsStringify, send } from './harness.js';

const app = clientApp();
afterAll(() => app.close());

function requestPost(url: string, headers: Record<string, string>, form: Record<string, string | string[]>): Request {
  // request's form(): its own content type wins over the caller's 'text/html'.
  const h = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
  delete (h as Record<string, string>)['Content-Type'];
  return new Request(url, { method: 'POST', headers: h, body: qsStringify(form) });
}

describe('textrazor (npm) against textlens serve', () => {
  it('analyzes exec(text, {languageOverride}) sent to http://api.textrazor.com/ through the proxy setting', async () => {
    const req = requestPost('http://api.textrazor.com/', { 'x-textrazor-key': KEY, 'Content-Type': 'text/html' }, {
      languageOverride: 'eng',
      extractors: 'entities',
      text: TEXT,
    });
    const r = await send(app, req);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBeNull(); // it asks for no compression
    const entities = entitiesOf(r);
    expect(entities.length).toBeGreaterThan(1);
    for (const e of entities) expectFields(e, ['matchedText', 'type', 'freebaseTypes', 'relevanceScore', 'confidenceScore'], 'entity');
    expect(entities.some((e) => e.wikiLink !== undefined && e.freebaseId !== undefined)).toBe(true);
  });

  it('accepts an array of extractors in qs notation (extractors[0]=…) and a gzip request from textrazor-sdk', async () => {
    const body = qsStringify({ text: TEXT, extractors: ['entities', 'words'] });
    expect(body).toContain('extractors%5B0%5D=entities');
    // textrazor-sdk: {host, protocol} options, path '' → "/", gzip: true adds Accept-Encoding.
    const res = await app.fetch(
      new Request('http://127.0.0.1:8080', {
        method: 'POST',
        headers: { 'x-textrazor-key': KEY, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, deflate' },
        body,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const json = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')) as { response: Record<string, unknown> };
    expect(Array.isArray(json.response.entities)).toBe(true);
    expect(Array.isArray(json.response.sentences)).toBe(true);
  });

  it('refuses an index spelling on a field that is not a list', async () => {
    const r = await send(app, new Request('http://api.textrazor.com/', {
      method: 'POST',
      headers: { 'x-textrazor-key': KEY, 'content-type': 'application/x-www-form-urlencoded' },
      body: qsStringify({ text: 'Hi.', languageOverride: ['eng'] }),
    }));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/unknown parameter 'languageOverride\[0\]'/);
    expect(payloadOf(r)).toBeUndefined();
  });
});
