import { describe, expect, it } from 'vitest';
import { childIndex } from '../../src/structure/tree-index.js';

const kidsOf = (heads: number[], first: number, last: number): number[][] => {
  const { kidAt, kidList } = childIndex(heads, first, last);
  return Array.from({ length: last - first }, (_, k) => Array.from(kidList.subarray(kidAt[k], kidAt[k + 1])));
};

describe('childIndex', () => {
  it('lists each word its children in ascending order', () => {
    // "The big bank sold shares ." : det, amod -> bank; bank, shares, . -> sold (root)
    expect(kidsOf([2, 2, 3, -1, 3, 3], 0, 6)).toEqual([[], [], [0, 1], [2, 4, 5], [], []]);
  });

  it('works in doc coordinates over a sentence range, ignoring heads outside it and self-loops', () => {
    // words 10..13; 11 points at itself, 12 at a word of another sentence
    const heads = new Array<number>(14).fill(-1);
    heads[10] = 13;
    heads[11] = 11;
    heads[12] = 4;
    heads[13] = -1;
    expect(kidsOf(heads, 10, 14)).toEqual([[], [], [], [10]]);
  });

  it('handles an empty range and a non-projective tree', () => {
    expect(kidsOf([], 0, 0)).toEqual([]);
    // crossing arcs: 0 -> 2, 1 -> 3, 3 -> 0 (root 2)
    expect(kidsOf([2, 3, -1, 0], 0, 4)).toEqual([[3], [], [0], [1]]);
  });
});
