/**
 * What travels through pg-boss: the queue names, a job's payload (one
 * document or a chunk of them), and the rule that decides whether a failure
 * is the document's answer or a reason to try again.
 */
import type { DocId } from '../batch/input.js';
import type { FlatOptions } from '../types.js';

/** The pg-boss queue every textlens worker takes jobs from (all batches share it; a job names its batch). */
export const WORK_QUEUE = 'textlens-analyze';
/** Where pg-boss moves a job that failed on its last try; workers record its documents as dead. */
export const DEAD_LETTER_QUEUE = 'textlens-analyze-dead';

/** One document of a job, as the input gave it. */
export interface QueuedDocument {
  /** 0-based position in the input: collect writes results in this order. */
  seq: number;
  /** itemKey(id, line): the results table's key within the batch. */
  key: string;
  id: DocId | null;
  line?: number;
  /** text or url and the document's own params. */
  fields: FlatOptions;
  /** Fields its source implies (cleanHTML for an .html file); the batch's params override them. */
  defaults?: FlatOptions;
}

/** A job's data: the batch it belongs to and its documents, analyzed one after the other. */
export interface AnalysisJob {
  batch: string;
  /** The batch's id: a job whose batch was deleted (or replaced by one of the same name) is dropped. */
  batchId: string;
  docs: QueuedDocument[];
}

/** The `output` a worker gives pg-boss when a job fails (pg-boss's own timeout output has only a message). */
export interface JobFailure {
  status: number;
  message: string;
  /** host:pid of the worker that gave up on it. */
  worker?: string;
}

/**
 * A 4xx is the document's own answer (bad parameters, too long, a language
 * the models lack): trying again gives the same, so it is a result. A 5xx
 * (a worker thread that crashed, a timeout, a pool shutting down) may not
 * recur on another try or another machine, so the job is retried.
 */
export function isDocumentError(status: number): boolean {
  return status >= 400 && status < 500;
}

