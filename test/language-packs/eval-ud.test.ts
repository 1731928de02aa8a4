/**
 * `eval ud --lang`: a French treebank scored through the French pack — its
 * contractions as multiword tokens, tags and lemmas — and the command's
 * name=value last line.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../src/analyzer.js';
import { parseConllu } from '../../src/eval/conllu.js';
import { formatUdLine } from '../../src/eval/ud-score.js';
import { evalUd } from '../../src/eval/ud-system.js';

const row = (id: number, form: string, lemma: string, upos: string, misc = '_'): string => [id, form, lemma, upos, '_', '_', '_', '_', '_', misc].join('\t');

// "Les enfants vont au marché."
const GOLD = [
  '# text = Les enfants vont au marché.',
  row(1, 'Les', 'le', 'DET'),
  row(2, 'enfants', 'enfant', 'NOUN'),
  row(3, 'vont', 'aller', 'VERB'),
  '4-5\tau\t_\t_\t_\t_\t_\t_\t_\t_',
  row(4, 'à', 'à', 'ADP'),
  row(5, 'le', 'le', 'DET'),
  row(6, 'marché', 'marché', 'NOUN', 'SpaceAfter=No'),
  row(7, '.', '.', 'PUNCT'),
  '',
].join('\n');

describe('eval ud --lang fra', () => {
  it('scores the words of a contraction, their tags and lemmas from the raw text', async () => {
    const analyzer = await createAnalyzer({});
    const scores = await evalUd(analyzer, parseConllu(GOLD), { language: 'fra' });
    expect(scores.tokens.f1).toBe(1);
    expect(scores.words.f1).toBe(1);
    expect(scores.upos!.f1).toBe(1);
    expect(scores.lemmas!.f1).toBe(1);
    expect(formatUdLine(scores)).toMatch(/^tokens=100\.00 sentences=100\.00 words=100\.00 upos=100\.00 xpos=\S+ lemmas=100\.00$/);
    // Read as English, "au" is one word: the words and their tags no longer align.
    const english = await evalUd(analyzer, parseConllu(GOLD));
    expect(english.words.f1).toBeLessThan(1);
  });
});
