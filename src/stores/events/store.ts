/**
 * The events store: services, the statuses an event can carry, and the events
 * themselves. One interface, three backends (memory, SQLite, PostgreSQL), one
 * conformance suite (test/stores/events/conformance.ts) that all of them pass.
 *
 * Records here are the stored facts (timestamps as Date); json.ts turns them
 * into the spec's JSON objects.
 */

/** Severity levels of a status, lowest first, as the original system had them. */
export const LEVELS = ['NORMAL', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export type Level = (typeof LEVELS)[number];

export interface StatusRecord {
  /** Slug: lowercase letters, digits and hyphens. */
  id: string;
  name: string;
  description: string;
  level: Level;
  /** Path of the status image, e.g. /images/icons/fugue/tick-circle.png. */
  image: string;
}

export interface ServiceRecord {
  id: string;
  name: string;
  description: string;
}

export interface EventRecord {
  sid: string;
  serviceId: string;
  message: string;
  /** Whole seconds: the resolution of the HTTP date that shows it. */
  timestamp: Date;
  status: StatusRecord;
  informational: boolean;
}

export interface CreateServiceInput {
  /** Defaults to the slug of `name`. */
  id?: string;
  name: string;
  description?: string;
}

export interface CreateStatusInput {
  /** Defaults to the slug of `name`. */
  id?: string;
  name: string;
  description?: string;
  level: Level | string;
  /** Defaults to the image of the level's default status. */
  image?: string;
}

export interface CreateEventInput {
  /**
   * Status id. When omitted the event keeps the service's current status (a
   * note that does not change the state), or the default status "up" for a
   * service without events.
   */
  status?: string;
  message: string;
  informational?: boolean;
  /** When the event occurred; default now. A string is read by parseDate. */
  timestamp?: Date | string;
}

/** Inclusive bounds on the event time; strings are read by parseDate. */
export interface EventRange {
  start?: Date | string;
  end?: Date | string;
}

/** Events per page of the list when the caller names no limit. */
export const DEFAULT_PAGE_SIZE = 100;
/** The largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 1000;

/** One page of the event list (newest first), within optional inclusive bounds. */
export interface EventPageQuery extends EventRange {
  /** Events on the page: a whole number from 1 to MAX_PAGE_SIZE; default DEFAULT_PAGE_SIZE. */
  limit?: number;
  /** The `next` of the previous page (opaque): the list goes on after that page's last event. */
  cursor?: string;
}

export interface EventPage {
  events: EventRecord[];
  /** Cursor of the following page; null when this page ends the list. */
  next: string | null;
}

export interface EventStore {
  /** Throws InvalidEventInputError when the id is taken or the name is empty. */
  createService(input: CreateServiceInput): Promise<ServiceRecord>;
  /** Throws EventsNotFoundError. */
  getService(id: string): Promise<ServiceRecord>;
  /** Ordered by id. */
  listServices(): Promise<ServiceRecord[]>;

  createStatus(input: CreateStatusInput): Promise<StatusRecord>;
  getStatus(id: string): Promise<StatusRecord>;
  /** Ordered by level (NORMAL first), then id. */
  listStatuses(): Promise<StatusRecord[]>;

  /** Unknown service or status → EventsNotFoundError; bad date → InvalidDateError. */
  createEvent(serviceId: string, input: CreateEventInput): Promise<EventRecord>;
  /** Newest first (by timestamp, then by creation order for equal timestamps). */
  listEvents(serviceId: string, range?: EventRange): Promise<EventRecord[]>;
  /**
   * listEvents a page at a time. The order is total (timestamp, then creation
   * order), and a cursor is a position in it, not an offset: following `next`
   * never skips or repeats an event, even among events of one second or when
   * events are added or deleted between pages. Bad limit or cursor →
   * InvalidEventInputError.
   */
  listEventsPage(serviceId: string, query?: EventPageQuery): Promise<EventPage>;
  /** The newest event, or null when the service has none. */
  currentEvent(serviceId: string): Promise<EventRecord | null>;
  /** A sid that is unknown or belongs to another service → EventsNotFoundError. */
  getEvent(serviceId: string, sid: string): Promise<EventRecord>;
  /** Removes the event and returns it; not found as for getEvent. */
  deleteEvent(serviceId: string, sid: string): Promise<EventRecord>;

  close(): Promise<void>;
}

/**
 * The statuses every new store starts with: those the original system
 * (Stashboard) installed on setup, with its Fugue icon paths. "up" is the
 * default status of a service without events.
 */
export const DEFAULT_STATUSES: readonly StatusRecord[] = [
  {
    id: 'up',
    name: 'Up',
    description: 'The service is up',
    level: 'NORMAL',
    image: '/images/icons/fugue/tick-circle.png',
  },
  {
    id: 'warning',
    name: 'Warning',
    description: 'The service is experiencing intermittent problems',
    level: 'WARNING',
    image: '/images/icons/fugue/exclamation.png',
  },
  {
    id: 'down',
    name: 'Down',
    description: 'The service is currently down',
    level: 'ERROR',
    image: '/images/icons/fugue/cross-circle.png',
  },
];

export const DEFAULT_STATUS_ID = 'up';

/** Image for a new status of this level when the caller gives none. */
export const LEVEL_IMAGES: Readonly<Record<Level, string>> = {
  NORMAL: '/images/icons/fugue/tick-circle.png',
  WARNING: '/images/icons/fugue/exclamation.png',
  ERROR: '/images/icons/fugue/cross-circle.png',
  CRITICAL: '/images/icons/fugue/minus-circle.png',
};
