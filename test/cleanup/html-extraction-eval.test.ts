import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalHtmlExtraction, scoreFromCounts, shingleMatch } from '../../src/eval/html-extraction.js';

describe('shingle metric', () => {
  it('counts word 4-grams as the benchmark does', () => {
    expect(shingleMatch('a b c d e', 'a b c d e')).toEqual({ tp: 1, fp: 0, fn: 0 });
    // truth: [abcd, bcde]; prediction: [abcd, bcdx] → tp 1, fp 1, fn 1 → thirds.
    const c = shingleMatch('a b c d e', 'a b, c d x');
    expect(c.tp).toBeCloseTo(1 / 3);
    expect(c.fp).toBeCloseTo(1 / 3);
    expect(c.fn).toBeCloseTo(1 / 3);
    // Fewer than four tokens make one short shingle; nothing makes none.
    expect(shingleMatch('a b', 'a b')).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(shingleMatch('', '')).toEqual({ tp: 0, fp: 0, fn: 0 });
    expect(shingleMatch('Zoë’s café', 'zoë s café').tp).toBe(0); // case-sensitive
  });

  it('averages precision and recall over documents, then F1', () => {
    const s = scoreFromCounts([
      { tp: 1, fp: 0, fn: 0 },
      { tp: 0.5, fp: 0.5, fn: 0 },
      { tp: 0, fp: 0, fn: 0 }, // undefined precision and recall: skipped
    ]);
    expect(s.precision).toBeCloseTo(0.75);
    expect(s.recall).toBeCloseTo(1);
    expect(s.f1).toBeCloseTo((2 * 0.75) / 1.75);
  });
});

const dir = fileURLToPath(new URL('../../../shared/data/html-extraction', import.meta.url));
const haveData = existsSync(dir);
if (!haveData) console.warn(`skipping article-extraction benchmark: ${dir} not found (../shared/data is not in fresh clones)`);

describe.skipIf(!haveData)('cleanHTML on the article-extraction benchmark', () => {
  it('reaches word 4-gram F1 ≥ 0.90 over 181 pages', async () => {
    const score = await evalHtmlExtraction(dir);
    expect(score.documents).toBe(181);
    expect(score.f1).toBeGreaterThanOrEqual(0.9);
  }, 30_000);
});
