/**
 * The analysis API through the web-standard handler (`app.fetch`), with the
 * real analyzer running in-process (the worker pool has its own test).
 */
import { gunzipSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../src/source/index.js';
import { MemoryEventStore } from '../../src/stores/events/memory-store.js';
import { createInProcessRunner, type AnalysisRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';
import type { AnalyzeResponse } from '../../src/types.js';

const KEY = 'test-key-1';
const runner = createInProcessRunner();
const events = new MemoryEventStore();
const app = createApp({
  keys: [
    { key: KEY, name: 'tests', dailyQuota: 10_000 },
    { key: 'tiny-quota', name: 'tiny', dailyQuota: 2 },
    { key: 'one-at-a-time', name: 'solo', maxConcurrent: 1 },
  ],
  runner,
  events,
  adminToken: 'admin-secret',
});
afterAll(() => app.close());

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

async function call(req: Request): Promise<{ status: number; body: AnalyzeResponse; res: Response }> {
  const res = await app.fetch(req);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString('utf8') : new TextDecoder().decode(bytes);
  return { status: res.status, body: JSON.parse(text) as AnalyzeResponse, res };
}

function expectError(r: { status: number; body: AnalyzeResponse }, status: number, error: RegExp): void {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ ok: false, message: '' });
  expect(r.body.error).toMatch(error);
  expect(typeof r.body.time).toBe('number');
}

const tokens = (body: AnalyzeResponse): string[] => body.response!.sentences!.flatMap((s) => s.words.map((w) => w.token));

describe('200 OK', () => {
  it('analyzes with the key in the apiKey field', async () => {
    const r = await call(post(form({ apiKey: KEY, extractors: 'words', text: 'Hello world. It works.' })));
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body.ok).toBe(true);
    expect(r.body.error).toBe('');
    expect(tokens(r.body)).toContain('works');
    expect(r.body.response!.sentences!.length).toBe(2);
  });

  it('analyzes with the key in the X-TextRazor-Key header', async () => {
    const r = await call(post(form({ extractors: 'words', text: 'Header keys work too.' }), { 'x-textrazor-key': KEY }));
    expect(r.status).toBe(200);
    expect(tokens(r.body)).toEqual(['Header', 'keys', 'work', 'too', '.']);
  });

  it('ignores an empty X-TextRazor-Key header when the field has the key', async () => {
    const r = await call(post(form({ apiKey: KEY, extractors: 'words', text: 'Empty header.' }), { 'x-textrazor-key': '' }));
    expect(r.status).toBe(200);
  });

  it('accepts multipart/form-data', async () => {
    const fd = new FormData();
    fd.append('apiKey', KEY);
    fd.append('extractors', 'words');
    fd.append('text', 'Zoë met Chloé.');
    const r = await call(new Request('http://localhost/', { method: 'POST', body: fd }));
    expect(r.status).toBe(200);
    expect(tokens(r.body)).toContain('Zoë');
  });
});

describe('compression', () => {
  const fields = form({ apiKey: KEY, extractors: 'words', text: 'Compressed bodies are fine.' });

  it('inflates a gzip request body', async () => {
    const r = await call(post(gzipSync(fields), { 'content-encoding': 'gzip' }));
    expect(r.status).toBe(200);
    expect(tokens(r.body)).toContain('Compressed');
  });

  it('inflates a zlib stream sent as Content-Encoding: gzip, as existing clients do', async () => {
    const r = await call(post(deflateSync(fields), { 'content-encoding': 'gzip' }));
    expect(r.status).toBe(200);
    expect(tokens(r.body)).toContain('bodies');
  });

  it('gzips the response when asked, and not otherwise', async () => {
    const zipped = await call(post(fields, { 'accept-encoding': 'deflate, gzip;q=0.8' }));
    expect(zipped.res.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.body.ok).toBe(true);
    const plain = await app.fetch(post(fields, { 'accept-encoding': 'gzip;q=0, identity' }));
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as AnalyzeResponse).ok).toBe(true);
  });

  it('never gzips an error envelope, which clients read raw', async () => {
    const r = await call(post(form({ text: 'no key' }), { 'accept-encoding': 'gzip' }));
    expect(r.res.headers.get('content-encoding')).toBeNull();
    expectError(r, 401, /missing API key/);
    const bad = await app.fetch(post(form({ apiKey: KEY, extractors: 'nope', text: 'x' }), { 'accept-encoding': 'gzip' }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-encoding')).toBeNull();
    expect((await bad.text()).startsWith('{')).toBe(true);
  });

  it('ignores a form field with an empty name, as one client sends', async () => {
    const r = await call(post(`apiKey=${KEY}&extractors=words&text=Dogs+run.&=rule(x).`));
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
  });
});

describe('400 Bad Request', () => {
  it('for a malformed body (a bad percent escape)', async () => {
    expectError(await call(post(`apiKey=${KEY}&extractors=words&text=100%+sure`)), 400, /invalid percent-encoding/);
  });

  it('for a body that is not UTF-8', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode(`apiKey=${KEY}&extractors=words&text=caf`), 0xe9]);
    expectError(await call(post(latin1)), 400, /"text" is not valid UTF-8/);
    expectError(await call(post(`apiKey=${KEY}&extractors=words&text=caf%E9`)), 400, /"text" is not valid UTF-8/);
  });

  it('for a bad parameter', async () => {
    expectError(await call(post(form({ apiKey: KEY, extractors: 'words', text: 'x', 'cleanup.mode': 'sparkly' }))), 400, /cleanup\.mode|sparkly/);
  });

  it.each(['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__'])('for a field named %s (an Object.prototype member), naming it', async (name) => {
    const body = `apiKey=${KEY}&extractors=words&text=Dogs+bark.&${name}=x`;
    expectError(await call(post(body)), 400, new RegExp(`unknown parameter '${name}'`));
    const multipart = new FormData();
    multipart.append('apiKey', KEY);
    multipart.append('text', 'Dogs bark.');
    multipart.append(name, 'x');
    expectError(await call(new Request('http://localhost/', { method: 'POST', body: multipart })), 400, new RegExp(`unknown parameter '${name}'`));
    // The list spelling and `apiKey`'s own lookup are not fooled either.
    expectError(await call(post(`apiKey=${KEY}&text=x&${name}[]=x`)), 400, new RegExp(`unknown parameter '${name}\\[\\]'`));
  });

  it('for neither text nor url', async () => {
    expectError(await call(post(form({ apiKey: KEY, extractors: 'words' }))), 400, /text|url/);
  });

  it('for a corrupt gzip body', async () => {
    const gz = gzipSync(form({ apiKey: KEY, text: 'x'.repeat(3000) }));
    expectError(await call(post(gz.subarray(0, 40), { 'content-encoding': 'gzip' })), 400, /could not be decompressed/);
  });

  it('when the field and the header name different keys', async () => {
    expectError(await call(post(form({ apiKey: KEY, text: 'x' }), { 'x-textrazor-key': 'tiny-quota' })), 400, /different keys/);
  });
});

describe('401 Unauthorized', () => {
  it('for a missing key', async () => {
    expectError(await call(post(form({ extractors: 'words', text: 'x' }))), 401, /missing API key/);
  });

  it('for an invalid key in either channel', async () => {
    expectError(await call(post(form({ apiKey: 'wrong', text: 'x' }))), 401, /^invalid API key$/);
    expectError(await call(post(form({ text: 'x' }), { 'x-textrazor-key': 'wrong' })), 401, /^invalid API key$/);
  });

  it('once the daily quota is used up, saying so', async () => {
    const req = () => post(form({ apiKey: 'tiny-quota', extractors: 'words', text: 'Count me.' }));
    expect((await call(req())).status).toBe(200);
    expect((await call(req())).status).toBe(200);
    expectError(await call(req()), 401, /daily quota of 2 requests/);
    expect(app.keys!.remainingToday('tiny-quota')).toBe(0);
  });
});

describe('429 concurrent-request limit', () => {
  it('refuses a second request of a key while its first is in flight', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((r) => (openGate = r));
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    // The real analyzer, held at the door until the test lets it through.
    const held: AnalysisRunner = {
      async run(options) {
        entered();
        await gate;
        return runner.run(options);
      },
      close: async () => {},
    };
    const gated = createApp({ keys: [{ key: 'solo', maxConcurrent: 1 }], runner: held });
    const req = () => post(form({ apiKey: 'solo', extractors: 'words', text: 'One at a time.' }));

    const first = gated.fetch(req());
    await inFlight;
    const second = await gated.fetch(req());
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as AnalyzeResponse).error).toMatch(/concurrent/);

    openGate();
    expect((await first).status).toBe(200);
    expect((await gated.fetch(req())).status).toBe(200); // the slot is free again
  });
});

describe('413 Request too large', () => {
  const text = (bytes: number) => 'word '.repeat(Math.floor(bytes / 5)) + 'x'.repeat(bytes % 5);

  it('passes a text of exactly 200 kB and refuses one byte more', async () => {
    expect(MAX_TEXT_BYTES).toBe(200 * 1024);
    const ok = await call(post(form({ apiKey: KEY, extractors: 'words', text: text(MAX_TEXT_BYTES) })));
    expect(ok.status).toBe(200);
    expect(tokens(ok.body).length).toBe(MAX_TEXT_BYTES / 5);
    expectError(await call(post(form({ apiKey: KEY, extractors: 'words', text: text(MAX_TEXT_BYTES + 1) }))), 413, /200kb/);
  });

  it('counts bytes of UTF-8, not characters', async () => {
    // 68 267 × "é " is 204 801 bytes of UTF-8 but only 136 534 UTF-16 units.
    const accented = 'é '.repeat(68_267);
    expectError(await call(post(form({ apiKey: KEY, extractors: 'words', text: accented }))), 413, /204801 bytes/);
  });

  it('refuses a body over the whole-body cap before analysis', async () => {
    const small = createApp({ keys: [{ key: KEY }], runner, limits: { maxBodyBytes: 1000 } });
    const body = form({ apiKey: KEY, text: 'x' }) + '&rules=' + 'y'.repeat(1000);
    expectError(await small.fetch(post(body)).then(toResult), 413, /larger than 1000 bytes/);
    // The default cap is 2 MiB of form body.
    const huge = form({ apiKey: KEY, text: 'x' }) + '&rules=' + 'y'.repeat(2 << 20);
    expectError(await call(post(huge)), 413, /larger than 2097152 bytes/);
  });
});

async function toResult(res: Response): Promise<{ status: number; body: AnalyzeResponse }> {
  return { status: res.status, body: (await res.json()) as AnalyzeResponse };
}

describe('405 and routing', () => {
  it('answers other methods on / with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await app.fetch(new Request('http://localhost/', { method }));
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as AnalyzeResponse).ok).toBe(false);
    }
  });

  it('mounts the events API beside the analysis API', async () => {
    await events.createService({ id: 'api', name: 'API' });
    await events.createEvent('api', { status: 'down', message: 'Outage', timestamp: '2024-05-01T10:00:00Z' });
    const res = await app.fetch(new Request('http://localhost/api/v1/services/api/events/current'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Outage', status: { id: 'down' } });
    const missing = await app.fetch(new Request('http://localhost/api/v1/services/nope/events'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: true, code: 404 });
  });

  it("answers unknown paths with the analysis API's envelope (the events API keeps its own)", async () => {
    const res = await app.fetch(new Request('http://localhost/no/such/path'));
    expect(res.status).toBe(404);
    const body = (await res.json()) as AnalyzeResponse;
    expect(body).toMatchObject({ ok: false, message: '' });
    expect(body.error).toMatch(/no route for GET \/no\/such\/path.*POST \//);
  });
});

describe('auth switch', () => {
  it('refuses to build an app with neither keys nor an explicit auth: false', () => {
    expect(() => createApp({ runner })).toThrow(/no API keys/);
  });

  it('serves without a key only when auth is explicitly false', async () => {
    const open = createApp({ auth: false, runner });
    const res = await open.fetch(post(form({ extractors: 'words', text: 'No key needed.' })));
    expect(res.status).toBe(200);
  });
});
