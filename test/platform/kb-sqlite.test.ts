/**
 * The SQLite seam: the knowledge base read by sql.js (the browser's engine)
 * answers as better-sqlite3 (Node's) does, from the same kb.sqlite; Node
 * without better-sqlite3 (its import made to fail, as when the optional
 * dependency is not installed) reads the KB with sql.js, gives the same
 * entities and says so once in the response message; a file that is not a
 * knowledge base fails with a clear error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AnalysisError } from '../../src/errors.js';
import { KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { openSqlite as openWithSqlJs } from '../../src/platform/web/sqlite.js';
import { openSqlite as openWithBetterSqlite } from '../../src/platform/node/sqlite.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';

const KB_FILE = join(defaultModelsDir, 'kb', 'kb.sqlite');
const MENTIONS = ['Paris', 'washington', 'Barack Obama', 'Apple', 'the Beatles', 'no such alias xyz'];

/** The models directory without file paths: the KB arrives as bytes, as in a browser. */
function bytesOnly(loader: ResourceLoader): ResourceLoader {
  return { bytes: (p) => loader.bytes(p), text: (p) => loader.text(p), exists: (p) => loader.exists(p) };
}

async function rejection(p: Promise<unknown>): Promise<AnalysisError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AnalysisError);
  return e as AnalysisError;
}

/** Opens made through the seam while it is switched to sql.js. */
let sqlJsOpens = 0;

/** Switches the SQLite seam to the browser's engine for modules imported from now on. */
function useSqlJs(): void {
  vi.resetModules();
  sqlJsOpens = 0;
  vi.doMock('#platform/sqlite.js', async () => {
    const web = await import('../../src/platform/web/sqlite.js');
    return { openSqlite: (...args: Parameters<typeof web.openSqlite>) => (sqlJsOpens++, web.openSqlite(...args)) };
  });
}

afterEach(() => {
  vi.doUnmock('#platform/sqlite.js');
  vi.doUnmock('better-sqlite3');
  vi.resetModules();
});

describe('sql.js and better-sqlite3 read the same kb.sqlite alike', () => {
  it('gives the same rows for the knowledge base statements', async () => {
    const bytes = new Uint8Array(await readFile(KB_FILE));
    const web = await openWithSqlJs({ bytes }, 'kb');
    const node = await openWithBetterSqlite({ file: KB_FILE }, 'kb');
    const queries: [string, (string | number)[]][] = [
      ['SELECT entity, count, prior FROM aliases WHERE alias = ? ORDER BY prior DESC', ['paris']],
      ['SELECT entity, count, prior FROM aliases WHERE alias = ? ORDER BY prior DESC', ['washington']],
      ['SELECT * FROM entities WHERE qid = ?', ['Q90']],
      ['SELECT * FROM entities WHERE id = ?', [1]],
      ['SELECT 1 AS one FROM aliases WHERE alias >= ? AND alias < ? LIMIT 1', ['new ', 'new!']],
      ['SELECT COUNT(*) AS n FROM entities', []],
    ];
    for (const [sql, params] of queries) {
      const a = web.prepare(sql).all(...params);
      expect(a, sql).toEqual(node.prepare(sql).all(...params));
      expect(web.prepare(sql).get(...params)).toEqual(node.prepare(sql).get(...params));
    }
    expect(web.prepare('SELECT * FROM entities WHERE qid = ?').get('Q0')).toBeUndefined();
    web.close();
    node.close();
  });

  it('gives the same candidates, entities and probes through KnowledgeBase', async () => {
    const nodeKb = await KnowledgeBase.open(fileLoader());
    useSqlJs();
    const { KnowledgeBase: WebKnowledgeBase } = await import('../../src/linking/knowledge-base.js');
    const webKb = await WebKnowledgeBase.open(bytesOnly(fileLoader()));
    expect(sqlJsOpens).toBe(1);
    for (const m of MENTIONS) expect(webKb.candidates(m), m).toEqual(nodeKb.candidates(m));
    for (const ref of ['Q90', 'Paris', '/m/05qtj', 1, 2]) expect(webKb.entity(ref)).toEqual(nodeKb.entity(ref));
    for (const key of ['new', 'paris', 'zzzz qqq']) {
      expect(webKb.hasAlias(key)).toBe(nodeKb.hasAlias(key));
      expect(webKb.hasLongerAlias(key)).toBe(nodeKb.hasLongerAlias(key));
    }
    expect(webKb.stats()).toEqual(nodeKb.stats());
    expect(nodeKb.candidates('Paris').length).toBeGreaterThan(0);
  });

  it('gives the same entities for a document through the whole analyzer', async () => {
    const text = 'Angela Merkel met Emmanuel Macron in Paris on Tuesday. Apple and Google were not invited to the summit in France.';
    const { createAnalyzer } = await import('../../src/analyzer.js');
    const native = await (await createAnalyzer()).analyze(text, { extractors: 'entities' });
    useSqlJs();
    const { createAnalyzer: createWithSqlJs } = await import('../../src/analyzer.js');
    const viaSqlJs = await (await createWithSqlJs({ loader: bytesOnly(fileLoader()) })).analyze(text, { extractors: 'entities' });
    expect(sqlJsOpens).toBe(1);
    expect(native.response?.entities?.length).toBeGreaterThan(2);
    expect(viaSqlJs.response).toEqual(native.response);
  });
});

describe('Node without better-sqlite3', () => {
  const DOCS = [
    'Angela Merkel met Emmanuel Macron in Paris on Tuesday. Apple and Google were not invited to the summit in France.',
    'Barack Obama was born in Hawaii and later lived in Washington.',
    'The Beatles recorded Abbey Road in London.',
  ];
  const WARNING = /The native SQLite addon \(better-sqlite3\) could not be loaded \((.+)\)\. Knowledge base kb\/kb\.sqlite was read into memory with sql\.js/;

  /** better-sqlite3 fails for modules imported from now on, as `fail` says (at import, or at the first open). */
  function withoutBetterSqlite(fail: 'import' | 'addon'): void {
    vi.resetModules();
    vi.doMock('better-sqlite3', () => {
      if (fail === 'import') throw new Error("Cannot find package 'better-sqlite3' imported from textlens (simulated)");
      // The package's JavaScript is there but its compiled addon is not (or was built for another Node).
      return {
        default: class {
          constructor() {
            throw new Error('Could not locate the bindings file (simulated)');
          }
        },
      };
    });
  }

  it('reads the KB with sql.js: the same entities, and one warning in message', async () => {
    // better-sqlite3 loads on the KB's first open: the native answers are computed before it is made to fail.
    const { createAnalyzer } = await import('../../src/analyzer.js');
    const native = await createAnalyzer();
    const expected = [];
    for (const text of DOCS) expected.push(await native.analyze(text, { extractors: 'entities' }));
    expect(expected.reduce((n, r) => n + (r.response?.entities?.length ?? 0), 0)).toBeGreaterThan(6);

    withoutBetterSqlite('import');
    const { createAnalyzer: createWithout } = await import('../../src/analyzer.js');
    const without = await createWithout();
    for (const [i, text] of DOCS.entries()) {
      const got = await without.analyze(text, { extractors: 'entities' });
      expect(expected[i].message ?? '').not.toMatch(/better-sqlite3/);
      expect(got.response, text).toEqual(expected[i].response);
      expect(got.message, text).toMatch(WARNING);
      expect(got.message?.match(/better-sqlite3\) could not be loaded/g), text).toHaveLength(1);
    }
    // The warning is about the KB: a request that does not read it has none.
    const words = await without.analyze(DOCS[1], { extractors: 'words' });
    expect(words.message ?? '').not.toMatch(/better-sqlite3/);
  });

  it('also when the package imports but its compiled addon does not load', async () => {
    const nativeKb = await KnowledgeBase.open(fileLoader());
    expect(nativeKb.notice).toBeUndefined();
    withoutBetterSqlite('addon');
    const { KnowledgeBase: KbWithout } = await import('../../src/linking/knowledge-base.js');
    const kb = await KbWithout.open(fileLoader());
    expect(kb.notice).toMatch(/could not be loaded \(Could not locate the bindings file \(simulated\)\)/);
    for (const m of MENTIONS) expect(kb.candidates(m), m).toEqual(nativeKb.candidates(m));
    expect(kb.stats()).toEqual(nativeKb.stats());
    kb.close();
    nativeKb.close();
  });

  it('still refuses a file that is not SQLite, by name', async () => {
    withoutBetterSqlite('import');
    const dir = mkdtempSync(join(tmpdir(), 'textlens-kb-'));
    mkdirSync(join(dir, 'kb'));
    writeFileSync(join(dir, 'kb', 'kb.sqlite'), 'not a database at all, only text');
    const { KnowledgeBase: KbWithout } = await import('../../src/linking/knowledge-base.js');
    const { AnalysisError: FreshAnalysisError } = await import('../../src/errors.js');
    const e = await KbWithout.open(fileLoader(dir)).then(() => undefined, (err: unknown) => err);
    expect(e).toBeInstanceOf(FreshAnalysisError);
    expect((e as Error).message).toMatch(/kb\/kb\.sqlite is not an SQLite database/);
  });
});

describe('a knowledge base file that is not one', () => {
  const garbage = new TextEncoder().encode('this is not a database, just some text that happens to be here');

  function modelsWithKb(contents: Uint8Array): string {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-kb-'));
    mkdirSync(join(dir, 'kb'));
    writeFileSync(join(dir, 'kb', 'kb.sqlite'), contents);
    return dir;
  }

  it('is refused by name, by both engines', async () => {
    const dir = modelsWithKb(garbage);
    const viaFile = await rejection(KnowledgeBase.open(fileLoader(dir)));
    expect(viaFile.message).toMatch(/kb\/kb\.sqlite is not an SQLite database/);
    const viaBytes = await rejection(openWithSqlJs({ bytes: garbage }, 'Knowledge base kb/kb.sqlite'));
    expect(viaBytes.message).toMatch(/kb\/kb\.sqlite is not an SQLite database/);
    const empty = await rejection(openWithSqlJs({ bytes: new Uint8Array(3) }, 'kb'));
    expect(empty.message).toMatch(/only 3 bytes long/);
  });

  it('an SQLite file without the knowledge base tables is refused too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-kb-'));
    const other = new Database(join(dir, 'other.sqlite'));
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    other.close();
    const e = await rejection(KnowledgeBase.open(join(dir, 'other.sqlite')));
    expect(e.message).toMatch(/not a textlens knowledge base/);
  });

  it('a missing knowledge base names the file', async () => {
    const e = await rejection(KnowledgeBase.open(bytesOnly(fileLoader(mkdtempSync(join(tmpdir(), 'textlens-kb-'))))));
    expect(e.message).toContain('kb/kb.sqlite');
  });
});
