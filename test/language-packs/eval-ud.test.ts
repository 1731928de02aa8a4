/**
 * `eval ud --lang`: a French treebank scored through the French pack — its
 * contractions as multiword tokens, tags, lemmas and UD tree — and the command's
 * name=value last line.
 */
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../src/analyzer.js';
import { parseConllu } from '../../src/eval/conllu.js';
import { formatUdLine } from '../../src/eval/ud-score.js';
import { evalUd } from '../../src/eval/ud-system.js';

const row = (id: number, form: string, lemma: string, upos: string, head: number, deprel: string, misc = '_'): string =>
  [id, form, lemma, upos, '_', '_', head, deprel, '_', misc].join('\t');

// "Les enfants vont au marché."
const GOLD = [
  '# text = Les enfants vont au marché.',
  row(1, 'Les', 'le', 'DET', 2, 'det'),
  row(2, 'enfants', 'enfant', 'NOUN', 3, 'nsubj'),
  row(3, 'vont', 'aller', 'VERB', 0, 'root'),
  '4-5\tau\t_\t_\t_\t_\t_\t_\t_\t_',
  row(4, 'à', 'à', 'ADP', 6, 'case'),
  row(5, 'le', 'le', 'DET', 6, 'det'),
  row(6, 'marché', 'marché', 'NOUN', 3, 'obl:mod', 'SpaceAfter=No'),
  row(7, '.', '.', 'PUNCT', 3, 'punct'),
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
    // the French parser's tree: heads and universal relations (obl:arg against the gold obl:mod counts as obl)
    expect(formatUdLine(scores)).toMatch(/^tokens=100\.00 sentences=100\.00 words=100\.00 upos=100\.00 xpos=\S+ lemmas=100\.00 uas=100\.00 las=100\.00 phrases=100\.00$/);
    // Read as English, "au" is one word: the words and their tags no longer align.
    const english = await evalUd(analyzer, parseConllu(GOLD));
    expect(english.words.f1).toBeLessThan(1);
  });
});
