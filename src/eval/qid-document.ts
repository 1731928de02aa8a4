/**
 * A document of a QID-labelled entity-linking benchmark (ELEVANT's JSONL,
 * GUM's entities), as the readers (el.ts, el-jsonl.ts) produce it and
 * evalQidBenchmark scores it.
 */
import type { Doc } from '../doc/doc.js';

/** One document: its doc (tokens, sentences), the gold labels as code-point spans, the evaluation span. */
export interface QidDocument {
  doc: Doc;
  gold: { start: number; end: number; qid: string; counted: boolean }[];
  span: [number, number];
}
