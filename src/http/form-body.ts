/**
 * The analysis API's request body: read it with hard size caps, undo
 * `Content-Encoding`, insist on UTF-8 and turn the form fields into the
 * analyzer's flat options. Web-standard only (Request, DecompressionStream,
 * TextDecoder), so it runs in Node, Bun, Deno and edge runtimes.
 */
import { AnalysisError, badRequest, tooLarge } from '../errors.js';

export interface BodyLimits {
  /** Bytes on the wire when the body is compressed. Default 1 MiB. */
  maxCompressedBytes: number;
  /** Bytes of the form body itself (after decompression, or as sent). Default 2 MiB. */
  maxBodyBytes: number;
}

/**
 * 2 MiB leaves room for a 200 kB text even when every byte is percent-encoded
 * (×3) plus rules and other fields; compressed bodies may be at most 1 MiB.
 */
export const DEFAULT_BODY_LIMITS: BodyLimits = { maxCompressedBytes: 1 << 20, maxBodyBytes: 2 << 20 };

/**
 * Form fields in arrival order; a repeated field becomes an array. The object
 * has no prototype: a field named `toString` or `__proto__` is an own string
 * field like any other, never an inherited function or a prototype change.
 */
export type FormFields = Record<string, string | string[]>;

function noFields(): FormFields {
  return Object.create(null) as FormFields;
}

/** Reads, decompresses, validates and parses the body of an analysis request. */
export async function readFormBody(req: Request, limits: BodyLimits = DEFAULT_BODY_LIMITS): Promise<FormFields> {
  const contentType = (req.headers.get('content-type') ?? 'application/x-www-form-urlencoded').toLowerCase();
  const mediaType = contentType.split(';', 1)[0]!.trim();
  const charset = /;\s*charset="?([^";\s]+)"?/.exec(contentType)?.[1];
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw badRequest(`the body must be UTF-8 encoded, but Content-Type says charset=${charset}`, 'charset');
  }
  if (mediaType !== 'application/x-www-form-urlencoded' && mediaType !== 'multipart/form-data') {
    throw badRequest(
      `unsupported Content-Type "${mediaType}": send form fields as application/x-www-form-urlencoded or multipart/form-data`,
      'content-type',
    );
  }

  const bytes = await readBodyBytes(req, limits);

  // Validate the raw bytes ourselves: URLSearchParams and formData() silently
  // replace bytes that are not UTF-8.
  if (mediaType === 'multipart/form-data') {
    try {
      new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw badRequest('the body is not valid UTF-8', 'body');
    }
    return parseMultipart(bytes, req.headers.get('content-type') ?? '');
  }
  return parseUrlEncoded(bytes);
}

/**
 * The body's bytes with Content-Encoding undone (gzip, zlib labelled gzip,
 * deflate) under the caps. Also used for the JSON bodies of the dictionary
 * API (dictionaries-api.ts), which the same clients compress the same way.
 */
export async function readBodyBytes(req: Request, limits: BodyLimits): Promise<Uint8Array<ArrayBuffer>> {
  const encoding = (req.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip' && encoding !== 'deflate') {
    throw new AnalysisError(400, `unsupported Content-Encoding "${encoding}": use gzip or deflate`, 'content-encoding');
  }
  const compressed = encoding !== 'identity';
  const wireCap = compressed ? limits.maxCompressedBytes : limits.maxBodyBytes;
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > wireCap) throw bodyTooLarge(wireCap, compressed);

  const wire = await readCapped(req.body, wireCap, () => bodyTooLarge(wireCap, compressed));
  return compressed ? await decompress(wire, encoding, limits.maxBodyBytes) : wire;
}

function bodyTooLarge(cap: number, compressed: boolean): AnalysisError {
  return tooLarge(`the request body is larger than ${cap} bytes${compressed ? ' compressed' : ''}`);
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  onOverflow: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        throw onOverflow();
      }
      chunks.push(value);
    }
  } catch (e) {
    if (e instanceof AnalysisError) throw e;
    throw badRequest(`could not read the request body: ${(e as Error).message}`, 'body');
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Existing clients of this API label zlib streams `Content-Encoding: gzip`,
 * so the format is taken from the magic bytes, not the header: 1f 8b is gzip,
 * a valid zlib header (CM=8, FCHECK) is zlib; `deflate` that is not zlib is
 * taken as raw deflate, as browsers of old sent it.
 */
export function detectCompression(bytes: Uint8Array, encoding: string): CompressionFormat {
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return 'gzip';
  if (bytes.length >= 2 && (bytes[0]! & 0x0f) === 8 && (bytes[0]! >> 4) <= 7 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0) {
    return 'deflate';
  }
  if (encoding === 'deflate') return 'deflate-raw';
  throw badRequest(`the body is labelled Content-Encoding: ${encoding} but is neither a gzip nor a zlib stream`, 'content-encoding');
}

/** Inflates with a cap on the output, so a small zip bomb cannot fill memory. */
async function decompress(wire: Uint8Array<ArrayBuffer>, encoding: string, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const format = detectCompression(wire, encoding);
  const stream = new Blob([wire]).stream().pipeThrough(new DecompressionStream(format));
  try {
    return await readCapped(stream, cap, () => tooLarge(`the decompressed request body is larger than ${cap} bytes`));
  } catch (e) {
    if (e instanceof AnalysisError && e.status === 413) throw e;
    throw badRequest(`the ${format} body could not be decompressed (corrupt or truncated)`, 'content-encoding');
  }
}

/**
 * Strict application/x-www-form-urlencoded, straight from the bytes: a `%`
 * must start a two-digit hex escape, and each name and value, once unescaped,
 * must be UTF-8. One pass, no intermediate strings: a 600 kB body (200 kB of
 * text, all escaped) parses in a few milliseconds on the server's thread.
 */
export function parseUrlEncoded(body: string | Uint8Array): FormFields {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const fields = noFields();
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const scratch = new Uint8Array(bytes.length);
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26 /* & */, start);
    if (end < 0) end = bytes.length;
    if (end > start) {
      let eq = bytes.indexOf(0x3d /* = */, start);
      if (eq < 0 || eq > end) eq = end;
      const name = unescapeField(bytes, start, eq, scratch, strict, undefined);
      const value = eq < end ? unescapeField(bytes, eq + 1, end, scratch, strict, name) : '';
      addField(fields, name, value);
    }
    start = end + 1;
  }
  return fields;
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  const lower = b | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function unescapeField(
  bytes: Uint8Array,
  from: number,
  to: number,
  scratch: Uint8Array,
  strict: TextDecoder,
  field: string | undefined,
): string {
  const where = field === undefined ? ' in a field name' : ` in field "${field}"`;
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === 0x25 /* % */) {
      const hi = i + 1 < to ? hexValue(bytes[i + 1]!) : -1;
      const lo = i + 2 < to ? hexValue(bytes[i + 2]!) : -1;
      if (hi < 0 || lo < 0) {
        const shown = new TextDecoder().decode(bytes.subarray(i, Math.min(to, i + 3)));
        throw badRequest(`invalid percent-encoding "${shown}"${where}`, field ?? 'body');
      }
      scratch[n++] = (hi << 4) | lo;
      i += 2;
    } else {
      scratch[n++] = b === 0x2b /* + */ ? 0x20 : b;
    }
  }
  try {
    return strict.decode(scratch.subarray(0, n));
  } catch {
    throw badRequest(`${field === undefined ? 'a field name' : `field "${field}"`} is not valid UTF-8`, field ?? 'body');
  }
}

async function parseMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormFields> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('malformed multipart/form-data body', 'body');
  }
  const parts: Array<[string, FormDataEntryValue]> = [];
  form.forEach((value, name) => parts.push([name, value]));
  const fields = noFields();
  for (const [name, value] of parts) {
    // A part sent as a file still carries a form field; the whole body was checked as UTF-8 above.
    addField(fields, name, typeof value === 'string' ? value : await value.text());
  }
  return fields;
}

/**
 * A field without a name carries nothing a parameter could be read from;
 * some clients send one (the Ruby gem puts its rules under it), so it is
 * dropped rather than refused as an unknown parameter.
 */
function addField(fields: FormFields, name: string, value: string): void {
  if (name === '') return;
  const prior = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (prior === undefined) fields[name] = value;
  else if (Array.isArray(prior)) prior.push(value);
  else fields[name] = [prior, value];
}
