/**
 * The SQLite stores that write (events, dictionaries, `kb build`) without
 * better-sqlite3 (its import made to fail, as when the optional dependency
 * is not installed): no silent in-memory fallback, which would lose their
 * data, but a clear error that says what to do, raised when the store is
 * opened, i.e. when `textlens serve` starts, not on a first request. The
 * other backends keep working.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'textlens-no-sqlite-'));
  vi.resetModules();
  vi.doMock('better-sqlite3', () => {
    throw new Error("Cannot find package 'better-sqlite3' (simulated)");
  });
});

afterEach(() => {
  vi.doUnmock('better-sqlite3');
  vi.resetModules();
});

/** The rejection of `p` (fails the test when it resolves); AnalysisError from this test's fresh module graph. */
async function refusal(p: Promise<unknown> | (() => unknown)): Promise<Error & { status?: number }> {
  const { AnalysisError } = await import('../../src/errors.js');
  const e = await (typeof p === 'function' ? Promise.resolve().then(p) : p).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AnalysisError);
  return e as Error & { status?: number };
}

/** What every such error says: which store, that the addon is missing, and how to install it. */
function expectExplained(e: Error & { status?: number }, store: RegExp): void {
  expect(e.status).toBe(500);
  expect(e.message).toMatch(store);
  expect(e.message).toMatch(/needs better-sqlite3, an optional native addon that could not be loaded \(.+\)/);
  expect(e.message).toContain('npm install better-sqlite3');
}

describe('without better-sqlite3', () => {
  it('the SQLite events store refuses, naming the file and the memory: and postgres:// backends', async () => {
    const { openEventStore } = await import('../../src/stores/events/open.js');
    const file = join(dir, 'events.db');
    const e = await refusal(openEventStore(file));
    expectExplained(e, /^The SQLite events store \(.*events\.db\)/);
    expect(e.message).toContain('--events memory:');
    expect(e.message).toContain('--events postgres://');
    expect(existsSync(file)).toBe(false);

    // The in-memory backend does not need the addon.
    const memory = await openEventStore('memory:');
    expect((await memory.createService({ name: 'api' })).id).toBe('api');
    await memory.close();
  });

  it('the SQLite dictionary store refuses the same way, and its memory: backend works', async () => {
    const { openDictionaryStore } = await import('../../src/stores/dictionaries/open.js');
    const e = await refusal(openDictionaryStore(join(dir, 'events.db')));
    expectExplained(e, /^The SQLite dictionary store \(.*events\.db\)/);
    expect(e.message).toContain('--events memory:');
    const memory = await openDictionaryStore('memory:');
    expect(await memory.list('someone')).toEqual([]);
    await memory.close();
  });

  it('building a knowledge base refuses before writing anything', async () => {
    const { KbWriter } = await import('../../src/linking/kb-build/kb-writer.js');
    const { DbpediaOntology } = await import('../../src/linking/ontology.js');
    const { fileLoader } = await import('../../src/resources/file-loader.js');
    const ontology = await DbpediaOntology.load(fileLoader());
    const e = await refusal(() => new KbWriter(join(dir, 'kb.sqlite'), ontology));
    expectExplained(e, /^Building a knowledge base \(.*kb\.sqlite\)/);
    expect(e.message).not.toContain('--events');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('`textlens serve` fails at start-up with that message, before listening', async () => {
    const { serveCommand } = await import('../../src/cli/serve.js');
    const file = join(dir, 'serve-events.db');
    const e = await refusal(serveCommand(['--no-auth', '--port', '0', '--events', file]));
    expectExplained(e, /^The SQLite events store \(.*serve-events\.db\)/);
    expect(existsSync(file)).toBe(false);
  });
});
