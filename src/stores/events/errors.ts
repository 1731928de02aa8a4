/**
 * Errors of the events store. They extend AnalysisError so the HTTP layer
 * maps every store failure to a status code without knowing the store.
 */
import { AnalysisError } from '../../errors.js';

/** An unknown service, status or event sid (also: a sid of another service). */
export class EventsNotFoundError extends AnalysisError {
  readonly kind: 'service' | 'status' | 'event';
  readonly id: string;

  constructor(kind: 'service' | 'status' | 'event', id: string, message?: string) {
    super(404, message ?? `${kind[0]!.toUpperCase()}${kind.slice(1)} "${id}" not found`, kind);
    this.name = 'EventsNotFoundError';
    this.kind = kind;
    this.id = id;
  }
}

/** A date string none of the accepted formats can read. */
export class InvalidDateError extends AnalysisError {
  /** The string as given, so the caller can show what was wrong. */
  readonly value: string;

  constructor(value: string, culprit?: string) {
    const where = culprit ? ` in "${culprit}"` : '';
    super(
      400,
      `Could not parse date "${value}"${where}: use YYYY-MM-DD, ISO 8601, RFC 2822 or RFC 1123`,
      culprit,
    );
    this.name = 'InvalidDateError';
    this.value = value;
  }
}

/** Bad input to a create call: a missing name, an unknown level, a taken id. */
export class InvalidEventInputError extends AnalysisError {
  constructor(message: string, culprit?: string) {
    super(400, message, culprit);
    this.name = 'InvalidEventInputError';
  }
}
