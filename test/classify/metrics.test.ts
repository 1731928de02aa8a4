import { describe, expect, it } from 'vitest';
import { formatScoresLine, scoreMultiLabel } from '../../src/classify/metrics.js';

describe('scoreMultiLabel', () => {
  it('pools decisions for micro scores and averages labels for macro scores', () => {
    const gold = [['a'], ['a', 'b'], ['b'], ['c']];
    const pred = [['a'], ['a'], ['a'], []];
    const s = scoreMultiLabel(gold, pred);
    // a: tp 2, fp 1, fn 0; b: tp 0, fn 2; c: fn 1
    expect(s.microP).toBeCloseTo(2 / 3);
    expect(s.microR).toBeCloseTo(2 / 5);
    expect(s.microF1).toBeCloseTo(0.5);
    expect(s.macroF1).toBeCloseTo(0.8 / 3);
    expect(s.exactMatch).toBe(0.25);
    expect(formatScoresLine(s).split(' ')[0]).toBe('documents=4');
    expect(formatScoresLine(s)).toMatch(/ micro_f1=50\.00 /);
  });

  it('is perfect on identical sets and refuses mismatched lengths', () => {
    expect(scoreMultiLabel([['x']], [['x']]).microF1).toBe(1);
    expect(() => scoreMultiLabel([['x']], [])).toThrow(/1 gold vs 0 predicted/);
  });
});
