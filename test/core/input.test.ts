/**
 * Everything before the Doc (src/source/input.ts): text or download, cleanup,
 * language. The download is handed in, so these tests reach no network.
 */
import { describe, expect, it } from 'vitest';
import { readInput, type InputOptions } from '../../src/source/input.js';
import { parseRequest } from '../../src/request.js';
import type { FetchedPage, FetchOptions } from '../../src/source/download-common.js';
import type { WarningCode } from '../../src/types.js';

const PAGE =
  '<html><head><title>Rivers of Europe</title></head><body><nav>Home News</nav>' +
  '<article><h1>Rivers of Europe</h1><p>The Danube flows through ten countries. It is the second-longest river in Europe, after the Volga.</p></article></body></html>';

/** A download that returns `body` and records the options it was called with. */
function serving(body: string, extra: Partial<FetchedPage> = {}): InputOptions & { calls: [string, FetchOptions][] } {
  const calls: [string, FetchOptions][] = [];
  return {
    calls,
    allowHosts: ['10.0.0.1'],
    download: { maxBytes: 1000 },
    async fetchUrl(url, options) {
      calls.push([url, options]);
      return { url, finalUrl: url, status: 200, contentType: 'text/html', isHtml: true, body, truncated: false, ...extra } as FetchedPage;
    },
  };
}

const never: InputOptions = { fetchUrl: () => Promise.reject(new Error('text needs no download')) };

async function read(options: Parameters<typeof parseRequest>[0], using: InputOptions = never) {
  const warnings: [WarningCode, string][] = [];
  const input = await readInput(parseRequest(options), using, (code, message) => warnings.push([code, message]));
  return { input, warnings };
}

describe('readInput', () => {
  it('takes text as given, raw, and detects its language', async () => {
    const text = 'The Danube flows through ten countries and ends in the Black Sea delta.';
    const { input, warnings } = await read({ text });
    expect(input).toEqual({ raw: text, text, metadata: undefined, language: 'eng', languageIsReliable: true });
    expect(warnings).toEqual([]);
  });

  it('downloads a url with the request user agent and the configured limits, and cleans HTML with cleanHTML by default', async () => {
    const server = serving(PAGE);
    const { input } = await read({ url: 'https://example.org/a', 'download.userAgent': 'tester/1' }, server);
    expect(server.calls).toEqual([['https://example.org/a', { userAgent: 'tester/1', allowHosts: ['10.0.0.1'], maxBytes: 1000 }]]);
    expect(input.raw).toBe(PAGE);
    expect(input.text).toContain('The Danube flows through ten countries.');
    expect(input.text).not.toContain('Home News');
    expect(input.metadata?.title).toBe('Rivers of Europe');
  });

  it('honours cleanup.mode over the page type', async () => {
    const { input } = await read({ url: 'https://example.org/a', 'cleanup.mode': 'raw' }, serving(PAGE));
    expect(input.text).toBe(PAGE);
  });

  it('warns when the download was cut at its limit', async () => {
    const { warnings } = await read({ url: 'https://example.org/a' }, serving(PAGE, { truncated: true }));
    expect(warnings).toEqual([['download-truncated', 'The page at https://example.org/a was larger than the download limit and was truncated.']]);
  });

  it('limits a downloaded page once cleaned, with the same 413 as sent text', async () => {
    await expect(read({ url: 'https://example.org/a', 'cleanup.mode': 'raw' }, serving('a '.repeat(110 * 1024)))).rejects.toMatchObject({ status: 413 });
  });

  it('analyzes text whose language is unsure as English, with a warning, unless overridden', async () => {
    const unsure = await read({ text: 'Running dogs' });
    expect(unsure.input.language).toBe('eng');
    expect(unsure.input.languageIsReliable).toBe(false);
    expect(unsure.warnings).toEqual([['language-unreliable', expect.stringMatching(/^Language detection is not reliable for this text \(best guess '\w+'\): The text has .+\. Analyzed as English/)]]);
    const forced = await read({ text: 'Running dogs', languageOverride: 'fr' });
    expect(forced.input).toMatchObject({ language: 'fra', languageIsReliable: true });
    expect(forced.warnings).toEqual([]);
  });

  it('says nothing about the language of whitespace', async () => {
    const { input, warnings } = await read({ text: '   ' });
    expect(input.language).toBe('eng');
    expect(warnings).toEqual([]);
  });
});
