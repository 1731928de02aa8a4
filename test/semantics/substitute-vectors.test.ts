import { describe, expect, it } from 'vitest';
import { contextVector, cosineWith, nearestRows, rowCosine, vectorIndex } from '../../src/semantics/substitute-vectors.js';
import { decodeVectors, encodeVectors } from '../../src/semantics/wsd-vectors.js';

// Five 3-dimensional words: a and b close, c orthogonal to both, d opposite to a, e between a and c.
const lemmas = ['a', 'b', 'c', 'd', 'e'];
const raw = [1, 0, 0, 0.9, 0.1, 0, 0, 0, 1, -1, 0, 0, 0.7, 0, 0.7];
const vectors = decodeVectors(encodeVectors(lemmas, 3, raw));

describe('substitute vectors', () => {
  it('indexes rows by lemma and gives cosines of unit rows', () => {
    const index = vectorIndex(vectors);
    expect(index.row('c')).toBe(2);
    expect(index.row('zz')).toBe(-1);
    expect(vectorIndex(vectors)).toBe(index); // built once per vectors object
    expect(rowCosine(vectors, 0, 0)).toBeCloseTo(1, 5);
    expect(rowCosine(vectors, 0, 3)).toBeCloseTo(-1, 5);
    expect(rowCosine(vectors, 0, 2)).toBeCloseTo(0, 5);
    expect(rowCosine(vectors, 0, 1)).toBeGreaterThan(0.99);
    expect(cosineWith(vectors, 4, Float32Array.of(0, 0, 1))).toBeCloseTo(Math.SQRT1_2, 2);
  });

  it('finds the nearest rows best first, within the searched rows and the accepted ones', () => {
    expect(nearestRows(vectors, 0, 2, 5, () => true).rows).toEqual([1, 4]);
    const all = nearestRows(vectors, 0, 10, 5, () => true);
    expect(all.rows).toEqual([1, 4, 2, 3]); // never the row itself
    for (let j = 1; j < all.cosines.length; j++) expect(all.cosines[j]).toBeLessThanOrEqual(all.cosines[j - 1]);
    expect(nearestRows(vectors, 0, 2, 5, (r) => r !== 1).rows).toEqual([4, 2]);
    expect(nearestRows(vectors, 0, 2, 3, () => true).rows).toEqual([1, 2]); // only the first three rows searched
    expect(nearestRows(vectors, 0, 0, 5, () => true).rows).toEqual([]);
  });

  it('builds a unit context vector in which closer words weigh more, without the target', () => {
    // Tokens: c _ [target a] b ; the target's own row never counts.
    const rows = [2, -1, 0, 1];
    const near = contextVector(vectors, rows, 2, 2, 1)!;
    let norm = 0;
    for (const x of near) norm += x * x;
    expect(norm).toBeCloseTo(1, 5);
    // b at distance 1 outweighs c at distance 2 (ρ = 1); with ρ = 0 they weigh alike.
    expect(cosineWith(vectors, 1, near)).toBeGreaterThan(cosineWith(vectors, 2, near));
    const flat = contextVector(vectors, rows, 2, 2, 0)!;
    expect(cosineWith(vectors, 2, flat)).toBeGreaterThan(cosineWith(vectors, 2, near));
    expect(contextVector(vectors, [-1, 0, -1], 1, 1, 1)).toBeUndefined(); // no other word with a vector
  });
});
