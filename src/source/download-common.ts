/**
 * What both ways of downloading a caller's `url` share (the guarded Node
 * download in fetch-url.ts and the caller-supplied fetch of
 * fetch-delegated.ts): options, result, limits and the checks on a URL and
 * its body. Platform-free.
 */
import { AnalysisError, badRequest } from '../errors.js';
import { decodeBody } from './charset.js';
import type { FetchFunction } from '../resources/url-loader.js';

export interface FetchOptions {
  /** User-Agent header; the spec's `download.userAgent`. */
  userAgent?: string;
  /** Total time for DNS, connect, redirects and body, in ms. Default 15 000. */
  timeoutMs?: number;
  /** Body bytes kept (after content decoding); the rest is cut off. Default 2 MB. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /**
   * Hostnames, IPs or CIDRs that may be reached even though they are private
   * (tests, trusted intranets). Empty by default: only public addresses.
   */
  allowHosts?: readonly string[];
  /**
   * Download through this fetch instead of textlens's own guarded download.
   * The caller's fetch decides what may be reached (no private-address check
   * is made here): it is how a browser, which has no guarded download, reads
   * `url` at all.
   */
  fetch?: FetchFunction;
}

export interface FetchedPage {
  /** The URL as requested. */
  url: string;
  /** The URL after redirects. */
  finalUrl: string;
  status: number;
  contentType: string;
  isHtml: boolean;
  body: string;
  /** True when the body was cut at `maxBytes`; callers should say so. */
  truncated: boolean;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

export function parseHttpUrl(text: string, original: string): URL {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw badRequest(`url ${original} is not a valid absolute URL`, 'url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    const where = text === original ? '' : ` (redirected to ${text})`;
    throw badRequest(`url ${original}${where}: only http and https URLs can be fetched, not ${u.protocol.replace(/:$/, '')}`, 'url');
  }
  if (u.username || u.password) {
    throw badRequest(`url ${original}: URLs with credentials are not fetched`, 'url');
  }
  return u;
}

/** A cut can split a multi-byte character; drop the partial tail so it does not decode to U+FFFD. */
export function trimPartialUtf8(bytes: Uint8Array): Uint8Array {
  let i = bytes.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (bytes[i] & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return bytes;
  const lead = bytes[i];
  const need = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
  return need > back ? bytes.subarray(0, i) : bytes;
}

export function looksLikeHtml(contentType: string, bytes: Uint8Array): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return true;
  if (type && type !== 'application/octet-stream') return false;
  const head = String.fromCharCode(...bytes.subarray(0, 512)).trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

export function isTextual(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === '' || type.startsWith('text/') || /[/+](xml|json)$/.test(type);
}

/**
 * The page of a successful answer, whichever way it was downloaded: refused
 * unless it is text or HTML, decoded by its charset.
 */
export function pageFromBody(
  answer: { url: string; finalUrl: string; status: number; contentType: string },
  bytes: Uint8Array,
  truncated: boolean,
): FetchedPage {
  const { url, contentType } = answer;
  const isHtml = looksLikeHtml(contentType, bytes);
  if (!isHtml && !isTextual(contentType)) throw badRequest(`url ${url}: content type ${contentType} is not text or HTML`, 'url');
  return { ...answer, isHtml, body: decodeBody(bytes, contentType, isHtml).text, truncated };
}

/** What a failed download becomes: its own AnalysisError, a timeout, or a 400 with the cause. */
export function downloadFailure(e: unknown, url: string, timedOut: boolean, timeoutMs: number, cause: string): AnalysisError {
  if (e instanceof AnalysisError) return e;
  if (timedOut) return badRequest(`url ${url}: no complete answer within ${timeoutMs} ms (timeout)`, 'url');
  return badRequest(`url ${url} could not be fetched: ${cause}`, 'url');
}
