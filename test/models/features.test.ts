import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { featureId, featurize, fnv1a, shape, type FeatureSpec } from '../../src/models/features.js';

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
