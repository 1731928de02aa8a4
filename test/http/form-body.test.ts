import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { detectCompression, parseUrlEncoded, readFormBody } from '../../src/http/form-body.js';

const FORM = 'application/x-www-form-urlencoded';

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/', { method: 'POST', body, headers: { 'content-type': FORM, ...headers } });
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof AnalysisError) return e.status;
    throw e;
  }
}

describe('parseUrlEncoded', () => {
  it('decodes + and percent escapes, including multi-byte UTF-8', () => {
    expect(parseUrlEncoded('text=caf%C3%A9+au+lait&extractors=words')).toEqual({ text: 'café au lait', extractors: 'words' });
    expect(parseUrlEncoded('text=%F0%9F%98%80%20ok')).toEqual({ text: '😀 ok' });
  });

  it('keeps unescaped UTF-8 as sent and names without values as empty strings', () => {
    expect(parseUrlEncoded('text=naïve&flag')).toEqual({ text: 'naïve', flag: '' });
  });

  it('collects a repeated field into an array', () => {
    expect(parseUrlEncoded('entities.filterDbpediaTypes=Person&entities.filterDbpediaTypes=Place&x=1')).toEqual({
      'entities.filterDbpediaTypes': ['Person', 'Place'],
      x: '1',
    });
  });

  it('rejects a % that does not start a two-digit hex escape', () => {
    expect(() => parseUrlEncoded('text=100%')).toThrow(/invalid percent-encoding "%" in field "text"/);
    expect(() => parseUrlEncoded('text=%zz')).toThrow(AnalysisError);
  });

  it('rejects escapes that decode to bytes that are not UTF-8', () => {
    // Latin-1 "é" (0xE9) percent-encoded: what a client that is not UTF-8 sends.
    expect(() => parseUrlEncoded('text=caf%E9')).toThrow(/"text" is not valid UTF-8/);
  });
  it('keeps fields named after Object.prototype members as plain own string fields', () => {
    const fields = parseUrlEncoded('text=a&toString=x&__proto__=y&constructor=z&constructor=w&hasOwnProperty=v');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.keys(fields)).toEqual(['text', 'toString', '__proto__', 'constructor', 'hasOwnProperty']);
    expect(fields.toString).toBe('x');
    expect(fields['__proto__']).toBe('y');
    expect(fields.constructor).toEqual(['z', 'w']);
    expect(fields.hasOwnProperty).toBe('v');
    // Only strings: nothing inherited can end up in a value (it would not survive postMessage).
    expect(structuredClone(fields)).toEqual({ ...fields });
  });
});

describe('detectCompression', () => {
  const data = new TextEncoder().encode('text=hello');
  it('tells gzip and zlib apart by their magic bytes, whatever the header says', () => {
    expect(detectCompression(gzipSync(data), 'gzip')).toBe('gzip');
    expect(detectCompression(deflateSync(data), 'gzip')).toBe('deflate');
    expect(detectCompression(deflateSync(data, { level: 9 }), 'deflate')).toBe('deflate');
    expect(detectCompression(deflateRawSync(data), 'deflate')).toBe('deflate-raw');
  });
  it('refuses a body labelled gzip that is neither', () => {
    expect(() => detectCompression(data, 'gzip')).toThrow(/neither a gzip nor a zlib stream/);
  });
});

describe('readFormBody', () => {
  it('reads a plain urlencoded body', async () => {
    expect(await readFormBody(post('text=hi&extractors=words'))).toEqual({ text: 'hi', extractors: 'words' });
  });

  it('takes a missing Content-Type as urlencoded', async () => {
    const req = new Request('http://localhost/', { method: 'POST', body: new TextEncoder().encode('text=hi') });
    expect(await readFormBody(req)).toEqual({ text: 'hi' });
  });

  it('inflates gzip, zlib-under-gzip and deflate bodies', async () => {
    const body = new TextEncoder().encode('text=h%C3%A9llo');
    for (const [bytes, encoding] of [
      [gzipSync(body), 'gzip'],
      [deflateSync(body), 'gzip'],
      [deflateSync(body), 'deflate'],
      [deflateRawSync(body), 'deflate'],
    ] as const) {
      expect(await readFormBody(post(bytes, { 'content-encoding': encoding }))).toEqual({ text: 'héllo' });
    }
  });

  it('answers 400 for a truncated compressed body and for an unknown encoding', async () => {
    const gz = gzipSync(new TextEncoder().encode('text=' + 'a'.repeat(5000)));
    expect(await status(readFormBody(post(gz.subarray(0, gz.length - 12), { 'content-encoding': 'gzip' })))).toBe(400);
    expect(await status(readFormBody(post('text=hi', { 'content-encoding': 'br' })))).toBe(400);
  });

  it('answers 400 for raw bytes that are not UTF-8 and for a non-UTF-8 charset', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('text=caf'), 0xe9]);
    expect(await status(readFormBody(post(latin1)))).toBe(400);
    expect(await status(readFormBody(post('text=hi', { 'content-type': `${FORM}; charset=ISO-8859-1` })))).toBe(400);
    expect(await readFormBody(post('text=hi', { 'content-type': `${FORM}; charset=UTF-8` }))).toEqual({ text: 'hi' });
  });

  it('answers 400 for a content type that is not a form', async () => {
    expect(await status(readFormBody(post('{"text":"hi"}', { 'content-type': 'application/json' })))).toBe(400);
  });

  it('caps the body as sent and the body once inflated (zip bomb) with 413', async () => {
    const limits = { maxCompressedBytes: 1000, maxBodyBytes: 4000 };
    expect(await status(readFormBody(post('text=' + 'a'.repeat(3995)), limits))).toBe(200); // exactly 4000 bytes
    expect(await status(readFormBody(post('text=' + 'a'.repeat(3996)), limits))).toBe(413);
    // 1 MB of one letter compresses to about 1 kB: small on the wire, huge inflated.
    const bomb = gzipSync(new TextEncoder().encode('text=' + 'a'.repeat(1 << 20)), { level: 9 });
    expect(bomb.length).toBeLessThan(limits.maxCompressedBytes * 2);
    expect(await status(readFormBody(post(bomb, { 'content-encoding': 'gzip' }), { ...limits, maxCompressedBytes: 4000 }))).toBe(413);
    // Compressed bodies have their own, smaller cap on the wire.
    const noisy = gzipSync(crypto.getRandomValues(new Uint8Array(2000)));
    expect(await status(readFormBody(post(noisy, { 'content-encoding': 'gzip' }), limits))).toBe(413);
  });

  it('reads multipart/form-data and checks it is UTF-8', async () => {
    const form = new FormData();
    form.append('text', 'Zoë');
    form.append('extractors', 'words');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    expect(await readFormBody(req)).toEqual({ text: 'Zoë', extractors: 'words' });

    const hostile = new FormData();
    for (const name of ['toString', '__proto__', 'valueOf', 'valueOf']) hostile.append(name, 'x');
    const fields = await readFormBody(new Request('http://localhost/', { method: 'POST', body: hostile }));
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(Object.entries(fields)).toEqual([['toString', 'x'], ['__proto__', 'x'], ['valueOf', ['x', 'x']]]);

    const boundary = 'XyZ';
    const bad = new Uint8Array([
      ...new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nZo`),
      0xeb,
      ...new TextEncoder().encode(`\r\n--${boundary}--\r\n`),
    ]);
    const badReq = post(bad, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(await status(readFormBody(badReq))).toBe(400);
  });
});
