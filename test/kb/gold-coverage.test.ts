/**
 * The coverage figure training/kb/missing-gold.ts weighs KB sources by:
 * per set the share of gold mentions whose QID the KB has, an unweighted
 * mean over sets (as issue #32's target is stated), and the missing QIDs
 * by how many gold mentions name them.
 */
import { describe, expect, it } from 'vitest';
import { goldCoverage, missingGold } from '../../training/kb/gold-coverage.js';

const sets = [
  { name: 'small', qids: ['Q1', 'Q2'] },
  { name: 'large', qids: ['Q1', 'Q3', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8', 'Q9', 'Q10'] },
];
const kb = new Set(['Q1', 'Q4']);

describe('goldCoverage', () => {
  it('counts mentions, not distinct QIDs, and averages the sets unweighted', () => {
    const c = goldCoverage(sets, (q) => kb.has(q));
    expect(c.perSet).toEqual([
      { name: 'small', percent: 50 },
      { name: 'large', percent: 20 },
    ]);
    // 35, not the pooled 3 of 12 (25): a small set counts as much as a large one.
    expect(c.mean).toBeCloseTo(35);
  });

  it('scores an empty set 0 rather than NaN', () => {
    expect(goldCoverage([{ name: 'empty', qids: [] }], () => true).mean).toBe(0);
  });
});

describe('missingGold', () => {
  it('lists the missing QIDs most-named first, ties in QID order', () => {
    const m = missingGold(sets, (q) => kb.has(q));
    expect([...m.entries()].slice(0, 3)).toEqual([
      ['Q3', 2],
      ['Q10', 1],
      ['Q2', 1],
    ]);
    expect(m.has('Q1')).toBe(false);
    expect(m.size).toBe(8);
  });
});
