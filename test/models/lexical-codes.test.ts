import { describe, expect, it } from 'vitest';
import { clusterLookup, isLexicalTable, loadLexicalCoder } from '../../src/models/lexical-codes.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const loader = fileLoader();
const sources = { wordnet: true, clusters: { file: 'tagger/word-clusters.bin', finePer: 16 } };
const tables = [
  { name: 'wordnetParts', rows: 81 },
  { name: 'wordnetDominant', rows: 5 },
  { name: 'clusterCoarse', rows: 65 },
  { name: 'clusterFine', rows: 1025 },
] as const;

describe('lexical codes (models/tagger/word-clusters.bin, models/lexicon)', () => {
  it('gives frequent words a cluster whose coarse id matches its fine id, and unknown strings none', async () => {
    const code = await loadLexicalCoder(loader, tables, sources);
    const [, , coarse, fine] = code('the');
    expect(fine).toBeGreaterThan(0);
    expect(coarse).toBe(Math.floor((fine - 1) / 16) + 1);
    expect(code('qzxvbnmwq')).toEqual([0, 0, 0, 0]);
  });

  it('fails loudly when a model declares fewer rows than the codes need', async () => {
    const code = await loadLexicalCoder(loader, [{ name: 'clusterFine', rows: 1 }], sources);
    expect(() => code('the')).toThrow(/out of range/);
  });

  it('recognizes only the four table names', () => {
    expect(tables.every((t) => isLexicalTable(t.name))).toBe(true);
    expect(isLexicalTable('norm')).toBe(false);
  });
});

describe('cluster file lookup (clusterLookup)', () => {
  /** A cluster file: sorted keys (uint32), then each key's fine cluster id + 1 (uint16), little-endian. */
  function clusterFile(entries: [key: number, fine: number][]): Uint8Array {
    const bytes = new Uint8Array(6 * entries.length);
    const view = new DataView(bytes.buffer);
    entries.forEach(([key, fine], i) => {
      view.setUint32(4 * i, key, true);
      view.setUint16(4 * entries.length + 2 * i, fine, true);
    });
    return bytes;
  }

  it('finds every listed key, keys above 2^31 included, and gives 0 for the rest', () => {
    const lookup = clusterLookup(clusterFile([[3, 7], [10, 1], [2 ** 31 + 5, 1024], [2 ** 32 - 1, 2]]), 'test.bin');
    expect([3, 10, 2 ** 31 + 5, 2 ** 32 - 1].map(lookup)).toEqual([7, 1, 1024, 2]);
    expect([0, 4, 11, 2 ** 31, 2 ** 32 - 2].map(lookup)).toEqual([0, 0, 0, 0, 0]);
    expect(clusterLookup(new Uint8Array(0), 'empty.bin')(3)).toBe(0);
  });

  it('agrees with a Map of the shipped file on every key', async () => {
    const bytes = await loader.bytes('tagger/word-clusters.bin');
    const n = bytes.byteLength / 6;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const lookup = clusterLookup(bytes, 'tagger/word-clusters.bin');
    const listed = new Map<number, number>();
    for (let i = 0; i < n; i++) listed.set(view.getUint32(4 * i, true), view.getUint16(4 * n + 2 * i, true));
    let wrong = 0;
    for (const [key, fine] of listed) {
      if (lookup(key) !== fine) wrong++;
      if (!listed.has(key - 1) && lookup(key - 1) !== 0) wrong++;
    }
    expect(n).toBeGreaterThan(30_000);
    expect(wrong).toBe(0);
  });

  it('refuses a file whose keys are not sorted, or whose size is not a multiple of 6', () => {
    expect(() => clusterLookup(clusterFile([[10, 1], [3, 2]]), 'bad.bin')).toThrow(/bad\.bin: keys are not sorted/);
    expect(() => clusterLookup(new Uint8Array(7), 'odd.bin')).toThrow(/odd\.bin: size 7/);
  });
});
