import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { detectLanguage, normalizeLanguageCode } from '../../src/language/index.js';
import { evalLanguageId, readConlluSentences, readLabeledTsv } from '../../src/language/eval.js';

const fixture = fileURLToPath(new URL('../fixtures/language/sentences.tsv', import.meta.url));

describe('detectLanguage', () => {
  it.each([
    'The quick brown fox jumps over the lazy dog',
    'The committee will publish its final report on the proposed changes next week.',
    'She said that the new library would open in the spring, after the repairs are finished.',
  ])('English: %s', (text) => {
    expect(detectLanguage(text).language).toBe('eng');
  });

  it.each([
    'Satya Nadella has led Microsoft since 2014.',
    'Deutsche Bank cut jobs in Frankfurt and New York.',
    'Chelsea and Arsenal drew at Stamford Bridge.',
  ])('English news made mostly of names is English, by its function words: %s', (text) => {
    // franc alone: Swedish, German and Danish, each marked reliable.
    expect(detectLanguage(text)).toEqual({ language: 'eng', reliable: false });
  });

  it('never trusts a guess that only names support', () => {
    // franc reads it as Indonesian; "visited met in" is all the evidence there is.
    const d = detectLanguage('Barack Obama visited Paris. Angela Merkel met Tim Cook in Berlin.');
    expect(d.reliable).toBe(false);
  });

  it('keeps German reliable although it capitalizes its nouns', () => {
    expect(detectLanguage('Das Fußballspiel wurde wegen des Schnees verschoben.')).toEqual({ language: 'deu', reliable: true });
  });

  it('does not take Dutch for English over a shared word or two', () => {
    expect(detectLanguage('De conferentie gaat over de toekomst van kunstmatige intelligentie.').language).toBe('nld');
  });

  it('marks an English sentence of normal length reliable', () => {
    expect(detectLanguage('The committee will publish its final report on the proposed changes next week.')).toEqual({
      language: 'eng',
      reliable: true,
    });
  });

  it.each([
    ['fra', 'Les chercheurs ont découvert une nouvelle espèce de grenouille dans la forêt tropicale.'],
    ['deu', 'Die Regierung hat neue Maßnahmen zur Unterstützung kleiner Unternehmen angekündigt.'],
    ['spa', 'El gobierno ha anunciado nuevas medidas para apoyar a las pequeñas empresas.'],
    ['rus', 'Правительство объявило о новых мерах поддержки малого бизнеса.'],
    ['zho', '研究人员在热带雨林中发现了一种新的青蛙。'],
    ['jpn', '研究者たちは熱帯雨林で新しい種類のカエルを見つけました。'],
    ['ara', 'اكتشف الباحثون نوعا جديدا من الضفادع في الغابة الاستوائية.'],
  ])('%s', (language, text) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it('never calls short text reliable', () => {
    for (const text of ['Hello', 'Thank you!', 'See you soon.', 'Good morning, Sam']) {
      expect(detectLanguage(text).reliable).toBe(false);
    }
  });

  it('answers und, unreliable, when there is nothing to go by', () => {
    for (const text of ['', '   ', '12345 678', '!!! ???']) {
      expect(detectLanguage(text)).toEqual({ language: 'und', reliable: false });
    }
  });

  it('is right on most of the committed multilingual fixture', () => {
    const report = evalLanguageId(readLabeledTsv(fixture));
    expect(report.sentences).toBe(300);
    expect(report.accuracy).toBeGreaterThan(0.85);
    expect(report.reliablePrecision).toBeGreaterThan(0.95);
  });
});

describe('normalizeLanguageCode', () => {
  it.each([
    ['eng', 'eng'], ['en', 'eng'], ['EN', 'eng'], ['en-US', 'eng'],
    ['fre', 'fra'], ['fra', 'fra'], ['fr', 'fra'],
    ['ger', 'deu'], ['de', 'deu'], ['dut', 'nld'], ['chi', 'zho'], ['zh', 'zho'], ['cmn', 'zho'], ['zh_Hant', 'zho'],
    ['arb', 'ara'], ['per', 'fas'], ['sco', 'sco'], ['nob', 'nob'],
  ])('%s → %s', (code, iso) => {
    expect(normalizeLanguageCode(code)).toBe(iso);
  });

  it.each(['', 'xx', 'english', 'zzz', 'und', 'e'])('refuses %j with 400', (code) => {
    let error: unknown;
    try {
      normalizeLanguageCode(code);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).status).toBe(400);
  });
});

const ewt = fileURLToPath(new URL('../../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu', import.meta.url));
const haveUd = existsSync(ewt);
if (!haveUd) console.warn(`skipping UD language-id check: ${ewt} not found (../shared/data is not in fresh clones)`);

describe.skipIf(!haveUd)('English sentences of UD EWT test', () => {
  it('are recognized by length as measured', () => {
    const report = evalLanguageId(readConlluSentences(ewt));
    const byBucket = Object.fromEntries(report.englishByLength.map((b) => [b.bucket, b.accuracy]));
    expect(byBucket['40-79']).toBeGreaterThan(0.88);
    expect(byBucket['80-159']).toBeGreaterThan(0.96);
    expect(report.reliablePrecision).toBeGreaterThan(0.97);
  });
});

describe('textlens eval langid', () => {
  const slices = ['../fixtures/doc/ewt-dev-slice.conllu', '../fixtures/lexicon/ewt-dev-first40.conllu'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );

  async function run(args: string[]): Promise<{ code: number; out: string }> {
    const { evalCommand } = await import('../../src/cli/eval.js');
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
    try {
      return { code: await evalCommand(args), out };
    } finally {
      spy.mockRestore();
    }
  }

  it('reads every --conllu file it is given and ends with a name=value line', async () => {
    const one = await run(['langid', '--conllu', slices[0]!]);
    const both = await run(['langid', '--conllu', slices[0]!, '--conllu', slices[1]!]);
    const count = (out: string) => Number(/sentences=(\d+)$/.exec(out.trim().split('\n').at(-1)!)![1]);
    expect(one.code).toBe(0);
    expect(both.out.trim().split('\n').at(-1)).toMatch(/^accuracy=[\d.]+ reliable_share=[\d.]+ reliable_precision=[\d.]+ sentences=\d+$/);
    expect(count(both.out)).toBeGreaterThan(count(one.out));
  });

  it('refuses two --conllu files where a command reads one', async () => {
    const { evalCommand } = await import('../../src/cli/eval.js');
    await expect(evalCommand(['lemma', '--conllu', slices[0]!, '--conllu', slices[1]!])).rejects.toThrow(/--conllu takes one file here \(got 2\)/);
  });
});
