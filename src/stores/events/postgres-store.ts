/**
 * PostgreSQL backend, for deployments that run several textlens instances
 * against one database. Every write is one transaction; schema creation runs
 * under an advisory lock so instances starting together do not race.
 */
import type pg from 'pg';
import type { PostgresStoreOptions } from '../../db/postgres-options.js';
import { StorePool, openMigratedPool, type Queryable } from '../../db/postgres.js';
import { EventsNotFoundError, InvalidEventInputError } from './errors.js';
import { eventFromInput, rangeFromInput, serviceFromInput, sortStatuses, statusFromInput } from './input.js';
import { encodeCursor, pageFromInput } from './paging.js';
import { newSid } from './sid.js';
import {
  DEFAULT_STATUSES,
  DEFAULT_STATUS_ID,
  type CreateEventInput,
  type CreateServiceInput,
  type CreateStatusInput,
  type EventPage,
  type EventPageQuery,
  type EventRange,
  type EventRecord,
  type EventStore,
  type Level,
  type ServiceRecord,
  type StatusRecord,
} from './store.js';

const SCHEMA_VERSION = 1;
export type PostgresEventStoreOptions = PostgresStoreOptions;

/** The WHERE terms and parameters ($1, $2, …) of one service's events within [start, end] (an infinite bound is no bound). */
function serviceRange(serviceId: string, start: number, end: number): { where: string[]; params: (string | number)[] } {
  const where = ['e.service_id = $1'];
  const params: (string | number)[] = [serviceId];
  if (Number.isFinite(start)) {
    params.push(start);
    where.push(`e.ts >= $${params.length}`);
  }
  if (Number.isFinite(end)) {
    params.push(end);
    where.push(`e.ts <= $${params.length}`);
  }
  return { where, params };
}

interface EventRow {
  sid: string;
  service_id: string;
  message: string;
  ts: string;
  informational: boolean;
  status_id: string;
  status_name: string;
  status_description: string;
  status_level: string;
  status_image: string;
}

export class PostgresEventStore implements EventStore {
  private readonly pool: StorePool;
  private readonly s: string;

  private constructor(pool: pg.Pool, schema: string) {
    this.pool = new StorePool(pool);
    this.s = `"${schema}"`;
  }

  /** Connects, creates the schema and tables when missing, installs default statuses once. */
  static async open(connectionString: string, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    let store: PostgresEventStore | undefined;
    await openMigratedPool(connectionString, options, async (pool, schema) => {
      store = new PostgresEventStore(pool, schema);
      await store.migrate(schema);
    });
    return store!;
  }

  private async migrate(schema: string): Promise<void> {
    const s = this.s;
    await this.transaction(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('textlens-events:' || $1))", [schema]);
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await c.query(`
        CREATE TABLE IF NOT EXISTS ${s}.events_meta (version INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS ${s}.services (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          description TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS ${s}.statuses (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          description TEXT NOT NULL,
          level TEXT NOT NULL,
          image TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS ${s}.events (
          seq BIGSERIAL PRIMARY KEY,
          sid TEXT NOT NULL UNIQUE,
          service_id TEXT NOT NULL REFERENCES ${s}.services(id),
          status_id TEXT NOT NULL REFERENCES ${s}.statuses(id),
          message TEXT NOT NULL,
          ts BIGINT NOT NULL,
          informational BOOLEAN NOT NULL
        );
        CREATE INDEX IF NOT EXISTS events_by_service_time ON ${s}.events (service_id, ts DESC, seq DESC);
      `);
      const meta = await c.query<{ version: number }>(`SELECT version FROM ${s}.events_meta`);
      const version = meta.rows[0]?.version ?? 0;
      if (version > SCHEMA_VERSION) {
        throw new Error(`events schema version ${version} is newer than this textlens (${SCHEMA_VERSION})`);
      }
      if (version === 0) {
        for (const st of DEFAULT_STATUSES) {
          await c.query(
            `INSERT INTO ${s}.statuses (id, name, description, level, image) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (id) DO NOTHING`,
            [st.id, st.name, st.description, st.level, st.image],
          );
        }
        await c.query(`INSERT INTO ${s}.events_meta (version) VALUES ($1)`, [SCHEMA_VERSION]);
      }
    });
  }

  async createService(input: CreateServiceInput): Promise<ServiceRecord> {
    const service = serviceFromInput(input);
    const result = await this.pool.query(
      `INSERT INTO ${this.s}.services (id, name, description) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [service.id, service.name, service.description],
    );
    if (result.rowCount === 0) throw new InvalidEventInputError(`Service "${service.id}" already exists`, 'id');
    return service;
  }

  async getService(id: string): Promise<ServiceRecord> {
    return this.service(this.pool, id);
  }

  async listServices(): Promise<ServiceRecord[]> {
    const result = await this.pool.query<ServiceRecord>(
      `SELECT id, name, description FROM ${this.s}.services ORDER BY id COLLATE "C"`,
    );
    return result.rows;
  }

  async createStatus(input: CreateStatusInput): Promise<StatusRecord> {
    const status = statusFromInput(input);
    const result = await this.pool.query(
      `INSERT INTO ${this.s}.statuses (id, name, description, level, image) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO NOTHING`,
      [status.id, status.name, status.description, status.level, status.image],
    );
    if (result.rowCount === 0) throw new InvalidEventInputError(`Status "${status.id}" already exists`, 'id');
    return status;
  }

  async getStatus(id: string): Promise<StatusRecord> {
    const result = await this.pool.query<StatusRecord>(
      `SELECT id, name, description, level, image FROM ${this.s}.statuses WHERE id = $1`,
      [id],
    );
    const row = result.rows[0];
    if (!row) throw new EventsNotFoundError('status', id);
    return row;
  }

  async listStatuses(): Promise<StatusRecord[]> {
    const result = await this.pool.query<StatusRecord>(
      `SELECT id, name, description, level, image FROM ${this.s}.statuses`,
    );
    return sortStatuses(result.rows);
  }

  async createEvent(serviceId: string, input: CreateEventInput): Promise<EventRecord> {
    const checked = eventFromInput(input);
    const sid = newSid();
    return this.transaction(async (c) => {
      // Locking the service row serialises creates on one service across
      // instances, so "keep the current status" reads a settled current event.
      await this.service(c, serviceId, 'FOR UPDATE');
      const current = await c.query<{ status_id: string }>(
        `SELECT status_id FROM ${this.s}.events WHERE service_id = $1 ORDER BY ts DESC, seq DESC LIMIT 1`,
        [serviceId],
      );
      const statusId = checked.statusId ?? current.rows[0]?.status_id ?? DEFAULT_STATUS_ID;
      const status = await c.query(`SELECT 1 FROM ${this.s}.statuses WHERE id = $1`, [statusId]);
      if (status.rowCount === 0) throw new EventsNotFoundError('status', statusId);
      await c.query(
        `INSERT INTO ${this.s}.events (sid, service_id, status_id, message, ts, informational)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [sid, serviceId, statusId, checked.message, checked.seconds, checked.informational],
      );
      return this.event(c, serviceId, sid);
    });
  }

  async listEvents(serviceId: string, range?: EventRange): Promise<EventRecord[]> {
    const { start, end } = rangeFromInput(range);
    await this.service(this.pool, serviceId);
    const { where, params } = serviceRange(serviceId, start, end);
    const result = await this.pool.query<EventRow>(
      `SELECT ${this.eventColumns()} WHERE ${where.join(' AND ')} ORDER BY e.ts DESC, e.seq DESC`,
      params,
    );
    return result.rows.map(toEvent);
  }

  async listEventsPage(serviceId: string, query?: EventPageQuery): Promise<EventPage> {
    const { start, end } = rangeFromInput(query);
    const { limit, after } = pageFromInput(query);
    await this.service(this.pool, serviceId);
    const { where, params } = serviceRange(serviceId, start, end);
    if (after) {
      // A row comparison walks the (service_id, ts DESC, seq DESC) index from the cursor on.
      params.push(after.seconds, after.seq);
      where.push(`(e.ts, e.seq) < ($${params.length - 1}, $${params.length})`);
    }
    // One row more than the page shows whether another page follows.
    params.push(limit + 1);
    const result = await this.pool.query<EventRow & { seq: string }>(
      `SELECT ${this.eventColumns('e.seq, ')} WHERE ${where.join(' AND ')} ORDER BY e.ts DESC, e.seq DESC LIMIT $${params.length}`,
      params,
    );
    const page = result.rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      events: page.map(toEvent),
      // BIGINT and BIGSERIAL arrive as strings; both fit a double exactly.
      next: result.rows.length > limit && last ? encodeCursor({ seconds: Number(last.ts), seq: Number(last.seq) }) : null,
    };
  }

  async currentEvent(serviceId: string): Promise<EventRecord | null> {
    await this.service(this.pool, serviceId);
    const result = await this.pool.query<EventRow>(
      `SELECT ${this.eventColumns()} WHERE e.service_id = $1 ORDER BY e.ts DESC, e.seq DESC LIMIT 1`,
      [serviceId],
    );
    const row = result.rows[0];
    return row ? toEvent(row) : null;
  }

  async getEvent(serviceId: string, sid: string): Promise<EventRecord> {
    await this.service(this.pool, serviceId);
    return this.event(this.pool, serviceId, sid);
  }

  async deleteEvent(serviceId: string, sid: string): Promise<EventRecord> {
    return this.transaction(async (c) => {
      await this.service(c, serviceId);
      const event = await this.event(c, serviceId, sid);
      await c.query(`DELETE FROM ${this.s}.events WHERE sid = $1 AND service_id = $2`, [sid, serviceId]);
      return event;
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.pool.transaction(work);
  }

  private async service(q: Queryable, id: string, lock = ''): Promise<ServiceRecord> {
    const result = await q.query<ServiceRecord>(
      `SELECT id, name, description FROM ${this.s}.services WHERE id = $1 ${lock}`,
      [id],
    );
    const row = result.rows[0];
    if (!row) throw new EventsNotFoundError('service', id);
    return row;
  }

  private async event(q: Queryable, serviceId: string, sid: string): Promise<EventRecord> {
    const result = await q.query<EventRow>(
      `SELECT ${this.eventColumns()} WHERE e.sid = $1 AND e.service_id = $2`,
      [sid, serviceId],
    );
    const row = result.rows[0];
    if (!row) throw new EventsNotFoundError('event', sid);
    return toEvent(row);
  }

  private eventColumns(extra = ''): string {
    return `${extra}e.sid, e.service_id, e.message, e.ts, e.informational,
      s.id AS status_id, s.name AS status_name, s.description AS status_description,
      s.level AS status_level, s.image AS status_image
      FROM ${this.s}.events e JOIN ${this.s}.statuses s ON s.id = e.status_id`;
  }
}

function toEvent(row: EventRow): EventRecord {
  return {
    sid: row.sid,
    serviceId: row.service_id,
    message: row.message,
    // BIGINT arrives as a string; unix seconds fit a double exactly.
    timestamp: new Date(Number(row.ts) * 1000),
    status: {
      id: row.status_id,
      name: row.status_name,
      description: row.status_description,
      level: row.status_level as Level,
      image: row.status_image,
    },
    informational: row.informational,
  };
}
