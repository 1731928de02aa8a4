import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { AnalysisError } from '../../src/errors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { Word } from '../../src/types.js';

let analyzer: Analyzer;
let server: Server;
let base = '';

beforeAll(async () => {
  analyzer = await createAnalyzer();
  server = createServer((req, res) => {
    if (req.url === '/article') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        '<html><head><title>Rivers of Europe</title><meta name="description" content="On rivers."></head><body>' +
          '<nav><a href="/">Home</a> <a href="/x">News</a></nav>' +
          '<article><h1>Rivers of Europe</h1><p>The Danube flows through ten countries. It is the second-longest river in Europe, after the Volga.</p>' +
          '<p>Vienna, Bratislava, Budapest and Belgrade stand on its banks, and it ends in the Black Sea delta.</p></article>' +
          '<footer>Copyright 2026. All rights reserved.</footer></body></html>',
      );
    } else if (req.url === '/plain') {
      res.setHeader('content-type', 'text/plain');
      res.end('Plain text from a server.');
    } else {
      res.statusCode = 404;
      res.end('no');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function refused(p: Promise<unknown>, status: number, text?: string): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AnalysisError);
  expect((err as AnalysisError).status).toBe(status);
  if (text) expect((err as AnalysisError).message).toContain(text);
}

describe('analyze: words', () => {
  it('returns the spec envelope with language inside response and words only', async () => {
    const r = await analyzer.analyze('The river flows. It ends in the sea.', { extractors: 'words' });
    expect(r.ok).toBe(true);
    expect(r.error).toBe('');
    expect(typeof r.time).toBe('number');
    expect(r.response?.language).toBe('eng');
    expect(r.response?.entities).toBeUndefined();
    expect(r.response?.cleanedText).toBeUndefined();
    const sentences = r.response!.sentences!;
    expect(sentences.map((s) => s.position)).toEqual([0, 1]);
    expect(sentences[1].words.map((w) => w.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sentences[1].words[0]).toMatchObject({ token: 'It', startingPos: 17, endingPos: 19 });
    // No dependency-trees requested: no tree fields at all.
    for (const w of sentences[0].words) {
      expect(w).not.toHaveProperty('parentPosition');
      expect(w).not.toHaveProperty('relationToParent');
    }
  });

  it('counts offsets in code points: an emoji is one position', async () => {
    const text = 'I 😀 love 𝒳 math.';
    const r = await analyzer.analyze(text, { extractors: 'words' });
    const words = r.response!.sentences!.flatMap((s) => s.words) as Word[];
    const cps = Array.from(text);
    for (const w of words) expect(cps.slice(w.startingPos, w.endingPos).join('')).toBe(w.token);
    const love = words.find((w) => w.token === 'love')!;
    expect(love.startingPos).toBe(4);
  });

  it('splits contractions and possessives the EWT way', async () => {
    const r = await analyzer.analyze("I don't know John's dog.", { extractors: 'words' });
    expect(r.response!.sentences![0].words.map((w) => w.token)).toEqual(['I', 'do', "n't", 'know', 'John', "'s", 'dog', '.']);
  });

  it('returns stems and, with cleanup.returnCleaned/returnRaw, the texts', async () => {
    const r = await analyzer.analyze({
      text: '<p>Running <b>dogs</b></p>',
      'cleanup.mode': 'stripTags',
      'cleanup.returnCleaned': 'true',
      'cleanup.returnRaw': 'true',
    });
    expect(r.response!.rawText).toBe('<p>Running <b>dogs</b></p>');
    expect(r.response!.cleanedText).toBe('Running dogs');
    const words = r.response!.sentences![0].words;
    expect(words.map((w) => w.stem)).toEqual(['run', 'dog']);
    expect(words[1]).toMatchObject({ startingPos: 8, endingPos: 12 });
  });

  it('handles whitespace-only text as an empty document', async () => {
    const r = await analyzer.analyze('   \n ', { extractors: 'words' });
    expect(r.ok).toBe(true);
    expect(r.response!.sentences).toEqual([]);
    expect(r.response!.languageIsReliable).toBe(false);
    expect(r.response!.language).toBe("eng");
  });

  it('gives non-English text tokens and sentences with a message, and honours languageOverride', async () => {
    const fr = "Le chat dort sur le canapé depuis ce matin, et il ne veut pas se réveiller pour manger.";
    const r = await analyzer.analyze(fr, { extractors: 'words' });
    expect(r.response!.language).toBe('fra');
    // French has a language pack: tags, lemmas and stems, partOfSpeech being the UPOS tag.
    expect(r.message).toBe('');
    expect(r.response!.sentences![0].words[0]).toMatchObject({ token: 'Le', lemma: 'le', partOfSpeech: 'DET', upos: 'DET' });
    // A language without a pack: tokens and sentences only, with a message.
    const it = await analyzer.analyze(fr, { extractors: 'words', languageOverride: 'ita' });
    expect(it.message).toMatch(/not English/);
    const w = it.response!.sentences![0].words[0];
    expect(w.token).toBe('Le');
    expect(w).not.toHaveProperty('partOfSpeech');
    expect(w).not.toHaveProperty('upos');
    const forced = await analyzer.analyze(fr, { extractors: 'words', languageOverride: 'en' });
    expect(forced.response!.language).toBe('eng');
    expect(forced.message).toBe('');
  });
});

describe('analyze: bad input', () => {
  it('refuses text over 200 kB with 413 and accepts exactly 200 kB', async () => {
    const limit = 200 * 1024;
    await refused(analyzer.analyze('a '.repeat(limit / 2) + 'b', { extractors: 'words' }), 413);
    const ok = await analyzer.analyze('a '.repeat(limit / 2 - 1) + 'bb', { extractors: 'words' });
    expect(ok.ok).toBe(true);
  });

  it('refuses an extractor whose model is not installed with a clear 400', async () => {
    // Every extractor is built; a models directory without the senses model is the case left.
    const files = fileLoader();
    const withoutSenses = await createAnalyzer({ loader: { ...files, exists: async (p: string) => !p.startsWith('senses/') && files.exists(p) } });
    await refused(withoutSenses.analyze('Some text.', { extractors: 'entailments' }), 400, 'not installed');
  });

  it('refuses an unknown language override', async () => {
    await refused(analyzer.analyze('Some text.', { languageOverride: 'klingon' }), 400, 'klingon');
  });
});

describe('analyze: url', () => {
  it('downloads an HTML page from an allowed host and cleans it with cleanHTML by default', async () => {
    const local = await createAnalyzer({ allowHosts: ['127.0.0.1'] });
    const r = await local.analyze({ url: `${base}/article`, extractors: 'words', 'cleanup.returnCleaned': true });
    expect(r.ok).toBe(true);
    const cleaned = r.response!.cleanedText!;
    expect(cleaned).toContain('The Danube flows through ten countries.');
    expect(cleaned).not.toContain('Copyright');
    expect(cleaned).not.toContain('Home');
    const words = r.response!.sentences!.flatMap((s) => s.words);
    const cps = Array.from(cleaned);
    for (const w of words) expect(cps.slice(w.startingPos, w.endingPos).join('')).toBe(w.token);
  });

  it('keeps plain text from a url raw', async () => {
    const local = await createAnalyzer({ allowHosts: ['127.0.0.1'] });
    const r = await local.analyze({ url: `${base}/plain`, 'cleanup.returnCleaned': true });
    expect(r.response!.cleanedText).toBe('Plain text from a server.');
  });

  it('refuses loopback addresses without an allow-list', async () => {
    await refused(analyzer.analyze({ url: `${base}/article` }), 400, 'private');
  });

  it('reports a remote 404 as a 400 naming the status', async () => {
    const local = await createAnalyzer({ allowHosts: ['127.0.0.1'] });
    await refused(local.analyze({ url: `${base}/missing` }), 400, '404');
  });
});

describe('analyze: rules', () => {
  it('runs a rule named as an extractor over the words and returns its bindings', async () => {
    const rules = "long_word(T) :- word(_, _, T), atom_length(T, N), N > 6.\nshout :- write(hello).";
    const r = await analyzer.analyze({ text: 'Tremendous elephants walk slowly.', rules, extractors: ['words', 'long_word', 'shout'] });
    expect(r.response!.matchingRules).toEqual([
      { name: 'long_word', arity: 1, bindings: [['Tremendous'], ['elephants']] },
      { name: 'shout', arity: 0, bindings: [[]] },
    ]);
    expect(r.response!.customAnnotationOutput).toBe('hello');
  });

  it('refuses a rule that loops, within its time bound', async () => {
    const t0 = Date.now();
    await refused(analyzer.analyze({ text: 'x y', rules: 'loop :- loop.', extractors: 'loop' }), 400, 'loop');
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

describe('availableExtractors follows the configured parser', () => {
  it('drops dependency-trees when the chosen parser variant is not installed', async () => {
    const { fileLoader } = await import('../../src/resources/file-loader.js');
    const files = fileLoader();
    // The models directory without models/parser-fast.
    const loader = { ...files, exists: (p: string) => (p.startsWith('parser-fast/') ? Promise.resolve(false) : files.exists(p)) };
    const fast = await createAnalyzer({ loader, parser: 'fast' });
    const accurate = await createAnalyzer({ loader });
    expect(await fast.availableExtractors()).not.toContain('dependency-trees');
    expect(await accurate.availableExtractors()).toContain('dependency-trees');
    await expect(fast.analyze({ text: 'The cat sat.', extractors: 'dependency-trees' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('onStage', () => {
  it('reports each stage once per call, in the order they ran, with non-negative times', async () => {
    const seen: [string, number][] = [];
    const timed = await createAnalyzer({ onStage: (stage, ms) => seen.push([stage, ms]) });
    await timed.analyze('The river floods the bank.', { extractors: 'words,dependency-trees,phrases,relations', languageOverride: 'eng' });
    const names = seen.map(([s]) => s);
    expect(names[0]).toBe('input');
    expect(names[1]).toBe('segment');
    expect(names.at(-1)).toBe('response');
    for (const a of ['tagger', 'parser', 'relations', 'properties']) expect(names).toContain(a);
    expect(names.indexOf('tagger')).toBeLessThan(names.indexOf('parser'));
    expect(names.indexOf('parser')).toBeLessThan(names.indexOf('relations'));
    expect(new Set(names).size).toBe(names.length);
    for (const [, ms] of seen) expect(ms).toBeGreaterThanOrEqual(0);
  });

  it('adds rules after the response, and is not called for a request that fails', async () => {
    const seen: string[] = [];
    const timed = await createAnalyzer({ onStage: (stage) => seen.push(stage) });
    await timed.analyze('Rain fell.', { extractors: 'words,r', rules: 'r(T) :- word(_, _, T).', languageOverride: 'eng' });
    expect(seen.slice(-2)).toEqual(['response', 'rules']);
    seen.length = 0;
    await expect(timed.analyze('', { extractors: 'no-such-extractor' })).rejects.toThrow();
    expect(seen).toEqual([]);
  });
});
