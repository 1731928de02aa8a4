/**
 * Which character encoding a downloaded body is in, and decoding it.
 *
 * Order of evidence, as browsers do: a byte-order mark, then the charset of
 * the Content-Type header, then a <meta> declaration near the start of an
 * HTML page, then UTF-8.
 */

/** The `charset` parameter of a Content-Type header value, if any. */
export function charsetFromContentType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  for (const param of contentType.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param.slice(eq + 1).trim().replace(/^["']|["']$/g, '').trim();
    if (value) return value.toLowerCase();
  }
  return undefined;
}

/** How many leading bytes are searched for a <meta> charset (the HTML spec's prescan uses 1024). */
export const META_PRESCAN_BYTES = 4096;

/**
 * The charset declared by `<meta charset=…>` or
 * `<meta http-equiv="Content-Type" content="…; charset=…">` in the first
 * bytes of a page. This is a prescan of the raw bytes before any parse, not
 * HTML processing: the bytes cannot be parsed until their encoding is known.
 * Bytes are read as Latin-1 so that every ASCII-compatible encoding scans alike.
 */
export function charsetFromMeta(bytes: Uint8Array): string | undefined {
  const head = latin1(bytes.subarray(0, META_PRESCAN_BYTES));
  const metaTag = /<meta\b([^>]*)>/gi;
  for (let m = metaTag.exec(head); m; m = metaTag.exec(head)) {
    const attrs = m[1];
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(attrs);
    if (direct && !/\bcontent\s*=/i.test(attrs.slice(0, direct.index))) return direct[1].toLowerCase();
    if (/\bhttp-equiv\s*=\s*["']?\s*content-type/i.test(attrs)) {
      const content = /\bcontent\s*=\s*(["'])(.*?)\1/i.exec(attrs) ?? /\bcontent\s*=\s*([^\s>]+)/i.exec(attrs);
      const value = content ? content[content.length - 1] : '';
      const cs = /charset\s*=\s*["']?([\w.:-]+)/i.exec(value);
      if (cs) return cs[1].toLowerCase();
    }
    if (direct) return direct[1].toLowerCase();
  }
  return undefined;
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
}

function charsetFromBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

export interface DecodedBody {
  text: string;
  /** The label the body was decoded with (normalized by TextDecoder). */
  charset: string;
}

/**
 * Decodes a downloaded body. Unlike request text, a page from the web is not
 * the caller's fault when it holds bad bytes, so invalid sequences become
 * U+FFFD instead of failing the request; an unknown label falls back to UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | undefined, isHtml: boolean): DecodedBody {
  const label =
    charsetFromBom(bytes) ?? charsetFromContentType(contentType) ?? (isHtml ? charsetFromMeta(bytes) : undefined) ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // Node's TextDecoder decodes the windows-1252 family (which the Encoding
  // standard also uses for "latin1" and "iso-8859-1") as plain ISO-8859-1,
  // turning 0x80–0x9F into C1 controls instead of € ‚ ƒ „ … ™ and friends.
  if (decoder.encoding === 'windows-1252') return { text: decodeWindows1252(bytes), charset: 'windows-1252' };
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}

/** Code points of windows-1252 bytes 0x80–0x9F (undefined bytes map to the C1 control, as the Encoding standard does). */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const chunk: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    chunk.push(b >= 0x80 && b < 0xa0 ? WINDOWS_1252_C1[b - 0x80] : b);
    if (chunk.length === 8192) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}
