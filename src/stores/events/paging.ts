/**
 * Paging of the event list, shared by every backend: the limit's bounds and
 * the cursor. A cursor names the position of a page's last event in the
 * list's order (timestamp, then creation sequence, both descending), so the
 * next page is "everything after it": stable under inserts and deletes, and
 * exact among events that share a second. It is opaque to clients
 * (base64url), versioned so its content can change later.
 */
import { InvalidEventInputError } from './errors.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type EventPageQuery } from './store.js';

/** An event's place in the list: its unix seconds and its creation sequence in the store. */
export interface ListPosition {
  seconds: number;
  seq: number;
}

export interface CheckedPage {
  limit: number;
  /** The page holds only events after this one; undefined for the first page. */
  after: ListPosition | undefined;
}

const CURSOR_VERSION = 'e1';
const CURSOR_BODY = /^(-?\d{1,15}):(\d{1,15})$/;

export function pageFromInput(query: EventPageQuery | undefined): CheckedPage {
  const limit = query?.limit ?? DEFAULT_PAGE_SIZE;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new InvalidEventInputError(
      `"limit" must be a whole number from 1 to ${MAX_PAGE_SIZE} (got ${JSON.stringify(limit)})`,
      'limit',
    );
  }
  const cursor = query?.cursor;
  return { limit, after: cursor === undefined ? undefined : decodeCursor(cursor) };
}

export function encodeCursor(position: ListPosition): string {
  return toBase64Url(`${CURSOR_VERSION}:${position.seconds}:${position.seq}`);
}

function decodeCursor(cursor: string): ListPosition {
  const refuse = (): never => {
    const shown = cursor.length > 40 ? `${cursor.slice(0, 40)}…` : cursor;
    throw new InvalidEventInputError(
      `"cursor" ${JSON.stringify(shown)} is not a cursor of this list: pass on the one a page ended with`,
      'cursor',
    );
  };
  if (typeof cursor !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return refuse();
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return refuse();
  }
  const prefix = `${CURSOR_VERSION}:`;
  const body = text.startsWith(prefix) ? CURSOR_BODY.exec(text.slice(prefix.length)) : null;
  if (!body) return refuse();
  return { seconds: Number(body[1]), seq: Number(body[2]) };
}

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether `e` comes after `position` in the list's newest-first order. */
export function isAfter(e: ListPosition, position: ListPosition): boolean {
  return e.seconds < position.seconds || (e.seconds === position.seconds && e.seq < position.seq);
}
