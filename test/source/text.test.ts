import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { checkTextSize, decodeText, MAX_TEXT_BYTES, utf8ByteLength } from '../../src/source/index.js';

function statusOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof AnalysisError ? e.status : -1;
  }
  return undefined;
}

describe('decodeText', () => {
  it('decodes valid UTF-8, astral characters included', () => {
    expect(decodeText(new TextEncoder().encode('Zoë 😀 東京'))).toBe('Zoë 😀 東京');
  });

  it.each([
    ['lone continuation byte', [0x61, 0x80, 0x62]],
    ['truncated sequence', [0x61, 0xe2, 0x82]],
    ['overlong encoding', [0xc0, 0xaf]],
    ['UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['Latin-1 é', [0x63, 0x61, 0x66, 0xe9]],
  ])('rejects %s with 400', (_name, bytes) => {
    const run = (): string => decodeText(new Uint8Array(bytes));
    expect(statusOf(run)).toBe(400);
    expect(run).toThrow(/not valid UTF-8/);
  });
});

describe('checkTextSize', () => {
  it('is 200 KiB of UTF-8', () => {
    expect(MAX_TEXT_BYTES).toBe(204_800);
  });

  it('accepts exactly the limit and refuses one byte more with 413', () => {
    const atLimit = 'a'.repeat(MAX_TEXT_BYTES);
    expect(statusOf(() => checkTextSize(atLimit))).toBeUndefined();
    expect(statusOf(() => checkTextSize(atLimit + 'b'))).toBe(413);
  });

  it('counts bytes, not characters', () => {
    // 'é' is 2 bytes: half the limit in characters is exactly the limit in bytes.
    const twoByte = 'é'.repeat(MAX_TEXT_BYTES / 2);
    expect(statusOf(() => checkTextSize(twoByte))).toBeUndefined();
    expect(statusOf(() => checkTextSize(twoByte + 'a'))).toBe(413);
    expect(utf8ByteLength('a€😀')).toBe(1 + 3 + 4);
    expect(utf8ByteLength('😀')).toBe(new TextEncoder().encode('😀').length);
  });
});
