/**
 * Shared by the per-client tests: an app with one API key and the real
 * analyzer in-process, the form encoders of each client's language (written
 * here from each language's documented rules, so the bytes on the wire match
 * what the client sends), and response decoding by Content-Encoding.
 */
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { createInProcessRunner } from '../../../src/http/analysis-runner.js';
import { createApp, type TextlensApp } from '../../../src/http/app.js';

export const KEY = 'client-test-key';

/** Two sentences, so that document-wide word positions differ from in-sentence ones. */
export const TEXT = 'Barclays misled shareholders in London. Angela Merkel visited Paris on Monday.';

export function clientApp(): TextlensApp {
  return createApp({
    keys: [{ key: KEY, name: 'client tests', dailyQuota: 1000, maxConcurrent: 4 }],
    // The dictionaries the clients' option tests select (entities.dictionaries).
    runner: createInProcessRunner({ dictionaries: { my_people: [{ id: 'merkel', text: ['Angela Merkel'], types: ['Person'] }], my_places: [{ id: 'paris', text: ['Paris'] }] } }),
  });
}

export interface Reply {
  status: number;
  headers: Headers;
  json: Record<string, unknown>;
}

/** Sends `req` and decodes the body as the client would (gzip or deflate by Content-Encoding). */
export async function send(app: TextlensApp, req: Request): Promise<Reply> {
  const res = await app.fetch(req);
  const bytes = Buffer.from(await res.arrayBuffer());
  const enc = res.headers.get('content-encoding');
  const raw = enc === 'gzip' ? gunzipSync(bytes) : enc === 'deflate' ? inflateDeflate(bytes) : bytes;
  return { status: res.status, headers: res.headers, json: JSON.parse(raw.toString('utf8')) as Record<string, unknown> };
}

function inflateDeflate(b: Buffer): Buffer {
  try {
    return inflateSync(b);
  } catch {
    return inflateRawSync(b);
  }
}

/** Percent-encodes UTF-8 bytes of `s`, leaving `safe` characters, with space as '+'. */
function formEncode(s: string, safe: RegExp): string {
  let out = '';
  for (const ch of s) {
    if (ch === ' ') out += '+';
    else if (safe.test(ch)) out += ch;
    else for (const b of Buffer.from(ch, 'utf8')) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Python 3 urllib.parse.urlencode (quote_plus): unreserved A-Z a-z 0-9 _.-~; bools as True/False. */
export function pythonUrlencode(pairs: ReadonlyArray<readonly [string, string | boolean]>): string {
  const q = (s: string) => formEncode(s, /^[A-Za-z0-9_.\-~]$/);
  return pairs.map(([k, v]) => `${q(k)}=${q(typeof v === 'boolean' ? (v ? 'True' : 'False') : v)}`).join('&');
}

/** java.net.URLEncoder.encode(s, "UTF-8"): unreserved A-Z a-z 0-9 .-*_. */
export function javaUrlEncode(s: string): string {
  return formEncode(s, /^[A-Za-z0-9.\-*_]$/);
}

/** PHP urlencode(): unreserved A-Z a-z 0-9 -_. (a '~' is encoded). */
export function phpUrlencode(s: string): string {
  return formEncode(s, /^[A-Za-z0-9\-_.]$/);
}

/** Ruby URI.encode_www_form_component (what RestClient uses for a Hash payload): unreserved *-._ A-Z a-z 0-9. */
export function rubyFormEncode(s: string): string {
  return formEncode(s, /^[A-Za-z0-9*\-._]$/);
}

/**
 * The `qs` package's stringify as Node's `request` calls it for `form:`
 * (RFC 3986 percent-encoding, space as %20; arrays as key[0]=…&key[1]=…
 * with the brackets encoded).
 */
export function qsStringify(obj: Record<string, string | string[]>): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (Array.isArray(v)) v.forEach((item, i) => parts.push(`${enc(`${k}[${i}]`)}=${enc(item)}`));
    else parts.push(`${enc(k)}=${enc(v)}`);
  }
  return parts.join('&');
}

export type Json = Record<string, unknown>;

export const payloadOf = (r: Reply): Json => r.json.response as Json;
export const entitiesOf = (r: Reply): Json[] => (payloadOf(r).entities ?? []) as Json[];
export const sentencesOf = (r: Reply): Array<{ position: number; words: Json[] }> =>
  (payloadOf(r).sentences ?? []) as Array<{ position: number; words: Json[] }>;
/** All words in document order: the list every client indexes by position. */
export const flatWords = (r: Reply): Json[] => sentencesOf(r).flatMap((s) => s.words);

/** Asserts that `obj` has each of `fields` (a value other than undefined). */
export function expectFields(obj: Json, fields: readonly string[], what: string): void {
  for (const f of fields) expect(obj[f], `${what}.${f}`).toBeDefined();
}

/**
 * The check every client's linking code relies on: an entity's tokens,
 * looked up by position in the document's flat word list, spell its text.
 */
export function expectEntityTokensLinkToTheirWords(r: Reply): void {
  const words = flatWords(r);
  const entities = entitiesOf(r);
  expect(entities.length).toBeGreaterThan(1);
  for (const e of entities) {
    const linked = (e.matchingTokens as number[]).map((p) => words[p]);
    expect(linked.every((w) => w !== undefined)).toBe(true);
    expect(linked.map((w) => w.token).join(' ')).toBe(e.matchedText);
    expect(linked[0].startingPos).toBe(e.startingPos);
  }
}

/** Words' positions are their index in the flat list, and parents point inside the same sentence. */
export function expectDocumentWidePositions(r: Reply): void {
  const words = flatWords(r);
  words.forEach((w, i) => expect(w.position).toBe(i));
  for (const s of sentencesOf(r)) {
    const first = s.words[0].position as number;
    const last = s.words[s.words.length - 1].position as number;
    for (const w of s.words) {
      const p = w.parentPosition as number | undefined;
      if (p !== undefined && p >= 0) {
        expect(p).toBeGreaterThanOrEqual(first);
        expect(p).toBeLessThanOrEqual(last);
      }
    }
  }
}
