/**
 * The text a caller sends: bytes that must be UTF-8, and a size limit.
 */
import { badRequest, tooLarge } from '../errors.js';

/**
 * The spec allows "up to 200kb" of text per request. We read "kb" as
 * kibibytes of UTF-8 (200 × 1024 bytes): the spec says the text is UTF-8 and
 * limits the request, so the byte length of the encoded text is what counts,
 * not the number of characters. Text of exactly this many bytes is accepted.
 */
export const MAX_TEXT_BYTES = 200 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Decodes request bytes as strict UTF-8. Invalid sequences are the caller's
 * fault (the spec: 400 when "the content is not UTF-8 encoded"), so they are
 * reported, never silently replaced by U+FFFD.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest(`text is not valid UTF-8 (at byte ${firstInvalidUtf8Byte(bytes)})`, 'text');
  }
}

/** Throws 413 when the UTF-8 encoding of `text` is longer than MAX_TEXT_BYTES. */
export function checkTextSize(text: string, limit: number = MAX_TEXT_BYTES): void {
  // Cheap exits first: every UTF-16 unit encodes to 1..3 bytes.
  if (text.length <= limit / 3) return;
  const bytes = utf8ByteLength(text);
  if (bytes > limit) {
    throw tooLarge(`text is ${bytes} bytes of UTF-8; at most ${limit} bytes (200kb) are processed per request`);
  }
}

/** UTF-8 byte length without allocating the encoded copy. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3; // lone surrogate: encoded as U+FFFD
    } else bytes += 3;
  }
  return bytes;
}

/** Offset of the first byte that makes `bytes` invalid UTF-8, for the error message. */
function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let need: number;
    let min: number;
    if (b < 0x80) { i++; continue; }
    else if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; min = 0x800; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; min = 0x10000; }
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return i;
}
