import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import type { AnalysisError } from '../../src/errors.js';
import type { AnalysisPayload } from '../../src/types.js';

let analyzer: Analyzer;
let fast: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
  fast = await createAnalyzer({ parser: 'fast' });
});

/** The phrases' words, from the words extractor's tokens. */
function phraseTexts(r: AnalysisPayload): string[] {
  return r.nounPhrases!.map((p) => p.wordPositions.map((i) => r.sentences![p.sentencePosition].words[i].token).join(' '));
}

describe('the phrases extractor', () => {
  it('returns nounPhrases with ids, sentence positions and contiguous word positions', async () => {
    const r = await analyzer.analyze('The new factory employs 300 people. Maria Lopez bought a red bicycle yesterday.', {
      extractors: ['phrases', 'words'],
    });
    const p = r.response!;
    expect(phraseTexts(p)).toEqual(['The new factory', '300 people', 'Maria Lopez', 'a red bicycle', 'yesterday']);
    expect(p.nounPhrases!.map((x) => x.id)).toEqual([0, 1, 2, 3, 4]);
    expect(p.nounPhrases!.map((x) => x.sentencePosition)).toEqual([0, 0, 1, 1, 1]);
    expect(p.nounPhrases![3].wordPositions).toEqual([3, 4, 5]);
  });

  it('gives only nounPhrases when only phrases is requested, and none of it for other extractors', async () => {
    const r = await analyzer.analyze('The dog barked.', { extractors: 'phrases' });
    expect(Object.keys(r.response!).sort()).toEqual(['language', 'languageIsReliable', 'nounPhrases']);
    const w = await analyzer.analyze('The dog barked.', { extractors: 'words' });
    expect(w.response).not.toHaveProperty('nounPhrases');
  });

  it('does not depend on the dependency scheme, and runs with the fast parser too', async () => {
    const text = 'Investors sold shares of the big bank on Monday.';
    const ud = await analyzer.analyze(text, { extractors: ['phrases', 'dependency-trees'], dependencies: { scheme: 'ud' } });
    const sd = await analyzer.analyze(text, { extractors: ['phrases', 'dependency-trees'], dependencies: { scheme: 'stanford' } });
    expect(ud.response!.nounPhrases).toEqual(sd.response!.nounPhrases);
    const f = await fast.analyze(text, { extractors: ['phrases', 'words'] });
    expect(phraseTexts(f.response!)).toContain('the big bank');
  });

  it('counts positions, not UTF-16 units, around astral characters', async () => {
    const r = await analyzer.analyze('I love 🍕 pizza from Naples 😀 and the blue sea.', { extractors: ['phrases', 'words'], languageOverride: 'eng' });
    expect(phraseTexts(r.response!)).toContain('the blue sea');
    const sea = r.response!.nounPhrases!.find((p) => p.wordPositions.length === 3)!;
    expect(sea.wordPositions).toEqual([8, 9, 10]);
  });

  it('handles a one-word sentence and a sentence with no noun', async () => {
    expect(phraseTexts((await analyzer.analyze('Paris.', { extractors: ['phrases', 'words'], languageOverride: 'eng' })).response!)).toEqual(['Paris']);
    expect((await analyzer.analyze('Hello!', { extractors: 'phrases', languageOverride: 'eng' })).response!.nounPhrases).toEqual([]);
  });

  it('handles a very long sentence', async () => {
    const text = Array.from({ length: 300 }, (_, i) => `the ${i % 2 ? 'red' : 'old'} house`).join(' and ') + ' stood there.';
    const r = await analyzer.analyze(text, { extractors: 'phrases' });
    expect(r.response!.nounPhrases!.length).toBeGreaterThan(100);
    for (const p of r.response!.nounPhrases!) {
      expect(p.wordPositions.every((x, k) => k === 0 || x === p.wordPositions[k - 1] + 1)).toBe(true);
    }
  });

  it('serves noun_phrase/2 and noun_phrase/4 facts to rules', async () => {
    const rules = 'np(T) :- noun_phrase(0, T).\nspan(Id, F, L) :- noun_phrase(Id, 0, F, L).';
    const r = await analyzer.analyze('The old man sold his red car.', { extractors: ['np', 'span'], rules });
    const [np, span] = r.response!.matchingRules!;
    expect(np.bindings).toEqual([['The old man'], ['his red car']]);
    expect(span.bindings).toEqual([
      [0, 0, 2],
      [1, 4, 6],
    ]);
  });

  it('skips text in a language without a pack with a message that says how to force English (the planner rule for English-only extractors)', async () => {
    const it_ = 'Il gatto dorme sul divano da stamattina e non vuole svegliarsi per mangiare niente.';
    const r = await analyzer.analyze(it_, { extractors: 'phrases' });
    expect(r.ok).toBe(true);
    expect(r.response!.language).toBe('ita');
    expect(r.response!.nounPhrases).toBeUndefined();
    expect(r.message).toMatch(/Skipped phrases.*need English models.*'ita'.*languageOverride=eng/);
  });

  it("reads a language pack's phrases off its UD tree", async () => {
    const fr = 'Le chat dort sur le canapé depuis ce matin, et il ne veut pas se réveiller pour manger.';
    const r = await analyzer.analyze(fr, { extractors: 'phrases,words' });
    expect(r.response!.language).toBe('fra');
    expect(r.warnings).toEqual([]);
    const words = r.response!.sentences![0].words!;
    const phrases = r.response!.nounPhrases!.map((p) => p.wordPositions.map((i) => words[i].token).join(' '));
    expect(phrases).toEqual(expect.arrayContaining(['Le chat', 'le canapé', 'ce matin', 'il']));
  });
});
