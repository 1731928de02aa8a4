/**
 * Fixed-width float vectors kept for a model's lifetime (one per word type),
 * stored as views into slabs of 1,024 vectors. A Float32Array of its own per
 * vector costs about three times its payload for a 64–100-wide vector (its
 * buffer object and the allocator's record of it); a view into a shared slab
 * costs one small object.
 */

const SLAB_SHIFT = 10;
const SLAB_MASK = (1 << SLAB_SHIFT) - 1;

export class VectorSlabs {
  private slab = new Float32Array(0);
  private count = 0;

  constructor(readonly width: number) {}

  /** Vectors handed out so far. */
  get size(): number {
    return this.count;
  }

  /** A new zeroed vector of `width` floats, valid for the slabs' lifetime. */
  allocate(): Float32Array {
    const at = (this.count & SLAB_MASK) * this.width;
    if (at === 0) this.slab = new Float32Array(this.width << SLAB_SHIFT);
    this.count++;
    return this.slab.subarray(at, at + this.width);
  }
}
