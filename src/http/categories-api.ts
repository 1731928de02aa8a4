/**
 * Classifier management over HTTP, as the hosted API's clients call it
 * (ClassifierManager in textrazor-python textrazor.py, textrazor-java
 * src/com/textrazor/classifier/, textrazor-php TextRazor.php; their code is
 * not copied):
 *
 *   PUT    /categories/{id}                 create or replace: a JSON list of
 *                                           {categoryId, label?, query?}, or CSV
 *                                           (Content-Type application/csv or text/csv)
 *   GET    /categories/                     the key's classifiers {id, size}
 *   GET    /categories/{id}                 one classifier {id, size}
 *   DELETE /categories/{id}                 delete it and its categories
 *   GET    /categories/{id}/_all?limit&offset   {categories, total, limit, offset}
 *   GET    /categories/{id}/{categoryId}    one category
 *   DELETE /categories/{id}/{categoryId}    delete one category
 *
 * As the dictionary API (dictionaries-api.ts, whose conventions these follow):
 * classifiers belong to the API key that created them (stored under a
 * SHA-256 of the key), every success is 200 with the analysis API's envelope
 * and the payload under `response`, any Content-Type other than CSV is read
 * as JSON, paths may start with "//" (PHP), bodies may be gzip or zlib. The
 * built-in classifier names cannot be stored. Queries: src/classify/query/README.md.
 */
import { Hono } from 'hono';
import { AnalysisError, badRequest } from '../errors.js';
import { BUILTIN_CLASSIFIER, HOSTED_MEDIATOPICS } from '../classify/classifier-set.js';
import type { CategoryDefinition } from '../classify/query/classifier.js';
import { definitionsFromCsv, definitionsFromJson } from '../classify/query/definitions.js';
import type { ClassifierStore, StoredClassifier } from '../stores/classifiers/store.js';
import { readBodyBytes, type BodyLimits } from './form-body.js';
import type { KeyRegistry } from './keys.js';
import type { StoredClassifierResolver } from './stored-classifiers.js';

/** Default and largest `limit` of GET /categories/{id}/_all. */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 10_000;
/** 1,000 categories with 2,000-character queries. */
export const CATEGORY_BODY_LIMITS: BodyLimits = { maxCompressedBytes: 4 << 20, maxBodyBytes: 8 << 20 };

const ID = /^[A-Za-z0-9_.-]{1,200}$/;
const RESERVED = new Set([BUILTIN_CLASSIFIER, HOSTED_MEDIATOPICS]);

export type CategoriesApiResult = { body: Record<string, unknown> } | { error: unknown };

export interface CategoriesApiDeps {
  keys: KeyRegistry | undefined;
  /** Undefined: the routes answer 404 saying the server keeps no classifiers. */
  store: ClassifierStore | undefined;
  resolver: StoredClassifierResolver | undefined;
  owner: (key: string | undefined) => Promise<string>;
}

export function classifierJson(c: StoredClassifier): Record<string, unknown> {
  return { id: c.id, size: c.size };
}

export function categoryJson(c: CategoryDefinition): Record<string, unknown> {
  return { categoryId: c.categoryId, label: c.label, query: c.query };
}

export function createCategoriesApi(deps: CategoriesApiDeps, respond: (req: Request, result: CategoriesApiResult, seconds: number) => Response): Hono {
  const api = new Hono();
  const handle = async (req: Request): Promise<Response> => {
    const t0 = performance.now();
    try {
      return respond(req, { body: await route(req, deps) }, (performance.now() - t0) / 1000);
    } catch (error) {
      return respond(req, { error }, (performance.now() - t0) / 1000);
    }
  };
  for (const path of ['/categories', '/categories/*', '//categories', '//categories/*']) api.all(path, (c) => handle(c.req.raw));
  return api;
}

function methodNotAllowed(method: string, path: string, allowed: string): AnalysisError {
  return new AnalysisError(405, `method ${method} is not allowed on ${path}: use ${allowed}`);
}

async function route(req: Request, deps: CategoriesApiDeps): Promise<Record<string, unknown>> {
  const url = new URL(req.url);
  const key = req.headers.get('x-textrazor-key') || url.searchParams.get('apiKey') || undefined;
  if (deps.keys) {
    if (key === undefined) throw new AnalysisError(401, 'missing API key: send it in the X-TextRazor-Key header', 'apiKey');
    if (!deps.keys.has(key)) throw new AnalysisError(401, 'invalid API key', 'apiKey');
  }
  const { store, resolver } = deps;
  if (!store) {
    throw new AnalysisError(404, 'this server keeps no stored classifiers (start textlens serve with a store, or pass classifierStore to createApp)');
  }
  const owner = await deps.owner(key);
  const method = req.method;
  const segments = url.pathname.replace(/^\/+/, '').split('/').slice(1);
  let segs: string[];
  try {
    segs = segments.map((s) => decodeURIComponent(s));
  } catch {
    throw badRequest('the path is not valid percent-encoded UTF-8');
  }
  if (segs.length > 0 && segs[segs.length - 1] === '') segs.pop();

  if (segs.length === 0) {
    if (method !== 'GET') throw methodNotAllowed(method, '/categories/', 'GET to list your classifiers, PUT /categories/{id} to create one');
    return { classifiers: (await store.list(owner)).map(classifierJson) };
  }
  const id = segs[0]!;
  if (!ID.test(id)) throw badRequest(`classifier id '${id}' must be 1 to 200 letters, digits, '_', '.' or '-'`, 'id');
  const missing = () => new AnalysisError(404, `no classifier '${id}' for this API key`);

  if (segs.length === 1) {
    switch (method) {
      case 'PUT': {
        if (RESERVED.has(id)) throw badRequest(`classifier id '${id}' is reserved for the built-in IPTC classifier`, 'id');
        const categories = await readDefinitions(req, `classifier '${id}'`);
        const stored = await store.replace(owner, id, categories);
        resolver?.forget(owner, id);
        return { response: classifierJson(stored) };
      }
      case 'GET': {
        const c = (await store.list(owner)).find((x) => x.id === id);
        if (!c) throw missing();
        return { response: classifierJson(c) };
      }
      case 'DELETE':
        if (!(await store.remove(owner, id))) throw missing();
        resolver?.forget(owner, id);
        return {};
      default:
        throw methodNotAllowed(method, `/categories/${id}`, 'PUT, GET or DELETE');
    }
  }
  if (segs.length === 2) {
    const categoryId = segs[1]!;
    if (categoryId === '_all') {
      if (method !== 'GET') throw methodNotAllowed(method, `/categories/${id}/_all`, 'GET');
      // limit=0 is the default page, as in the dictionary API.
      const limit = pageParam(url, 'limit', DEFAULT_PAGE, 0, MAX_PAGE) || DEFAULT_PAGE;
      const offset = pageParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
      const page = await store.categories(owner, id, limit, offset);
      if (!page) throw missing();
      return { response: { classifierId: id, categories: page.categories.map(categoryJson), total: page.total, limit, offset } };
    }
    const noCategory = () => new AnalysisError(404, `no category '${categoryId}' in classifier '${id}'`);
    if (method === 'GET') {
      const c = await store.category(owner, id, categoryId);
      if (!c) {
        if ((await store.revisions(owner, [id])).size === 0) throw missing();
        throw noCategory();
      }
      return { response: categoryJson(c) };
    }
    if (method === 'DELETE') {
      const outcome = await store.removeCategory(owner, id, categoryId);
      if (outcome === 'no-classifier') throw missing();
      if (outcome === 'no-category') throw noCategory();
      resolver?.forget(owner, id);
      return {};
    }
    throw methodNotAllowed(method, `/categories/${id}/{categoryId}`, 'GET or DELETE');
  }
  throw new AnalysisError(404, `no route for ${method} ${url.pathname}`);
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

/** The body as CSV when its Content-Type says csv, else as JSON (the Python and PHP clients label JSON variously). */
async function readDefinitions(req: Request, where: string): Promise<CategoryDefinition[]> {
  const bytes = await readBodyBytes(req, CATEGORY_BODY_LIMITS);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('the body is not valid UTF-8', 'body');
  }
  if (text.trim() === '') throw badRequest(`${where}: the body is empty: send a JSON list of categories, or CSV rows categoryId,label,query`, 'body');
  if ((req.headers.get('content-type') ?? '').toLowerCase().includes('csv')) return definitionsFromCsv(text, where);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest(`${where}: the body is not valid JSON (${(e as Error).message}); CSV needs Content-Type application/csv`, 'body');
  }
  return definitionsFromJson(body, where);
}
