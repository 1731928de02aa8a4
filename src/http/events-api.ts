/**
 * The status-events HTTP API (../shared/spec/status-events-api.md) as a Hono
 * app: a web-standard fetch(Request) → Response handler over any EventStore.
 *
 * Public, read-only (GET/HEAD; any other method → 405):
 *   GET /api/v1/services                                   {"services": [Service…]}
 *   GET /api/v1/services/:service                          Service
 *   GET /api/v1/services/:service/events[?start&end]       {"events": [Event…]}, newest first, paged:
 *       [&limit=1…1000 (default 100)&cursor=…]; when more follow, `Link: <…&cursor=…>; rel="next"`
 *       and `X-Next-Cursor` say where the next page is (the body keeps the spec's one member)
 *   GET /api/v1/services/:service/events/current           Event (404 when the service has none)
 *   GET /api/v1/services/:service/events/:sid              Event
 *   GET /api/v1/statuses                                   {"statuses": [Status…]}
 *   GET /api/v1/statuses/:status                           Status
 *   GET /api/v1/levels                                     {"levels": ["NORMAL", …]}
 * Admin (Authorization: Bearer <adminToken>; fields as a form or a JSON object):
 *   POST   /admin/api/v1/services                          name, description?, id?
 *   POST   /admin/api/v1/statuses                          name, level, description?, image?, id?
 *   POST   /admin/api/v1/services/:service/events          message, status?, informational?, timestamp?
 *   DELETE /admin/api/v1/services/:service/events/:sid     → the deleted Event
 * Without an adminToken every /admin route answers 403: writes are off.
 * A wrong or missing token → 401. Creates answer 200 with the created
 * object, as the original service did.
 *
 * Any version other than v1 → 404. Errors: {"error": true, "code": N, "message": "…"};
 * a store that lost its database answers 503 with Retry-After.
 */
import { Hono, type Context } from 'hono';
import { AnalysisError, type ErrorStatus } from '../errors.js';
import { eventToJson, serviceToJson, statusToJson } from '../stores/events/json.js';
import { LEVELS, MAX_PAGE_SIZE, type EventStore } from '../stores/events/store.js';
import { parseUrlEncoded } from './form-body.js';

export interface EventsApiOptions {
  /** Bearer token for /admin routes; without one they are disabled (403). */
  adminToken?: string;
  /** Largest admin request body in bytes. Default 64 KiB. */
  maxBodyBytes?: number;
}

const SUPPORTED_VERSION = 'v1';
const DEFAULT_MAX_BODY = 64 * 1024;

export function createEventsApi(store: EventStore, opts: EventsApiOptions = {}): Hono {
  const app = new Hono();
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const v1 = `/api/${SUPPORTED_VERSION}`;
  const admin = `/admin/api/${SUPPORTED_VERSION}`;

  /** Registers a GET route and a 405 for every other method on its path. */
  const read = (path: string, handler: (c: Context) => Promise<Response>): void => {
    app.get(path, (c) => guarded(c, () => handler(c)));
    app.all(path, (c) => methodNotAllowed(c, 'GET, HEAD'));
  };

  read(`${v1}/services`, async (c) => {
    const services = await store.listServices();
    const withCurrent = await Promise.all(
      services.map(async (s) => serviceToJson(s, await store.currentEvent(s.id))),
    );
    return c.json({ services: withCurrent });
  });

  read(`${v1}/services/:service`, async (c) => {
    const id = c.req.param('service')!;
    const service = await store.getService(id);
    return c.json(serviceToJson(service, await store.currentEvent(id)));
  });

  read(`${v1}/services/:service/events`, async (c) => {
    const start = nonEmpty(c.req.query('start'));
    const end = nonEmpty(c.req.query('end'));
    const limit = pageLimit(nonEmpty(c.req.query('limit')));
    const cursor = nonEmpty(c.req.query('cursor'));
    const page = await store.listEventsPage(c.req.param('service')!, { start, end, limit, cursor });
    if (page.next !== null) {
      // The same request (range, limit) from the next position on, as a relative reference.
      const next = new URL(c.req.url);
      next.searchParams.set('cursor', page.next);
      c.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
      c.header('X-Next-Cursor', page.next);
    }
    return c.json({ events: page.events.map(eventToJson) });
  });

  read(`${v1}/services/:service/events/current`, async (c) => {
    const id = c.req.param('service')!;
    const event = await store.currentEvent(id);
    if (!event) throw new AnalysisError(404, `No current event for service "${id}"`);
    return c.json(eventToJson(event));
  });

  read(`${v1}/services/:service/events/:sid`, async (c) => {
    return c.json(eventToJson(await store.getEvent(c.req.param('service')!, c.req.param('sid')!)));
  });

  read(`${v1}/statuses`, async (c) => c.json({ statuses: (await store.listStatuses()).map(statusToJson) }));

  read(`${v1}/statuses/:status`, async (c) => c.json(statusToJson(await store.getStatus(c.req.param('status')!))));

  read(`${v1}/levels`, async (c) => c.json({ levels: [...LEVELS] }));

  // Admin: authenticate before routing, so an unauthenticated caller learns
  // nothing about which admin paths exist.
  app.use('/admin/*', async (c, next) => {
    if (opts.adminToken === undefined || opts.adminToken === '') {
      return errorResponse(c, 403, 'The admin API is disabled: the server was started without an admin token');
    }
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !sameToken(match[1]!, opts.adminToken)) {
      c.header('WWW-Authenticate', 'Bearer realm="textlens admin"');
      return errorResponse(c, 401, header ? 'Invalid admin token' : 'Missing "Authorization: Bearer <admin token>" header');
    }
    await next();
  });

  const write = (
    method: 'POST' | 'DELETE',
    path: string,
    handler: (c: Context) => Promise<Response>,
  ): void => {
    app.on(method, path, (c) => guarded(c, () => handler(c)));
    app.all(path, (c) => methodNotAllowed(c, method));
  };

  write('POST', `${admin}/services`, async (c) => {
    const f = await readFields(c, maxBody);
    return c.json(
      serviceToJson(
        await store.createService({ name: text(f, 'name') ?? '', description: text(f, 'description'), id: text(f, 'id') }),
        null,
      ),
    );
  });

  write('POST', `${admin}/statuses`, async (c) => {
    const f = await readFields(c, maxBody);
    const status = await store.createStatus({
      name: text(f, 'name') ?? '',
      level: text(f, 'level') ?? '',
      description: text(f, 'description'),
      image: text(f, 'image'),
      id: text(f, 'id'),
    });
    return c.json(statusToJson(status));
  });

  write('POST', `${admin}/services/:service/events`, async (c) => {
    const f = await readFields(c, maxBody);
    const event = await store.createEvent(c.req.param('service')!, {
      status: nonEmpty(text(f, 'status')),
      message: text(f, 'message') ?? '',
      informational: flag(f, 'informational'),
      timestamp: nonEmpty(text(f, 'timestamp')),
    });
    return c.json(eventToJson(event));
  });

  write('DELETE', `${admin}/services/:service/events/:sid`, async (c) => {
    return c.json(eventToJson(await store.deleteEvent(c.req.param('service')!, c.req.param('sid')!)));
  });

  // Everything else under our prefixes: an unsupported version or an unknown path.
  const fallback = (c: Context): Response => {
    const version = /^\/(?:admin\/)?api\/([^/]+)/.exec(c.req.path)?.[1];
    if (version !== undefined && version !== SUPPORTED_VERSION) {
      return errorResponse(c, 404, `API version "${version}" is not supported; use ${SUPPORTED_VERSION}`);
    }
    return errorResponse(c, 404, `No such resource: ${c.req.path}`);
  };
  app.all('/api/*', fallback);
  app.all('/admin/*', fallback);

  return app;
}

async function guarded(c: Context, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof AnalysisError) return errorResponse(c, e.status, e.message);
    // A store failure (database down, disk full): do not leak its details.
    console.error('events API:', e);
    return errorResponse(c, 500, 'Internal error in the events store');
  }
}

function errorResponse(c: Context, code: ErrorStatus, message: string): Response {
  // 503 is a store whose database is restarting or unreachable: worth a retry.
  if (code === 503) c.header('Retry-After', '1');
  return c.json({ error: true, code, message }, code);
}

function methodNotAllowed(c: Context, allow: string): Response {
  c.header('Allow', allow);
  return errorResponse(c, 405, `Method ${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}`);
}

/** The `limit` query parameter as a number; its range is the store's to check. */
function pageLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value.trim())) {
    throw new AnalysisError(400, `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${JSON.stringify(value)})`, 'limit');
  }
  return Number(value.trim());
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Compares every character so the time taken does not reveal a prefix match. */
function sameToken(given: string, expected: string): boolean {
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    diff |= (given.charCodeAt(i % Math.max(1, given.length)) || 0) ^ expected.charCodeAt(i);
  }
  return diff === 0;
}

type Fields = Record<string, unknown>;

/**
 * An admin body: application/json object, urlencoded form or multipart form.
 * A form is read by the analysis API's strict parser: a `%` that does not
 * start a two-digit escape, or escaped bytes that are not UTF-8, are a 400,
 * never stored as typed or with replacement characters.
 */
async function readFields(c: Context, maxBody: number): Promise<Fields> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > maxBody) throw new AnalysisError(413, `Request body is larger than ${maxBody} bytes`);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxBody) throw new AnalysisError(413, `Request body is larger than ${maxBody} bytes`);
  const contentType = (c.req.header('content-type') ?? '').toLowerCase();
  const type = contentType.split(';')[0]!.trim();
  const charset = /;\s*charset="?([^";\s]+)"?/.exec(contentType)?.[1];
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new AnalysisError(400, `The body must be UTF-8 encoded, but Content-Type says charset=${charset}`, 'charset');
  }
  if (bytes.byteLength === 0) return {};
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    // A repeated field keeps its last value, as it always has here.
    const fields: Fields = Object.create(null) as Fields;
    for (const [name, value] of Object.entries(parseUrlEncoded(bytes))) {
      fields[name] = Array.isArray(value) ? value[value.length - 1] : value;
    }
    return fields;
  }
  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AnalysisError(400, 'Request body is not valid UTF-8');
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new AnalysisError(400, 'Request body is not valid JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new AnalysisError(400, 'Request body must be a JSON object');
    }
    return parsed as Fields;
  }
  if (type === 'multipart/form-data') {
    const form = await new Response(bytes, { headers: { 'content-type': c.req.header('content-type')! } })
      .formData()
      .catch(() => {
        throw new AnalysisError(400, 'Malformed multipart body');
      });
    const fields: Fields = {};
    form.forEach((value, key) => {
      if (typeof value === 'string' && !(key in fields)) fields[key] = value;
    });
    return fields;
  }
  throw new AnalysisError(415, `Unsupported Content-Type "${type}": send a form or application/json`);
}

function text(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AnalysisError(400, `"${name}" must be a string`, name);
  return value;
}

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off', '']);

/** A boolean field: JSON true/false, or a form value such as "true"/"false"/"1"/"0". */
function flag(fields: Fields, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined || value === null || typeof value === 'boolean') return value ?? undefined;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
  }
  throw new AnalysisError(400, `"${name}" must be true or false (got ${JSON.stringify(value)})`, name);
}
