/**
 * `textlens serve --demo`'s routes over a real loopback server: GET /demo
 * only when asked for, its modules from the compiled renderer, a page that
 * may reach only its own origin, and analysis through POST / under the same
 * key checks as any client. The page itself runs in Chromium in
 * test/browser/visualizer.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseServeArgs } from '../../src/cli/serve.js';
import { DEMO_CSP } from '../../src/http/demo.js';
import { loadDemoAssets, startServer, type RunningServer } from '../../src/http/node-server.js';
import { ensureBuiltRenderer } from './built-renderer.js';

const KEY = 'demo-key';
let demo: RunningServer;
let plain: RunningServer;

beforeAll(async () => {
  ensureBuiltRenderer();
  [demo, plain] = await Promise.all([
    startServer({ port: 0, keys: [{ key: KEY }], workers: 1, demo: true }),
    startServer({ port: 0, keys: [{ key: KEY }], workers: 1 }),
  ]);
}, 120_000);
afterAll(async () => {
  await demo?.close();
  await plain?.close();
});

describe('the demo page', () => {
  it('is off unless asked for', async () => {
    expect(parseServeArgs([], {}).demo).toBeUndefined();
    expect(parseServeArgs(['--demo'], {}).demo).toBe(true);
    expect((await fetch(`${plain.url}/demo`)).status).toBe(404);
    expect((await fetch(`${plain.url}/demo/render/index.js`)).status).toBe(404);
  });

  it('serves the page with a policy that keeps it on its own origin', async () => {
    const res = await fetch(`${demo.url}/demo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(DEMO_CSP);
    expect(DEMO_CSP).toMatch(/default-src 'none'.*connect-src 'self'/);
    const page = await res.text();
    expect(page).toContain('<script type="module" src="/demo/render/demo-page.js"></script>');
    expect(page).not.toMatch(/(src|href|action)="https?:/);
  });

  it('serves the compiled renderer as modules, and nothing else', async () => {
    const index = await fetch(`${demo.url}/demo/render/index.js`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await index.text();
    expect(source).toContain('export function render(');
    expect(source).not.toContain('sourceMappingURL');
    expect((await fetch(`${demo.url}/demo/render/missing.js`)).status).toBe(404);
    expect((await fetch(`${demo.url}/demo/render/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('leaves analysis to POST /, with its key checks', async () => {
    const body = new URLSearchParams({ text: 'Dogs bark.', extractors: 'words' });
    expect((await fetch(`${demo.url}/`, { method: 'POST', body })).status).toBe(401);
    expect((await fetch(`${demo.url}/`, { method: 'POST', body, headers: { 'x-textrazor-key': 'wrong' } })).status).toBe(401);
    expect((await fetch(`${demo.url}/`, { method: 'POST', body, headers: { 'x-textrazor-key': KEY } })).status).toBe(200);
  });
});

describe('loadDemoAssets', () => {
  it('says how to get the compiled renderer when it is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-demo-'));
    expect(() => loadDemoAssets(pathToFileURL(`${dir}/`))).toThrow(/needs the compiled renderer in .*npm run build/);
    writeFileSync(join(dir, 'index.js'), 'export const a = 1;\n//# sourceMappingURL=index.js.map\n');
    writeFileSync(join(dir, 'demo-page.js'), 'import "./index.js";\n');
    writeFileSync(join(dir, 'index.d.ts'), 'export {};');
    const { modules } = loadDemoAssets(pathToFileURL(`${dir}/`));
    expect([...modules.keys()].sort()).toEqual(['demo-page.js', 'index.js']);
    expect(modules.get('index.js')).toBe('export const a = 1;\n');
  });
});
