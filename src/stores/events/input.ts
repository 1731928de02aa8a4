/**
 * Validation shared by every backend, so that all of them accept and refuse
 * exactly the same input (the conformance suite checks that they do).
 */
import { toDateInput } from './dates.js';
import { InvalidEventInputError } from './errors.js';
import {
  LEVELS,
  LEVEL_IMAGES,
  type CreateEventInput,
  type CreateServiceInput,
  type CreateStatusInput,
  type EventRange,
  type Level,
  type ServiceRecord,
  type StatusRecord,
} from './store.js';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const MAX_NAME = 200;
const MAX_TEXT = 10_000;

/** "Bunny Fetcher!" → "bunny-fetcher": the id a name gets when none is given. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

function requiredText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidEventInputError(`"${field}" is required`, field);
  }
  if (value.length > max) {
    throw new InvalidEventInputError(`"${field}" is longer than ${max} characters`, field);
  }
  return value.trim();
}

function optionalText(value: unknown, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new InvalidEventInputError(`"${field}" must be a string`, field);
  if (value.length > max) {
    throw new InvalidEventInputError(`"${field}" is longer than ${max} characters`, field);
  }
  return value.trim();
}

function idFor(id: unknown, name: string): string {
  const chosen = id === undefined || id === null || id === '' ? slugify(name) : id;
  if (typeof chosen !== 'string' || !SLUG.test(chosen)) {
    throw new InvalidEventInputError(
      `"id" must be 1-64 lowercase letters, digits or inner hyphens (got "${String(chosen)}")`,
      'id',
    );
  }
  return chosen;
}

export function serviceFromInput(input: CreateServiceInput): ServiceRecord {
  const name = requiredText(input.name, 'name', MAX_NAME);
  return { id: idFor(input.id, name), name, description: optionalText(input.description, 'description', MAX_TEXT) };
}

export function parseLevel(value: unknown): Level {
  const level = typeof value === 'string' ? value.trim().toUpperCase() : value;
  if (!LEVELS.includes(level as Level)) {
    throw new InvalidEventInputError(
      `"level" must be one of ${LEVELS.join(', ')} (got "${String(value)}")`,
      'level',
    );
  }
  return level as Level;
}

export function statusFromInput(input: CreateStatusInput): StatusRecord {
  const name = requiredText(input.name, 'name', MAX_NAME);
  const level = parseLevel(input.level);
  const image = optionalText(input.image, 'image', 1000) || LEVEL_IMAGES[level];
  return {
    id: idFor(input.id, name),
    name,
    description: optionalText(input.description, 'description', MAX_TEXT),
    level,
    image,
  };
}

export interface CheckedEventInput {
  statusId: string | undefined;
  message: string;
  informational: boolean;
  /** Unix seconds. */
  seconds: number;
}

export function eventFromInput(input: CreateEventInput, now: Date = new Date()): CheckedEventInput {
  const message = requiredText(input.message, 'message', MAX_TEXT);
  if (input.informational !== undefined && typeof input.informational !== 'boolean') {
    throw new InvalidEventInputError('"informational" must be a boolean', 'informational');
  }
  if (input.status !== undefined && typeof input.status !== 'string') {
    throw new InvalidEventInputError('"status" must be a status id', 'status');
  }
  const when = input.timestamp === undefined ? now : toDateInput(input.timestamp, 'timestamp');
  return {
    statusId: input.status === '' ? undefined : input.status,
    message,
    informational: input.informational ?? false,
    seconds: toSeconds(when),
  };
}

/** Inclusive bounds in unix seconds; a missing bound is open. */
export interface SecondsRange {
  start: number;
  end: number;
}

export function rangeFromInput(range: EventRange | undefined): SecondsRange {
  const start = range?.start === undefined ? -Infinity : toDateInput(range.start, 'start').getTime() / 1000;
  const end = range?.end === undefined ? Infinity : toDateInput(range.end, 'end').getTime() / 1000;
  // Timestamps are whole seconds; a bound with a fraction keeps the events
  // at or after it (start) and at or before it (end).
  return { start: Math.ceil(start), end: Math.floor(end) };
}

/** Stored resolution: whole seconds, as shown by the HTTP date. */
export function toSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function levelRank(level: Level): number {
  return LEVELS.indexOf(level);
}

export function sortStatuses(statuses: StatusRecord[]): StatusRecord[] {
  return statuses.sort((a, b) => levelRank(a.level) - levelRank(b.level) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
