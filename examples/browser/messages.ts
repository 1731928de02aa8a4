/** What the page and its worker say to each other (worker.ts, main.ts). */
import type { AnalyzeOptions, AnalyzeResponse } from 'textlens';
import type { PageSettings } from './settings.js';

export type ToWorker =
  | { kind: 'init'; settings: PageSettings }
  | { kind: 'analyze'; id: number; request: AnalyzeOptions };

/** Every reply is an envelope: a response, or the error envelope the HTTP API would send. */
export interface FromWorker {
  id: number;
  response: AnalyzeResponse;
}
