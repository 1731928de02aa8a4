/**
 * What the stored-resource APIs share (custom dictionaries under /entities/,
 * classifiers under /categories/): the hosted API's clients call both the same
 * way, so both answer the same way —
 *   - the key in X-TextRazor-Key (or ?apiKey), 401 when keys are on and it is
 *     missing or unknown; resources belong to the key that stored them, under
 *     the owner id `ownerResolver` makes (a SHA-256 of the key, never the key);
 *   - paths may start with "//" (the PHP client joins an endpoint ending in
 *     "/" with "/entities/…"), segments are percent-decoded one by one (an
 *     entry id may hold an encoded '/'), a trailing '/' is ignored;
 *   - every success is 200 with the analysis API's envelope, errors carry
 *     their status (respond() in app.ts);
 *   - `_all` pages take limit (0 = the default page: the Ruby gem sends
 *     limit=0&offset=0 when its caller gives none) and offset.
 * The routes themselves (what each method does to a dictionary or a
 * classifier) stay in dictionaries-api.ts and categories-api.ts.
 */
import { Hono } from 'hono';
import { AnalysisError, badRequest } from '../errors.js';
import { readBodyBytes, type BodyLimits } from './form-body.js';
import type { KeyRegistry } from './keys.js';

/** Default and largest `limit` of GET /{resource}/{id}/_all. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 10_000;

/** Owner of the stored resources when the server runs without API keys (--no-auth): one shared space. */
export const NO_AUTH_OWNER = 'no-auth';

/** A dictionary or classifier id. */
const RESOURCE_ID = /^[A-Za-z0-9_.-]{1,200}$/;

export type ManagementResult = { body: Record<string, unknown> } | { error: unknown };
export type ManagementRespond = (req: Request, result: ManagementResult, seconds: number) => Response;

export interface ManagementAuth {
  keys: KeyRegistry | undefined;
  owner: (key: string | undefined) => Promise<string>;
}

/** A management call, authorised, with its store, owner and decoded path segments after the resource name. */
export interface ManagementCall<Store> {
  url: URL;
  method: string;
  store: Store;
  owner: string;
  segments: string[];
}

/** The store's owner of an API key: a SHA-256 hex digest, cached (computed once per key). */
export function ownerResolver(authOn: boolean): (key: string | undefined) => Promise<string> {
  const cache = new Map<string, string>();
  return async (key) => {
    if (!authOn || key === undefined) return NO_AUTH_OWNER;
    let owner = cache.get(key);
    if (!owner) {
      const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
      owner = Buffer.from(digest).toString('hex');
      cache.set(key, owner);
    }
    return owner;
  };
}

/** A Hono app answering every method on /{resource}, /{resource}/*, and the same after "//". */
export function managementApp(resource: string, route: (req: Request) => Promise<Record<string, unknown>>, respond: ManagementRespond): Hono {
  const api = new Hono();
  const handle = async (req: Request): Promise<Response> => {
    const t0 = performance.now();
    try {
      return respond(req, { body: await route(req) }, (performance.now() - t0) / 1000);
    } catch (error) {
      return respond(req, { error }, (performance.now() - t0) / 1000);
    }
  };
  for (const path of [`/${resource}`, `/${resource}/*`, `//${resource}`, `//${resource}/*`]) api.all(path, (c) => handle(c.req.raw));
  return api;
}

/**
 * Checks the key, then the store (`noStore`: the 404 message when the server
 * keeps none), and reads the path. Key first: an unauthorised caller learns
 * nothing about the server's stores.
 */
export async function openManagementCall<Store>(
  req: Request,
  auth: ManagementAuth,
  store: Store | undefined,
  noStore: string,
): Promise<ManagementCall<Store>> {
  const url = new URL(req.url);
  const key = req.headers.get('x-textrazor-key') || url.searchParams.get('apiKey') || undefined;
  if (auth.keys) {
    if (key === undefined) throw new AnalysisError(401, 'missing API key: send it in the X-TextRazor-Key header', 'apiKey');
    if (!auth.keys.has(key)) throw new AnalysisError(401, 'invalid API key', 'apiKey');
  }
  if (store === undefined) throw new AnalysisError(404, noStore);
  const owner = await auth.owner(key);
  let segments: string[];
  try {
    segments = url.pathname
      .replace(/^\/+/, '')
      .split('/')
      .slice(1)
      .map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest('the path is not valid percent-encoded UTF-8');
  }
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  return { url, method: req.method, store, owner, segments };
}

/** 400 unless `id` is a valid dictionary or classifier id; `noun` names it in the message. */
export function checkResourceId(id: string, noun: string): void {
  if (!RESOURCE_ID.test(id)) throw badRequest(`${noun} id '${id}' must be 1 to 200 letters, digits, '_', '.' or '-'`, 'id');
}

export function methodNotAllowed(method: string, path: string, allowed: string): AnalysisError {
  return new AnalysisError(405, `method ${method} is not allowed on ${path}: use ${allowed}`);
}

/** limit and offset of an `_all` page; limit=0 is the default page. */
export function pageOf(url: URL): { limit: number; offset: number } {
  const limit = pageParam(url, 'limit', DEFAULT_PAGE, 0, MAX_PAGE) || DEFAULT_PAGE;
  const offset = pageParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  return { limit, offset };
}

function pageParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max === Number.MAX_SAFE_INTEGER ? 'any' : max}, got '${raw}'`, name);
  }
  return n;
}

/** The body as UTF-8 text within `limits` (gzip or zlib bodies are inflated by readBodyBytes). */
export async function readTextBody(req: Request, limits: BodyLimits): Promise<string> {
  const bytes = await readBodyBytes(req, limits);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('the body is not valid UTF-8', 'body');
  }
}
