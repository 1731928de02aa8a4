/**
 * A document of a QID-labelled entity-linking benchmark (ELEVANT's JSONL,
 * GUM's entities), as the readers (el.ts, el-jsonl.ts) produce it and
 * evalQidBenchmark scores it.
 */
import type { Doc } from '../doc/doc.js';
import type { GoldLabel } from './elevant-count.js';

/**
 * One document: its doc (tokens, sentences), the gold labels as code-point
 * spans (trees of alternatives and parts where the benchmark has them:
 * elevant-count.ts), the evaluation span.
 */
export interface QidDocument {
  doc: Doc;
  gold: GoldLabel[];
  span: [number, number];
}
