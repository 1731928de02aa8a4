/** Half-precision model tables decoded to float32 (decodeFloat16, read by the tagger for its embedding tables). */
import { describe, expect, it } from 'vitest';
import { decodeFloat16 } from '../../src/annotators/tagger.js';

/** Little-endian bytes of the given half-precision bit patterns. */
function bytesOf(...patterns: number[]): Uint8Array {
  return Uint8Array.from(patterns.flatMap((h) => [h & 0xff, h >> 8]));
}

describe('decodeFloat16', () => {
  it('decodes normal, subnormal, signed, infinite and NaN patterns exactly', () => {
    const v = decodeFloat16(bytesOf(0x3c00, 0xc000, 0x7bff, 0x0001, 0x03ff, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x3555));
    expect([...v.slice(0, 5)]).toEqual([1, -2, 65504, 2 ** -24, Math.fround(1023 * 2 ** -24)]);
    expect(Object.is(v[5], -0)).toBe(true);
    expect(v[6]).toBe(Infinity);
    expect(v[7]).toBe(-Infinity);
    expect(v[8]).toBeNaN();
    expect(v[9]).toBe(Math.fround(0.333251953125));
  });

  it('ignores a trailing odd byte and decodes nothing from nothing', () => {
    expect(decodeFloat16(Uint8Array.of(0x00, 0x3c, 0x7f))).toEqual(Float32Array.of(1));
    expect(decodeFloat16(new Uint8Array(0))).toHaveLength(0);
  });
});
