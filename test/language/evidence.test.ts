import { describe, expect, it } from 'vitest';
import { languageEvidence } from '../../src/language/evidence.js';
import { scoreWords, VOCABULARY_FIT_BITS, WORD_MODEL_LANGUAGES } from '../../src/language/word-model.js';
import { WORD_TABLES } from '../../src/language/common-words.js';

describe('languageEvidence', () => {
  it('keeps the words and drops URLs, paths, options, identifiers and numbers', () => {
    const e = languageEvidence(
      'Run npm install --save-dev vitest, then see https://vitest.dev/guide or src/index.ts; getElementById() returns 42 nodes_total.',
    );
    expect(e.text).toBe('Run npm install vitest then see or returns');
    expect(e.words).toEqual(['run', 'npm', 'install', 'vitest', 'then', 'see', 'or', 'returns']);
  });

  it('drops bracketed command-line options, not only bare ones', () => {
    expect(languageEvidence('which [-a] filename (--all) {-v}').text).toBe('which filename');
  });

  it('drops code blocks, inline code, HTML tags and Markdown link targets and badges', () => {
    const text = [
      '# fastqueue [![Build](https://ci.example.org/badge.svg)](https://ci.example.org)',
      '<p align="center"><img src="logo.png"></p>',
      'Install it:',
      '```sh',
      'npm install fastqueue && node run.js',
      '```',
      'Call `createQueue(options)` as in the [guide][guide-url].',
      '[guide-url]: https://example.org/guide',
      '<code>not prose</code> and &amp; entities.',
    ].join('\n');
    expect(languageEvidence(text).text).toBe('fastqueue Build Install it Call as in the guide and entities');
  });

  it('takes a capitalized word for a word only where a sentence starts', () => {
    const e = languageEvidence('The minister met Angela Merkel in Berlin. Then she left.');
    expect(e.words).toEqual(['the', 'minister', 'met', 'in', 'then', 'she', 'left']);
    expect(e.lowerWords).toBe(5);
  });

  it('reads shouted and Title Case text as words, not as acronyms and names', () => {
    expect(languageEvidence('WHO WANTS TO HELP MILLIONS FOR UNITED WAY?').words).toEqual(['who', 'wants', 'to', 'help', 'millions', 'for', 'united', 'way']);
    expect(languageEvidence('Thanks For The Prompt Service And Great Job').words).toHaveLength(8);
    // A news sentence two thirds names is not Title Case.
    expect(languageEvidence('Barack Obama visited London on Tuesday.').words).toEqual(['barack', 'visited', 'on']);
    // Acronyms in ordinary text stay out.
    expect(languageEvidence('The API returns JSON over HTTP to the client.').words).toEqual(['the', 'returns', 'over', 'to', 'the', 'client']);
  });

  it('keeps the capitalized words inside sentences apart, as written', () => {
    expect(languageEvidence('Barack Obama visited London on Tuesday. I think so.').capitals).toEqual(['Obama', 'London', 'Tuesday']);
    expect(languageEvidence('Thanks For The Prompt Service And Great Job').capitals).toEqual([]);
  });

  it('keeps words with combining marks and splits text written without spaces at its punctuation', () => {
    expect(languageEvidence('नमस्ते दुनिया').wordTokens).toBe(2);
    expect(languageEvidence('研究者たちは新しい種類のカエルを見つけました。彼らは喜んだ。').wordTokens).toBe(2);
  });

  it('finds nothing in text without words', () => {
    expect(languageEvidence('12345 678 !!! ??? https://example.org').text).toBe('');
  });
});

describe('the word model', () => {
  it('knows English, French, Spanish, Portuguese and German', () => {
    expect([...WORD_MODEL_LANGUAGES].sort()).toEqual(['deu', 'eng', 'fra', 'por', 'spa']);
  });

  it.each([
    ['eng', 'please let me know if you need anything else'],
    ['fra', 'je ne sais pas si nous pourrons venir avec eux demain'],
    ['spa', 'no sé si podremos venir con ellos mañana por la tarde'],
    ['por', 'não sei se vamos poder vir com eles amanhã à tarde'],
    ['deu', 'ich weiß nicht ob wir morgen mit ihnen kommen können'],
  ])('%s: %s', (language, text) => {
    const scores = scoreWords(text.split(' '))!;
    expect(scores.best).toBe(language);
    expect(scores.lead).toBeGreaterThan(10);
    expect(scores.known).toBeGreaterThan(scores.words / 2);
  });

  it('knows few words of a language it does not model', () => {
    const dutch = scoreWords('de kinderen spelen in de tuin terwijl hun ouders het avondeten klaarmaken'.split(' '))!;
    expect(dutch.known / dutch.words).toBeLessThan(0.4);
  });

  it('counts the capitals a table knows, and skips names no table knows', () => {
    const plain = scoreWords(['barack', 'visited', 'on'])!;
    const withCapitals = scoreWords(['barack', 'visited', 'on'], ['Obama', 'London', 'Tuesday'])!;
    expect(withCapitals.best).toBe('eng');
    expect(withCapitals.lead).toBeGreaterThan(plain.lead);
    expect(withCapitals.knownCapitalChars).toBeGreaterThanOrEqual('Tuesday'.length + 1);
    expect(scoreWords([], ['Xqzlorp'])).toBeUndefined();
  });

  it("tells the five apart on words none of them knows by their letters, without changing the text's fit", () => {
    // Neither a cost table nor a vocabulary knows these.
    const words = ['schoolchildren', 'weaken', 'micronutrients'];
    const scores = scoreWords(words)!;
    expect(scores.known).toBe(0);
    expect(scores.best).toBe('eng');
    // The fit reads the unknown-word cost alone: the letters moved only the ranking.
    expect(scores.plainCost).toBeCloseTo(words.length * WORD_TABLES.eng!.unseen);
    expect(scores.costs[0]![1]).toBeLessThan(scores.plainCost);
  });

  it("knows a language's rarer words by its vocabulary, which moves the fit but not the ranking", () => {
    const words = ['representative', 'governments', 'majority'];
    const scores = scoreWords(words)!;
    expect(scores.best).toBe('eng');
    expect(scores.vocabulary).toBe(3);
    expect(scores.known).toBe(3);
    // The ranking reads them as unknown words, by their letters (the vocabularies differ in size) …
    expect(scores.plainCost).toBeCloseTo(words.length * WORD_TABLES.eng!.unseen);
    // … the fit as words of the language: a little cheaper than "some other language", where three
    // unknown words would cost more.
    expect(scores.fit).toBeCloseTo(words.length * VOCABULARY_FIT_BITS);
    expect(scoreWords(['schoolchildren', 'weaken', 'micronutrients'])!.fit).toBeLessThan(0);
  });

  it('keeps each vocabulary apart from its cost table, sorted, within its size', () => {
    for (const language of WORD_MODEL_LANGUAGES) {
      const table = WORD_TABLES[language]!;
      const vocabulary = table.vocabulary.split(' ');
      const tableWords = new Set(table.words.split('|').flatMap((g) => g.split(' ').slice(1)));
      expect(vocabulary.length).toBeLessThanOrEqual(8000);
      expect(vocabulary.filter((w) => tableWords.has(w))).toEqual([]);
      expect(vocabulary).toEqual([...vocabulary].sort());
    }
    expect(WORD_TABLES.eng!.vocabulary.split(' ').length).toBe(8000);
  });

  it('has nothing to say without words', () => {
    expect(scoreWords([])).toBeUndefined();
  });
});
