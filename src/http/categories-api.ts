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
 * As the dictionary API (the conventions both share live in management-api.ts):
 * classifiers belong to the API key that created them (stored under a
 * SHA-256 of the key), every success is 200 with the analysis API's envelope
 * and the payload under `response`, any Content-Type other than CSV is read
 * as JSON, paths may start with "//" (PHP), bodies may be gzip or zlib. The
 * built-in classifier names cannot be stored. Queries: src/classify/query/README.md.
 */
import { AnalysisError, badRequest } from '../errors.js';
import { BUILTIN_CLASSIFIER, HOSTED_MEDIATOPICS } from '../classify/classifier-set.js';
import type { CategoryDefinition } from '../classify/query/classifier.js';
import { definitionsFromCsv, definitionsFromJson } from '../classify/query/definitions.js';
import type { ClassifierStore, StoredClassifier } from '../stores/classifiers/store.js';
import type { BodyLimits } from './form-body.js';
import {
  checkResourceId,
  managementApp,
  methodNotAllowed,
  openManagementCall,
  pageOf,
  readTextBody,
  type ManagementAuth,
  type ManagementRespond,
} from './management-api.js';
import type { StoredClassifierResolver } from './stored-classifiers.js';

/** 1,000 categories with 2,000-character queries. */
export const CATEGORY_BODY_LIMITS: BodyLimits = { maxCompressedBytes: 4 << 20, maxBodyBytes: 8 << 20 };

const RESERVED = new Set([BUILTIN_CLASSIFIER, HOSTED_MEDIATOPICS]);

export interface CategoriesApiDeps extends ManagementAuth {
  /** Undefined: the routes answer 404 saying the server keeps no classifiers. */
  store: ClassifierStore | undefined;
  resolver: StoredClassifierResolver | undefined;
}

export function classifierJson(c: StoredClassifier): Record<string, unknown> {
  return { id: c.id, size: c.size };
}

export function categoryJson(c: CategoryDefinition): Record<string, unknown> {
  return { categoryId: c.categoryId, label: c.label, query: c.query };
}

export function createCategoriesApi(deps: CategoriesApiDeps, respond: ManagementRespond) {
  return managementApp('categories', (req) => route(req, deps), respond);
}

async function route(req: Request, deps: CategoriesApiDeps): Promise<Record<string, unknown>> {
  const { url, method, store, owner, segments: segs } = await openManagementCall(
    req,
    deps,
    deps.store,
    'this server keeps no stored classifiers (start textlens serve with a store, or pass classifierStore to createApp)',
  );
  const { resolver } = deps;

  if (segs.length === 0) {
    if (method !== 'GET') throw methodNotAllowed(method, '/categories/', 'GET to list your classifiers, PUT /categories/{id} to create one');
    return { classifiers: (await store.list(owner)).map(classifierJson) };
  }
  const id = segs[0]!;
  checkResourceId(id, 'classifier');
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
      const { limit, offset } = pageOf(url);
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

/** The body as CSV when its Content-Type says csv, else as JSON (the Python and PHP clients label JSON variously). */
async function readDefinitions(req: Request, where: string): Promise<CategoryDefinition[]> {
  const text = await readTextBody(req, CATEGORY_BODY_LIMITS);
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
