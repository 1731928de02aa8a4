import { describe, expect, it } from 'vitest';
import { slabArrays } from '../../src/semantics/table-slab.js';

describe('slabArrays', () => {
  it('gives each name an array of its kind and length, zeroed, in one buffer, none overlapping another', () => {
    const t = slabArrays({ flags: [Uint8Array, 5], ids: [Int32Array, 3], scores: [Float64Array, 4], empty: [Float32Array, 0] } as const);
    expect(t.flags).toBeInstanceOf(Uint8Array);
    expect(t.ids).toBeInstanceOf(Int32Array);
    expect(t.scores).toBeInstanceOf(Float64Array);
    expect([t.flags.length, t.ids.length, t.scores.length, t.empty.length]).toEqual([5, 3, 4, 0]);
    expect(new Set([t.flags.buffer, t.ids.buffer, t.scores.buffer, t.empty.buffer]).size).toBe(1);
    expect(t.flags.buffer.byteLength).toBe(5 + 3 * 4 + 4 * 8);
    for (const a of [t.flags, t.ids, t.scores]) {
      expect(Array.from(a).every((x) => x === 0)).toBe(true);
      expect(a.byteOffset % a.BYTES_PER_ELEMENT).toBe(0);
    }
    t.flags.fill(255);
    t.ids.fill(-1);
    t.scores.fill(0.5);
    expect(Array.from(t.flags)).toEqual([255, 255, 255, 255, 255]);
    expect(Array.from(t.ids)).toEqual([-1, -1, -1]);
    expect(Array.from(t.scores)).toEqual([0.5, 0.5, 0.5, 0.5]);
  });
});
