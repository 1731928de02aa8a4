import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatCarbSummary,
  matchScore,
  readCarbGold,
  readCarbTabbed,
  readExtractions,
  readOpenIe5,
  scoreCarb,
  sentenceKey,
  type OieTuple,
} from '../../src/eval/carb.js';

const t = (sentence: string, confidence: number, relation: string, ...args: string[]): OieTuple => ({ sentence, confidence, relation, args });
const fixture = (name: string): string => readFileSync(fileURLToPath(new URL(`../fixtures/carb/${name}`, import.meta.url)), 'utf8');

describe('matchScore (lenient token overlap on binarised tuples)', () => {
  it('scores an exact match (1, 1)', () => {
    expect(matchScore(t('s', 1, 'bought', 'John', 'a car'), t('s', 1, 'bought', 'John', 'a car'))).toEqual([1, 1]);
  });

  it('counts relation and argument tokens separately, each predicted token once', () => {
    // relation: 1 of [was born in]; arg1 1 of 1; arg2 [Hawaii] in [in Hawaii]
    expect(matchScore(t('s', 1, 'was born in', 'Obama', 'Hawaii'), t('s', 1, 'born', 'Obama', 'in Hawaii'))).toEqual([3 / 4, 3 / 5]);
    expect(matchScore(t('s', 1, 'x', 'a a', 'b'), t('s', 1, 'x', 'a', 'b'))).toEqual([1, 3 / 4]);
  });

  it('matches a left-over "be" with any form of be in the gold relation', () => {
    expect(matchScore(t('s', 1, 'is', 'X', 'Y'), t('s', 1, 'be', 'X', 'Y'))).toEqual([1, 1]);
  });

  it('scores (0, 0) when the relations share no token, whatever the arguments', () => {
    expect(matchScore(t('s', 1, 'sold', 'John', 'a car'), t('s', 1, 'bought', 'John', 'a car'))).toEqual([0, 0]);
  });

  it('joins arg2, arg3 … into one slot, so their order does not matter', () => {
    expect(matchScore(t('s', 1, 'met', 'A', 'B', 'in Paris'), t('s', 1, 'met', 'A', 'in Paris', 'B'))).toEqual([1, 1]);
  });

  it('scores (0, 0) when a gold slot is missing, and ignores a predicted slot the gold lacks', () => {
    expect(matchScore(t('s', 1, 'runs', 'he', 'fast'), t('s', 1, 'runs', 'he'))).toEqual([0, 0]);
    expect(matchScore(t('s', 1, 'runs', 'he'), t('s', 1, 'runs', 'he', 'fast'))).toEqual([1, 1]);
  });

  it('is case-sensitive', () => {
    expect(matchScore(t('s', 1, 'Bought', 'John'), t('s', 1, 'bought', 'John'))).toEqual([0, 0]);
  });

  it('also tries swapped arguments for said-type gold relations, keeping the higher precision', () => {
    const gold = t('s', 1, 'said', 'he', 'prices rose');
    expect(matchScore(gold, t('s', 1, 'said', 'prices rose', 'he'))).toEqual([1, 1]);
    expect(matchScore(t('s', 1, 'bought', 'he', 'prices rose'), t('s', 1, 'bought', 'prices rose', 'he'))).toEqual([1 / 4, 1 / 4]);
  });
});

describe('sentenceKey', () => {
  it('ignores spaces and ASCII punctuation and unescapes PTB brackets', () => {
    expect(sentenceKey('John ( Jr. ) bought a car .')).toBe(sentenceKey('John -LRB- Jr. -RRB- bought a car'));
    expect(sentenceKey('Café , 😀 !')).toBe('Café😀');
  });
});

describe('scoreCarb', () => {
  it('takes the best F1 over confidence thresholds and the area under the P–R curve', () => {
    const gold = [t('A b c .', 1, 'b', 'A', 'c'), t('D e f .', 1, 'e', 'D', 'f')];
    const predicted = [t('A b c .', 0.9, 'b', 'A', 'c'), t('D e f .', 0.5, 'x', 'D', 'f')];
    const s = scoreCarb(gold, predicted);
    // >= 0.5: P = (1 + 0) / 2, R = 1/2; >= 0.9: P = 1, R = 1/2
    expect(s.curve).toEqual([
      { threshold: 0.5, precision: 0.5, recall: 0.5 },
      { threshold: 0.9, precision: 1, recall: 0.5 },
    ]);
    expect(s.f1).toBeCloseTo(2 / 3, 12);
    expect(s.threshold).toBe(0.9);
    expect(s.auc).toBeCloseTo(0.5, 12);
    expect(formatCarbSummary(s)).toBe('f1=66.67 auc=50.00 p=100.00 r=50.00');
  });

  it('matches one-to-one for precision but lets one prediction serve several gold tuples for recall', () => {
    const gold = [t('s', 1, 'bought', 'John', 'a car'), t('s', 1, 'bought', 'Mary', 'a car')];
    const s = scoreCarb(gold, [t('s', 1, 'bought', 'John', 'a car')]);
    expect(s.precision).toBe(1);
    expect(s.recall).toBeCloseTo((1 + 3 / 4) / 2, 12);
  });

  it('pairs sentences by their key, ignores predictions for other sentences and counts unanswered gold as recall 0', () => {
    const gold = [t('It ( x ) works .', 1, 'works', 'It'), t('Nobody answered .', 1, 'answered', 'Nobody')];
    const s = scoreCarb(gold, [t('It -LRB- x -RRB- works', 1, 'works', 'It'), t('Unknown sentence', 0.2, 'is', 'x')]);
    expect(s.alignedPredictions).toBe(1);
    expect(s.goldSentences).toBe(2);
    // the stray prediction still adds its confidence as a threshold, where nothing is kept: P = 1 there
    expect(s.curve.map((c) => c.threshold)).toEqual([0.2, 1]);
    expect(s.recall).toBe(0.5);
    expect(s.precision).toBe(1);
  });

  it('pools gold tuples of sentences that differ only by surrounding spaces', () => {
    const gold = readCarbGold('A b c .\tb\tA\tc\nA b c . \tb\tA\tc\n');
    expect(scoreCarb(gold, []).goldTuples).toBe(2);
  });

  it('gives zeros when there is no prediction', () => {
    expect(scoreCarb([t('s', 1, 'r', 'a')], [])).toMatchObject({ f1: 0, auc: 0, precision: 0, recall: 0, curve: [] });
  });

  it('reproduces the reference scorer on OpenIE-5 output for the fixture sentences, in both input formats', () => {
    const gold = readCarbGold(fixture('gold.tsv'));
    const a = scoreCarb(gold, readExtractions(fixture('openie5_output.txt')));
    const b = scoreCarb(gold, readExtractions(fixture('openie5.carb.tsv')));
    expect(gold).toHaveLength(75);
    expect(a.f1).toBeCloseTo(b.f1, 12);
    expect(a.auc).toBeCloseTo(b.auc, 12);
    expect(a.f1).toBeCloseTo(0.54004, 4);
    expect(a.auc).toBeCloseTo(0.31116, 4);
  });
});

describe('readers', () => {
  it('drops context fields and trailing empty fields of gold lines', () => {
    expect(readCarbGold('S x .\tsaid\the\tthat x\tC: they said\t\n')).toEqual([t('S x .', 1, 'said', 'he', 'that x')]);
  });

  it('refuses a gold file with a one-field line, naming the line', () => {
    expect(() => readCarbGold('S\tr\ta\nonly-one-field\n', 'g.tsv')).toThrow(/g\.tsv, line 2/);
    expect(() => readCarbGold('\n\n', 'g.tsv')).toThrow(/no gold tuples/);
  });

  it('refuses a tab file whose confidence is not a number', () => {
    expect(() => readCarbTabbed('S\thigh\tr\ta\n', 'x.tsv')).toThrow(/x\.tsv, line 1: .*numeric confidence/);
  });

  it('reads OpenIE-5 output: skips empty fields and puts a context before arg1', () => {
    const line = (ctx: string, a1: string, r: string, args: string) => `0.7\t${ctx}\t${a1}\t${r}\t${args}\tThis finding indicated that X could carry current .`;
    const arg = (s: string) => `SimpleArgument(${s},List([0, 1)))`;
    const out = readOpenIe5(
      [
        line('Context(This finding indicated,List([0, 22)))', arg('X'), 'Relation(could carry,List([1, 2)))', arg('current')),
        line('', arg('X'), 'Relation(could carry,List([1, 2)))', ''),
        line('', arg('This finding'), 'Relation(indicated,List([1, 2)))', `${arg('that X')}); TemporalArgument(today,List([3, 4)))`),
      ].join('\n'),
    );
    expect(out.map((o) => [o.relation, ...o.args])).toEqual([
      ['could carry', 'This finding indicated X', 'current'],
      ['indicated', 'This finding', 'that X', 'today'],
    ]);
    expect(() => readOpenIe5('0.5\t\tnot-a-field\tRelation(r,List([1, 2)))\tx\tS', 'o.txt')).toThrow(/o\.txt, line 1/);
  });

  it('tells the two extraction formats apart', () => {
    expect(readExtractions(fixture('openie5_output.txt'))).toEqual(readOpenIe5(fixture('openie5_output.txt')));
    expect(readExtractions('')).toEqual([]);
  });
});

const data = fileURLToPath(new URL('../../../shared/data/carb/', import.meta.url));
const haveData = existsSync(`${data}gold/dev.tsv`);
const reason = haveData ? '' : ` (skipped: ${data} is missing; it is in ../shared/data on the project machines and in CI)`;
describe.skipIf(!haveData)(`the reference figures of OpenIE-5 on CaRB dev${reason}`, () => {
  it('agree with the README: F1 0.458 (P 0.526, R 0.406), AUC 0.240', () => {
    const gold = readCarbGold(readFileSync(`${data}gold/dev.tsv`, 'utf8'));
    for (const f of ['openie5_output.txt', 'openie5.dev.carb.tsv']) {
      const s = scoreCarb(gold, readExtractions(readFileSync(`${data}system_outputs/dev/${f}`, 'utf8')));
      expect(Math.abs(s.f1 - 0.458)).toBeLessThan(0.0005);
      expect(Math.abs(s.auc - 0.24)).toBeLessThan(0.0005);
      expect(Math.abs(s.precision - 0.526)).toBeLessThan(0.0005);
      expect(Math.abs(s.recall - 0.406)).toBeLessThan(0.0005);
    }
  });
});
if (reason) console.warn(reason.trim());
