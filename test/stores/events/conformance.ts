/**
 * The behaviour every EventStore backend must have. Each backend's test file
 * calls runEventStoreConformance with a factory that returns a fresh, empty
 * store; the suite closes the store after each test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_STATUSES,
  EventsNotFoundError,
  InvalidDateError,
  InvalidEventInputError,
  MAX_PAGE_SIZE,
  SID_PATTERN,
  eventToJson,
  type EventPage,
  type EventPageQuery,
  type EventRecord,
  type EventStore,
} from '../../../src/stores/events/index.js';

const T = (iso: string): Date => new Date(iso);

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

export function runEventStoreConformance(name: string, makeStore: () => Promise<EventStore>): void {
  describe(`EventStore conformance: ${name}`, () => {
    let store: EventStore;
    const open = async (): Promise<EventStore> => {
      store = await makeStore();
      return store;
    };
    afterEach(async () => {
      await store?.close();
    });

    /** A service with events at 10:00, 11:00 and 12:00 UTC on 28 June 2010. */
    async function threeEvents(s: EventStore): Promise<EventRecord[]> {
      await s.createService({ name: 'Bunny Fetcher' });
      const out: EventRecord[] = [];
      for (const [hour, status] of [['10', 'up'], ['11', 'warning'], ['12', 'down']] as const) {
        out.push(
          await s.createEvent('bunny-fetcher', {
            status,
            message: `at ${hour}`,
            timestamp: T(`2010-06-28T${hour}:00:00Z`),
          }),
        );
      }
      return out;
    }
    const messages = (events: EventRecord[]): string[] => events.map((e) => e.message);

    describe('statuses', () => {
      it('starts with the default statuses, ordered by level', async () => {
        const s = await open();
        expect(await s.listStatuses()).toEqual([...DEFAULT_STATUSES]);
        expect(await s.getStatus('down')).toEqual({
          id: 'down',
          name: 'Down',
          description: 'The service is currently down',
          level: 'ERROR',
          image: '/images/icons/fugue/cross-circle.png',
        });
      });

      it('creates a status with a slug id, a normalised level and a default image', async () => {
        const s = await open();
        const created = await s.createStatus({ name: 'On Fire', description: 'Flames', level: 'critical' });
        expect(created).toEqual({
          id: 'on-fire',
          name: 'On Fire',
          description: 'Flames',
          level: 'CRITICAL',
          image: '/images/icons/fugue/minus-circle.png',
        });
        expect(await s.getStatus('on-fire')).toEqual(created);
        expect((await s.listStatuses()).map((x) => x.id)).toEqual(['up', 'warning', 'down', 'on-fire']);
      });

      it('refuses an unknown level, a duplicate id and an empty name', async () => {
        const s = await open();
        expect(await rejection(s.createStatus({ name: 'x', level: 'SEVERE' }))).toBeInstanceOf(InvalidEventInputError);
        const dup = await rejection(s.createStatus({ name: 'Down', level: 'ERROR' }));
        expect(dup).toBeInstanceOf(InvalidEventInputError);
        expect((dup as Error).message).toContain('already exists');
        expect(await rejection(s.createStatus({ name: '  ', level: 'ERROR' }))).toBeInstanceOf(InvalidEventInputError);
      });

      it('reports an unknown status as not found', async () => {
        const s = await open();
        const e = await rejection(s.getStatus('nope'));
        expect(e).toBeInstanceOf(EventsNotFoundError);
        expect((e as EventsNotFoundError).status).toBe(404);
      });
    });

    describe('services', () => {
      it('creates, gets and lists services by id', async () => {
        const s = await open();
        expect(await s.listServices()).toEqual([]);
        await s.createService({ name: 'Zebra API', description: 'stripes' });
        await s.createService({ id: 'alpha', name: 'Alpha' });
        expect(await s.getService('zebra-api')).toEqual({ id: 'zebra-api', name: 'Zebra API', description: 'stripes' });
        expect((await s.listServices()).map((x) => x.id)).toEqual(['alpha', 'zebra-api']);
      });

      it('refuses a duplicate id, a bad id and an empty name', async () => {
        const s = await open();
        await s.createService({ name: 'Alpha' });
        expect(await rejection(s.createService({ name: 'ALPHA' }))).toBeInstanceOf(InvalidEventInputError);
        expect(await rejection(s.createService({ id: 'Bad Id', name: 'x' }))).toBeInstanceOf(InvalidEventInputError);
        expect(await rejection(s.createService({ name: '' }))).toBeInstanceOf(InvalidEventInputError);
        expect(await rejection(s.createService({ name: '!!!' }))).toBeInstanceOf(InvalidEventInputError);
      });

      it('reports an unknown service as not found everywhere', async () => {
        const s = await open();
        for (const call of [
          () => s.getService('ghost'),
          () => s.listEvents('ghost'),
          () => s.currentEvent('ghost'),
          () => s.getEvent('ghost', '01ARZ3NDEKTSV4RRFFQ69G5FAV'),
          () => s.deleteEvent('ghost', '01ARZ3NDEKTSV4RRFFQ69G5FAV'),
          () => s.createEvent('ghost', { status: 'up', message: 'hi' }),
        ]) {
          const e = await rejection(call());
          expect(e).toBeInstanceOf(EventsNotFoundError);
          expect((e as EventsNotFoundError).kind).toBe('service');
        }
      });
    });

    describe('events', () => {
      it('creates an event with a sid, a whole-second timestamp and its status', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const before = Math.floor(Date.now() / 1000) * 1000;
        const e = await s.createEvent('api', { status: 'down', message: 'Remaining on the ground.' });
        const after = Date.now();
        expect(e.sid).toMatch(SID_PATTERN);
        expect(e.serviceId).toBe('api');
        expect(e.message).toBe('Remaining on the ground.');
        expect(e.informational).toBe(false);
        expect(e.status).toEqual(DEFAULT_STATUSES.find((x) => x.id === 'down'));
        expect(e.timestamp.getTime() % 1000).toBe(0);
        expect(e.timestamp.getTime()).toBeGreaterThanOrEqual(before);
        expect(e.timestamp.getTime()).toBeLessThanOrEqual(after);
        expect(await s.getEvent('api', e.sid)).toEqual(e);
      });

      it('stores the given timestamp truncated to the second and the informational flag', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const e = await s.createEvent('api', {
          status: 'up',
          message: 'note',
          informational: true,
          timestamp: new Date('2010-06-28T22:17:06.987Z'),
        });
        expect(e.timestamp.toISOString()).toBe('2010-06-28T22:17:06.000Z');
        expect(e.informational).toBe(true);
        expect(eventToJson(e)).toEqual({
          sid: e.sid,
          message: 'note',
          timestamp: 'Mon, 28 Jun 2010 22:17:06 GMT',
          url: `/api/v1/services/api/events/${e.sid}`,
          status: {
            id: 'up',
            name: 'Up',
            description: 'The service is up',
            level: 'NORMAL',
            image: '/images/icons/fugue/tick-circle.png',
            url: '/api/v1/statuses/up',
          },
          informational: true,
        });
      });

      it('reads timestamp strings in every accepted format', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const cases: [string, string][] = [
          ['2010-06-28', '2010-06-28T00:00:00.000Z'],
          ['2010-06-28T22:17:06', '2010-06-28T22:17:06.000Z'],
          ['2010-06-28T22:17:06+02:00', '2010-06-28T20:17:06.000Z'],
          ['Mon, 28 Jun 2010 22:17:06 GMT', '2010-06-28T22:17:06.000Z'],
          ['Mon, 28 Jun 2010 22:17:06 -0700', '2010-06-29T05:17:06.000Z'],
        ];
        for (const [input, iso] of cases) {
          const e = await s.createEvent('api', { status: 'up', message: input, timestamp: input });
          expect(e.timestamp.toISOString(), input).toBe(iso);
        }
      });

      it('refuses an unparseable timestamp with an error naming the value', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const e = await rejection(s.createEvent('api', { status: 'up', message: 'x', timestamp: 'next tuesday' }));
        expect(e).toBeInstanceOf(InvalidDateError);
        expect((e as InvalidDateError).value).toBe('next tuesday');
        expect((e as InvalidDateError).status).toBe(400);
        expect((e as Error).message).toContain('next tuesday');
        expect(await s.listEvents('api')).toEqual([]);
      });

      it('refuses an unknown status (not found) and an empty message', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const e = await rejection(s.createEvent('api', { status: 'exploded', message: 'x' }));
        expect(e).toBeInstanceOf(EventsNotFoundError);
        expect((e as EventsNotFoundError).kind).toBe('status');
        expect(await rejection(s.createEvent('api', { status: 'up', message: '' }))).toBeInstanceOf(
          InvalidEventInputError,
        );
        expect(await s.listEvents('api')).toEqual([]);
      });

      it('keeps the current status when none is given, "up" on a fresh service', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const first = await s.createEvent('api', { message: 'hello', timestamp: '2010-06-28T10:00:00Z' });
        expect(first.status.id).toBe('up');
        await s.createEvent('api', { status: 'down', message: 'broke', timestamp: '2010-06-28T11:00:00Z' });
        const note = await s.createEvent('api', {
          message: 'still looking',
          informational: true,
          timestamp: '2010-06-28T12:00:00Z',
        });
        expect(note.status.id).toBe('down');
      });

      it('lists newest first by event time, not by creation order', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        for (const [msg, iso] of [
          ['b', '2010-06-28T11:00:00Z'],
          ['d', '2011-01-01T00:00:00Z'],
          ['a', '2010-06-28T10:59:59Z'],
          ['c', '2010-06-28T11:00:01Z'],
        ]) {
          await s.createEvent('api', { status: 'up', message: msg!, timestamp: iso });
        }
        expect(messages(await s.listEvents('api'))).toEqual(['d', 'c', 'b', 'a']);
      });

      it('orders events with the same timestamp by creation, latest first', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        for (const msg of ['first', 'second', 'third']) {
          await s.createEvent('api', { status: 'up', message: msg, timestamp: '2010-06-28T11:00:00Z' });
        }
        expect(messages(await s.listEvents('api'))).toEqual(['third', 'second', 'first']);
        expect((await s.currentEvent('api'))?.message).toBe('third');
      });

      it('keeps each service to its own events', async () => {
        const s = await open();
        await s.createService({ name: 'one' });
        await s.createService({ name: 'two' });
        await s.createEvent('one', { status: 'up', message: '1' });
        await s.createEvent('two', { status: 'down', message: '2' });
        expect(messages(await s.listEvents('one'))).toEqual(['1']);
        expect(messages(await s.listEvents('two'))).toEqual(['2']);
      });
    });

    describe('date range', () => {
      it('is inclusive at both exact boundaries', async () => {
        const s = await open();
        await threeEvents(s);
        const list = (start?: string, end?: string) => s.listEvents('bunny-fetcher', { start, end }).then(messages);
        expect(await list()).toEqual(['at 12', 'at 11', 'at 10']);
        expect(await list('2010-06-28T11:00:00Z')).toEqual(['at 12', 'at 11']);
        expect(await list(undefined, '2010-06-28T11:00:00Z')).toEqual(['at 11', 'at 10']);
        expect(await list('2010-06-28T11:00:00Z', '2010-06-28T11:00:00Z')).toEqual(['at 11']);
        expect(await list('2010-06-28T10:00:00Z', '2010-06-28T12:00:00Z')).toEqual(['at 12', 'at 11', 'at 10']);
      });

      it('excludes events one second outside either bound', async () => {
        const s = await open();
        await threeEvents(s);
        const list = (start?: string, end?: string) => s.listEvents('bunny-fetcher', { start, end }).then(messages);
        expect(await list('2010-06-28T11:00:01Z')).toEqual(['at 12']);
        expect(await list(undefined, '2010-06-28T10:59:59Z')).toEqual(['at 10']);
        expect(await list('2010-06-28T10:00:01Z', '2010-06-28T11:59:59Z')).toEqual(['at 11']);
        // A fractional bound keeps only whole seconds inside it.
        expect(await list('2010-06-28T10:59:59.5Z', '2010-06-28T11:00:00.5Z')).toEqual(['at 11']);
      });

      it('reads bounds in every format, zoneless as UTC', async () => {
        const s = await open();
        await threeEvents(s);
        const list = (start?: string, end?: string) => s.listEvents('bunny-fetcher', { start, end }).then(messages);
        expect(await list('Mon, 28 Jun 2010 11:00:00 GMT')).toEqual(['at 12', 'at 11']);
        expect(await list('Mon, 28 Jun 2010 13:00:00 +0200', 'Mon, 28 Jun 2010 07:00:00 -0500')).toEqual([
          'at 12',
          'at 11',
        ]);
        expect(await list('2010-06-28 11:00:00')).toEqual(['at 12', 'at 11']);
        expect(await list('2010-06-28T11:00')).toEqual(['at 12', 'at 11']);
        // Date-only is midnight UTC: the whole day after start, nothing of it before end.
        expect(await list('2010-06-28')).toEqual(['at 12', 'at 11', 'at 10']);
        expect(await list(undefined, '2010-06-28')).toEqual([]);
        expect(await list('2010-06-29')).toEqual([]);
        expect(await list('2010-06-28', '2010-06-29')).toEqual(['at 12', 'at 11', 'at 10']);
        expect(await s.listEvents('bunny-fetcher', { start: T('2010-06-28T12:00:00Z') }).then(messages)).toEqual([
          'at 12',
        ]);
      });

      it('returns nothing for a start after the end', async () => {
        const s = await open();
        await threeEvents(s);
        expect(await s.listEvents('bunny-fetcher', { start: '2010-06-28T12:00:00Z', end: '2010-06-28T10:00:00Z' })).toEqual(
          [],
        );
      });

      it('refuses an unparseable bound, naming the value and the parameter', async () => {
        const s = await open();
        await threeEvents(s);
        for (const [start, end, bad, culprit] of [
          ['yesterday', undefined, 'yesterday', 'start'],
          [undefined, '2010-02-30', '2010-02-30', 'end'],
          ['2010-06-28T25:00:00Z', undefined, '2010-06-28T25:00:00Z', 'start'],
        ] as const) {
          const e = await rejection(s.listEvents('bunny-fetcher', { start, end }));
          expect(e).toBeInstanceOf(InvalidDateError);
          expect((e as InvalidDateError).value).toBe(bad);
          expect((e as InvalidDateError).culprit).toBe(culprit);
        }
      });
    });

    describe('paging', () => {
      /** Every page of the list, following `next` from the first page. */
      async function allPages(s: EventStore, query: EventPageQuery): Promise<EventPage[]> {
        const pages: EventPage[] = [];
        let cursor: string | undefined;
        do {
          const page = await s.listEventsPage('api', { ...query, cursor });
          pages.push(page);
          cursor = page.next ?? undefined;
          if (pages.length > 1000) throw new Error('paging does not end');
        } while (cursor !== undefined);
        return pages;
      }

      /** `n` events over four timestamps, created out of time order, so many share a second. */
      async function sharedSeconds(s: EventStore, n: number): Promise<void> {
        await s.createService({ name: 'api' });
        for (let i = 0; i < n; i++) {
          await s.createEvent('api', { status: 'up', message: `m${i}`, timestamp: `2010-06-28T1${(i * 7) % 4}:00:00Z` });
        }
      }

      it('walks the whole list in its order, never skipping or repeating events that share a second', async () => {
        const s = await open();
        await sharedSeconds(s, 30);
        const whole = await s.listEvents('api');
        expect(whole).toHaveLength(30);
        for (const limit of [1, 4, 7, 29, 30, 31]) {
          const pages = await allPages(s, { limit });
          expect(pages.map((p) => p.events.length), `limit ${limit}`).toEqual(
            Array.from({ length: Math.ceil(30 / limit) }, (_, i) => Math.min(limit, 30 - i * limit)),
          );
          expect(pages.flatMap((p) => p.events), `limit ${limit}`).toEqual(whole);
          expect(pages.at(-1)!.next).toBeNull();
        }
      });

      it('serves 100 events a page by default and at most 1000', async () => {
        const s = await open();
        await sharedSeconds(s, 101);
        const first = await s.listEventsPage('api');
        expect(first.events).toHaveLength(DEFAULT_PAGE_SIZE);
        expect(first.next).toEqual(expect.any(String));
        const second = await s.listEventsPage('api', { cursor: first.next! });
        expect(second.events.map((e) => e.sid)).toEqual([(await s.listEvents('api'))[100]!.sid]);
        expect(second.next).toBeNull();
        expect((await s.listEventsPage('api', { limit: MAX_PAGE_SIZE })).events).toHaveLength(101);
      });

      it('pages within a date range, the cursor keeping to it', async () => {
        const s = await open();
        await sharedSeconds(s, 20);
        const range = { start: '2010-06-28T11:00:00Z', end: '2010-06-28T12:00:00Z' };
        const inRange = await s.listEvents('api', range);
        expect(inRange.map((e) => e.timestamp.getUTCHours())).toEqual([...Array(5).fill(12), ...Array(5).fill(11)]);
        const pages = await allPages(s, { ...range, limit: 3 });
        expect(pages.flatMap((p) => p.events)).toEqual(inRange);
      });

      it('goes on from where a page ended when events are added or that page\'s last event is deleted', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        for (let i = 0; i < 8; i++) await s.createEvent('api', { status: 'up', message: `m${i}`, timestamp: '2010-06-28T11:00:00Z' });
        const first = await s.listEventsPage('api', { limit: 3 });
        expect(messages(first.events)).toEqual(['m7', 'm6', 'm5']);
        await s.deleteEvent('api', first.events[2]!.sid);
        await s.createEvent('api', { status: 'up', message: 'newer', timestamp: '2010-06-28T12:00:00Z' });
        await s.createEvent('api', { status: 'up', message: 'same second, later', timestamp: '2010-06-28T11:00:00Z' });
        await s.createEvent('api', { status: 'up', message: 'older', timestamp: '2010-06-28T10:00:00Z' });
        const second = await s.listEventsPage('api', { limit: 3, cursor: first.next! });
        expect(messages(second.events)).toEqual(['m4', 'm3', 'm2']);
        const third = await s.listEventsPage('api', { limit: 3, cursor: second.next! });
        expect(messages(third.events)).toEqual(['m1', 'm0', 'older']);
        expect(third.next).toBeNull();
      });

      it('refuses a limit out of 1…1000 or not whole, and a cursor it did not give out', async () => {
        const s = await open();
        await sharedSeconds(s, 3);
        for (const limit of [0, -1, 1001, 2.5, Number.NaN]) {
          const e = await rejection(s.listEventsPage('api', { limit }));
          expect(e, String(limit)).toBeInstanceOf(InvalidEventInputError);
          expect((e as InvalidEventInputError).culprit).toBe('limit');
          expect((e as InvalidEventInputError).status).toBe(400);
        }
        const good = (await s.listEventsPage('api', { limit: 1 })).next!;
        for (const cursor of ['', 'not a cursor', good.slice(0, -2), `${good}x`, btoa('e1:x:1'), btoa('e2:1:1'), 'A'.repeat(500)]) {
          const e = await rejection(s.listEventsPage('api', { cursor }));
          expect(e, cursor).toBeInstanceOf(InvalidEventInputError);
          expect((e as InvalidEventInputError).culprit).toBe('cursor');
        }
        const ghost = await rejection(s.listEventsPage('ghost'));
        expect((ghost as EventsNotFoundError).kind).toBe('service');
      });
    });

    describe('current, get and delete', () => {
      it('current is the newest event by time, null on an empty service', async () => {
        const s = await open();
        await s.createService({ name: 'empty' });
        expect(await s.currentEvent('empty')).toBeNull();
        const events = await threeEvents(s);
        // Created last but older: does not become current.
        await s.createEvent('bunny-fetcher', { status: 'up', message: 'backfill', timestamp: '2009-01-01' });
        expect(await s.currentEvent('bunny-fetcher')).toEqual(events[2]);
      });

      it('gets an event by sid only under its own service', async () => {
        const s = await open();
        const events = await threeEvents(s);
        await s.createService({ name: 'other' });
        expect(await s.getEvent('bunny-fetcher', events[1]!.sid)).toEqual(events[1]);
        const foreign = await rejection(s.getEvent('other', events[1]!.sid));
        expect(foreign).toBeInstanceOf(EventsNotFoundError);
        expect((foreign as EventsNotFoundError).kind).toBe('event');
        const unknown = await rejection(s.getEvent('bunny-fetcher', '01ARZ3NDEKTSV4RRFFQ69G5FAV'));
        expect((unknown as EventsNotFoundError).kind).toBe('event');
      });

      it('deletes an event: gone from get, list and current; a second delete is not found', async () => {
        const s = await open();
        const events = await threeEvents(s);
        const newest = events[2]!;
        expect(await s.deleteEvent('bunny-fetcher', newest.sid)).toEqual(newest);
        expect(await rejection(s.getEvent('bunny-fetcher', newest.sid))).toBeInstanceOf(EventsNotFoundError);
        expect(messages(await s.listEvents('bunny-fetcher'))).toEqual(['at 11', 'at 10']);
        expect(await s.currentEvent('bunny-fetcher')).toEqual(events[1]);
        expect(await rejection(s.deleteEvent('bunny-fetcher', newest.sid))).toBeInstanceOf(EventsNotFoundError);
      });

      it('does not delete through another service', async () => {
        const s = await open();
        const events = await threeEvents(s);
        await s.createService({ name: 'other' });
        expect(await rejection(s.deleteEvent('other', events[0]!.sid))).toBeInstanceOf(EventsNotFoundError);
        expect(await s.getEvent('bunny-fetcher', events[0]!.sid)).toEqual(events[0]);
      });

      it('gives every event a distinct sid', async () => {
        const s = await open();
        await s.createService({ name: 'api' });
        const sids = new Set<string>();
        for (let i = 0; i < 50; i++) sids.add((await s.createEvent('api', { status: 'up', message: `m${i}` })).sid);
        expect(sids.size).toBe(50);
        expect((await s.listEvents('api')).length).toBe(50);
      });
    });
  });
}
