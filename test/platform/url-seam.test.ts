/**
 * The url seam: in a browser, `url` is refused with a 400 unless the
 * analyzer was given a fetch; with one (any platform) the page is read
 * through it under the same limits.
 */
import { describe, expect, it } from 'vitest';
import { fetchUrl as browserFetchUrl } from '../../src/platform/web/fetch-url.js';
import { fetchUrl as nodeFetchUrl } from '../../src/platform/node/fetch-url.js';
import { createAnalyzer } from '../../src/analyzer.js';
import { AnalysisError } from '../../src/errors.js';
import type { FetchFunction } from '../../src/resources/url-loader.js';

const PAGE = '<html><head><title>Rivers</title></head><body><article><h1>Rivers</h1><p>The Danube flows through ten countries of Europe, from the Black Forest to the Black Sea.</p></article></body></html>';

const stub = (body: string | Uint8Array<ArrayBuffer>, init: ResponseInit, seen: string[] = []): FetchFunction => async (url) => {
  seen.push(url);
  return new Response(body, init);
};

async function rejection(p: Promise<unknown>): Promise<AnalysisError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AnalysisError);
  return e as AnalysisError;
}

describe('url in a browser', () => {
  it('is refused with a 400 that says what to do, without a fetch', async () => {
    const e = await rejection(browserFetchUrl('https://example.org/'));
    expect(e.status).toBe(400);
    expect(e.culprit).toBe('url');
    expect(e.message).toMatch(/download: \{ fetch \}/);
  });

  it('is read through the caller-supplied fetch, with the limits applied', async () => {
    const seen: string[] = [];
    const page = await browserFetchUrl('https://example.org/a', { fetch: stub(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }, seen) });
    expect(seen).toEqual(['https://example.org/a']);
    expect(page.isHtml).toBe(true);
    expect(page.body).toContain('Danube');

    const cut = await browserFetchUrl('https://example.org/a', { fetch: stub('é'.repeat(100), { headers: { 'content-type': 'text/plain' } }), maxBytes: 11 });
    expect(cut.truncated).toBe(true);
    expect(cut.body).toBe('é'.repeat(5)); // the split character is dropped, not turned into U+FFFD

    expect((await rejection(browserFetchUrl('https://example.org/x', { fetch: stub('gone', { status: 404 }) }))).message).toMatch(/HTTP 404/);
    expect((await rejection(browserFetchUrl('https://example.org/i', { fetch: stub(new Uint8Array([1, 2]), { headers: { 'content-type': 'image/png' } }) }))).message).toMatch(/not text/);
    expect((await rejection(browserFetchUrl('ftp://example.org/', { fetch: stub('', {}) }))).message).toMatch(/only http and https/);
    const failing: FetchFunction = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await rejection(browserFetchUrl('https://example.org/', { fetch: failing }))).message).toMatch(/could not be fetched: Failed to fetch/);
  });
});

describe('url in Node with a caller-supplied fetch', () => {
  it('uses that fetch instead of the guarded download, through the analyzer', async () => {
    const seen: string[] = [];
    const analyzer = await createAnalyzer({ download: { fetch: stub(PAGE, { headers: { 'content-type': 'text/html' } }, seen) } });
    const r = await analyzer.analyze({ url: 'https://rivers.example/danube', extractors: 'words' });
    expect(seen).toEqual(['https://rivers.example/danube']);
    expect(r.response?.sentences?.[0]).toBeDefined();
    // Without it, Node's guarded download refuses a private address as before.
    expect((await rejection(nodeFetchUrl('http://127.0.0.1:9/'))).message).toMatch(/private address/);
  });
});
