/**
 * Lazy weight: plain text with a language given loads neither the HTML
 * parser, nor franc, nor the Prolog engine; each loads when a request needs it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const loaded: string[] = [];

/** Makes importing `pkg` record itself (and still work). */
function watch(pkg: string): void {
  vi.doMock(pkg, async (importOriginal) => {
    loaded.push(pkg);
    return importOriginal();
  });
}

afterEach(() => {
  for (const p of ['cheerio/slim', 'franc', 'tau-prolog']) vi.doUnmock(p);
  vi.resetModules();
  loaded.length = 0;
});

describe('what analyze() loads', () => {
  it('loads cheerio, franc and tau-prolog only for the requests that need them', async () => {
    vi.resetModules();
    for (const p of ['cheerio/slim', 'franc', 'tau-prolog']) watch(p);
    const { createAnalyzer } = await import('../../src/analyzer.js');
    const analyzer = await createAnalyzer();

    await analyzer.analyze('Plain text in a known language. Nothing else is needed.', { extractors: 'words', languageOverride: 'eng' });
    expect(loaded).toEqual([]);

    await analyzer.analyze('Plain text whose language must be detected, which takes the trigram model.', { extractors: 'words' });
    expect(loaded).toEqual(['franc']);

    await analyzer.analyze({ text: '<p>Some <b>HTML</b> here.</p>', cleanup: { mode: 'stripTags' }, languageOverride: 'eng' });
    expect(loaded).toEqual(['franc', 'cheerio/slim']);

    const r = await analyzer.analyze('Rules need the engine.', { extractors: 'yes', rules: 'yes(1).', languageOverride: 'eng' });
    expect(r.response?.matchingRules).toEqual([{ name: 'yes', arity: 1, bindings: [[1]] }]);
    expect(loaded).toEqual(['franc', 'cheerio/slim', 'tau-prolog']);
  });
});
