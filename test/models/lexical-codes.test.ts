import { describe, expect, it } from 'vitest';
import { isLexicalTable, loadLexicalCoder } from '../../src/models/lexical-codes.js';
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
