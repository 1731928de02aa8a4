/** The events store: interface, backends, dates and the spec's JSON. */
export {
  LEVELS,
  DEFAULT_STATUSES,
  DEFAULT_STATUS_ID,
  LEVEL_IMAGES,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type Level,
  type StatusRecord,
  type ServiceRecord,
  type EventRecord,
  type CreateServiceInput,
  type CreateStatusInput,
  type CreateEventInput,
  type EventRange,
  type EventPageQuery,
  type EventPage,
  type EventStore,
} from './store.js';
export { EventsNotFoundError, InvalidDateError, InvalidEventInputError } from './errors.js';
export { DatabaseUnavailableError } from '../../db/database-unavailable.js';
export { parseDate, formatHttpDate } from './dates.js';
export { newSid, SID_PATTERN } from './sid.js';
export { slugify } from './input.js';
export {
  API_PREFIX,
  eventToJson,
  statusToJson,
  serviceToJson,
  type EventJson,
  type StatusJson,
  type ServiceJson,
} from './json.js';
export { MemoryEventStore } from './memory-store.js';
export { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite-store.js';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-store.js';
export { openEventStore, DEFAULT_EVENTS_FILE, type OpenEventStoreOptions } from './open.js';
