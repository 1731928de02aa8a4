/**
 * Hostile input against a real `textlens serve` (a child process, as an
 * operator runs it): each class of bad request an API key holder can send is
 * replayed, and after each one the server must still answer a normal request
 * within 2 s. The classes: form fields named after Object.prototype members,
 * malformed form bytes, oversized and unauthenticated requests, degenerate
 * text that once made sentence splitting quadratic, Prolog rules that
 * allocate without bound, download addresses that point back at the server
 * (every one resolves to loopback, so a guard that let one through would
 * still only reach this machine), and stalled connections.
 *
 * The events store here is in memory; the PostgreSQL connection-drop class
 * runs against a real PostgreSQL in test/stores/events/postgres-connection-loss.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = 'hostile-key';
const ADMIN = 'hostile-admin';
const CLI = fileURLToPath(new URL('../batch/cli-child.ts', import.meta.url));

let child: ChildProcess;
let base = '';
let stderr = '';

beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, 'serve', '--port', '0', '--workers', '1', '--events', 'memory:', '--timeout', '20'],
    {
      env: { ...process.env, TEXTLENS_API_KEYS: `${KEY}:100000:8`, TEXTLENS_ADMIN_TOKEN: ADMIN },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 50_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${stderr}`)));
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGKILL');
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function post(fields: string | URLSearchParams, headers: Record<string, string> = {}, path = '/'): Promise<Answer> {
  const res = await fetch(base + path, {
    method: 'POST',
    body: fields,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-textrazor-key': KEY, ...headers },
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

function analysis(extra: Record<string, string>): URLSearchParams {
  return new URLSearchParams({ extractors: 'words', text: 'Dogs bark.', ...extra });
}

/** The check after every class: the server is alive and a normal request is answered within 2 s. */
async function stillServes(): Promise<void> {
  const started = performance.now();
  const { status, body } = await post(analysis({}));
  const ms = performance.now() - started;
  expect(child.exitCode, `the server exited:\n${stderr}`).toBeNull();
  expect(status).toBe(200);
  expect((body.response as { sentences: { words: { token: string }[] }[] }).sentences[0]!.words.map((w) => w.token)).toEqual(['Dogs', 'bark', '.']);
  expect(ms).toBeLessThan(2_000);
}

describe('textlens serve under hostile input', () => {
  it('answers a normal request', async () => {
    await stillServes();
  });

  it.each(['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__', '__defineGetter__', 'isPrototypeOf'])(
    'refuses a form field named %s with a 400 naming it, even with the worker busy',
    async (name) => {
      // Keep the only worker busy, so the refusal cannot hide behind an idle worker.
      const busy = post(analysis({ text: 'The market rallied on Monday as investors weighed the report. '.repeat(400) }));
      const { status, body } = await post(`text=Dogs+bark.&extractors=words&${encodeURIComponent(name)}=x`);
      expect(status).toBe(400);
      expect(String(body.error)).toContain(name);
      expect((await busy).status).toBe(200);
      await stillServes();
    },
  );

  it.each([
    ['a broken percent escape', 'text=100%zz&extractors=words'],
    ['bytes that are not UTF-8', 'text=caf%E9%ff&extractors=words'],
  ])('refuses %s in an analysis request with a 400', async (_what, body) => {
    expect((await post(body)).status).toBe(400);
    await stillServes();
  });

  it.each([
    ['a broken percent escape', 'message=100%zz'],
    ['bytes that are not UTF-8', 'message=caf%E9%ff'],
  ])('refuses %s in an event write with a 400 and stores nothing', async (what, body) => {
    const auth = { authorization: `Bearer ${ADMIN}` };
    const service = await post(new URLSearchParams({ name: `Hostile ${what}` }), auth, '/admin/api/v1/services');
    expect(service.status).toBe(200);
    const id = String(service.body.id);
    const { status } = await post(body, auth, `/admin/api/v1/services/${id}/events`);
    expect(status).toBe(400);
    const list = (await (await fetch(`${base}/api/v1/services/${id}/events`)).json()) as { events: unknown[] };
    expect(list.events).toEqual([]);
    await stillServes();
  });

  it('answers a request without a key with 401 and an oversized one with 413', async () => {
    const res = await fetch(base + '/', { method: 'POST', body: analysis({}) });
    expect(res.status).toBe(401);
    expect((await post(analysis({ text: 'a'.repeat(20 * 1024 * 1024) }))).status).toBe(413);
    await stillServes();
  });

  it.each([
    ['closing brackets', ')'],
    ['quotes', `'"`],
    ['opening brackets', '(['],
    ['dots', '.'],
    ['dashes', '—-'],
    ['emoji', '👩‍👩‍👧'],
    ['combining marks', 'a\u0301\u0302\u0303'],
  ])('splits 200 kB of %s into sentences well within the timeout', async (_what, unit) => {
    // As many repeats as fit the text limit (200 kB of UTF-8).
    const text = unit.repeat(Math.floor(200_000 / Buffer.byteLength(unit)));
    const started = performance.now();
    const { status } = await post(analysis({ text }));
    expect(status).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    await stillServes();
  });

  it.each([
    ['a term of 30 million arguments', 'big(T) :- functor(T, f, 30000000).'],
    ['the codes of a 2^26-character atom', "big(N) :- length(L, 67108864), maplist(=(0'a), L), atom_codes(A, L), atom_length(A, N)."],
    ['an atom that doubles until memory runs out', 'grow(A, A). grow(A, B) :- atom_concat(A, A, C), grow(C, B). big(N) :- grow(x, A), atom_length(A, N), N > 1000000000000.'],
  ])('refuses a rule that builds %s with a 400 naming the limit', async (_what, rules) => {
    for (let i = 0; i < 5; i++) {
      const { status, body } = await post(analysis({ rules, extractors: 'words,big' }));
      expect(status).toBe(400);
      expect(String(body.error)).toMatch(/limit|at most|too (large|long|many)/i);
    }
    await stillServes();
  }, 60_000);

  it.each([
    'http://127.0.0.1:1/',
    'http://localhost:1/',
    'http://[::1]:1/',
    'http://[::ffff:127.0.0.1]:1/',
    'http://[::ffff:7f00:1]:1/',
    'http://0x7f.1:1/',
    'http://2130706433:1/',
    'http://0177.0.0.1:1/',
    'http://127.1:1/',
  ])('refuses to download %s (loopback in any spelling) with a 400', async (url) => {
    const { status, body } = await post(new URLSearchParams({ extractors: 'words', url }));
    expect(status).toBe(400);
    expect(String(body.error)).toMatch(/address|private|loopback|not allowed|refus/i);
    await stillServes();
  });

  it('closes a connection that never finishes its headers, and keeps serving meanwhile', async () => {
    const { port, hostname } = new URL(base);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await stillServes();
    socket.destroy();
  });
});
