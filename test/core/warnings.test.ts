/**
 * Warnings a program can read: every notice of a response is a `warnings`
 * entry with a stable code, and the spec's `message` is their sentences in
 * the same order, as it always was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnalyzer, WARNING_CODES, type Analyzer, type AnalyzeResponse, type Warning, type WarningCode } from '../../src/index.js';

let analyzer: Analyzer;
let server: Server;
let base = '';

beforeAll(async () => {
  // A generous rules time limit: the solutions test below must hit the solution cap, not the clock, on a loaded machine.
  analyzer = await createAnalyzer({ allowHosts: ['127.0.0.1'], download: { maxBytes: 64 }, ruleLimits: { timeoutMs: 30_000 } });
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end('The river floods the bank every spring, and the town moves its market up the hill. '.repeat(4));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const codes = (r: AnalyzeResponse): WarningCode[] => r.warnings!.map((w) => w.code);

/** `message` is the warnings' sentences joined, so the two can never disagree. */
function consistent(r: AnalyzeResponse): void {
  expect(r.message).toBe(r.warnings!.map((w) => w.message).join(' '));
}

const FRENCH = 'Le chat dort sur le canapé depuis ce matin, et il ne veut pas se réveiller pour manger.';

describe('warnings', () => {
  it('is an empty list when all went as asked, and message stays empty', async () => {
    const r = await analyzer.analyze('The river floods the bank every spring.', { extractors: 'words' });
    expect(r.warnings).toEqual([]);
    expect(r.message).toBe('');
    expect(Object.keys(r)).toEqual(['time', 'ok', 'error', 'message', 'warnings', 'response']);
  });

  it('codes a hosted-API extractor that textlens skips', async () => {
    const r = await analyzer.analyze('The river floods the bank every spring.', { extractors: 'words,spelling' });
    expect(r.warnings).toEqual([{ code: 'hosted-only-skipped', message: "The extractor 'spelling' of the hosted API is not implemented by textlens; it was skipped." }]);
    consistent(r);
  });

  it('codes unreliable language detection', async () => {
    const r = await analyzer.analyze('Running dogs', { extractors: 'words' });
    expect(codes(r)).toEqual(['language-unreliable']);
    consistent(r);
  });

  it('codes English-only parts skipped on other text, in the order they were found', async () => {
    // French has a language pack: its words get tags and lemmas, the English-only layers are skipped.
    const r = await analyzer.analyze(FRENCH, { extractors: 'words,relations,topics', classifiers: 'textlens_mediatopics' });
    expect(codes(r)).toEqual(['language-unsupported', 'language-unsupported', 'language-unsupported']);
    expect(r.warnings![0].message).toMatch(/^Skipped relations, properties: /);
    expect(r.warnings![1].message).toMatch(/^topics: skipped/);
    expect(r.warnings![2].message).toMatch(/^classifiers: skipped/);
    consistent(r);
  });

  it('codes the word layers skipped on text in a language without a pack', async () => {
    const r = await analyzer.analyze(FRENCH, { extractors: 'words', languageOverride: 'ita' });
    expect(codes(r)).toEqual(['layers-skipped']);
    expect(r.warnings![0].message).toMatch(/^Language is not English/);
    consistent(r);
  });

  it('codes a download cut at its limit', async () => {
    const r = await analyzer.analyze({ url: `${base}/page`, extractors: 'words', languageOverride: 'eng' });
    expect(r.warnings).toEqual([{ code: 'download-truncated', message: `The page at ${base}/page was larger than the download limit and was truncated.` }]);
    consistent(r);
  });

  it('codes rule solutions cut at their limit', async () => {
    const rules = 'num(X) :- nat(0, X).\nnat(N, N).\nnat(N, X) :- N < 1500, M is N + 1, nat(M, X).';
    const r = await analyzer.analyze({ text: 'Count.', rules, extractors: 'num', languageOverride: 'eng' });
    expect(r.response!.matchingRules![0].bindings).toHaveLength(1000);
    expect(codes(r)).toEqual(['rules-truncated']);
    consistent(r);
  });

  it("applies the analyzer's ruleLimits to every request's rules", async () => {
    const strict = await createAnalyzer({ ruleLimits: { maxSolutions: 3 } });
    const rules = 'num(X) :- nat(0, X).\nnat(N, N).\nnat(N, X) :- N < 10, M is N + 1, nat(M, X).';
    const r = await strict.analyze({ text: 'Count.', rules, extractors: 'num', languageOverride: 'eng' });
    expect(r.response!.matchingRules![0].bindings).toHaveLength(3);
    expect(codes(r)).toEqual(['rules-truncated']);
    await strict.dispose();
  });

  it('says each warning once however often it is raised', async () => {
    const r = await analyzer.analyze(FRENCH, { extractors: 'words,spelling', 'entities.enrichmentQueries': ['fbase:/x', 'fbase:/x'] });
    expect(codes(r).filter((c) => c === 'hosted-only-skipped')).toHaveLength(2);
    const messages = r.warnings!.map((w: Warning) => w.message);
    expect(new Set(messages).size).toBe(messages.length);
    consistent(r);
  });
});

describe('the warning codes', () => {
  const types = readFileSync(new URL('../../src/types.ts', import.meta.url), 'utf8');
  const sources = (dir: URL): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && f !== 'types.ts')
      .map((f) => readFileSync(new URL(f, dir), 'utf8'));
  const src = sources(new URL('../../src/', import.meta.url)).join('\n');

  it('are each documented in the table of types.ts', () => {
    for (const code of WARNING_CODES) expect(types, code).toMatch(new RegExp(`^ \\* \\| \`${code}\` +\\|`, 'm'));
  });

  it('are each raised somewhere in src/', () => {
    for (const code of WARNING_CODES) expect(src.includes(`'${code}'`), code).toBe(true);
  });
});
