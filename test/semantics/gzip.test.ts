import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipBytes, gunzipText } from '../../src/semantics/gzip.js';

/** Deterministic bytes that compress (repeated lines with a counter). */
function sample(lines: number): Uint8Array {
  return new TextEncoder().encode(Array.from({ length: lines }, (_, i) => `lemma_${i % 977}\t${i}\tété\n`).join(''));
}

describe('gunzip', () => {
  it('returns the bytes gzip was given, in a buffer of exactly their size', async () => {
    const plain = sample(200_000); // several MB: many decompressed chunks
    const out = await gunzipBytes(new Uint8Array(gzipSync(plain)));
    expect(out.byteLength).toBe(plain.byteLength);
    expect(out.buffer.byteLength).toBe(plain.byteLength);
    expect(Buffer.from(out).equals(Buffer.from(plain))).toBe(true);
  });

  it('reads an empty file and a view into a larger buffer', async () => {
    expect((await gunzipBytes(new Uint8Array(gzipSync(new Uint8Array(0))))).byteLength).toBe(0);
    const gz = gzipSync(sample(100));
    const padded = new Uint8Array(gz.byteLength + 10);
    padded.set(gz, 5);
    expect(Buffer.from(await gunzipBytes(padded.subarray(5, 5 + gz.byteLength))).equals(Buffer.from(sample(100)))).toBe(true);
  });

  it('grows past a trailer that understates the size (concatenated members state only the last one)', async () => {
    const a = sample(50_000);
    const b = sample(10);
    const joined = new Uint8Array([...gzipSync(a), ...gzipSync(b)]);
    const out = await gunzipBytes(joined);
    expect(out.byteLength).toBe(a.byteLength + b.byteLength);
    expect(Buffer.from(out.subarray(a.byteLength)).equals(Buffer.from(b))).toBe(true);
  });

  it('decodes text as UTF-8', async () => {
    expect(await gunzipText(new Uint8Array(gzipSync('bank\tété\n')))).toBe('bank\tété\n');
  });
});
