/**
 * The web-standard handler for both HTTP APIs: `fetch(Request) → Response`,
 * mountable in Node (node-server.ts), Bun, Deno or an edge runtime.
 *
 *   POST /                      the analysis API (form fields, API key, gzip both ways)
 *   GET /account/               the key's plan, quota and live counters (account-api.ts)
 *   /entities/…                 the key's stored custom dictionaries (dictionaries-api.ts)
 *   /categories/…               the key's stored classifiers (categories-api.ts)
 *   /api/v1/…, /admin/api/v1/…  the status-events API (events-api.ts), when a store is given
 *
 * Nothing here imports a Node API: where analysis runs is the `runner`'s
 * business (a worker pool in Node, in-process elsewhere).
 */
import { Hono, type Context } from 'hono';
import type { AnalyzerConfig } from '../analyzer.js';
import { AnalysisError, badRequest } from '../errors.js';
import type { EventStore } from '../stores/events/store.js';
import { errorEnvelope } from '../response.js';
import type { FlatOptions } from '../types.js';
import type { DictionaryStore } from '../stores/dictionaries/store.js';
import { createAccountApi } from './account-api.js';
import { StoredDictionaryResolver } from './compiled-dictionaries.js';
import { createDictionariesApi } from './dictionaries-api.js';
import { ownerResolver } from './management-api.js';
import { createCategoriesApi } from './categories-api.js';
import { StoredClassifierResolver } from './stored-classifiers.js';
import type { ClassifierStore } from '../stores/classifiers/store.js';
import { createInProcessRunner, type AnalysisRunner } from './analysis-runner.js';
import { DEFAULT_RESPONSE_SHAPE, type ResponseShape } from './client-compat.js';
import { createEventsApi } from './events-api.js';
import { DEFAULT_BODY_LIMITS, readFormBody, type BodyLimits, type FormFields } from './form-body.js';
import { KeyRegistry, type ApiKeySpec, type KeyLease } from './keys.js';

export interface AppOptions {
  /**
   * API keys of the analysis API. Required unless `auth` is false: a server
   * without keys and without an explicit opt-out would serve nobody.
   */
  keys?: readonly ApiKeySpec[] | KeyRegistry;
  /** `false` serves the analysis API without API keys. Only an explicit false disables auth. */
  auth?: boolean;
  /** Where analysis runs. Default: in-process with `analyzer` (no timeout; see createInProcessRunner). */
  runner?: AnalysisRunner;
  /** Analyzer settings for the default in-process runner. */
  analyzer?: AnalyzerConfig;
  /** The events store; without one the events API is not mounted. */
  events?: EventStore;
  /** Bearer token for the events API's /admin routes; without one they are closed. */
  adminToken?: string;
  /**
   * Where the dictionary API (/entities/…) keeps each key's dictionaries,
   * which `entities.dictionaries` then selects; without one those routes
   * answer 404. The app closes it.
   */
  dictionaryStore?: DictionaryStore;
  /**
   * Where the classifier API (/categories/…) keeps each key's classifiers,
   * which `classifiers` then names; without one those routes answer 404. The
   * app closes it.
   */
  classifierStore?: ClassifierStore;
  /** Body size caps; see DEFAULT_BODY_LIMITS. */
  limits?: Partial<BodyLimits>;
  /**
   * The analysis response's shape: 'hosted' (default) adds the hosted API's
   * field names and numbers words across the document, as the hosted API's
   * client libraries expect; 'spec' is exactly the spec's JSON. See client-compat.ts.
   */
  responseShape?: ResponseShape;
}

export interface TextlensApp {
  fetch(req: Request): Promise<Response>;
  /**
   * Resolves once the analyzer(s) are loaded, so the first requests do not pay
   * the start-up. Rejects with the start-up error (503) when they cannot be
   * loaded; the worker pool keeps retrying, answering 503 meanwhile.
   */
  ready(): Promise<void>;
  /** Stops the runner (terminating workers) and closes the events store; the app owns both. */
  close(): Promise<void>;
  /** The Hono app, to mount under another Hono app or add middleware. */
  readonly hono: Hono;
  /** Usage counters of the API keys (undefined when auth is off). */
  readonly keys?: KeyRegistry;
}

export function createApp(opts: AppOptions = {}): TextlensApp {
  const authOn = opts.auth !== false;
  let keys: KeyRegistry | undefined;
  if (authOn) {
    if (!opts.keys) {
      throw new Error('createApp: no API keys given; pass keys, or auth: false to serve the analysis API without keys');
    }
    keys = opts.keys instanceof KeyRegistry ? opts.keys : new KeyRegistry(opts.keys);
  }
  const runner = opts.runner ?? createInProcessRunner(opts.analyzer);
  const limits: BodyLimits = { ...DEFAULT_BODY_LIMITS, ...opts.limits };
  const shape = opts.responseShape ?? DEFAULT_RESPONSE_SHAPE;
  const store = opts.dictionaryStore;
  const resolver = store ? new StoredDictionaryResolver(store) : undefined;
  const owner = ownerResolver(authOn);
  const classifierStore = opts.classifierStore;
  const classifierResolver = classifierStore ? new StoredClassifierResolver(classifierStore) : undefined;

  const app = new Hono();

  app.post('/', (c) => analyzeRoute(c.req.raw, { keys, runner, limits, shape, resolver, store, owner, classifierResolver, classifierStore }));
  app.all('/', (c) => {
    const method = c.req.method;
    return envelopeResponse(c.req.raw, new AnalysisError(405, `method ${method} is not allowed on /: send POST with form fields`), 0, {
      allow: 'POST',
    });
  });

  app.route(
    '/',
    createAccountApi(keys, (req, result, seconds) =>
      'account' in result
        ? jsonResponse(req, 200, JSON.stringify({ time: Math.round(seconds * 1e4) / 1e4, ok: true, error: '', message: '', response: result.account }))
        : envelopeResponse(req, result.error, seconds, isMethodError(result.error) ? { allow: 'GET' } : {}),
    ),
  );

  app.route(
    '/',
    createDictionariesApi({ keys, store, resolver, owner }, (req, result, seconds) =>
      'body' in result
        ? jsonResponse(req, 200, JSON.stringify({ time: Math.round(seconds * 1e4) / 1e4, ok: true, error: '', message: '', ...result.body }))
        : envelopeResponse(req, result.error, seconds),
    ),
  );

  app.route(
    '/',
    createCategoriesApi({ keys, store: classifierStore, resolver: classifierResolver, owner }, (req, result, seconds) =>
      'body' in result
        ? jsonResponse(req, 200, JSON.stringify({ time: Math.round(seconds * 1e4) / 1e4, ok: true, error: '', message: '', ...result.body }))
        : envelopeResponse(req, result.error, seconds),
    ),
  );

  if (opts.events) app.route('/', createEventsApi(opts.events, { adminToken: opts.adminToken }));

  // The analysis API's envelope, which the clients parse; the events API answers its own 404s in its own shape.
  app.notFound((c) =>
    envelopeResponse(c.req.raw, new AnalysisError(404, `no route for ${c.req.method} ${new URL(c.req.url).pathname}: the analysis API is POST /, dictionaries are under /entities/, classifiers under /categories/, the account is GET /account/`), 0),
  );
  app.onError((err, c: Context) => envelopeResponse(c.req.raw, err, 0));

  return {
    fetch: async (req) => app.fetch(req),
    ready: async () => {
      await runner.ready?.();
      if (runner.failure) throw runner.failure;
    },
    async close() {
      await runner.close();
      await opts.events?.close();
      await store?.close();
      await classifierStore?.close();
    },
    hono: app,
    keys,
  };
}

interface AnalyzeDeps {
  keys: KeyRegistry | undefined;
  runner: AnalysisRunner;
  limits: BodyLimits;
  shape: ResponseShape;
  resolver: StoredDictionaryResolver | undefined;
  store: DictionaryStore | undefined;
  owner: (key: string | undefined) => Promise<string>;
  classifierResolver: StoredClassifierResolver | undefined;
  classifierStore: ClassifierStore | undefined;
}

function isMethodError(e: unknown): boolean {
  return e instanceof AnalysisError && e.status === 405;
}

async function analyzeRoute(req: Request, { keys, runner, limits, shape, resolver, store, owner, classifierResolver, classifierStore }: AnalyzeDeps): Promise<Response> {
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  let lease: KeyLease | undefined;
  let callerKey: string | undefined;
  try {
    // An empty header counts as absent: some clients always send it.
    const headerKey = req.headers.get('x-textrazor-key') || undefined;
    // A bad header key is refused before the body is read and decompressed.
    if (keys && headerKey !== undefined && !keys.has(headerKey)) keys.admit(headerKey);

    const fields = await readFormBody(req, limits);
    const fieldKey = Object.hasOwn(fields, 'apiKey') ? fields.apiKey : undefined;
    if (Array.isArray(fieldKey)) throw badRequest('the apiKey field is given more than once', 'apiKey');
    if (fieldKey !== undefined && headerKey !== undefined && fieldKey !== headerKey) {
      throw badRequest('the apiKey field and the X-TextRazor-Key header name different keys; send one', 'apiKey');
    }
    callerKey = headerKey ?? fieldKey;
    if (keys) lease = keys.admit(callerKey);

    const options = analysisOptions(fields);
    // The caller's stored dictionaries among the requested ids; the rest are the analyzer's own.
    const ids = requestedDictionaries(options);
    const stored = resolver && ids.length > 0 ? await resolver.refs(await owner(callerKey), ids) : undefined;
    // And its stored classifiers among the named ones; the built-in and registered ones are the analyzer's.
    const classifierIds = listField(options, 'classifiers');
    const classifiers = classifierResolver && classifierIds.length > 0 ? await classifierResolver.refs(await owner(callerKey), classifierIds) : undefined;
    return jsonResponse(req, 200, await runner.run(options, shape, stored, classifiers?.length ? classifiers : undefined));
  } catch (e) {
    if (store && isUnknownDictionary(e)) {
      return envelopeResponse(req, await withStoredDictionaries(e, store, await owner(callerKey)), seconds());
    }
    if (classifierStore && e instanceof AnalysisError && e.status === 400 && e.message.startsWith('unknown classifier ')) {
      return envelopeResponse(req, await withStoredClassifiers(e, classifierStore, await owner(callerKey)), seconds());
    }
    return envelopeResponse(req, e, seconds());
  } finally {
    lease?.release();
  }
}

/**
 * The form fields less `apiKey`, as the analyzer's options. Prototype-free
 * like the fields themselves: a field named `toString` or `__proto__` stays
 * an own string, which the analyzer refuses as an unknown parameter.
 */
function analysisOptions(fields: FormFields): FlatOptions {
  const options = Object.create(null) as FlatOptions;
  for (const [name, value] of Object.entries(fields)) if (name !== 'apiKey') options[name] = value;
  return options;
}

/**
 * `entities.dictionaries` ids as the request parser reads them: comma-separated,
 * repeatable, trimmed, also spelled `entities.dictionaries[]` / `[0]` (qs- and
 * PHP-style encoders; hosted-parameters.ts `listParameterName`).
 */
function requestedDictionaries(options: FlatOptions): string[] {
  return listField(options, 'entities.dictionaries');
}

/** A list field's values as the request parser reads them (see requestedDictionaries). */
function listField(options: FlatOptions, field: string): string[] {
  const ids = new Set<string>();
  for (const [name, value] of Object.entries(options)) {
    if (name !== field && !(name.startsWith(`${field}[`) && /^\[\d*\]$/.test(name.slice(field.length)))) continue;
    if (typeof value !== 'string' && !Array.isArray(value)) continue;
    for (const v of Array.isArray(value) ? value : [value]) for (const part of v.split(',')) if (part.trim()) ids.add(part.trim());
  }
  return [...ids];
}

function isUnknownDictionary(e: unknown): e is AnalysisError {
  return e instanceof AnalysisError && e.status === 400 && e.message.startsWith('unknown dictionary ');
}

/**
 * The analyzer's "unknown dictionary" error knows only the dictionaries given
 * at start-up; over HTTP the caller's own stored ones matter as much, and how
 * to make one.
 */
async function withStoredDictionaries(e: AnalysisError, store: DictionaryStore, owner: string): Promise<AnalysisError> {
  let stored: string[];
  try {
    stored = (await store.list(owner)).map((d) => d.id);
  } catch {
    return e;
  }
  const hint =
    stored.length > 0
      ? `This API key's stored dictionaries: ${stored.join(', ')}.`
      : 'This API key has no stored dictionaries: create one with PUT /entities/{id}, then add entries with POST /entities/{id}/.';
  return new AnalysisError(400, `${e.message}. ${hint}`, e.culprit);
}

/** As withStoredDictionaries, for a classifier id the caller has not stored. */
async function withStoredClassifiers(e: AnalysisError, store: ClassifierStore, owner: string): Promise<AnalysisError> {
  let stored: string[];
  try {
    stored = (await store.list(owner)).map((c) => c.id);
  } catch {
    return e;
  }
  const hint =
    stored.length > 0
      ? `This API key's stored classifiers: ${stored.join(', ')}.`
      : 'This API key has no stored classifiers: create one with PUT /categories/{id} and a list of {categoryId, label, query}.';
  return new AnalysisError(400, `${e.message}. ${hint}`, e.culprit);
}

function envelopeResponse(req: Request, err: unknown, seconds: number, headers: Record<string, string> = {}): Response {
  const { status, body } = errorEnvelope(err, seconds);
  const extra: Record<string, string> = { ...headers };
  // Transient refusals: say when to come back.
  if (status === 429 || status === 503) extra['retry-after'] = '1';
  return jsonResponse(req, status, JSON.stringify(body), extra);
}

/**
 * Successes are gzipped when the client accepts it; errors never are: the
 * official clients read an error body raw (Python prints the bytes, Java's
 * getResponseBody() hands them on), so a gzipped error reaches the user as
 * binary noise. Error bodies are a few hundred bytes anyway.
 */
function jsonResponse(req: Request, status: number, json: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Response {
  const h = new Headers({ 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', ...headers });
  if (status >= 400 || !acceptsGzip(req.headers.get('accept-encoding'))) return new Response(json, { status, headers: h });
  h.set('content-encoding', 'gzip');
  const body = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(body, { status, headers: h });
}

/** True when Accept-Encoding lists gzip (or `*`) with a non-zero q-value. */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  for (const item of header.split(',')) {
    const [coding = '', ...params] = item.trim().toLowerCase().split(';');
    const name = coding.trim();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}
