import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { featureId, featurize, fnv1a, modFloor, shape, type FeatureSpec } from '../../src/models/features.js';
import { mulMod } from '../../src/annotators/tagger.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/features.json', import.meta.url), 'utf8')) as {
  words: string[];
  specs: FeatureSpec[];
  ids: number[][];
};

describe('hashed features', () => {
  it('match the Python twin used in training, astral characters included', () => {
    fixture.words.forEach((w, i) => {
      expect(fixture.specs.map((s) => featureId(s, w) + 1)).toEqual(fixture.ids[i]);
    });
  });

  it('hash is FNV-1a 32-bit', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });

  it('shape cuts long runs', () => {
    expect(shape('Washington')).toBe('Xxxxx');
    expect(shape('U.S.')).toBe('X.X.');
  });

  it('pads batches with zeros', () => {
    const { ids, maxLen } = featurize([['a', 'b'], ['c']], fixture.specs);
    expect(maxLen).toBe(2);
    const f = fixture.specs.length;
    expect(Array.from(ids.slice(3 * f, 4 * f))).toEqual(new Array(f).fill(0));
    expect(ids[0]).toBeGreaterThan(0);
  });
});

describe('modFloor (hash buckets without the floating-point remainder)', () => {
  it('equals v % m for integers up to 2^53 and moduli under 2^31, at the edges of each bucket too', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    let checked = 0;
    for (const m of [1, 2, 3, 12000, 32768, 65521, 2147483647]) {
      for (let i = 0; i < 2000; i++) {
        // up to 2^32 (hashes), up to 2^48 (products in mulMod), up to 2^53 − 1
        for (const v of [next(), next() * 65536 + (next() & 0xffff), (next() & 0x1fffff) * 2 ** 32 + next()]) {
          expect(modFloor(v, m)).toBe(v % m);
          checked++;
        }
      }
      for (const k of [1, 2, 1000, Math.floor((2 ** 53 - 1) / m)]) for (const v of [k * m - 1, k * m, k * m + 1]) if (v <= 2 ** 53 - 1) expect(modFloor(v, m)).toBe(v % m);
    }
    expect(checked).toBe(42000);
  });

  it('keeps the tagger’s row hash: (x·a) mod (2^31 − 1) as the remainder gives it', () => {
    const p = 2147483647;
    for (const [x, a] of [[p - 1, p - 1], [1, p - 1], [123456789, 987654321], [0, 5]]) {
      expect(mulMod(x, a, p)).toBe(Number((BigInt(x) * BigInt(a)) % BigInt(p)));
    }
  });
});
