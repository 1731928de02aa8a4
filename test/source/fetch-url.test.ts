import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { DEFAULT_USER_AGENT, fetchUrl } from '../../src/source/index.js';

let server: http.Server;
let base = '';
let lastUserAgent = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    lastUserAgent = String(req.headers['user-agent'] ?? '');
    const path = req.url ?? '/';
    if (path === '/latin1') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' });
      res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café"
    } else if (path === '/meta') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const head = Buffer.from('<html><head><meta charset="windows-1252"><title>t</title></head><body><p>');
      res.end(Buffer.concat([head, Buffer.from([0x80, 0x35]), Buffer.from('</p></body></html>')])); // "€5"
    } else if (path === '/http-equiv') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(Buffer.concat([
        Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><body>na'),
        Buffer.from([0xef, 0x76, 0x65]),
        Buffer.from('</body></html>'),
      ])); // "naïve"
    } else if (path === '/utf8') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<p>Zoë 😀</p>');
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(10_000));
    } else if (path.startsWith('/hop/')) {
      const n = Number(path.slice(5));
      if (n === 0) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('arrived');
      } else {
        res.writeHead(302, { location: `/hop/${n - 1}` });
        res.end();
      }
    } else if (path === '/to-loopback') {
      res.writeHead(301, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/utf8` });
      res.end();
    } else if (path === '/to-ftp') {
      res.writeHead(302, { location: 'ftp://example.com/file' });
      res.end();
    } else if (path === '/hang') {
      // Never answers; the client's timeout must end the request.
    } else if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nope');
    } else if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const local = { allowHosts: ['127.0.0.1'] };

async function failure(p: Promise<unknown>): Promise<AnalysisError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AnalysisError) return e;
    throw e;
  }
  throw new Error('expected an AnalysisError');
}

describe('fetchUrl with an allow-list (local server)', () => {
  it('decodes with the charset of the Content-Type header', async () => {
    const page = await fetchUrl(`${base}/latin1`, local);
    expect(page.body).toBe('café');
    expect(page.isHtml).toBe(false);
    expect(page.status).toBe(200);
    expect(page.truncated).toBe(false);
  });

  it('decodes with the charset of <meta charset> and <meta http-equiv>', async () => {
    const page = await fetchUrl(`${base}/meta`, local);
    expect(page.isHtml).toBe(true);
    expect(page.body).toContain('<p>€5</p>');
    expect((await fetchUrl(`${base}/http-equiv`, local)).body).toContain('naïve');
    expect((await fetchUrl(`${base}/utf8`, local)).body).toContain('Zoë 😀');
  });

  it('sends the default User-Agent or the caller’s', async () => {
    await fetchUrl(`${base}/`, local);
    expect(lastUserAgent).toBe(DEFAULT_USER_AGENT);
    expect(lastUserAgent).toMatch(/^textlens\//);
    await fetchUrl(`${base}/`, { ...local, userAgent: 'my-bot/1.0' });
    expect(lastUserAgent).toBe('my-bot/1.0');
  });

  it('truncates at the size cap and says so', async () => {
    const page = await fetchUrl(`${base}/big`, { ...local, maxBytes: 1000 });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(1000);
    const whole = await fetchUrl(`${base}/big`, local);
    expect(whole.truncated).toBe(false);
    expect(whole.body.length).toBe(10_000);
  });

  it('follows redirects up to the limit', async () => {
    const page = await fetchUrl(`${base}/hop/3`, { ...local, maxRedirects: 3 });
    expect(page.body).toBe('arrived');
    expect(page.finalUrl).toBe(`${base}/hop/0`);
    expect(page.url).toBe(`${base}/hop/3`);
    const e = await failure(fetchUrl(`${base}/hop/4`, { ...local, maxRedirects: 3 }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/more than 3 redirects/);
  });

  it('times out with 400 naming the url', async () => {
    const t0 = Date.now();
    const e = await failure(fetchUrl(`${base}/hang`, { ...local, timeoutMs: 300 }));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(e.status).toBe(400);
    expect(e.message).toContain(`${base}/hang`);
    expect(e.message).toMatch(/timeout/);
  });

  it('reports a non-2xx answer, an unreachable port and non-text content with 400', async () => {
    const notFound = await failure(fetchUrl(`${base}/missing`, local));
    expect(notFound.status).toBe(400);
    expect(notFound.message).toMatch(/404/);
    const closed = await failure(fetchUrl('http://127.0.0.1:1/', local));
    expect(closed.status).toBe(400);
    expect(closed.message).toMatch(/127\.0\.0\.1:1/);
    expect((await failure(fetchUrl(`${base}/image`, local))).message).toMatch(/not text/);
  });

  it('refuses non-http schemes, also after a redirect', async () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect((await failure(fetchUrl(url, local))).status).toBe(400);
    }
    expect((await failure(fetchUrl(`${base}/to-ftp`, local))).message).toMatch(/only http and https/);
  });
});

describe('fetchUrl without an allow-list refuses private addresses', () => {
  it.each([
    ['127.0.0.1', () => `${base}/utf8`],
    ['localhost', () => `${base.replace('127.0.0.1', 'localhost')}/utf8`],
    ['10.0.0.1', () => 'http://10.0.0.1/'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['[::1]', () => 'http://[::1]:8080/'],
    ['::ffff:127.0.0.1', () => 'http://[::ffff:127.0.0.1]/'],
  ])('%s', async (_name, url) => {
    const e = await failure(fetchUrl(url(), { timeoutMs: 5000 }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/resolves to a private address/);
  });

  it('checks the target of every redirect', async () => {
    // The first hop is allowed by hostname; its redirect to 127.0.0.1 is not.
    const start = `${base.replace('127.0.0.1', 'localhost')}/to-loopback`;
    const e = await failure(fetchUrl(start, { allowHosts: ['localhost'] }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/redirected to http:\/\/127\.0\.0\.1.*resolves to a private address/);
  });
});
