import { describe, expect, it } from 'vitest';
import { CompiledDictionary, type DictionaryMatch } from '../../src/dictionaries/index.js';
import { tokenize } from '../../src/doc/tokenize.js';

/** Matches over one sentence made of `text`'s tokens, as [surface, entry id]. */
function run(d: CompiledDictionary, text: string): Array<[string, string]> {
  const spans = tokenize(text);
  const forms = spans.map((s) => s.form ?? text.slice(s.start, s.end));
  const out: DictionaryMatch[] = [];
  d.match(forms.map((f) => d.key(f)), 0, forms.length, out);
  return out.map((m) => [forms.slice(m.start, m.end).join(' '), d.entryId(m.entry)]);
}

describe('CompiledDictionary', () => {
  const entries = [
    { id: 'ny', text: ['New York'] },
    { id: 'nyc', text: ['New York City'] },
    { id: 'pg', text: ['Procter & Gamble', 'P&G'] },
    { id: 'emoji', text: ['🚀 Rocket Lab'] },
    { id: 'zurich', text: ['Zürich Insurance'] },
  ];

  it('matches token sequences exactly, case-sensitive by default, every nested match', () => {
    const d = new CompiledDictionary('t', { entries });
    expect(run(d, 'She moved to New York City in May.')).toEqual([
      ['New York', 'ny'],
      ['New York City', 'nyc'],
    ]);
    expect(run(d, 'new york city')).toEqual([]);
    expect(run(d, 'Procter & Gamble and P&G.')).toEqual([
      ['Procter & Gamble', 'pg'],
      ['P&G', 'pg'],
    ]);
  });

  it('handles astral characters and non-ASCII letters in surface forms', () => {
    const d = new CompiledDictionary('t', { entries });
    expect(run(d, 'A launch by 🚀 Rocket Lab near Zürich Insurance.')).toEqual([
      ['🚀 Rocket Lab', 'emoji'],
      ['Zürich Insurance', 'zurich'],
    ]);
  });

  it('caseInsensitive folds case on both sides', () => {
    const d = new CompiledDictionary('t', { caseInsensitive: true, entries });
    expect(run(d, 'NEW YORK is big')).toEqual([['NEW YORK', 'ny']]);
  });

  it('stem matching reaches inflected forms', () => {
    const d = new CompiledDictionary('t', { matchType: 'stem', entries: [{ id: 'sc', text: ['solar cell'] }] });
    expect(run(d, 'Solar cells and a solar cell.')).toEqual([
      ['Solar cells', 'sc'],
      ['solar cell', 'sc'],
    ]);
  });

  it('two entries sharing a surface form both match; an empty dictionary matches nothing', () => {
    const d = new CompiledDictionary('t', { entries: [{ id: 'a', text: ['Jaguar'] }, { id: 'b', text: ['Jaguar'] }] });
    expect(run(d, 'A Jaguar.')).toEqual([
      ['Jaguar', 'a'],
      ['Jaguar', 'b'],
    ]);
    expect(run(new CompiledDictionary('e', { entries: [] }), 'Anything at all')).toEqual([]);
  });

  it('language decides where a dictionary applies', () => {
    expect(new CompiledDictionary('t', { entries: [] }).appliesTo('fra')).toBe(true);
    const eng = new CompiledDictionary('t', { language: 'eng', entries: [] });
    expect(eng.appliesTo('eng')).toBe(true);
    expect(eng.appliesTo('deu')).toBe(false);
  });
});
