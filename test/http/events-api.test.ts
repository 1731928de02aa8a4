import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, MemoryEventStore, SID_PATTERN, type EventStore } from '../../src/stores/events/index.js';
import { createEventsApi } from '../../src/http/events-api.js';

const TOKEN = 's3cret-admin-token';
const auth = { Authorization: `Bearer ${TOKEN}` };

let store: EventStore;
let app: ReturnType<typeof createEventsApi>;

beforeEach(async () => {
  store = new MemoryEventStore();
  app = createEventsApi(store, { adminToken: TOKEN });
  await store.createService({ name: 'Bunny Fetcher', description: 'fetches bunnies' });
  for (const [hour, status] of [['10', 'up'], ['11', 'warning'], ['12', 'down']]) {
    await store.createEvent('bunny-fetcher', {
      status,
      message: `at ${hour}`,
      timestamp: `2010-06-28T${hour}:00:00Z`,
    });
  }
});

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: any; res: Response }> {
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
}

const post = (path: string, body: Record<string, string | boolean>, json = false, headers: Record<string, string> = auth) =>
  get(path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });

function expectError(r: { status: number; body: any }, code: number, messagePart?: string): void {
  expect(r.status).toBe(code);
  expect(r.body).toMatchObject({ error: true, code });
  expect(typeof r.body.message).toBe('string');
  if (messagePart) expect(r.body.message).toContain(messagePart);
}

const list = async (query = ''): Promise<string[]> => {
  const r = await get(`/api/v1/services/bunny-fetcher/events${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.events.map((e: { message: string }) => e.message);
};

describe('public events routes', () => {
  it('lists events newest first in the spec shape', async () => {
    const r = await get('/api/v1/services/bunny-fetcher/events');
    expect(r.status).toBe(200);
    expect(r.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.body)).toEqual(['events']);
    expect(r.body.events.map((e: { message: string }) => e.message)).toEqual(['at 12', 'at 11', 'at 10']);
    const e = r.body.events[0];
    expect(Object.keys(e).sort()).toEqual(['informational', 'message', 'sid', 'status', 'timestamp', 'url']);
    expect(e.sid).toMatch(SID_PATTERN);
    expect(e).toMatchObject({
      message: 'at 12',
      timestamp: 'Mon, 28 Jun 2010 12:00:00 GMT',
      url: `/api/v1/services/bunny-fetcher/events/${e.sid}`,
      informational: false,
      status: {
        id: 'down',
        name: 'Down',
        description: 'The service is currently down',
        level: 'ERROR',
        image: '/images/icons/fugue/cross-circle.png',
        url: '/api/v1/statuses/down',
      },
    });
  });

  it('filters with inclusive start and end at the exact boundaries', async () => {
    expect(await list('?start=2010-06-28T11:00:00Z')).toEqual(['at 12', 'at 11']);
    expect(await list('?end=2010-06-28T11:00:00Z')).toEqual(['at 11', 'at 10']);
    expect(await list('?start=2010-06-28T11:00:00Z&end=2010-06-28T11:00:00Z')).toEqual(['at 11']);
    expect(await list('?start=2010-06-28T11:00:01Z&end=2010-06-28T11:59:59Z')).toEqual([]);
    // The timestamp as the API shows it works as a bound (RFC 1123, URL-encoded).
    const shown = encodeURIComponent('Mon, 28 Jun 2010 11:00:00 GMT');
    expect(await list(`?start=${shown}&end=${shown}`)).toEqual(['at 11']);
    expect(await list(`?end=${encodeURIComponent('Mon, 28 Jun 2010 06:00:00 -0500')}`)).toEqual(['at 11', 'at 10']);
    expect(await list('?start=2010-06-28')).toEqual(['at 12', 'at 11', 'at 10']);
    expect(await list('?end=2010-06-28')).toEqual([]);
    expect(await list('?start=&end=')).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('pages the list with limit and an opaque cursor, the next page named by Link and X-Next-Cursor', async () => {
    const first = await get('/api/v1/services/bunny-fetcher/events?start=2010-06-28&limit=2');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['events']);
    expect(first.body.events.map((e: { message: string }) => e.message)).toEqual(['at 12', 'at 11']);
    const cursor = first.res.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const link = first.res.headers.get('link');
    expect(link).toBe(`</api/v1/services/bunny-fetcher/events?start=2010-06-28&limit=2&cursor=${cursor}>; rel="next"`);
    const next = await get(/^<([^>]+)>/.exec(link!)![1]!);
    expect(next.body.events.map((e: { message: string }) => e.message)).toEqual(['at 10']);
    expect(next.res.headers.get('link')).toBeNull();
    expect(next.res.headers.get('x-next-cursor')).toBeNull();
    // The whole list in one page: no next.
    expect((await get('/api/v1/services/bunny-fetcher/events')).res.headers.get('link')).toBeNull();
    expect(await list('?limit=3')).toEqual(['at 12', 'at 11', 'at 10']);
    expect(await list('?limit=&cursor=')).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('serves 100 events a page unless asked, at most 1000', async () => {
    for (let i = 0; i < 1000; i++) await store.createEvent('bunny-fetcher', { status: 'up', message: `n${i}`, timestamp: '2010-06-29T00:00:00Z' });
    expect(await list()).toHaveLength(100);
    expect(await list('?limit=1000')).toHaveLength(1000);
    const rest = await get(`/api/v1/services/bunny-fetcher/events?limit=1000`);
    const last = await get(`/api/v1/services/bunny-fetcher/events?limit=1000&cursor=${rest.res.headers.get('x-next-cursor')}`);
    expect(last.body.events.map((e: { message: string }) => e.message)).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('answers 400 naming limit or cursor when they are bad', async () => {
    for (const limit of ['0', '-1', 'abc', '1001', '2.5', '1e3', '99999999999']) {
      expectError(await get(`/api/v1/services/bunny-fetcher/events?limit=${limit}`), 400, 'limit');
    }
    expectError(await get('/api/v1/services/bunny-fetcher/events?cursor=bogus!'), 400, 'cursor');
    expectError(await get('/api/v1/services/bunny-fetcher/events?cursor=AAAA'), 400, 'cursor');
  });

  it('answers 400 naming an unparseable date', async () => {
    const r = await get('/api/v1/services/bunny-fetcher/events?start=not-a-date');
    expectError(r, 400, 'not-a-date');
    expectError(await get('/api/v1/services/bunny-fetcher/events?end=2010-02-30'), 400, '2010-02-30');
  });

  it('gets the current event and one event by sid', async () => {
    const all = (await get('/api/v1/services/bunny-fetcher/events')).body.events;
    const current = await get('/api/v1/services/bunny-fetcher/events/current');
    expect(current.status).toBe(200);
    expect(current.body).toEqual(all[0]);
    const one = await get(all[1].url);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(all[1]);
  });

  it('answers 404 for an unknown service, sid, a sid of another service and an empty current', async () => {
    await store.createService({ name: 'other' });
    const sid = (await get('/api/v1/services/bunny-fetcher/events')).body.events[0].sid;
    expectError(await get('/api/v1/services/ghost/events'), 404, 'ghost');
    expectError(await get('/api/v1/services/ghost/events/current'), 404, 'ghost');
    expectError(await get(`/api/v1/services/ghost/events/${sid}`), 404);
    expectError(await get('/api/v1/services/bunny-fetcher/events/01ARZ3NDEKTSV4RRFFQ69G5FAV'), 404);
    expectError(await get(`/api/v1/services/other/events/${sid}`), 404, sid);
    expectError(await get('/api/v1/services/other/events/current'), 404, 'No current event');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request('/api/v1/services/bunny-fetcher/events', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('answers 405 with Allow for writes on public paths', async () => {
    const sid = (await get('/api/v1/services/bunny-fetcher/events')).body.events[0].sid;
    for (const path of [
      '/api/v1/services',
      '/api/v1/services/bunny-fetcher',
      '/api/v1/services/bunny-fetcher/events',
      '/api/v1/services/bunny-fetcher/events/current',
      `/api/v1/services/bunny-fetcher/events/${sid}`,
      '/api/v1/statuses',
      '/api/v1/statuses/up',
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const r = await get(path, { method });
        expectError(r, 405, method);
        expect(r.res.headers.get('allow')).toBe('GET, HEAD');
      }
    }
    // The public DELETE did nothing.
    expect(await list()).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('answers 404 for an unsupported API version and unknown paths', async () => {
    expectError(await get('/api/v2/services/bunny-fetcher/events'), 404, 'v2');
    expectError(await get('/api/v0/statuses'), 404, 'not supported');
    expectError(await get('/api/v2/services/bunny-fetcher/events', { method: 'POST' }), 404, 'v2');
    expectError(await get('/api/v1/nothing-here'), 404, 'No such resource');
    expectError(await get('/api/v1/services/bunny-fetcher/events/x/y'), 404);
  });
});

describe('services, statuses and levels', () => {
  it('lists and gets services with their current event', async () => {
    await store.createService({ id: 'aaa', name: 'First' });
    const r = await get('/api/v1/services');
    expect(r.status).toBe(200);
    expect(r.body.services.map((s: { id: string }) => s.id)).toEqual(['aaa', 'bunny-fetcher']);
    expect(r.body.services[0]).toEqual({
      id: 'aaa',
      name: 'First',
      description: '',
      url: '/api/v1/services/aaa',
      'current-event': null,
    });
    const one = await get('/api/v1/services/bunny-fetcher');
    expect(one.body).toMatchObject({ id: 'bunny-fetcher', name: 'Bunny Fetcher', description: 'fetches bunnies' });
    expect(one.body['current-event'].message).toBe('at 12');
    expectError(await get('/api/v1/services/ghost'), 404, 'ghost');
  });

  it('lists and gets statuses and levels', async () => {
    const r = await get('/api/v1/statuses');
    expect(r.body.statuses.map((s: { id: string }) => s.id)).toEqual(['up', 'warning', 'down']);
    expect((await get('/api/v1/statuses/warning')).body).toEqual({
      id: 'warning',
      name: 'Warning',
      description: 'The service is experiencing intermittent problems',
      level: 'WARNING',
      image: '/images/icons/fugue/exclamation.png',
      url: '/api/v1/statuses/warning',
    });
    expectError(await get('/api/v1/statuses/ghost'), 404, 'ghost');
    expect((await get('/api/v1/levels')).body).toEqual({ levels: ['NORMAL', 'WARNING', 'ERROR', 'CRITICAL'] });
  });
});

describe('admin routes', () => {
  it('are closed (403) when no admin token is configured', async () => {
    const closed = createEventsApi(store, {});
    const res = await closed.request('/admin/api/v1/services', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: true, code: 403 });
    // Reads still work.
    expect((await closed.request('/api/v1/services/bunny-fetcher/events')).status).toBe(200);
  });

  it('answer 401 without or with a wrong bearer token', async () => {
    const missing = await post('/admin/api/v1/services', { name: 'x' }, false, {});
    expectError(missing, 401, 'Authorization');
    expect(missing.res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expectError(await post('/admin/api/v1/services', { name: 'x' }, false, { Authorization: 'Bearer nope' }), 401);
    expectError(await post('/admin/api/v1/services', { name: 'x' }, false, { Authorization: `Basic ${TOKEN}` }), 401);
    expectError(await post('/admin/api/v1/services', { name: 'x' }, false, { Authorization: `Bearer ${TOKEN}x` }), 401);
    expect((await get('/api/v1/services')).body.services.map((s: { id: string }) => s.id)).toEqual(['bunny-fetcher']);
  });

  it('create a service and a status from a form', async () => {
    const s = await post('/admin/api/v1/services', { name: 'Payments API', description: 'money' });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({
      id: 'payments-api',
      name: 'Payments API',
      description: 'money',
      url: '/api/v1/services/payments-api',
      'current-event': null,
    });
    const st = await post('/admin/api/v1/statuses', { name: 'Maintenance', level: 'WARNING', description: 'planned' });
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ id: 'maintenance', level: 'WARNING', url: '/api/v1/statuses/maintenance' });
    expectError(await post('/admin/api/v1/services', { name: 'Payments API' }), 400, 'already exists');
    expectError(await post('/admin/api/v1/statuses', { name: 'x', level: 'SEVERE' }), 400, 'level');
    expectError(await post('/admin/api/v1/services', { description: 'no name' }), 400, 'name');
  });

  it('create events from a form and from JSON, with timestamp and informational', async () => {
    const form = await post('/admin/api/v1/services/bunny-fetcher/events', {
      status: 'up',
      message: 'Back up',
      timestamp: 'Tue, 29 Jun 2010 08:00:00 +0200',
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body).toMatchObject({
      message: 'Back up',
      timestamp: 'Tue, 29 Jun 2010 06:00:00 GMT',
      informational: false,
      status: { id: 'up' },
    });
    expect(form.body.url).toBe(`/api/v1/services/bunny-fetcher/events/${form.body.sid}`);
    const json = await post(
      '/admin/api/v1/services/bunny-fetcher/events',
      { message: 'Just a note', informational: true, timestamp: '2010-06-29T07:00:00Z' },
      true,
    );
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body).toMatchObject({ informational: true, status: { id: 'up' } }); // kept the current status
    expect((await get('/api/v1/services/bunny-fetcher/events/current')).body).toEqual(json.body);
    const flagForm = await post('/admin/api/v1/services/bunny-fetcher/events', {
      status: 'down',
      message: 'm',
      informational: '1',
    });
    expect(flagForm.body.informational).toBe(true);
  });

  it('create events from multipart form data', async () => {
    const body = new FormData();
    body.set('status', 'warning');
    body.set('message', 'Slow');
    const res = await app.request('/admin/api/v1/services/bunny-fetcher/events', { method: 'POST', headers: auth, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Slow', status: { id: 'warning' } });
  });

  it('refuse bad event input with 400, unknown service or status with 404', async () => {
    const path = '/admin/api/v1/services/bunny-fetcher/events';
    expectError(await post(path, { status: 'up', message: 'x', timestamp: 'soon' }), 400, 'soon');
    expectError(await post(path, { status: 'up' }), 400, 'message');
    expectError(await post(path, { status: 'up', message: 'x', informational: 'maybe' }), 400, 'informational');
    expectError(await post(path, { status: 'exploded', message: 'x' }), 404, 'exploded');
    expectError(await post('/admin/api/v1/services/ghost/events', { status: 'up', message: 'x' }), 404, 'ghost');
    const badJson = await get(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{' });
    expectError(badJson, 400, 'JSON');
    const arrayJson = await get(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '[]' });
    expectError(arrayJson, 400, 'object');
    const xml = await get(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'text/xml' }, body: '<a/>' });
    expectError(xml, 415);
    const huge = await post(path, { status: 'up', message: 'x'.repeat(70 * 1024) });
    expectError(huge, 413);
    expect(await list()).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('refuse form bytes that are not UTF-8 or not percent-encoding with 400, storing nothing', async () => {
    const path = '/admin/api/v1/services/bunny-fetcher/events';
    const form = (body: string | Uint8Array<ArrayBuffer>, type = 'application/x-www-form-urlencoded') =>
      get(path, { method: 'POST', headers: { ...auth, 'Content-Type': type }, body });
    const notUtf8 = await form('status=up&message=caf%E9%ff');
    expectError(notUtf8, 400, 'field "message" is not valid UTF-8');
    expect(notUtf8.body).toEqual({ error: true, code: 400, message: notUtf8.body.message });
    expectError(await form('status=up&message=100%zz'), 400, 'invalid percent-encoding "%zz" in field "message"');
    expectError(await form('status=up&message=50%'), 400, 'invalid percent-encoding "%"');
    // Raw bytes that are not UTF-8 (Latin-1 é), with and without a Content-Type.
    expectError(await form(new Uint8Array([...new TextEncoder().encode('status=up&message=caf'), 0xe9])), 400, 'UTF-8');
    expectError(await form('status=up&message=hi', 'application/x-www-form-urlencoded; charset=iso-8859-1'), 400, 'charset');
    expect(await list()).toEqual(['at 12', 'at 11', 'at 10']);
  });

  it('store a non-ASCII message from a form, escaped or as raw UTF-8, a repeated field keeping its last value', async () => {
    const path = '/admin/api/v1/services/bunny-fetcher/events';
    const form = (body: string) =>
      get(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' }, body });
    const escaped = await form('status=up&message=caf%C3%A9+%E2%9C%93+100%25&timestamp=2010-06-28T13:00:00Z');
    expect(escaped.status, JSON.stringify(escaped.body)).toBe(200);
    expect(escaped.body.message).toBe('café ✓ 100%');
    const raw = await form('status=up&message=Grüße, 東京&timestamp=2010-06-28T14:00:00Z');
    expect(raw.body.message).toBe('Grüße, 東京');
    const repeated = await form('status=up&message=first&message=last&timestamp=2010-06-28T15:00:00Z');
    expect(repeated.body.message).toBe('last');
    expect((await list()).slice(0, 3)).toEqual(['last', 'Grüße, 東京', 'café ✓ 100%']);
  });

  it('delete an event, 404 for an unknown sid or another service', async () => {
    await store.createService({ name: 'other' });
    const [newest] = (await get('/api/v1/services/bunny-fetcher/events')).body.events;
    const del = (service: string, sid: string) =>
      get(`/admin/api/v1/services/${service}/events/${sid}`, { method: 'DELETE', headers: auth });
    expectError(await del('other', newest.sid), 404);
    const ok = await del('bunny-fetcher', newest.sid);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(newest);
    expectError(await get(newest.url), 404);
    expectError(await del('bunny-fetcher', newest.sid), 404);
    expect(await list()).toEqual(['at 11', 'at 10']);
  });

  it('answer 405 for other methods and 404 for other versions', async () => {
    const r = await get('/admin/api/v1/services/bunny-fetcher/events', { method: 'GET', headers: auth });
    expectError(r, 405);
    expect(r.res.headers.get('allow')).toBe('POST');
    expectError(await get('/admin/api/v1/services', { method: 'PUT', headers: auth }), 405);
    const delAllow = await get('/admin/api/v1/services/bunny-fetcher/events/X', { method: 'POST', headers: auth });
    expectError(delAllow, 405);
    expect(delAllow.res.headers.get('allow')).toBe('DELETE');
    expectError(await get('/admin/api/v2/services', { method: 'POST', headers: auth }), 404, 'v2');
  });
});

describe('a store whose database is unavailable', () => {
  it('answers 503 with Retry-After and the store\'s message, for reads and writes', async () => {
    const lost = (): Promise<never> =>
      Promise.reject(new DatabaseUnavailableError('The connection to the database was lost; retry the request', new Error('x')));
    const failing: EventStore = Object.assign(Object.create(store) as EventStore, {
      listEventsPage: lost,
      createEvent: lost,
    });
    const api = createEventsApi(failing, { adminToken: TOKEN });
    for (const res of [
      await api.request('/api/v1/services/bunny-fetcher/events'),
      await api.request('/admin/api/v1/services/bunny-fetcher/events', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'message=hi',
      }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({
        error: true,
        code: 503,
        message: 'The connection to the database was lost; retry the request',
      });
    }
  });
});

describe('mounting', () => {
  it('keeps its routes, errors and auth when mounted into another Hono app', async () => {
    const outer = new Hono();
    outer.post('/', (c) => c.text('analysis'));
    outer.route('/', createEventsApi(store, { adminToken: TOKEN }));
    outer.notFound((c) => c.text('outer 404', 404));
    expect(await (await outer.request('/', { method: 'POST' })).text()).toBe('analysis');
    const events = await outer.request('/api/v1/services/bunny-fetcher/events');
    expect(((await events.json()) as { events: unknown[] }).events).toHaveLength(3);
    const put = await outer.request('/api/v1/services/bunny-fetcher/events', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(await put.json()).toMatchObject({ error: true, code: 405 });
    expect((await outer.request('/api/v2/statuses')).status).toBe(404);
    expect((await outer.request('/admin/api/v1/services', { method: 'POST' })).status).toBe(401);
    const bad = await outer.request('/api/v1/services/bunny-fetcher/events?start=whenever');
    expect(await bad.json()).toMatchObject({ error: true, code: 400 });
  });
});
