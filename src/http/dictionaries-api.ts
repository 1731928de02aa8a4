/**
 * Custom-dictionary management over HTTP, as the hosted API's clients call it:
 *
 *   PUT    /entities/{id}              create (or replace) with matchType, caseInsensitive, language
 *   GET    /entities/                  list the key's dictionaries
 *   GET    /entities/{id}              one dictionary
 *   DELETE /entities/{id}              delete it and its entries
 *   POST   /entities/{id}/             add entries (a JSON list, at most 20 000 per request)
 *   GET    /entities/{id}/_all?limit&offset   {entries, total, limit, offset}
 *   GET    /entities/{id}/{entryId}    one entry
 *   DELETE /entities/{id}/{entryId}    delete one entry
 *
 * Read from the clients (their code is not copied): textrazor-python
 * textrazor.py `DictionaryManager` (JSON bodies sent with urllib's form
 * Content-Type, zlib-compressed and labelled Content-Encoding: gzip when over
 * 50 bytes; `all_dictionaries` reads a top-level `dictionaries`, the others
 * `response`; entries in batches of 20 000), textrazor-java
 * src/com/textrazor/dictionary/DictionaryManager.java (Content-Type
 * application/json on every call, GET and DELETE included; model/
 * AllDictionariesResponse.java reads top-level `dictionaries`, DictionaryEntry
 * has `String text`, PagedAllEntries total/limit/offset/entries), and
 * textrazor-php TextRazor.php `DictionaryManager` (paths "/entities/…" after
 * an endpoint ending in "/", so "//entities/…"; any status but 200 is an
 * exception), and the `textrazor` Ruby gem (andhapp/textrazor,
 * lib/textrazor/request.rb: X-Textrazor-Key, JSON bodies without a
 * Content-Type, `_all?limit=0&offset=0` by default). Hence: every success is 200, any Content-Type is read as JSON,
 * paths may start with "//", and a single surface form goes back as a string.
 *
 * Dictionaries belong to the API key that created them (stored under a
 * SHA-256 of the key, never the key itself); another key does not see them.
 * Management calls are not counted against the key's daily quota or
 * concurrency (as GET /account/).
 */
import { AnalysisError, badRequest } from '../errors.js';
import { checkSource } from '../dictionaries/parse.js';
import type { DictionaryEntry, DictionarySettings, DictionarySource } from '../dictionaries/entries.js';
import type { DictionaryStore, StoredDictionary } from '../stores/dictionaries/store.js';
import type { StoredDictionaryResolver } from './compiled-dictionaries.js';
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

/** Entries one POST may add (the hosted API's batch size, which its Python client batches by). */
export const MAX_ENTRIES_PER_BATCH = 20_000;
/** 20 000 entries with data run to several MB. */
export const DICTIONARY_BODY_LIMITS: BodyLimits = { maxCompressedBytes: 16 << 20, maxBodyBytes: 64 << 20 };

const RESERVED_ENTRY_IDS = new Set(['_all']);

export interface DictionariesApiDeps extends ManagementAuth {
  /** Undefined: the routes answer 404 saying the server keeps no dictionaries. */
  store: DictionaryStore | undefined;
  resolver: StoredDictionaryResolver | undefined;
}

export function dictionaryJson(d: StoredDictionary): Record<string, unknown> {
  return { id: d.id, matchType: d.matchType, caseInsensitive: d.caseInsensitive, language: d.language, size: d.size };
}

/** An entry as the clients read it: `text` a string (Java's `String text`) unless it has several forms. */
export function entryJson(e: DictionaryEntry): Record<string, unknown> {
  const out: Record<string, unknown> = { id: e.id, text: e.text.length === 1 ? e.text[0] : e.text, data: e.data ?? {} };
  if (e.types) out.types = e.types;
  return out;
}

export function createDictionariesApi(deps: DictionariesApiDeps, respond: ManagementRespond) {
  return managementApp('entities', (req) => route(req, deps), respond);
}

async function route(req: Request, deps: DictionariesApiDeps): Promise<Record<string, unknown>> {
  const { url, method, store, owner, segments: segs } = await openManagementCall(
    req,
    deps,
    deps.store,
    'this server keeps no stored dictionaries (start textlens serve with a store, or pass dictionaryStore to createApp)',
  );
  const { resolver } = deps;

  if (segs.length === 0) {
    if (method !== 'GET') throw methodNotAllowed(method, '/entities/', 'GET to list your dictionaries, PUT /entities/{id} to create one');
    return { dictionaries: (await store.list(owner)).map(dictionaryJson) };
  }
  const id = segs[0]!;
  checkResourceId(id, 'dictionary');
  const missing = () => new AnalysisError(404, `no dictionary '${id}' for this API key`);

  if (segs.length === 1) {
    switch (method) {
      case 'PUT': {
        const settings = settingsFromBody(id, await readJson(req, true));
        return { response: dictionaryJson(await store.create(owner, id, settings)) };
      }
      case 'GET': {
        const d = await store.get(owner, id);
        if (!d) throw missing();
        return { response: dictionaryJson(d) };
      }
      case 'DELETE':
        if (!(await store.remove(owner, id))) throw missing();
        resolver?.forget(owner, id);
        return {};
      case 'POST': {
        const entries = entriesFromBody(id, await readJson(req, false));
        const d = await store.addEntries(owner, id, entries);
        if (!d) throw missing();
        return { response: { ...dictionaryJson(d), added: entries.length } };
      }
      default:
        throw methodNotAllowed(method, `/entities/${id}`, 'PUT, GET, DELETE, or POST to /entities/{id}/ to add entries');
    }
  }
  if (segs.length === 2) {
    const entryId = segs[1]!;
    if (entryId === '_all') {
      if (method !== 'GET') throw methodNotAllowed(method, `/entities/${id}/_all`, 'GET');
      const { limit, offset } = pageOf(url);
      const page = await store.entries(owner, id, limit, offset);
      if (!page) throw missing();
      return { response: { entries: page.entries.map(entryJson), total: page.total, limit, offset } };
    }
    if (method === 'GET') {
      const e = await store.entry(owner, id, entryId);
      if (!e) {
        if (!(await store.get(owner, id))) throw missing();
        throw new AnalysisError(404, `no entry '${entryId}' in dictionary '${id}'`);
      }
      return { response: entryJson(e) };
    }
    if (method === 'DELETE') {
      const outcome = await store.removeEntry(owner, id, entryId);
      if (outcome === 'no-dictionary') throw missing();
      if (outcome === 'no-entry') throw new AnalysisError(404, `no entry '${entryId}' in dictionary '${id}'`);
      return {};
    }
    throw methodNotAllowed(method, `/entities/${id}/{entryId}`, 'GET or DELETE');
  }
  throw new AnalysisError(404, `no route for ${method} ${url.pathname}`);
}

/**
 * The body as JSON whatever its Content-Type: the Python and PHP clients label
 * their JSON as a form. An empty body is `{}` where `emptyIsObject` (PHP's
 * createDictionary without settings sends "{}", others may send nothing).
 */
async function readJson(req: Request, emptyIsObject: boolean): Promise<unknown> {
  const text = await readTextBody(req, DICTIONARY_BODY_LIMITS);
  if (text.trim() === '') {
    if (emptyIsObject) return {};
    throw badRequest('the body is empty: send a JSON list of entries', 'body');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest(`the body is not valid JSON (${(e as Error).message})`, 'body');
  }
}

function settingsFromBody(id: string, body: unknown): DictionarySettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('the body must be a JSON object: {"matchType": "token"|"stem", "caseInsensitive": true|false, "language": "eng"|"any"}', 'body');
  }
  const o = body as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!['id', 'matchType', 'caseInsensitive', 'language'].includes(k)) {
      throw badRequest(`unknown field '${k}': a dictionary has id, matchType, caseInsensitive and language`, k);
    }
  }
  if (o.id !== undefined && o.id !== id) throw badRequest(`the body's id '${String(o.id)}' differs from the path's '${id}'`, 'id');
  // checkSource validates settings as the file formats do (same messages, status 400).
  const raw = { matchType: o.matchType, caseInsensitive: o.caseInsensitive, language: o.language, entries: [] };
  const checked = checkSource(raw as unknown as DictionarySource, `'${id}'`);
  const s: DictionarySettings = { matchType: checked.matchType!, caseInsensitive: checked.caseInsensitive!, language: checked.language! };
  // A stem match ignores case: say so, as the hosted API documents ("implicitly sets caseInsensitive").
  return s.matchType === 'stem' ? { ...s, caseInsensitive: true } : s;
}

function entriesFromBody(id: string, body: unknown): DictionaryEntry[] {
  if (!Array.isArray(body)) throw badRequest('the body must be a JSON list of entries: [{"id": "…", "text": "…", "data": {"key": ["value"]}}]', 'body');
  if (body.length === 0) throw badRequest('the list of entries is empty', 'body');
  if (body.length > MAX_ENTRIES_PER_BATCH) {
    throw badRequest(`${body.length} entries in one request; send at most ${MAX_ENTRIES_PER_BATCH} per request`, 'body');
  }
  // Entries without an id get a generated one, as the hosted API documents.
  const withIds = body.map((e: unknown) =>
    typeof e === 'object' && e !== null && !Array.isArray(e) && (e as { id?: unknown }).id === undefined
      ? { ...(e as object), id: globalThis.crypto.randomUUID() }
      : e,
  );
  const { entries } = checkSource({ entries: withIds as DictionaryEntry[] }, `'${id}'`);
  for (const e of entries) {
    if (RESERVED_ENTRY_IDS.has(e.id)) throw badRequest(`entry id '${e.id}' is reserved (GET /entities/{id}/_all lists entries)`, 'id');
  }
  return entries;
}
