import { describe, expect, it } from 'vitest';
import { pieceWindows } from '../../src/annotators/transformer-windows.js';

/** Every word owned by exactly one window that contains it; windows within budget. */
function checkPartition(pieces: number[], budget: number) {
  const windows = pieceWindows(pieces, budget);
  const owner = new Array<number>(pieces.length).fill(0);
  windows.forEach((w) => {
    const used = pieces.slice(w.first, w.end).reduce((a, b) => a + b, 0);
    if (w.end - w.first > 1) expect(used).toBeLessThanOrEqual(budget);
    expect(w.first).toBeLessThanOrEqual(w.ownFirst);
    expect(w.ownEnd).toBeLessThanOrEqual(w.end);
    for (let i = w.ownFirst; i < w.ownEnd; i++) owner[i]++;
  });
  expect(owner.every((n) => n === 1)).toBe(true);
  return windows;
}

describe('pieceWindows', () => {
  it('keeps a sentence that fits in one window', () => {
    expect(pieceWindows([1, 2, 3], 6)).toEqual([{ first: 0, end: 3, ownFirst: 0, ownEnd: 3 }]);
    expect(pieceWindows([], 6)).toEqual([]);
  });

  it('cuts a long sentence into overlapping windows that label every word once', () => {
    const windows = checkPartition(new Array(100).fill(1), 20);
    expect(windows.length).toBeGreaterThan(5);
    // Consecutive windows overlap, so an owned word has context before it.
    for (let k = 1; k < windows.length; k++) expect(windows[k].first).toBeLessThan(windows[k - 1].end);
    expect(windows[1].ownFirst - windows[1].first).toBeGreaterThanOrEqual(4);
  });

  it('holds for uneven piece counts and tiny budgets', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 200; trial++) {
      const budget = 1 + Math.floor(rand() * 12);
      const pieces = Array.from({ length: Math.floor(rand() * 60) }, () => 1 + Math.floor(rand() * budget));
      checkPartition(pieces, budget);
    }
  });

  it('refuses a budget below one piece', () => {
    expect(() => pieceWindows([1], 0)).toThrow(/at least one piece/);
  });
});
