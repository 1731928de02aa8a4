/**
 * The guarded download of a caller's `url` (the spec's `url` parameter).
 *
 * Uses node:http/https rather than global fetch because fetch cannot be told
 * which address to connect to: we resolve the host ourselves, refuse private
 * and metadata addresses, and then connect to exactly the address we checked
 * (the `lookup` option), so a DNS answer that changes between the check and
 * the connect (DNS rebinding) cannot redirect us inward. Redirects are
 * followed by hand so that every hop goes through the same check.
 *
 * Errors the caller can cause (bad scheme, unreachable host, timeout, refused
 * address, non-2xx answer) are AnalysisError 400: the spec lists only 400, 401
 * and 413, and a URL that cannot be fetched is a request the service cannot
 * process as given, like a malformed parameter.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { badRequest } from '../errors.js';
import { AllowList, blockedReason } from './address-guard.js';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  DEFAULT_MAX_REDIRECTS,
  downloadFailure,
  pageFromBody,
  parseHttpUrl,
  trimPartialUtf8,
  type FetchedPage,
  type FetchOptions,
} from './download-common.js';

export { DEFAULT_FETCH_TIMEOUT_MS, DEFAULT_MAX_DOWNLOAD_BYTES, DEFAULT_MAX_REDIRECTS, type FetchedPage, type FetchOptions };

export const DEFAULT_USER_AGENT = `textlens/${packageVersion()} (+offline text analysis; downloads the url given by its caller)`;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function fetchUrl(url: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allow = new AllowList(opts.allowHosts ?? []);
  const signal = AbortSignal.timeout(timeoutMs);
  const userAgent = opts.userAgent?.trim() || DEFAULT_USER_AGENT;

  let current = parseHttpUrl(url, url);
  try {
    for (let hop = 0; ; hop++) {
      const addresses = await resolveChecked(current, allow, signal, url);
      const res = await request(current, addresses, userAgent, signal);
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location) {
        res.resume();
        if (hop >= maxRedirects) {
          throw badRequest(`url ${url}: more than ${maxRedirects} redirects`, 'url');
        }
        current = parseHttpUrl(new URL(location, current).toString(), url);
        continue;
      }
      const status = res.statusCode ?? 0;
      if (status < 200 || status > 299) {
        res.resume();
        throw badRequest(`url ${url}: the server answered HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`, 'url');
      }
      const contentType = String(res.headers['content-type'] ?? '');
      const { bytes, truncated } = await readCapped(decompressed(res), maxBytes, signal);
      return pageFromBody({ url, finalUrl: current.toString(), status, contentType }, bytes, truncated);
    }
  } catch (e) {
    throw downloadFailure(e, url, signal.aborted, timeoutMs, describe(e));
  }
}

/** Resolves the host and returns the addresses that may be connected to, after the SSRF check. */
async function resolveChecked(u: URL, allow: AllowList, signal: AbortSignal, original: string): Promise<LookupAddress[]> {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const hostAllowed = allow.allowsHost(host);
  let addresses: LookupAddress[];
  const family = isIP(host);
  if (family) {
    addresses = [{ address: host, family }];
  } else {
    addresses = await abortable(dnsLookup(host, { all: true, verbatim: true }), signal).catch((e: unknown) => {
      if (signal.aborted) throw e;
      throw badRequest(`url ${original}: host ${host} could not be resolved (${describe(e)})`, 'url');
    });
    if (addresses.length === 0) throw badRequest(`url ${original}: host ${host} has no address`, 'url');
  }
  // Every address must pass, not just the first: otherwise a host with one
  // public and one private record could be used to probe inward.
  if (!hostAllowed) {
    for (const a of addresses) {
      const why = blockedReason(a.address);
      if (why && !allow.allowsAddress(a.address)) {
        const hop = u.toString() === original ? '' : ` (redirected to ${u.toString()})`;
        throw badRequest(`url ${original}${hop} resolves to a private address (${a.address}: ${why}) and is not fetched`, 'url');
      }
    }
  }
  return addresses;
}

function request(u: URL, addresses: LookupAddress[], userAgent: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      u,
      {
        method: 'GET',
        signal,
        headers: {
          'user-agent': userAgent,
          accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
        },
        // Connect only to addresses that passed the check, never to a fresh
        // DNS answer. With `all` (Node's happy-eyeballs connect) every checked
        // address is offered, so a host whose IPv6 address is unreachable
        // still connects over IPv4.
        lookup: ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          if (options?.all) cb(null, addresses);
          else cb(null, addresses[0].address, addresses[0].family);
        }) as unknown as typeof import('node:dns').lookup,
        agent: false,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

function decompressed(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  return res;
}

/** Reads at most `maxBytes`, then stops the transfer instead of reading on. */
async function readCapped(stream: Readable, maxBytes: number, signal: AbortSignal): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const onAbort = (): void => {
    stream.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    stream.destroy();
  }
  let bytes: Uint8Array = Buffer.concat(chunks, size);
  // A cut can split a multi-byte character; drop the partial tail so it does
  // not decode to U+FFFD.
  if (truncated) bytes = trimPartialUtf8(bytes);
  return { bytes, truncated };
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describe(e: unknown): string {
  if (e && typeof e === 'object') {
    const err = e as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof err.code === 'string' ? err.code : undefined;
    const msg = typeof err.message === 'string' ? err.message : String(e);
    return code && !msg.includes(code) ? `${code}: ${msg}` : msg;
  }
  return String(e);
}

function packageVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('../../package.json') as { version?: string };
    return pkg.version ?? '0';
  } catch {
    return '0';
  }
}
