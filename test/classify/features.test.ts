import { describe, expect, it } from 'vitest';
import { countFeatures, featureTokens, hashString, vectorize } from '../../src/models/text-features.js';

describe('featureTokens', () => {
  it('lowercases words, keeps inner apostrophes and turns numbers into shapes', () => {
    expect(featureTokens("Don’t SELL 12 shares at 1,250.5 or 123456!")).toEqual(["don't", 'sell', '#n', 'shares', 'at', '#nnnnn', 'or', '#nnnnn']);
  });

  it('skips emoji and other astral symbols but keeps astral letters', () => {
    expect(featureTokens('rain 🌧️ today 𝒜bc')).toEqual(['rain', 'today', '𝒜bc']);
  });

  it('gives nothing for empty or punctuation-only text', () => {
    expect(featureTokens('')).toEqual([]);
    expect(featureTokens(' ... !!! ')).toEqual([]);
  });
});

describe('hashed features', () => {
  it('hashes deterministically (FNV-1a 32-bit)', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('wheat')).toBe(hashString('wheat'));
    expect(hashString('wheat')).not.toBe(hashString('Wheat'));
  });

  it('counts unigrams and, with ngrams=2, bigrams', () => {
    expect([...countFeatures('rain rain again', 1).values()].sort()).toEqual([1, 2]);
    expect(countFeatures('rain rain again', 2).size).toBe(4); // rain, again, "rain rain", "rain again"
    expect(countFeatures('one', 2).size).toBe(1);
  });

  it('vectorizes to an L2-normalized vector over known rows only', () => {
    const counts = countFeatures('rain rain snow hail', 1);
    const rowOf = new Map<number, number>([
      [hashString('rain'), 0],
      [hashString('snow'), 1],
    ]);
    const v = vectorize(counts, rowOf, Float32Array.from([1, 1]));
    expect(v.index.length).toBe(2);
    const norm = Math.hypot(...v.value);
    expect(norm).toBeCloseTo(1, 5);
    const rain = v.value[[...v.index].indexOf(0)];
    const snow = v.value[[...v.index].indexOf(1)];
    expect(rain).toBeGreaterThan(snow); // 1 + ln 2 against 1
    expect(vectorize(new Map(), rowOf, Float32Array.from([1, 1])).index.length).toBe(0);
  });
});
