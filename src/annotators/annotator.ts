import type { Doc } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { AnalyzeRequest } from '../request.js';

/**
 * Layers a Doc can carry. Annotators declare which they need and which they
 * assign (like spaCy's requires/assigns); the analyzer runs only the closure
 * of what the requested extractors need.
 */
export type Layer =
  | 'tokens'
  | 'sentences'
  | 'xpos'
  | 'upos'
  | 'lemma'
  | 'stem'
  | 'deps'
  | 'mentions'
  | 'entities'
  | 'topics'
  | 'phrases'
  | 'relations'
  | 'properties'
  | 'entailments'
  | 'senses';

export interface AnnotateContext {
  /** ISO 639-2 language of the doc. */
  language: string;
  /** Page metadata from cleanup, when cleanup.useMetadata is on. */
  metadata?: { title?: string; description?: string };
  /** The validated request (entity filters, overlap, enrichment queries, …). */
  request: AnalyzeRequest;
  /** Warnings for the response's `message`. */
  warn(message: string): void;
}

export interface Annotator {
  readonly name: string;
  readonly requires: readonly Layer[];
  readonly assigns: readonly Layer[];
  /** Languages this annotator handles; undefined means any. */
  readonly languages?: readonly string[];
  run(doc: Doc, ctx: AnnotateContext): void | Promise<void>;
}

/** Builds an annotator once per analyzer; resources are read through the loader. */
export type AnnotatorFactory = (loader: ResourceLoader) => Promise<Annotator>;
