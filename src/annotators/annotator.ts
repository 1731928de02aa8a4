/**
 * What an annotator is: a declaration (name, requires, assigns, languages,
 * the extractors it serves, create) and the object create() builds, which
 * only runs. Every built-in annotator is declared once, in registry.ts; the
 * analyzer (through plan.ts) reads nothing else to decide what runs.
 */
import type { Doc } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Backend } from '../models/ort-types.js';
import type { AnalyzeRequest } from '../request.js';
import type { BuiltinExtractor, WarningCode } from '../types.js';

export type { Layer } from '../doc/layers.js';
import type { Layer } from '../doc/layers.js';

/** Layers every Doc has from segmentation, before any annotator runs. */
export const BASE_LAYERS: readonly Layer[] = ['tokens', 'sentences'];

/**
 * Whether a Doc already carries each layer (annotateDoc() does not compute
 * those again). Typed over every Layer, so a new layer cannot be forgotten.
 */
export const LAYER_ON_DOC: { readonly [L in Layer]: (doc: Doc) => boolean } = {
  tokens: () => true,
  sentences: () => true,
  xpos: (d) => d.xpos !== undefined,
  upos: (d) => d.upos !== undefined,
  lemma: (d) => d.lemma !== undefined,
  stem: (d) => d.stem !== undefined,
  deps: (d) => d.head !== undefined && d.deprel !== undefined,
  mentions: (d) => d.mentions !== undefined,
  entities: (d) => d.entities !== undefined,
  topics: (d) => d.topics !== undefined && d.coarseTopics !== undefined,
  phrases: (d) => d.nounPhrases !== undefined,
  relations: (d) => d.relations !== undefined,
  properties: (d) => d.properties !== undefined,
  entailments: (d) => d.entailments !== undefined,
  senses: (d) => d.senses !== undefined,
};

export interface AnnotateContext {
  /** ISO 639-2 language of the doc. */
  language: string;
  /** Page metadata from cleanup, when cleanup.useMetadata is on. */
  metadata?: { title?: string; description?: string };
  /** The validated request (entity filters, overlap, enrichment queries, …). */
  request: AnalyzeRequest;
  /** A warning for the response: an entry of its `warnings`, a sentence of its `message` (codes: WarningCode in types.ts). */
  warn(code: WarningCode, message: string): void;
}

/** A created annotator. What it needs, assigns and reads is said once, in its declaration (registry.ts). */
export interface Annotator {
  run(doc: Doc, ctx: AnnotateContext): void | Promise<void>;
}

/** Analyzer settings an annotator's files and factory may depend on. */
export interface AnnotatorConfig {
  backend: Backend;
  /** Which dependency parser: the accurate BiLSTM one (default) or the ~2x faster convolutional one. */
  parser: 'accurate' | 'fast';
  /** A Hugging Face token-classification model directory that replaces the shipped NER (transformer-ner.ts). */
  nerTransformers?: string;
}

/**
 * How an extractor uses an annotator's layers: `required` refuses the
 * extractor (400) on English text when no annotator for them is installed;
 * `optional` adds them to its output when their annotator is installed.
 */
export type ExtractorUse = 'required' | 'optional';

/** One annotator, declared once (registry.ts lists them in dependency order). */
export interface AnnotatorDeclaration {
  name: string;
  requires: readonly Layer[];
  assigns: readonly Layer[];
  /** ISO 639-2 languages the annotator handles; absent means any (it may still skip a language itself, with a warning). */
  languages?: readonly string[];
  /** The built-in extractors whose output reads the layers this annotator assigns. */
  extractors?: Readonly<Partial<Record<BuiltinExtractor, ExtractorUse>>>;
  /** True when a request that names a rule computes these layers (where installed): the rule facts read them. */
  readByRules?: boolean;
  /** Files under the models directory that must exist for this annotator (they may depend on the config). */
  resources: readonly string[] | ((config: AnnotatorConfig) => readonly string[]);
  /** Builds the annotator once per analyzer; its code is imported here, on first use. */
  create(loader: ResourceLoader, config: AnnotatorConfig): Promise<Annotator>;
}

/** The files an annotator needs under the given config. */
export function resourcesOf(declaration: AnnotatorDeclaration, config: AnnotatorConfig): readonly string[] {
  return typeof declaration.resources === 'function' ? declaration.resources(config) : declaration.resources;
}
