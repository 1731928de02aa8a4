/**
 * The example's static server (examples/browser/serve.mjs): the MIME types
 * browsers insist on for WASM and module scripts, the isolation headers on
 * request, and nothing outside the served directories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { exampleScripts, type ExampleServe } from './harness.js';

describe('the example static server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'textlens-serve-'));
  const servers: Server[] = [];
  let serve: ExampleServe['serveStatic'];

  beforeAll(async () => {
    mkdirSync(join(dir, 'site', 'wasm'), { recursive: true });
    mkdirSync(join(dir, 'models', 'tagger'), { recursive: true });
    writeFileSync(join(dir, 'site', 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'site', 'wasm', 'a.wasm'), new Uint8Array([0, 97, 115, 109]));
    writeFileSync(join(dir, 'site', 'wasm', 'a.mjs'), 'export {};');
    writeFileSync(join(dir, 'models', 'tagger', 'meta.json'), '{}');
    writeFileSync(join(dir, 'secret.txt'), 'not served');
    serve = (await exampleScripts()).serve.serveStatic;
  });
  afterAll(() => {
    for (const s of servers) s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(isolated = false): Promise<string> {
    const { server, url } = await serve({ mounts: { '/': join(dir, 'site'), '/models/': join(dir, 'models') }, isolated });
    servers.push(server);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    return url;
  }

  it('serves pages, WASM, module scripts and models with their types', async () => {
    const url = await start();
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await fetch(`${url}wasm/a.wasm`)).headers.get('content-type')).toBe('application/wasm');
    expect((await fetch(`${url}wasm/a.mjs`)).headers.get('content-type')).toMatch(/^text\/javascript/);
    const model = await fetch(`${url}models/tagger/meta.json`);
    expect(model.status).toBe(200);
    expect(await model.text()).toBe('{}');
    expect(page.headers.get('cross-origin-embedder-policy')).toBeNull();
  });

  it('sends COOP/COEP only when asked to isolate the page', async () => {
    const url = await start(true);
    const page = await fetch(url);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
  });

  it('answers 404 for missing files and for paths that leave the served directories', async () => {
    const url = await start();
    expect((await fetch(`${url}nothing.js`)).status).toBe(404);
    expect((await fetch(`${url}models/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${url}%2E%2E/secret.txt`)).status).toBe(404);
  });
});
