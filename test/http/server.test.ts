/**
 * The Node adapter over a real loopback socket: worker-pool analysis, gzip
 * both ways, the events API answering while a worker is busy with a long
 * document, and the `textlens serve` command line.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHelp } from '../../src/cli/args.js';
import { parseServeArgs, SERVE, serveAnalyzerConfig, serveCommand } from '../../src/cli/serve.js';
import { MemoryEventStore } from '../../src/stores/events/memory-store.js';
import { loadApiKeys, startServer, type RunningServer } from '../../src/http/node-server.js';
import type { AnalyzeResponse } from '../../src/types.js';

const KEY = 'loopback-key';
let server: RunningServer;

beforeAll(async () => {
  const events = new MemoryEventStore();
  await events.createService({ id: 'web', name: 'Web' });
  await events.createEvent('web', { status: 'up', message: 'All good', timestamp: '2024-01-01T00:00:00Z' });
  server = await startServer({ port: 0, keys: [{ key: KEY, maxConcurrent: 4 }], events, workers: 1 });
  await server.app.ready();
});
afterAll(() => server?.close());

describe('startServer', () => {
  it('listens on loopback by default', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('analyzes a gzip request and sends a gzip response', async () => {
    const body = gzipSync(new URLSearchParams({ extractors: 'words', text: 'Over a real socket.' }).toString());
    const res = await fetch(`${server.url}/`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-encoding': 'gzip',
        'accept-encoding': 'gzip',
        'x-textrazor-key': KEY,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip'); // fetch inflates it for us
    const json = (await res.json()) as AnalyzeResponse;
    expect(json.response!.sentences![0]!.words.map((w) => w.token)).toEqual(['Over', 'a', 'real', 'socket', '.']);
  });

  it('keeps answering the events API while the only worker analyzes a long document', async () => {
    // About 30 kB: several hundred milliseconds of tagging, far longer than an events GET.
    const longText = 'Markets rallied on Monday as investors weighed the report. '.repeat(500);
    const order: string[] = [];
    const analysis = fetch(`${server.url}/`, {
      method: 'POST',
      body: new URLSearchParams({ apiKey: KEY, extractors: 'words', text: longText }),
    }).then(async (res) => {
      order.push('analysis');
      return res.status;
    });
    // Give the request time to reach the worker.
    await new Promise((r) => setTimeout(r, 30));
    const events = await fetch(`${server.url}/api/v1/services/web/events`);
    order.push('events');
    expect(events.status).toBe(200);
    expect(((await events.json()) as { events: unknown[] }).events).toHaveLength(1);
    expect(await analysis).toBe(200);
    expect(order).toEqual(['events', 'analysis']);
  });
});

describe('analysis workers that cannot start', () => {
  it('make ready() reject and every analysis request answer 503 with the start-up error, the server staying up', async () => {
    const missing = join(mkdtempSync(join(tmpdir(), 'serve-start-')), 'missing.jsonl');
    const broken = await startServer({ port: 0, auth: false, workers: 1, analyzer: { dictionaries: { pets: missing } } });
    try {
      const err = (await broken.app.ready().then(() => undefined, (e: unknown) => e)) as { status?: number; message?: string };
      expect(err?.status).toBe(503);
      expect(err?.message).toMatch(/could not start: .*missing\.jsonl/);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${broken.url}/`, { method: 'POST', body: new URLSearchParams({ extractors: 'words', text: 'Dogs bark.' }) });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(((await res.json()) as { error: string }).error).toMatch(/missing\.jsonl/);
      }
    } finally {
      await broken.close();
    }
  });
});

describe('slow and stalled connections', () => {
  let slow: RunningServer;
  beforeAll(async () => {
    slow = await startServer({ port: 0, auth: false, workers: 1, headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200 });
  });
  afterAll(() => slow?.close());

  /** Opens a raw socket, writes `data`, and resolves with what came back and when the server closed it. */
  function stall(data: string, limitMs = 5_000): Promise<{ ms: number; reply: string }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let reply = '';
      const socket = connect(slow.port, '127.0.0.1', () => socket.write(data));
      const limit = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the connection open for ${limitMs} ms`));
      }, limitMs);
      socket.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
      socket.on('error', () => undefined); // a reset is a close too
      socket.on('close', () => {
        clearTimeout(limit);
        resolve({ ms: performance.now() - started, reply });
      });
    });
  }

  it('closes a connection that never finishes its headers once headersTimeoutMs has passed', async () => {
    const { ms, reply } = await stall('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
    expect(reply).toMatch(/^(HTTP\/1\.1 408|$)/);
  });

  it('closes a connection whose body stalls once requestTimeoutMs has passed', async () => {
    const head = 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n';
    const { ms, reply } = await stall(head + 'text=Dogs');
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(3_000);
    expect(reply).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes an idle keep-alive connection once keepAliveTimeoutMs has passed, after answering', async () => {
    const { ms, reply } = await stall('GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 404/);
    expect(reply).toMatch(/\r\nkeep-alive: timeout=0\r\n/i); // whole seconds, rounded down
    // Node closes the socket about a second after the advertised timeout (with the default, 6 s).
    expect(ms).toBeGreaterThanOrEqual(150);
    expect(ms).toBeLessThan(3_000);
    // …and keeps serving everyone else.
    const res = await fetch(`${slow.url}/`, { method: 'POST', body: new URLSearchParams({ extractors: 'words', text: 'Still here.' }) });
    expect(res.status).toBe(200);
  });

  it('refuses timeouts that Node would reject or that make no sense, naming the option', async () => {
    await expect(startServer({ port: 0, auth: false, headersTimeoutMs: 5_000, requestTimeoutMs: 1_000 })).rejects.toThrow(/headersTimeoutMs/);
    await expect(startServer({ port: 0, auth: false, keepAliveTimeoutMs: 0 })).rejects.toThrow(/keepAliveTimeoutMs/);
  });
});

/** One raw HTTP/1.1 request, so the request target can be absolute-form ("http://host/path"). */
function rawRequest(target: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: server.host, port: server.port, path: target, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('hosted-API clients over the socket', () => {
  it('routes an absolute-form target (an HTTP_PROXY setting pointed at the server) and numbers words across the document in the worker', async () => {
    const body = new URLSearchParams({ extractors: 'words', text: 'One sentence. Two more words.' }).toString();
    const r = await rawRequest('http://api.textrazor.com/', 'POST', { 'x-textrazor-key': KEY, 'content-type': 'application/x-www-form-urlencoded' }, body);
    expect(r.status).toBe(200);
    const sentences = (r.json.response as AnalyzeResponse['response'])!.sentences!;
    expect(sentences[1].words[0]).toMatchObject({ token: 'Two', position: 3 });
  });

  it('answers GET //account/ (the PHP client\'s path) from the key\'s live counters', async () => {
    const r = await rawRequest('//account/', 'GET', { 'x-textrazor-key': KEY });
    expect(r.status).toBe(200);
    expect(r.json.response).toMatchObject({ plan: 'textlens', concurrentRequestLimit: 4, planDailyRequestsIncluded: 2_147_483_647, concurrentRequestsUsed: 0 });
    expect((r.json.response as { requestsUsedToday: number }).requestsUsedToday).toBeGreaterThanOrEqual(1);
  });
});

describe('serve command line', () => {
  it('defaults to 127.0.0.1:8080, auth on, the SQLite events file', () => {
    expect(parseServeArgs([], {})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      keysFile: undefined,
      auth: true,
      events: 'textlens-events.db',
      adminToken: undefined,
      workers: undefined,
      timeoutMs: undefined,
      modelsDir: undefined,
      responseShape: 'hosted',
      workerHeapMb: 1024,
    });
    expect(serveAnalyzerConfig(parseServeArgs([], {}))).toBeUndefined();
  });

  it('takes --allow-host H, repeatable, into the analyzer config of the workers and into the help', () => {
    const s = parseServeArgs(['--allow-host', '127.0.0.1', '--allow-host', 'intranet.example', '--worker-heap', '512'], {});
    expect(s.allowHosts).toEqual(['127.0.0.1', 'intranet.example']);
    expect(s.workerHeapMb).toBe(512);
    expect(serveAnalyzerConfig(s)).toEqual({ allowHosts: ['127.0.0.1', 'intranet.example'] });
    expect(serveAnalyzerConfig(parseServeArgs(['--models', 'm', '--allow-host', '10.0.0.0/8'], {}))).toEqual({ modelsDir: 'm', allowHosts: ['10.0.0.0/8'] });
    const help = formatHelp(SERVE);
    expect(help).toMatch(/\[--allow-host H\]\.\.\./);
    expect(help).toMatch(/--allow-host H\s+a host that url requests may reach[^-]*private or\s+loopback[^-]*\(repeatable\)/);
    expect(help).toMatch(/--worker-heap MB/);
    expect(() => parseServeArgs(['--worker-heap', '8'], {})).toThrow(/--worker-heap/);
  });

  it('lets url requests reach a loopback page with --allow-host 127.0.0.1, and refuses them without', async () => {
    const page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Cats purr softly.'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/page.txt`;
    const allowed = await startServer({ port: 0, auth: false, workers: 1, analyzer: serveAnalyzerConfig(parseServeArgs(['--no-auth', '--allow-host', '127.0.0.1'], {})) });
    const guarded = await startServer({ port: 0, auth: false, workers: 1, analyzer: serveAnalyzerConfig(parseServeArgs(['--no-auth'], {})) });
    try {
      const ask = (server: RunningServer) => fetch(`${server.url}/`, { method: 'POST', body: new URLSearchParams({ extractors: 'words', url }) });
      const ok = await ask(allowed);
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as AnalyzeResponse;
      expect(body.response!.sentences![0]!.words.map((w) => w.token)).toEqual(['Cats', 'purr', 'softly', '.']);
      const refused = await ask(guarded);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/private address/);
    } finally {
      await allowed.close();
      await guarded.close();
      page.close();
    }
  });

  it('reads every flag', () => {
    const s = parseServeArgs(
      ['--port', '0', '--host', '0.0.0.0', '--events', 'postgres://u@db/x', '--admin-token', 't', '--no-auth', '--workers', '3', '--timeout', '2.5'],
      {},
    );
    expect(s).toMatchObject({ port: 0, host: '0.0.0.0', events: 'postgres://u@db/x', adminToken: 't', auth: false, workers: 3, timeoutMs: 2500 });
    expect(parseServeArgs([], { TEXTLENS_ADMIN_TOKEN: 'from-env' }).adminToken).toBe('from-env');
    expect(parseServeArgs(['--response-shape', 'spec'], {}).responseShape).toBe('spec');
  });

  it('rejects bad values with a message that names the flag', () => {
    expect(() => parseServeArgs(['--port', '70000'], {})).toThrow(/--port/);
    expect(() => parseServeArgs(['--workers', '0'], {})).toThrow(/--workers/);
    expect(() => parseServeArgs(['--timeout', '-1'], {})).toThrow(/--timeout/);
    expect(() => parseServeArgs(['--bogus'], {})).toThrow(/bogus/);
    expect(() => parseServeArgs(['--no-auth', '--keys', 'k.json'], {})).toThrow(/contradict/);
    expect(() => parseServeArgs(['--response-shape', 'textrazor'], {})).toThrow(/--response-shape/);
  });

  it('refuses to start without keys unless --no-auth is given', async () => {
    const saved = process.env.TEXTLENS_API_KEYS;
    delete process.env.TEXTLENS_API_KEYS;
    try {
      await expect(serveCommand(['--events', 'memory:'])).rejects.toThrow(/no API keys.*--no-auth/s);
    } finally {
      if (saved !== undefined) process.env.TEXTLENS_API_KEYS = saved;
    }
  });

  it('takes keys from TEXTLENS_API_KEYS when no keys file is given', () => {
    expect(loadApiKeys(undefined, { TEXTLENS_API_KEYS: 'abc:10:2' })).toEqual([
      { key: 'abc', name: 'env key #1', dailyQuota: 10, maxConcurrent: 2 },
    ]);
    expect(loadApiKeys(undefined, {})).toBeUndefined();
  });
});
