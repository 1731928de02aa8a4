/**
 * The PostgreSQL stores (events and dictionaries) when the database drops a
 * connection: a session ended with pg_terminate_backend while a transaction
 * waits, while a plain query runs, or while the connection is idle, and a
 * server restart. The process must not see an unhandled 'error', the call in
 * flight rejects with 503 (retry), and the next call succeeds on a new
 * connection. Against a real server, as postgres-store.test.ts.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { PostgresEventStore } from '../../../src/stores/events/index.js';
import { postgres, reportMissingPostgres } from '../postgres-fixture.js';
import { startPostgres, type RunningPostgres } from './throwaway-postgres.js';

const source = postgres;
reportMissingPostgres('PostgreSQL connection loss');

async function rejection(p: Promise<unknown>): Promise<{ status?: unknown; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { status?: unknown; message: string };
  }
  throw new Error('expected a rejection');
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(source.kind === 'none')('PostgreSQL stores losing their connection', () => {
  let server: RunningPostgres;
  let admin: pg.Client;
  const schemas: string[] = [];
  const run = Date.now().toString(36);
  const freshSchema = (): string => {
    const schema = `textlens_loss_${run}_${schemas.length}`;
    schemas.push(schema);
    return schema;
  };
  /** The store's connections carry the schema as application_name, so the test can find their backends. */
  const urlFor = (schema: string): string => {
    const url = new URL(server.url);
    url.searchParams.set('application_name', schema);
    return url.toString();
  };

  // A connection error nobody listens to is thrown from an EventEmitter and
  // reaches the process as an uncaught exception (the server would die).
  const uncaught: unknown[] = [];
  const onUncaught = (e: unknown): void => {
    uncaught.push(e);
  };

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    if (source.kind === 'none') return;
    server = await startPostgres(source);
    admin = await adminClient();
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    if (!server) return;
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
    server.stop();
  });
  afterEach(() => {
    expect(uncaught.splice(0)).toEqual([]);
  });

  async function adminClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.url });
    // Its session is ended by the restart test.
    client.on('error', () => {});
    await client.connect();
    return client;
  }

  /** Pids of the store's backends matching `where` (SQL over pg_stat_activity), once there are any. */
  async function backends(schema: string, where: string): Promise<number[]> {
    for (let i = 0; i < 500; i++) {
      const r = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND ${where}`,
        [schema],
      );
      if (r.rows.length > 0) return r.rows.map((x) => x.pid);
      await sleep(10);
    }
    throw new Error(`no backend of ${schema} where ${where}`);
  }

  /** Ends the sessions and waits until their processes are gone. */
  async function terminate(pids: number[]): Promise<void> {
    for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    for (let i = 0; i < 500; i++) {
      const r = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
      if (r.rowCount === 0) return;
      await sleep(10);
    }
    throw new Error(`backends ${pids.join(', ')} did not end`);
  }

  /** Another session holding `lock` (SQL run in its open transaction) until release() is called. */
  async function holdLock(lock: string): Promise<{ release(): Promise<void> }> {
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(lock);
    return {
      async release() {
        await holder.query('ROLLBACK');
        await holder.end();
      },
    };
  }

  /** Settles after the dropped client's socket has closed, so a late 'error' would have been emitted. */
  const socketsSettle = (): Promise<void> => sleep(100);

  function expectLost(e: { status?: unknown; message: string }): void {
    expect(e.status).toBe(503);
    expect(e.message).toMatch(/connection to the database was lost.*retry/);
  }

  describe('events store', () => {
    async function openStore(): Promise<{ store: PostgresEventStore; schema: string; idleErrors: Error[] }> {
      const schema = freshSchema();
      const idleErrors: Error[] = [];
      const store = await PostgresEventStore.open(urlFor(schema), {
        schema,
        maxConnections: 2,
        onIdleConnectionError: (e) => idleErrors.push(e),
      });
      await store.createService({ name: 'api' });
      return { store, schema, idleErrors };
    }

    it('a session ended inside a transaction: that call is 503, the next one succeeds', async () => {
      const { store, schema } = await openStore();
      // createEvent locks the service row FOR UPDATE inside its transaction; another session holds it.
      const lock = await holdLock(`SELECT 1 FROM "${schema}".services WHERE id = 'api' FOR UPDATE`);
      try {
        const pending = rejection(store.createEvent('api', { status: 'down', message: 'blocked' }));
        await terminate(await backends(schema, "wait_event_type = 'Lock'"));
        expectLost(await pending);
      } finally {
        await lock.release();
      }
      await socketsSettle();
      const created = await store.createEvent('api', { status: 'down', message: 'after' });
      expect((await store.listEvents('api')).map((e) => e.sid)).toEqual([created.sid]);
      await store.close();
    });

    it('a session ended during a plain query: that call is 503, the next one succeeds', async () => {
      const { store, schema } = await openStore();
      await store.createEvent('api', { status: 'up', message: 'one' });
      const lock = await holdLock(`LOCK TABLE "${schema}".events IN ACCESS EXCLUSIVE MODE`);
      try {
        const pending = rejection(store.listEvents('api'));
        await terminate(await backends(schema, "wait_event_type = 'Lock'"));
        expectLost(await pending);
      } finally {
        await lock.release();
      }
      await socketsSettle();
      expect((await store.listEvents('api')).map((e) => e.message)).toEqual(['one']);
      await store.close();
    });

    it('an idle session ended: the pool reports it, drops it and the next call connects anew', async () => {
      const { store, schema, idleErrors } = await openStore();
      await store.createEvent('api', { status: 'up', message: 'one' });
      const pids = await backends(schema, "state = 'idle'");
      await terminate(pids);
      for (let i = 0; i < 500 && idleErrors.length < pids.length; i++) await sleep(10);
      expect(idleErrors.length).toBe(pids.length);
      expect((await store.currentEvent('api'))?.message).toBe('one');
      await store.close();
    });

    it.skipIf(source.kind !== 'cluster')('a server restart: 503 while it is down, served again once it is up', async () => {
      const outage = server.outage!;
      const { store, idleErrors } = await openStore();
      await store.createEvent('api', { status: 'up', message: 'before' });
      outage.shutDown();
      try {
        // The shutdown ended the pool's idle session; once the pool has seen
        // that, a call finds no server to connect to.
        for (let i = 0; i < 500 && idleErrors.length === 0; i++) await sleep(10);
        expect(idleErrors.length).toBe(1);
        const down = await rejection(store.listEvents('api'));
        expect(down.status).toBe(503);
        expect(down.message).toMatch(/database cannot be reached.*retry/);
      } finally {
        outage.startUp();
        // The shutdown ended the test's own session too.
        await admin.end();
        admin = await adminClient();
      }
      expect((await store.listEvents('api')).map((e) => e.message)).toEqual(['before']);
      await store.close();
    });
  });

  describe('dictionary store', () => {
    const settings = { matchType: 'token', caseInsensitive: false, language: 'any' } as const;

    async function openStore(): Promise<{ store: PostgresDictionaryStore; schema: string; idleErrors: Error[] }> {
      const schema = freshSchema();
      const idleErrors: Error[] = [];
      const store = await PostgresDictionaryStore.open(urlFor(schema), {
        schema,
        maxConnections: 2,
        onIdleConnectionError: (e) => idleErrors.push(e),
      });
      await store.create('k', 'd', settings);
      return { store, schema, idleErrors };
    }

    it('a session ended inside a transaction: that call is 503, the next one succeeds', async () => {
      const { store, schema } = await openStore();
      // addEntries locks the dictionary row FOR UPDATE inside its transaction.
      const lock = await holdLock(`SELECT 1 FROM "${schema}".dictionaries WHERE id = 'd' FOR UPDATE`);
      try {
        const pending = rejection(store.addEntries('k', 'd', [{ id: 'a', text: ['Alpha'] }]));
        await terminate(await backends(schema, "wait_event_type = 'Lock'"));
        expectLost(await pending);
      } finally {
        await lock.release();
      }
      await socketsSettle();
      expect((await store.addEntries('k', 'd', [{ id: 'b', text: ['Beta'] }]))?.size).toBe(1);
      await store.close();
    });

    it('a session ended during a plain query: that call is 503, the next one succeeds', async () => {
      const { store, schema } = await openStore();
      const lock = await holdLock(`LOCK TABLE "${schema}".dictionaries IN ACCESS EXCLUSIVE MODE`);
      try {
        const pending = rejection(store.list('k'));
        await terminate(await backends(schema, "wait_event_type = 'Lock'"));
        expectLost(await pending);
      } finally {
        await lock.release();
      }
      await socketsSettle();
      expect((await store.list('k')).map((d) => d.id)).toEqual(['d']);
      await store.close();
    });

    it('an idle session ended: the pool reports it, drops it and the next call connects anew', async () => {
      const { store, schema, idleErrors } = await openStore();
      const pids = await backends(schema, "state = 'idle'");
      await terminate(pids);
      for (let i = 0; i < 500 && idleErrors.length < pids.length; i++) await sleep(10);
      expect(idleErrors.length).toBe(pids.length);
      expect((await store.get('k', 'd'))?.id).toBe('d');
      await store.close();
    });
  });
});
