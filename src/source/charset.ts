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
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}
