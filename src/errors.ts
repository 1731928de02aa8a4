/**
 * Errors that reach a caller. Every failure a user can cause carries the HTTP
 * status the spec assigns to it, so the CLI, the library and the HTTP layer
 * report the same thing the same way.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 408 | 413 | 415 | 429 | 500 | 502 | 503 | 504;

export class AnalysisError extends Error {
  readonly status: ErrorStatus;
  /** The parameter or input that caused the error, when there is one. */
  readonly culprit?: string;

  constructor(status: ErrorStatus, message: string, culprit?: string) {
    super(message);
    this.name = 'AnalysisError';
    this.status = status;
    this.culprit = culprit;
  }
}

export const badRequest = (message: string, culprit?: string): AnalysisError =>
  new AnalysisError(400, message, culprit);

export const tooLarge = (message: string): AnalysisError => new AnalysisError(413, message);

export function isAnalysisError(e: unknown): e is AnalysisError {
  return e instanceof AnalysisError;
}
