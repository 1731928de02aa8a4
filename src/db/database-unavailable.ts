/**
 * A database that went away: which driver errors mean the connection to
 * PostgreSQL failed (rather than the statement), and the 503 a caller gets
 * for them. Free of pg types, so the stores' public declarations can name
 * the error without pg installed.
 */
import { AnalysisError } from '../errors.js';

/** The database went away or cannot be reached: the request may succeed if retried. */
export class DatabaseUnavailableError extends AnalysisError {
  constructor(message: string, cause: unknown) {
    super(503, message);
    this.name = 'DatabaseUnavailableError';
    // For logs; the message shown to a client names no host or server detail.
    this.cause = cause;
  }
}

/**
 * SQLSTATEs of a session the server ended: admin_shutdown (a restart or
 * pg_terminate_backend), crash_shutdown, idle_session_timeout; class 08 is
 * "connection exception".
 */
const SESSION_ENDED = new Set(['57P01', '57P02', '57P05']);
/** The server is starting up or shutting down: connecting failed, nothing was lost. */
const CANNOT_CONNECT_NOW = '57P03';
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const LOST_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);
/** pg reports a dropped socket as a plain Error with one of these messages. */
const LOST_MESSAGE = /^(?:Connection terminated|Client has encountered a connection error and is not queryable)/;
const CONNECT_TIMEOUT_MESSAGE = /^timeout exceeded when trying to connect/;

type FailureKind = 'lost' | 'unreachable' | undefined;

function failureKind(e: unknown): FailureKind {
  if (!(e instanceof Error)) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SESSION_ENDED.has(code) || code.startsWith('08')) return 'lost';
    if (code === CANNOT_CONNECT_NOW || UNREACHABLE_SOCKET_CODES.has(code)) return 'unreachable';
    if (LOST_SOCKET_CODES.has(code)) return 'lost';
  }
  if (LOST_MESSAGE.test(e.message)) return 'lost';
  if (CONNECT_TIMEOUT_MESSAGE.test(e.message)) return 'unreachable';
  return undefined;
}

/** Whether `e` says the connection to PostgreSQL failed (rather than the statement). */
export function isConnectionFailure(e: unknown): boolean {
  return failureKind(e) !== undefined;
}

/** A connection failure as DatabaseUnavailableError (503); any other error as it is. */
export function databaseError(e: unknown): unknown {
  switch (failureKind(e)) {
    case 'lost':
      return new DatabaseUnavailableError(
        'The connection to the database was lost (the database restarted or ended the session); retry the request',
        e,
      );
    case 'unreachable':
      return new DatabaseUnavailableError('The database cannot be reached at the moment; retry the request shortly', e);
    default:
      return e;
  }
}
