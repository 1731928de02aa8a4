import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { CONFIDENCE, detectLanguage, normalizeLanguageCode } from '../../src/language/index.js';
import { evalLanguageId, groupSentences, readConlluSentences, readLabeledTsv } from '../../src/language/eval.js';

const fixture = fileURLToPath(new URL('../fixtures/language/sentences.tsv', import.meta.url));
const langid = (name: string): string => readFileSync(fileURLToPath(new URL(`../fixtures/langid/${name}`, import.meta.url)), 'utf8');

describe('detectLanguage', () => {
  it.each([
    'The quick brown fox jumps over the lazy dog',
    'The committee will publish its final report on the proposed changes next week.',
    'She said that the new library would open in the spring, after the repairs are finished.',
  ])('English: %s', (text) => {
    expect(detectLanguage(text)).toMatchObject({ language: 'eng', reliable: true });
  });

  it.each([
    'Satya Nadella has led Microsoft since 2014.',
    'Deutsche Bank cut jobs in Frankfurt and New York.',
    'Chelsea and Arsenal drew at Stamford Bridge.',
    // franc alone: Finnish ("on" is a Finnish word, the rest are names).
    'Barack Obama visited London on Tuesday.',
  ])('English news made mostly of names is English, by its common words: %s', (text) => {
    expect(detectLanguage(text).language).toBe('eng');
  });

  it.each([
    'Barack Obama visited London on Tuesday.',
    'Angela Merkel visited Madrid on Thursday.',
    'I met Sarah in Boston last January.',
    'I have visited Georgia Tech on Thursday.',
  ])('short news made mostly of names is reliably English when the capitals English writes tell it: %s', (text) => {
    // Before the table of capitals, "visited on" was all the evidence, too little to trust.
    expect(detectLanguage(text)).toMatchObject({ language: 'eng', reliable: true });
  });

  it('does not take a language outside the five for English because its unknown words look a little English', () => {
    // No table knows these Hungarian words; their letters rank English first among the five, which
    // says nothing about a sixth language.
    const d = detectLanguage(langid('man-gpasswd-hu.txt'));
    expect(d.language === 'eng' && d.reliable).toBe(false);
  });

  it.each([
    'Severe storms gradually weakened across northern provinces.',
    'Scientists observed similar patterns within isolated populations.',
    'Prolonged drought threatens agricultural production throughout southern regions.',
    'Researchers measured unusually elevated cholesterol concentrations.',
  ])('takes a sentence of rarer words for reliably English when its vocabulary knows them: %s', (text) => {
    // Before the vocabulary, its words outside the 1,500-word table counted against English in the fit.
    expect(detectLanguage(text)).toMatchObject({ language: 'eng', reliable: true, basis: 'agree' });
  });

  it('lets rarer words the vocabulary knows overrule franc, with enough common words among them', () => {
    // franc reads Afrikaans; "children", "from" are in the table, the rest in the vocabulary.
    expect(detectLanguage('Swedish children suffering from vitamin deficiency')).toMatchObject({ language: 'eng', reliable: true, basis: 'words' });
    // Swedish whose words the English vocabulary happens to know ("till", "poster") stays unreliable:
    // against franc, two words of the cost table are needed.
    const swedish = detectLanguage('lägg till poster i filen');
    expect(swedish.language === 'eng' && swedish.reliable).toBe(false);
  });

  it.each([
    // UD English-EWT dev sentences (CC BY-SA 4.0): a few common words, then an address.
    'Our web address is http://www.accenture.com',
    'For more details: http://www.bbc.co.uk/news',
    'Our new domain name is paulhastings.com.',
  ])('takes a short line of common words before a URL or an address for reliably English: %s', (text) => {
    // Under 20 characters of words: reliable now that all or nearly all are common English words, with a clear lead.
    expect(detectLanguage(text)).toMatchObject({ language: 'eng', reliable: true });
  });

  it('does not take a refrain of one common word for a short line of common words', () => {
    // "na" is a Portuguese word of the cost table, five times over.
    expect(detectLanguage('Na na, na na na.').reliable).toBe(false);
  });

  it.each([
    // UD English-EWT dev sentences (CC BY-SA 4.0) that carry no language: a URL, a separator, names, an address.
    'http://www.4gamer.net/news/image/2005.09/20050920111900_21big.html',
    '==============================================================================',
    'Kristen Quinn, Sarah Mulholland, Samuel Pak, Daniel Kang',
    '"Townsend, George" <gtownsend@manorisd.net>',
  ])('keeps text without language unreliable: %s', (text) => {
    expect(detectLanguage(text).reliable).toBe(false);
  });

  it('takes a short English request for English although franc reads Danish', () => {
    expect(detectLanguage('Please let me know if you need anything else.')).toMatchObject({ language: 'eng', reliable: true, basis: 'words' });
  });

  it('never trusts a guess that only names support', () => {
    // "visited met in" is all the evidence there is.
    const d = detectLanguage('Barack Obama visited Paris. Angela Merkel met Tim Cook in Berlin.');
    expect(d.reliable).toBe(false);
    expect(d.basis).toBe('few-words');
  });

  it('keeps German reliable although it capitalizes its nouns', () => {
    expect(detectLanguage('Das Fußballspiel wurde wegen des Schnees verschoben.')).toMatchObject({ language: 'deu', reliable: true });
  });

  it('does not take Dutch for English, German or Spanish over a few shared words', () => {
    const d = detectLanguage('De conferentie gaat over de toekomst van kunstmatige intelligentie.');
    expect(d.language).toBe('nld');
  });

  it.each([
    ['fra', 'Les chercheurs ont découvert une nouvelle espèce de grenouille dans la forêt tropicale.'],
    ['deu', 'Die Regierung hat neue Maßnahmen zur Unterstützung kleiner Unternehmen angekündigt.'],
    ['spa', 'El gobierno ha anunciado nuevas medidas para apoyar a las pequeñas empresas.'],
    ['por', 'O governo anunciou novas medidas para apoiar as pequenas empresas do interior.'],
    ['rus', 'Правительство объявило о новых мерах поддержки малого бизнеса.'],
    ['zho', '研究人员在热带雨林中发现了一种新的青蛙。'],
    ['jpn', '研究者たちは熱帯雨林で新しい種類のカエルを見つけました。'],
    ['ara', 'اكتشف الباحثون نوعا جديدا من الضفادع في الغابة الاستوائية.'],
  ])('%s, reliably', (language, text) => {
    expect(detectLanguage(text)).toMatchObject({ language, reliable: true });
  });

  it.each([
    ['readme-badges.md', 'eng'],
    ['man-page.txt', 'eng'],
    ['changelog.txt', 'eng'],
    ['readme-fr.md', 'fra'],
  ])('reads technical writing past its code, options, URLs and markup: %s', (file, language) => {
    // Before the word model and the evidence filter, the README, the man page
    // and the French README came back unreliable.
    expect(detectLanguage(langid(file))).toMatchObject({ language, reliable: true });
  });

  it('names a language its script alone gives from a few letters', () => {
    // Hangul is written by Korean only: a short option description is enough.
    expect(detectLanguage(' -V, --version 버전 정보를 출력합니다.')).toMatchObject({ language: 'kor', reliable: true, basis: 'script' });
  });

  it('does not call Japanese with English command names English', () => {
    const d = detectLanguage('名前 vim Vi IMproved プログラマのテキストエディタ 書式 vim options file vim options tag vim options errorfile');
    expect(d.language === 'eng' && d.reliable).toBe(false);
  });

  it('never calls short text reliable, and says why', () => {
    for (const text of ['Hello', 'Thank you!', 'See you soon.', 'Good morning, Sam']) {
      const d = detectLanguage(text);
      expect(d.reliable).toBe(false);
      expect(d.basis).toBe('few-words');
      expect(d.reason).toMatch(/too few words/);
    }
  });

  it('answers und, unreliable, when there is nothing to go by', () => {
    for (const text of ['', '   ', '12345 678', '!!! ???', 'https://example.org/a/b?c=d', 'getElementById() --verbose src/index.ts']) {
      expect(detectLanguage(text)).toMatchObject({ language: 'und', reliable: false, basis: 'no-words', confidence: 0 });
    }
  });

  it('reports a reason and a confidence that agree with reliable', () => {
    for (const text of ['The committee will publish its final report next week.', 'Running dogs', 'Правительство объявило о новых мерах.']) {
      const d = detectLanguage(text);
      expect(d.reason.length).toBeGreaterThan(10);
      expect(d.confidence).toBe(CONFIDENCE[d.basis]);
      expect(d.confidence >= 0.99).toBe(d.reliable);
    }
  });

  it('is right on most of the committed multilingual fixture, and its reliable answers all are', () => {
    const report = evalLanguageId(readLabeledTsv(fixture));
    expect(report.sentences).toBe(300);
    expect(report.accuracy).toBeGreaterThan(0.8);
    expect(report.reliablePrecision).toBe(1);
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

const data = (path: string): string => fileURLToPath(new URL(`../../../shared/data/${path}`, import.meta.url));
const ewt = data('ud-english-ewt/en_ewt-ud-dev.conllu');
const gum = data('ud-english-gum/en_gum-ud-dev.conllu');
const multilingual = ['fr/fr_gsd-ud-dev.conllu.gz', 'es/es_gsd-ud-dev.conllu.gz', 'pt/pt_bosque-ud-dev.conllu.gz', 'de/de_gsd-ud-dev.conllu.gz'].map((f) =>
  data(`ud-multilingual/${f}`),
);
const haveUd = existsSync(ewt) && existsSync(gum) && multilingual.every((f) => existsSync(f));
if (!haveUd) console.warn('skipping the UD language-id checks: ../shared/data is not in fresh clones');

describe.skipIf(!haveUd)('UD dev sentences of 40 characters or more (as in models/langid/MODEL_CARD.md)', () => {
  const long = (sentences: ReturnType<typeof readConlluSentences>) => sentences.filter((s) => [...s.text].length >= 40);

  it('English: reliable and right for ≥ 97 % of sentences and ≥ 98 % of 5-sentence documents, never reliable and wrong', () => {
    const sentences = [...readConlluSentences(ewt), ...readConlluSentences(gum)];
    const single = evalLanguageId(long(sentences)).byLanguage.eng!;
    const five = evalLanguageId(groupSentences(sentences, 5)).byLanguage.eng!;
    expect(single.reliableRight).toBeGreaterThan(0.97);
    expect(single.reliableWrong).toBe(0);
    expect(five.reliableRight).toBeGreaterThan(0.98);
    expect(five.reliableWrong).toBe(0);
  });

  it('French, Spanish, Portuguese, German: reliable and right for ≥ 98 %, reliable and wrong for ≤ 0.5 %', () => {
    const report = evalLanguageId(multilingual.flatMap((f) => long(readConlluSentences(f))));
    for (const language of ['fra', 'spa', 'por', 'deu']) {
      expect(report.byLanguage[language]!.reliableRight).toBeGreaterThan(0.98);
      expect(report.byLanguage[language]!.reliableWrong).toBeLessThanOrEqual(0.005);
    }
  });
});
