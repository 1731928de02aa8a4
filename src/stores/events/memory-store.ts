/**
 * In-memory backend: for tests, demos and embedding where nothing must
 * outlive the process. Same behaviour as the durable backends.
 */
import { EventsNotFoundError, InvalidEventInputError } from './errors.js';
import { eventFromInput, rangeFromInput, serviceFromInput, sortStatuses, statusFromInput } from './input.js';
import { encodeCursor, isAfter, pageFromInput } from './paging.js';
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
  type ServiceRecord,
  type StatusRecord,
} from './store.js';

interface StoredEvent {
  seq: number;
  sid: string;
  serviceId: string;
  statusId: string;
  message: string;
  seconds: number;
  informational: boolean;
}

export class MemoryEventStore implements EventStore {
  private readonly services = new Map<string, ServiceRecord>();
  private readonly statuses = new Map<string, StatusRecord>();
  /** Per service, kept newest first. */
  private readonly events = new Map<string, StoredEvent[]>();
  private seq = 0;

  constructor() {
    for (const s of DEFAULT_STATUSES) this.statuses.set(s.id, { ...s });
  }

  async createService(input: CreateServiceInput): Promise<ServiceRecord> {
    const service = serviceFromInput(input);
    if (this.services.has(service.id)) {
      throw new InvalidEventInputError(`Service "${service.id}" already exists`, 'id');
    }
    this.services.set(service.id, service);
    this.events.set(service.id, []);
    return { ...service };
  }

  async getService(id: string): Promise<ServiceRecord> {
    return { ...this.service(id) };
  }

  async listServices(): Promise<ServiceRecord[]> {
    return [...this.services.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).map((s) => ({ ...s }));
  }

  async createStatus(input: CreateStatusInput): Promise<StatusRecord> {
    const status = statusFromInput(input);
    if (this.statuses.has(status.id)) {
      throw new InvalidEventInputError(`Status "${status.id}" already exists`, 'id');
    }
    this.statuses.set(status.id, status);
    return { ...status };
  }

  async getStatus(id: string): Promise<StatusRecord> {
    const status = this.statuses.get(id);
    if (!status) throw new EventsNotFoundError('status', id);
    return { ...status };
  }

  async listStatuses(): Promise<StatusRecord[]> {
    return sortStatuses([...this.statuses.values()].map((s) => ({ ...s })));
  }

  async createEvent(serviceId: string, input: CreateEventInput): Promise<EventRecord> {
    this.service(serviceId);
    const checked = eventFromInput(input);
    const list = this.events.get(serviceId)!;
    const statusId = checked.statusId ?? list[0]?.statusId ?? DEFAULT_STATUS_ID;
    if (!this.statuses.has(statusId)) throw new EventsNotFoundError('status', statusId);
    const stored: StoredEvent = {
      seq: ++this.seq,
      sid: newSid(),
      serviceId,
      statusId,
      message: checked.message,
      seconds: checked.seconds,
      informational: checked.informational,
    };
    // Insert before the first event that is not newer: newest first, ties by
    // creation order (the new one is the latest created).
    const at = list.findIndex((e) => e.seconds <= stored.seconds);
    list.splice(at === -1 ? list.length : at, 0, stored);
    return this.record(stored);
  }

  async listEvents(serviceId: string, range?: EventRange): Promise<EventRecord[]> {
    this.service(serviceId);
    const { start, end } = rangeFromInput(range);
    return this.events
      .get(serviceId)!
      .filter((e) => e.seconds >= start && e.seconds <= end)
      .map((e) => this.record(e));
  }

  async listEventsPage(serviceId: string, query?: EventPageQuery): Promise<EventPage> {
    this.service(serviceId);
    const { start, end } = rangeFromInput(query);
    const { limit, after } = pageFromInput(query);
    const page: StoredEvent[] = [];
    let more = false;
    for (const e of this.events.get(serviceId)!) {
      if (e.seconds < start || e.seconds > end || (after && !isAfter(e, after))) continue;
      if (page.length === limit) {
        more = true;
        break;
      }
      page.push(e);
    }
    const last = page[page.length - 1];
    return { events: page.map((e) => this.record(e)), next: more && last ? encodeCursor(last) : null };
  }

  async currentEvent(serviceId: string): Promise<EventRecord | null> {
    this.service(serviceId);
    const newest = this.events.get(serviceId)![0];
    return newest ? this.record(newest) : null;
  }

  async getEvent(serviceId: string, sid: string): Promise<EventRecord> {
    this.service(serviceId);
    const event = this.events.get(serviceId)!.find((e) => e.sid === sid);
    if (!event) throw new EventsNotFoundError('event', sid);
    return this.record(event);
  }

  async deleteEvent(serviceId: string, sid: string): Promise<EventRecord> {
    this.service(serviceId);
    const list = this.events.get(serviceId)!;
    const at = list.findIndex((e) => e.sid === sid);
    if (at === -1) throw new EventsNotFoundError('event', sid);
    const [removed] = list.splice(at, 1);
    return this.record(removed!);
  }

  async close(): Promise<void> {}

  private service(id: string): ServiceRecord {
    const service = this.services.get(id);
    if (!service) throw new EventsNotFoundError('service', id);
    return service;
  }

  private record(e: StoredEvent): EventRecord {
    return {
      sid: e.sid,
      serviceId: e.serviceId,
      message: e.message,
      timestamp: new Date(e.seconds * 1000),
      status: { ...this.statuses.get(e.statusId)! },
      informational: e.informational,
    };
  }
}
