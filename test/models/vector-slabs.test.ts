import { describe, expect, it } from 'vitest';
import { VectorSlabs } from '../../src/models/vector-slabs.js';

describe('VectorSlabs', () => {
  it('hands out zeroed vectors of its width that never overlap, across slab boundaries', () => {
    const slabs = new VectorSlabs(3);
    const vectors: Float32Array[] = [];
    for (let i = 0; i < 2_500; i++) {
      const v = slabs.allocate();
      expect(v.length).toBe(3);
      expect(Array.from(v)).toEqual([0, 0, 0]);
      v.fill(i);
      vectors.push(v);
    }
    expect(slabs.size).toBe(2_500);
    // Writing each vector after the others were written left every earlier one intact.
    vectors.forEach((v, i) => expect(Array.from(v)).toEqual([i, i, i]));
    // 2,500 vectors of 3 floats share three slab buffers, not 2,500.
    expect(new Set(vectors.map((v) => v.buffer)).size).toBe(3);
  });
});
