import { describe, expect, it } from 'vitest';
import { CompiledDictionary, type DictionaryMatch } from '../../src/dictionaries/index.js';
import { tokenize } from '../../src/doc/tokenize.js';

/** The entry ids that match `text`'s whole token sequence (one sentence). */
function wholeMatches(d: CompiledDictionary, text: string): string[] {
  const forms = tokenize(text).map((t) => t.form ?? text.slice(t.start, t.end));
  const out: DictionaryMatch[] = [];
  d.match(forms.map((f) => d.key(f)), 0, forms.length, out);
  return out.filter((m) => m.start === 0 && m.end === forms.length).map((m) => d.entryId(m.entry));
}

describe('DictionaryCompiler', () => {
  // Surfaces of ASCII letters, digits and spaces take the word-by-word path; each must still
  // match the text made of the same characters, tokenized whole: bare contractions the
  // tokenizer splits (cannot, gonna, dont), emoticon-like words (XD, 8), abbreviations
  // without their period, digits, doubled and edge spaces.
  const simple = ['cannot stop', 'Gonna Win', 'Dont Panic', 'XD Studios', 'xD', '8 Mile', 'U S Steel', 'Inc', 'No 5', 'Im Free', '  Twin  Peaks ', 'wanna be', 'A1 B2 C3'];
  // Anything else is tokenized whole: punctuation, apostrophes, periods, non-ASCII letters.
  const other = ["Rock 'n' Roll", 'U.S. Steel', "McDonald's", 'AT&T', 'Zürich Re', 'e-mail Corp', 'www.example.com', 'Dr. No'];

  for (const [matchType, caseInsensitive] of [['token', false], ['token', true], ['stem', false]] as const) {
    it(`word-by-word and whole-surface tokenization agree (${matchType}${caseInsensitive ? ', case-insensitive' : ''})`, () => {
      const entries = [...simple, ...other].map((text, i) => ({ id: `e${i}`, text: [text] }));
      const d = new CompiledDictionary('t', { matchType, caseInsensitive, entries });
      entries.forEach((e) => expect(wholeMatches(d, e.text[0].trim()), e.text[0]).toContain(e.id));
    });
  }

  it('a word met first inside a simple surface and later in a punctuated one gets one token id', () => {
    const d = new CompiledDictionary('t', { entries: [{ id: 'a', text: ['Acme Labs'] }, { id: 'b', text: ['Acme, Labs'] }] });
    expect(wholeMatches(d, 'Acme Labs')).toEqual(['a']);
    expect(wholeMatches(d, 'Acme, Labs')).toEqual(['b']);
    expect(d.trieStats.tokens).toBe(3); // Acme, Labs, ','
  });

  it('keeps ids, shared type lists and data per entry; surfaces ending at one node match once', () => {
    const d = new CompiledDictionary('t', {
      caseInsensitive: true,
      entries: [
        { id: 'ny', text: ['NY', 'ny', 'New York'], types: ['Place'], data: { state: ['NY'] } },
        { id: 'la', text: ['LA'], types: ['Place'] },
        { id: 'x', text: ['X'] },
      ],
    });
    expect(d.size).toBe(3);
    expect(wholeMatches(d, 'ny')).toEqual(['ny']);
    expect(d.entryTypes(0)).toEqual(['Place']);
    expect(d.entryTypes(1)).toBe(d.entryTypes(0));
    expect(d.entryTypes(2)).toBeUndefined();
    expect(d.entryData(0)).toEqual({ state: ['NY'] });
    expect(d.entryData(1)).toBeUndefined();
  });

  it('matches every nested entry, by start then end then entry order, and nothing across unknown tokens', () => {
    const d = new CompiledDictionary('t', {
      entries: [
        { id: 'abc', text: ['a b c'] },
        { id: 'ab', text: ['a b'] },
        { id: 'b', text: ['b'] },
        { id: 'ab2', text: ['a b'] },
      ],
    });
    const out: DictionaryMatch[] = [];
    d.match(['a', 'b', 'c', 'a', 'z', 'b'], 0, 6, out);
    expect(out.map((m) => [m.start, m.end, d.entryId(m.entry)])).toEqual([
      [0, 2, 'ab'],
      [0, 2, 'ab2'],
      [0, 3, 'abc'],
      [1, 2, 'b'],
      [5, 6, 'b'],
    ]);
    const sentence: DictionaryMatch[] = [];
    d.match(['a', 'b', 'c'], 0, 2, sentence); // the sentence ends before 'c'
    expect(sentence.map((m) => d.entryId(m.entry))).toEqual(['ab', 'ab2', 'b']);
  });
});
