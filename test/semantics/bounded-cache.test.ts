import { describe, expect, it } from 'vitest';
import { BoundedTableCache } from '../../src/semantics/bounded-cache.js';

describe('BoundedTableCache', () => {
  it('holds at most its budget, dropping the generation not used since the last turnover', () => {
    const cache = new BoundedTableCache<string, number>(100);
    for (let i = 0; i < 50; i++) {
      cache.set(`t${i}`, i, 10);
      expect(cache.bytes).toBeLessThanOrEqual(100);
    }
    // Each generation holds at most 50 bytes: the last 5 to 10 tables are left.
    expect(cache.size).toBeGreaterThanOrEqual(5);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('t49')).toBe(49);
    expect(cache.get('t0')).toBeUndefined();
  });

  it('keeps a table that is used again through every turnover', () => {
    const cache = new BoundedTableCache<string, string>(40);
    cache.set('often', 'kept', 10);
    for (let i = 0; i < 100; i++) {
      cache.set(`rare${i}`, 'x', 10);
      expect(cache.get('often')).toBe('kept');
    }
    expect(cache.bytes).toBeLessThanOrEqual(40);
  });

  it('charges a table what it grows by, and replaces a table set again', () => {
    const cache = new BoundedTableCache<string, number>(1000);
    cache.set('a', 1, 10);
    cache.grow('a', 5);
    expect(cache.bytes).toBe(15);
    cache.set('a', 2, 20);
    expect(cache.bytes).toBe(20);
    expect(cache.get('a')).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
