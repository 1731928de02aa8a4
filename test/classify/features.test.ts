import { describe, expect, it } from 'vitest';
import { countFeatures, countWeightedTokenFeatures, FeatureRows, featureTokens, hashString, vectorize } from '../../src/models/text-features.js';

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

describe('FeatureRows', () => {
  const text = 'Rain, rain and more rain: the rain in Spain stays mainly in the plain. Don’t go out in 12 storms; the plain rain!';
  const tokens = featureTokens(text);
  /** Rows for every other feature of the text's unigrams and bigrams, a duplicate hash, and hashes of 2^31 and more. */
  function model(): { hashes: Uint32Array; rowOf: Map<number, number>; idf: Float32Array } {
    const features = [...countWeightedTokenFeatures(tokens, new Float32Array(tokens.length).fill(1), 2).keys()].filter((_, k) => k % 2 === 0);
    const hashes = Uint32Array.from([0x80000001, ...features, 0xfffffffe, features[1]]);
    const rowOf = new Map<number, number>();
    hashes.forEach((h, r) => rowOf.set(h, r));
    const idf = Float32Array.from(hashes, (_, r) => 0.5 + (r % 7) / 3);
    return { hashes, rowOf, idf };
  }

  it("finds each hash's row (the later row where a hash repeats) and -1 for unknown hashes", () => {
    const { hashes, rowOf } = model();
    const rows = new FeatureRows(hashes);
    for (const [h, r] of rowOf) expect(rows.get(h)).toBe(r);
    expect(rows.get(hashes[2])).toBe(hashes.length - 1); // features[1] is row 2 and the last row
    expect(rows.get(hashString('absent'))).toBe(-1);
    expect(rows.get(0)).toBe(-1);
  });

  it('gives the vector of vectorize over the counted features: same rows in the same order, same values', () => {
    const { hashes, rowOf, idf } = model();
    const rows = new FeatureRows(hashes);
    const weights = Float32Array.from(tokens, (_, i) => (i % 5 === 0 ? 0.25 : i % 7 === 0 ? 0 : 1));
    for (const w of [undefined, weights]) {
      for (const ngrams of [1, 2]) {
        const expected = vectorize(countWeightedTokenFeatures(tokens, w ?? new Float32Array(tokens.length).fill(1), ngrams), rowOf, idf);
        // twice: the scratch counts of the first call must not leak into the second
        for (let k = 0; k < 2; k++) {
          const got = rows.tokenVector(tokens, w, ngrams, idf);
          expect([...got.index]).toEqual([...expected.index]);
          expect([...got.value]).toEqual([...expected.value]);
        }
      }
    }
    expect(rows.tokenVector([], undefined, 2, idf).index.length).toBe(0);
  });
});
