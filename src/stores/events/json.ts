/**
 * The spec's JSON objects. url fields are paths (the spec calls them the
 * "path of the resource"), so they stay right behind any proxy or host name.
 */
import { formatHttpDate } from './dates.js';
import type { EventRecord, ServiceRecord, StatusRecord } from './store.js';

export const API_PREFIX = '/api/v1';

export interface StatusJson {
  id: string;
  name: string;
  description: string;
  level: string;
  image: string;
  url: string;
}

export interface EventJson {
  sid: string;
  message: string;
  timestamp: string;
  url: string;
  status: StatusJson;
  informational: boolean;
}

export interface ServiceJson {
  id: string;
  name: string;
  description: string;
  url: string;
  /** As the original listed services: with their current event, or null. */
  'current-event': EventJson | null;
}

export function statusToJson(status: StatusRecord): StatusJson {
  return {
    id: status.id,
    name: status.name,
    description: status.description,
    level: status.level,
    image: status.image,
    url: `${API_PREFIX}/statuses/${encodeURIComponent(status.id)}`,
  };
}

export function eventToJson(event: EventRecord): EventJson {
  return {
    sid: event.sid,
    message: event.message,
    timestamp: formatHttpDate(event.timestamp),
    url: `${API_PREFIX}/services/${encodeURIComponent(event.serviceId)}/events/${encodeURIComponent(event.sid)}`,
    status: statusToJson(event.status),
    informational: event.informational,
  };
}

export function serviceToJson(service: ServiceRecord, current: EventRecord | null): ServiceJson {
  return {
    id: service.id,
    name: service.name,
    description: service.description,
    url: `${API_PREFIX}/services/${encodeURIComponent(service.id)}`,
    'current-event': current ? eventToJson(current) : null,
  };
}
