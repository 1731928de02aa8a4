import { describe, expect, it } from 'vitest';
import { ROOT, TokenTrieBuilder } from '../../src/dictionaries/token-trie.js';
import { StringTable, fnvHash } from '../../src/dictionaries/string-table.js';

/** A deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('TokenTrie', () => {
  it('agrees with a Map-of-paths reference on 5,000 random paths (the tables grow several times)', () => {
    const rand = rng(7);
    const builder = new TokenTrieBuilder();
    const reference = new Map<string, number[]>();
    for (let v = 0; v < 5000; v++) {
      // Few token values, so that paths share prefixes and some repeat whole.
      const path = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => Math.floor(rand() * 30));
      let node = ROOT;
      for (const t of path) node = builder.addChild(node, t);
      builder.addTerminal(node, v);
      const key = path.join(' ');
      const values = reference.get(key);
      if (values) values.push(v);
      else reference.set(key, [v]);
    }
    const trie = builder.build();
    const found = new Map<string, number[]>();
    for (const key of reference.keys()) {
      let node = ROOT;
      for (const t of key.split(' ').map(Number)) node = trie.child(node, t);
      const values: number[] = [];
      for (let i = trie.terminalsStart(node); i < trie.terminalsEnd(node); i++) values.push(trie.terminalValue(i));
      found.set(key, values);
    }
    expect(found).toEqual(reference);
    expect([...reference.values()].some((v) => v.length > 1)).toBe(true);
    expect(trie.nodeCount).toBeGreaterThan(1024);
    expect(trie.child(ROOT, 300)).toBe(-1);
    expect(trie.edgeCount).toBe(trie.nodeCount - 1);
  });

  it('an empty trie has the root alone, without terminals; a built trie takes no more paths', () => {
    const builder = new TokenTrieBuilder();
    const trie = builder.build();
    expect(trie.nodeCount).toBe(1);
    expect(trie.terminalsEnd(ROOT) - trie.terminalsStart(ROOT)).toBe(0);
    expect(trie.child(ROOT, 0)).toBe(-1);
    expect(() => builder.addChild(ROOT, 1)).toThrow(/after build/);
  });
});

describe('StringTable', () => {
  it('finds strings from slices of other strings, across growth', () => {
    const table = new StringTable();
    const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
    const indices = words.map((w) => table.intern(w, 0, w.length, fnvHash(w, 0, w.length)));
    expect(indices).toEqual(words.map((_, i) => i));
    const line = `  ${words[1234]} ${words[4321]}  `;
    const at = line.indexOf(words[4321]);
    expect(table.intern(line, at, at + words[4321].length, fnvHash(line, at, at + words[4321].length))).toBe(4321);
    expect(table.intern(line, 2, 2 + words[1234].length, fnvHash(line, 2, 2 + words[1234].length))).toBe(1234);
    expect(table.size).toBe(5000);
    expect(table.word(4321)).toBe(words[4321]);
  });

  it('tells apart strings whose hashes collide', () => {
    const table = new StringTable();
    // Same hash forced: only the characters decide.
    expect(table.intern('ab', 0, 2, 42)).toBe(0);
    expect(table.intern('ba', 0, 2, 42)).toBe(1);
    expect(table.intern('abc', 0, 2, 42)).toBe(0);
    expect(table.intern('xba', 1, 3, 42)).toBe(1);
  });
});
