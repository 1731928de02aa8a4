/**
 * The package's entry points (package.json "exports"): each one is built
 * from a module under src/, and what it exports is enough to embed textlens
 * in a service — the analysis API, the HTTP layer with the events API beside
 * it, and the stores — without reaching into dist/ (which "exports" blocks).
 * The installed package itself is checked by consumer-install.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../src/http/index.js';
import { MemoryEventStore } from '../../src/stores/events/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
};

/** Subpath → the src module its dist file is compiled from, and names it must export. */
const ENTRY_POINTS: Record<string, string[]> = {
  '.': ['analyze', 'createAnalyzer', 'AnalysisError'],
  './http': ['createApp', 'createInProcessRunner', 'KeyRegistry', 'parseKeysJson'],
  './http/node': ['startServer', 'createNodeApp', 'loadApiKeys'],
  './events': ['MemoryEventStore', 'SqliteEventStore', 'PostgresEventStore', 'openEventStore'],
  './dictionary-store': ['MemoryDictionaryStore', 'SqliteDictionaryStore', 'openDictionaryStore'],
  './render': ['render', 'renderElement', 'renderPage', 'RENDER_STYLES'],
};

function sourceOf(target: { types: string; import: string }): string {
  expect(target.import).toMatch(/^\.\/dist\/.+\.js$/);
  expect(target.types).toBe(target.import.replace(/\.js$/, '.d.ts'));
  return target.import.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
}

describe('package entry points', () => {
  it('lists exactly the documented subpaths (and package.json)', () => {
    expect(Object.keys(pkg.exports).sort()).toEqual([...Object.keys(ENTRY_POINTS), './package.json'].sort());
  });

  it.each(Object.entries(ENTRY_POINTS))('%s is built from a src module that exports what embedding needs', async (subpath, names) => {
    const target = pkg.exports[subpath];
    if (typeof target === 'string') throw new Error(`${subpath} should map to {types, import}`);
    const source = sourceOf(target);
    expect(existsSync(`${ROOT}${source}`), source).toBe(true);
    const mod = (await import(`${ROOT}${source}`)) as Record<string, unknown>;
    for (const name of names) expect(mod[name], `${subpath} exports ${name}`).toBeDefined();
  });

  it('textlens/http and textlens/events together serve the events API with no Node adapter', async () => {
    const store = new MemoryEventStore();
    await store.createService({ id: 'site', name: 'Site' });
    await store.createEvent('site', { status: 'down', message: 'Outage', timestamp: '2026-11-26T04:00:00Z' });
    const app = createApp({ auth: false, events: store });
    try {
      const res = await app.fetch(new Request('http://localhost/api/v1/services/site/events/current'));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ message: 'Outage', status: { id: 'down' } });
    } finally {
      await app.close();
    }
  });
});
