import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import {
  conll2000Doc,
  formatConll2000,
  npChunksOfTags,
  parseConll2000,
  readConll2000,
  scoreChunks,
  tagsOfChunks,
} from '../../src/eval/conll2000.js';
import { evalChunks, formatChunkScores } from '../../src/eval/chunks.js';
import { main } from '../../src/cli/main.js';

const fixture = fileURLToPath(new URL('../fixtures/phrases/mini.conll2000', import.meta.url));
const train = fileURLToPath(new URL('../../../shared/data/conll2000/train.txt.gz', import.meta.url));

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer();
});

describe('CoNLL-2000 files and conlleval scoring', () => {
  it('reads sentences and refuses a file in another format with the line number', () => {
    const s = parseConll2000('The DT B-NP\ndog NN I-NP\n\nRuns VBZ B-VP\n');
    expect(s).toHaveLength(2);
    expect(s[0]).toEqual({ words: ['The', 'dog'], pos: ['DT', 'NN'], chunks: ['B-NP', 'I-NP'] });
    expect(() => parseConll2000('1\tThe\tthe\tDET\n', 'x.conllu')).toThrow(/x.conllu:1: not CoNLL-2000/);
    expect(() => parseConll2000('\n\n', 'empty')).toThrow(/no sentences/);
    expect(() => readConll2000('/nonexistent/file.txt')).toThrow(/cannot read/);
  });

  it('reads NP chunks as conlleval does: an I-NP after O or another type starts a chunk', () => {
    expect(npChunksOfTags(['B-NP', 'I-NP', 'B-NP', 'O', 'I-NP', 'B-VP', 'I-NP', 'I-NP'])).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 3 },
      { start: 4, end: 5 },
      { start: 6, end: 8 },
    ]);
    expect(tagsOfChunks([{ start: 1, end: 3 }], 4)).toEqual(['O', 'B-NP', 'I-NP', 'O']);
  });

  it('scores exact spans only, micro-averaged', () => {
    const gold = [[{ start: 0, end: 2 }, { start: 3, end: 4 }]];
    const pred = [[{ start: 0, end: 2 }, { start: 2, end: 4 }, { start: 5, end: 6 }]];
    const s = scoreChunks(gold, pred);
    expect(s).toMatchObject({ gold: 2, predicted: 3, correct: 1 });
    expect(s.precision).toBeCloseTo(100 / 3);
    expect(s.recall).toBeCloseTo(50);
    expect(s.f1).toBeCloseTo(40);
    expect(scoreChunks([[]], [[]]).f1).toBe(0);
  });

  it('undoes PTB escapes in the Doc and writes the fourth column', () => {
    const s = parseConll2000('-LRB- ( O\n# # B-NP\n5 CD I-NP\n-RRB- ) O\n');
    expect(conll2000Doc(s).tokens).toEqual(['(', '£', '5', ')']);
    expect(formatConll2000(s, [['O', 'B-NP', 'I-NP', 'O']])).toBe('-LRB- ( O O\n# # B-NP B-NP\n5 CD I-NP I-NP\n-RRB- ) O O\n\n');
  });
});

describe('evalChunks: the pipeline on the fixture', () => {
  it('finds the hand-chunked noun phrases and writes --out', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'chunks-')), 'out.txt');
    const { scores } = await evalChunks(analyzer, fixture, { out });
    expect(scores.gold).toBe(11);
    expect(scores.f1).toBeGreaterThan(80);
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines[0]).toMatch(/^The DT B-NP [BIO]/);
    expect(formatChunkScores(fixture, scores).split('\n').pop()).toMatch(/^p=\d+\.\d\d r=\d+\.\d\d f1=\d+\.\d\d gold=11 /);
  });

  it('scores only the sentences --from/--to select (1-based, inclusive), and refuses a range that selects none', async () => {
    const expected = readConll2000(fixture)
      .slice(1, 3)
      .reduce((n, s) => n + npChunksOfTags(s.chunks).length, 0);
    const { scores, predicted } = await evalChunks(analyzer, fixture, { from: 2, to: 3 });
    expect(scores.sentences).toBe(2);
    expect(predicted).toHaveLength(2);
    expect(scores.gold).toBe(expected);
    expect((await evalChunks(analyzer, fixture, { from: 4 })).scores.sentences).toBe(1);
    await expect(evalChunks(analyzer, fixture, { from: 9 })).rejects.toThrow(/--from 9 --to 4 selects no sentences of .*mini.conll2000 \(4 sentences/);
    await expect(evalChunks(analyzer, fixture, { from: 3, to: 2 })).rejects.toThrow(/selects no sentences/);
  });

  it('scores the rule walk alone with --rules', async () => {
    const { scores } = await evalChunks(analyzer, fixture, { rules: true });
    expect(scores.gold).toBe(11);
    expect(scores.predicted).toBeGreaterThan(0);
  });

  it('exits non-zero with a message on a missing file or a wrong format (CLI)', async () => {
    const err: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((s: string) => (err.push(String(s)), true)) as typeof process.stderr.write;
    try {
      expect(await main(['eval', 'chunks', '--conll2000', '/nonexistent/x.txt'])).not.toBe(0);
      expect(await main(['eval', 'chunks'])).not.toBe(0);
      expect(await main(['eval', 'chunks', '--conll2000', fixture, '--from', 'two'])).not.toBe(0);
    } finally {
      process.stderr.write = write;
    }
    expect(err.join('')).toMatch(/--from takes a sentence number \(1-based\), got "two"/);
    expect(err.join('')).toMatch(/cannot read \/nonexistent\/x.txt/);
    expect(err.join('')).toMatch(/--conll2000 is required/);
  });
});

const reason = existsSync(train) ? '' : ` (skipped: ${train} is missing; it is in ../shared/data on the project machines)`;
describe.skipIf(!existsSync(train))(`NP chunks on CoNLL-2000 train${reason}`, () => {
  it('stays above F1 85', async () => {
    const all = readConll2000(train).slice(0, 300);
    const text = all.map((s) => s.words.map((w, i) => `${w} ${s.pos[i]} ${s.chunks[i]}`).join('\n')).join('\n\n') + '\n';
    const file = join(mkdtempSync(join(tmpdir(), 'chunks-')), 'first300.txt');
    (await import('node:fs')).writeFileSync(file, text);
    const { scores } = await evalChunks(analyzer, file);
    expect(scores.gold).toBeGreaterThan(1500);
    expect(scores.f1).toBeGreaterThan(85);
  });

  // Sentences 8,637–8,936: the tail no rule was tuned on and no model in models/chunker/ saw (the shipped
  // chunker is trained on UD English-EWT; nothing trained on CoNLL-2000 ships). A floor, not a target.
  it('the rule walk alone stays above F1 89 on 300 sentences it was not tuned on, and the served phrases (with models/chunker/ when installed) too', async () => {
    const rules = await evalChunks(analyzer, train, { from: 8637, rules: true });
    expect(rules.scores.sentences).toBe(300);
    expect(rules.scores.f1).toBeGreaterThan(89);
    const served = await evalChunks(analyzer, train, { from: 8637 });
    expect(served.scores.f1).toBeGreaterThan(89);
  });
});
if (reason) console.warn(reason.trim());
