import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileRows, loadWordVectors, vectorKey, type RowSource } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { RandomAccessFile, ResourceLoader } from '../../src/resources/loader.js';

/** A loader over in-memory files. */
function memoryLoader(files: Record<string, Uint8Array | string>): ResourceLoader {
  const bytes = (p: string) => {
    const f = files[p];
    if (f === undefined) throw new Error(`no ${p}`);
    return typeof f === 'string' ? new TextEncoder().encode(f) : f;
  };
  return {
    bytes: async (p) => bytes(p),
    text: async (p) => new TextDecoder().decode(bytes(p)),
    exists: async (p) => p in files,
  };
}

/** vectors.bin as training/vectors/train.py lays it out: scales, int8 values, words. */
function vectorsFile(words: string[], rows: number[][], scales: number[], pad = 0): Uint8Array {
  const dim = rows[0].length;
  const text = new TextEncoder().encode(words.join('\n'));
  const out = new Uint8Array(pad + 4 * rows.length + rows.length * dim + text.length);
  const view = new DataView(out.buffer, pad);
  scales.forEach((s, r) => view.setFloat32(4 * r, s, true));
  rows.forEach((row, r) => row.forEach((v, d) => view.setInt8(4 * rows.length + r * dim + d, v)));
  out.set(text, pad + 4 * rows.length + rows.length * dim);
  return pad ? out.subarray(pad) : out;
}

/** A file of `rows` rows of 2 int8 values, row r holding (10r, 10r + 1), that notes the row of each read. */
function twoValueRows(rows: number): { file: RandomAccessFile; reads: number[] } {
  const bytes = Int8Array.from({ length: 2 * rows }, (_, i) => 10 * (i >> 1) + (i & 1));
  const reads: number[] = [];
  const file: RandomAccessFile = {
    size: bytes.length,
    read(into, position) {
      reads.push(position / 2);
      into.set(bytes.subarray(position, position + into.length));
      return into.length;
    },
  };
  return { file, reads };
}

/** A row's two values through a row source. */
function rowReader(source: RowSource): (row: number) => number[] {
  return (row) => {
    const at = source.at(row);
    return [source.values[at]!, source.values[at + 1]!];
  };
}

describe('shared word vectors (src/models/word-vectors.ts)', () => {
  const words = ['the', "don't", 'marathoner', 'café'];
  const rows = [
    [0, 0, 0],
    [127, -127, 0],
    [1, 2, 3],
    [-4, 0, 64],
    [5, 5, 5],
  ];
  const scales = [1, 0.5, 0.25, 2, 1];
  // A file that starts at an odd byte offset of its buffer: the float32 scales must still read right.
  const loader = memoryLoader({
    'vectors/meta.json': JSON.stringify({ name: 'test', file: 'vectors.bin', rows: 5, dim: 3 }),
    'vectors/vectors.bin': vectorsFile(words, rows, scales, 1),
  });

  it('keys words as GloVe spells them: lower case, ASCII apostrophe', () => {
    expect(vectorKey('DON’T')).toBe("don't");
    expect(vectorKey('The')).toBe('the');
  });

  it('finds rows by key, backs off to the last part of a hyphenated word, else row 0', async () => {
    const v = await loadWordVectors(loader);
    expect(v.row('The')).toBe(1);
    expect(v.row('Don’t')).toBe(2);
    expect(v.row('ultra-Marathoner')).toBe(3);
    expect(v.row('CAFÉ')).toBe(4);
    expect(v.row('caf')).toBe(0);
    expect(v.row('marathoner-')).toBe(0);
    expect(v.row('qzxv')).toBe(0);
  });

  it('dequantizes rows (int8 × the row scale) and projects them', async () => {
    const v = await loadWordVectors(loader);
    const out = new Float32Array(5).fill(9);
    v.copyRow(3, out, 1);
    expect(Array.from(out)).toEqual([9, -8, 0, 128, 9]);
    // [2] × [dim 3, width 2] = (0.25·1 + 0.5·3 + 0.75·5, 0.25·2 + 0.5·4 + 0.75·6)
    const proj = new Float32Array([1, 2, 3, 4, 5, 6]);
    const acc = new Float32Array([1, 1]);
    v.addProjected(2, proj, acc);
    expect(Array.from(acc)).toEqual([6.5, 8]);
    v.addProjected(0, proj, acc);
    expect(Array.from(acc)).toEqual([6.5, 8]);
  });

  it('is read once per loader', async () => {
    expect(await loadWordVectors(loader)).toBe(await loadWordVectors(loader));
  });

  it('refuses a file that does not match its meta.json', async () => {
    const bad = memoryLoader({
      'vectors/meta.json': JSON.stringify({ name: 'test', file: 'vectors.bin', rows: 5, dim: 3 }),
      'vectors/vectors.bin': vectorsFile(words.slice(0, 3), rows, scales),
    });
    await expect(loadWordVectors(bad)).rejects.toThrow(/does not list one word per row/);
    await expect(loadWordVectors(memoryLoader({}))).rejects.toThrow(/npm run train -- vectors/);
  });

  it('reads the values in place through a file-backed loader: the same rows, words and projections', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-vectors-'));
    try {
      mkdirSync(join(dir, 'vectors'));
      writeFileSync(join(dir, 'vectors', 'meta.json'), JSON.stringify({ name: 'test', file: 'vectors.bin', rows: 5, dim: 3 }));
      writeFileSync(join(dir, 'vectors', 'vectors.bin'), vectorsFile(words, rows, scales));
      const files = fileLoader(dir);
      expect(files.openFile).toBeDefined();
      const [inFile, inMemory] = [await loadWordVectors(files), await loadWordVectors(loader)];
      for (const w of ['The', 'Don’t', 'ultra-Marathoner', 'CAFÉ', 'qzxv']) expect(inFile.row(w)).toBe(inMemory.row(w));
      for (let r = 0; r < 5; r++) {
        const [a, b] = [new Float32Array(3), new Float32Array(3)];
        inFile.copyRow(r, a, 0);
        inMemory.copyRow(r, b, 0);
        expect(Array.from(a)).toEqual(Array.from(b));
        expect(inFile.word!(r)).toBe(inMemory.word!(r));
      }
      const proj = new Float32Array([1, 2, 3, 4, 5, 6]);
      const acc = new Float32Array([1, 1]);
      inFile.addProjected(2, proj, acc);
      expect(Array.from(acc)).toEqual([6.5, 8]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps at most its cache of rows read, each read once while it stays, the oldest overwritten first', () => {
    // 4 rows; the cache holds 2 rows.
    const { file, reads } = twoValueRows(4);
    const value = rowReader(fileRows(file, 0, 4, 2, 2));
    expect(value(1)).toEqual([10, 11]);
    expect(value(3)).toEqual([30, 31]);
    expect(value(1)).toEqual([10, 11]);
    expect(reads).toEqual([1, 3]);
    // a third row takes the oldest slot (row 1's): row 3 stays, row 1 is read again
    expect(value(2)).toEqual([20, 21]);
    expect(value(3)).toEqual([30, 31]);
    expect(value(1)).toEqual([10, 11]);
    expect(reads).toEqual([1, 3, 2, 1]);
  });

  it('grows its cache up to its bound before it overwrites, rows read once meanwhile', () => {
    // 10 rows; the cache starts at 2 rows and may hold 8
    const { file, reads } = twoValueRows(10);
    const source = fileRows(file, 0, 10, 2, 8, 2);
    const value = rowReader(source);
    for (let r = 0; r < 8; r++) expect(value(r)).toEqual([10 * r, 10 * r + 1]);
    for (let r = 0; r < 8; r++) expect(value(r)).toEqual([10 * r, 10 * r + 1]);
    expect(reads).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(source.values.length).toBe(16);
    // full: row 8 takes row 0's slot
    expect(value(8)).toEqual([80, 81]);
    expect(value(1)).toEqual([10, 11]);
    expect(value(0)).toEqual([0, 1]);
    expect(reads).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 0]);
  });

  it('ships GloVe vectors within the quantization error (models/vectors)', async () => {
    const v = await loadWordVectors(fileLoader(fileURLToPath(new URL('../../models/', import.meta.url))));
    expect(v.meta.dim).toBe(100);
    const out = new Float32Array(100);
    v.copyRow(v.row('The'), out, 0);
    // GloVe 6B 100-d, "the": its first three values
    [-0.038194, -0.24487, 0.72812].forEach((x, d) => expect(Math.abs(out[d] - x)).toBeLessThan(0.02));
    expect(v.row('well-known')).toBeGreaterThan(0);
  });

  it('reads the shipped file in place row for row as it reads it whole (models/vectors)', async () => {
    const models = fileURLToPath(new URL('../../models/', import.meta.url));
    const inFile = await loadWordVectors(fileLoader(models));
    const whole = readFileSync(join(models, 'vectors', 'vectors.bin'));
    const inMemory = await loadWordVectors(memoryLoader({ 'vectors/meta.json': readFileSync(join(models, 'vectors', 'meta.json'), 'utf8'), 'vectors/vectors.bin': whole }));
    const { rows, dim } = inFile.meta;
    // every 97th row, then back to the first ones (read again after the cache moved on)
    const picks = [...Array.from({ length: Math.ceil(rows / 97) }, (_, i) => i * 97), 1, 2, rows - 1];
    const [a, b] = [new Float32Array(dim), new Float32Array(dim)];
    for (const r of picks) {
      inFile.copyRow(r, a, 0);
      inMemory.copyRow(r, b, 0);
      expect(a).toEqual(b);
    }
  });
});
