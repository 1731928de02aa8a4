import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSegmenter } from '../../src/doc/sentences.js';
import { conlluToRawText, parseConllu, segmentationToConllu } from '../../src/eval/conllu.js';
import { formatUdTable, scoreUd } from '../../src/eval/ud-score.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const row = (id: number, form: string, upos: string, head: number | '_', deprel: string, misc = '_'): string =>
  [id, form, '_', upos, '_', '_', head, deprel, '_', misc].join('\t');

// Raw text: "I don't know. Go home."
const GOLD = [
  row(1, 'I', 'PRON', 4, 'nsubj'),
  "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_",
  row(2, 'do', 'AUX', 4, 'aux'),
  row(3, "n't", 'PART', 4, 'advmod'),
  row(4, 'know', 'VERB', 0, 'root', 'SpaceAfter=No'),
  row(5, '.', 'PUNCT', 4, 'punct'),
  '',
  row(1, 'Go', 'VERB', 0, 'root'),
  row(2, 'home', 'ADV', 1, 'advmod', 'SpaceAfter=No'),
  row(3, '.', 'PUNCT', 1, 'punct'),
  '',
].join('\n');

// One sentence; "do" and "n't" as separate tokens; "know." glued.
const SYSTEM = [
  row(1, 'I', 'PRON', 4, 'nsubj'),
  row(2, 'do', 'VERB', 4, 'aux:pass', 'SpaceAfter=No'),
  row(3, "n't", 'PART', 2, 'advmod'),
  row(4, 'know.', 'VERB', 0, 'root'),
  row(5, 'Go', 'VERB', 4, 'parataxis'),
  row(6, 'home', 'NOUN', 5, 'obj', 'SpaceAfter=No'),
  row(7, '.', 'PUNCT', 5, 'punct'),
  '',
].join('\n');

describe('scoreUd', () => {
  const s = scoreUd(parseConllu(GOLD), parseConllu(SYSTEM));

  it('scores tokens and sentences by character span', () => {
    expect([s.tokens.gold, s.tokens.system, s.tokens.correct]).toEqual([7, 7, 4]);
    expect(s.tokens.f1).toBeCloseTo(4 / 7, 10);
    expect([s.sentences.gold, s.sentences.system, s.sentences.correct]).toEqual([2, 1, 0]);
    expect(s.sentences.f1).toBe(0);
  });

  it('aligns words inside multi-word tokens by their forms', () => {
    expect([s.words.gold, s.words.system, s.words.correct]).toEqual([8, 7, 6]);
    expect(s.words.precision).toBeCloseTo(6 / 7, 10);
    expect(s.words.recall).toBeCloseTo(6 / 8, 10);
    expect(s.words.f1).toBeCloseTo(0.8, 10);
  });

  it('scores tags and attachments over aligned words, universal deprels only', () => {
    expect(s.upos?.correct).toBe(4);
    expect(s.upos?.f1).toBeCloseTo(8 / 15, 10);
    expect(s.upos?.alignedAccuracy).toBeCloseTo(4 / 6, 10);
    // Heads attached to an unaligned word ("know.") are wrong; home and the final period are right.
    expect(s.uas?.correct).toBe(2);
    expect(s.uas?.f1).toBeCloseTo(4 / 15, 10);
    expect(s.las?.correct).toBe(1);
  });

  it('reports columns the system left empty as not available', () => {
    expect(s.xpos).toBeNull();
    expect(s.lemmas).toBeNull();
    const table = formatUdTable(s);
    expect(table).toMatch(/^Tokens {5}\| {5}57\.14 \| {5}57\.14 \| {5}57\.14 \|/m);
    expect(table).toMatch(/^XPOS {7}\| {7}n\/a/m);
  });

  it('gives 100 for a file scored against itself', () => {
    const self = scoreUd(parseConllu(GOLD), parseConllu(GOLD));
    for (const k of ['tokens', 'sentences', 'words', 'upos', 'uas', 'las', 'phrases'] as const) expect(self[k]?.f1).toBe(1);
  });

  it('refuses files whose characters differ', () => {
    expect(() => scoreUd(parseConllu(GOLD), parseConllu(row(1, 'Hello', 'X', 0, 'root') + '\n'))).toThrow(/differ/);
  });
});

const ewt = join(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'ud-english-ewt');
if (!existsSync(ewt)) console.warn(`skipping the EWT dev segmentation check: ${ewt} not found`);

describe.skipIf(!existsSync(ewt))('segmentation on EWT dev (first 300 sentences)', () => {
  it('keeps tokens and sentences F1 above their floors', async () => {
    const gold = parseConllu(readFileSync(join(ewt, 'en_ewt-ud-dev.conllu'), 'utf8')).slice(0, 300);
    const text = conlluToRawText(gold);
    const seg = await createSegmenter(fileLoader(join(import.meta.dirname, '..', '..', 'models')));
    const { tokens, sentenceEnds } = await seg.segment(text);
    const s = scoreUd(gold, segmentationToConllu({ text, tokens, sentenceEnds, joinsPrevious: tokens.map((t) => Boolean(t.joinsPrevious)) }));
    // Measured: tokens 99.75, sentences 93.96, words 99.65.
    expect(s.tokens.f1).toBeGreaterThan(0.99);
    expect(s.words.f1).toBeGreaterThan(0.99);
    expect(s.sentences.f1).toBeGreaterThan(0.88);
  });
});
