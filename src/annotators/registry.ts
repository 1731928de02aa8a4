/**
 * Which annotator assigns which layer, in dependency order. The analyzer
 * resolves the closure of what the requested extractors need and creates
 * only those annotators — lazily, once per analyzer — so a request for
 * `words` never loads the parser or the knowledge base.
 *
 * An annotator whose model files are not shipped is unavailable: the layers
 * it would assign stay absent (and so do their response fields); an
 * extractor that *requires* such a layer is refused with a clear error.
 * Where two annotators assign the same layer, the first available wins
 * (the linker before the NER-only fallback).
 *
 * Factories are imported on first use, so loading textlens for `words` does
 * not even import the parser's or the linker's code.
 */
import type { Annotator, Layer } from './annotator.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Backend } from '../models/onnx-runner.js';

export interface AnnotatorConfig {
  backend: Backend;
  /** Which dependency parser: the accurate BiLSTM one (default) or the ~2x faster convolutional one. */
  parser: 'accurate' | 'fast';
  /** A Hugging Face token-classification model directory that replaces the shipped NER (transformer-ner.ts). */
  nerTransformers?: string;
}

export interface AnnotatorSpec {
  name: string;
  assigns: readonly Layer[];
  requires: readonly Layer[];
  /** Files under the models directory that must exist for this annotator (they may depend on the config). */
  resources: readonly string[] | ((config: AnnotatorConfig) => readonly string[]);
  /** True when the annotator's models are trained on English only. */
  englishOnly: boolean;
  create(loader: ResourceLoader, config: AnnotatorConfig): Promise<Annotator>;
}

/** The models directory of the configured parser. */
const parserDir = (c: AnnotatorConfig): string => (c.parser === 'fast' ? 'parser-fast' : 'parser');

/** The files an annotator needs under the given config. */
export function resourcesOf(spec: AnnotatorSpec, config: AnnotatorConfig): readonly string[] {
  return typeof spec.resources === 'function' ? spec.resources(config) : spec.resources;
}

export const ANNOTATORS: readonly AnnotatorSpec[] = [
  {
    name: 'tagger',
    requires: ['tokens', 'sentences'],
    assigns: ['xpos', 'upos'],
    resources: ['tagger/tagger.onnx', 'tagger/meta.json'],
    englishOnly: true,
    create: async (loader, c) => (await import('./tagger.js')).createTagger(loader, { backend: c.backend }),
  },
  {
    name: 'lemmatizer',
    requires: ['tokens', 'xpos'],
    assigns: ['lemma'],
    resources: ['lexicon/ewt-lemmas.json', 'lexicon/wordnet-exceptions.json'],
    englishOnly: true,
    create: async (loader) => (await import('./lemmatizer.js')).createLemmatizer(loader),
  },
  {
    name: 'stemmer',
    requires: ['tokens'],
    assigns: ['stem'],
    resources: [],
    englishOnly: true,
    create: async () => (await import('./stemmer.js')).createStemmer(),
  },
  {
    name: 'parser',
    requires: ['tokens', 'sentences', 'upos', 'xpos'],
    assigns: ['deps'],
    resources: (c) => [`${parserDir(c)}/parser.onnx`, `${parserDir(c)}/meta.json`],
    englishOnly: true,
    create: async (loader, c) => (await import('./parser.js')).createParser(loader, { backend: c.backend, dir: parserDir(c) }),
  },
  {
    name: 'ner',
    requires: ['tokens', 'sentences'],
    assigns: ['mentions'],
    // A user's transformer model lives outside the models directory; the analyzer checks its files when created.
    resources: (c) => (c.nerTransformers ? [] : ['ner/ner.onnx', 'ner/meta.json']),
    englishOnly: true,
    create: async (loader, c) =>
      c.nerTransformers
        ? (await import('#platform/transformer-ner.js')).createTransformerNer(c.nerTransformers)
        : (await import('./ner.js')).createNer(loader, { backend: c.backend }),
  },
  {
    name: 'linker',
    requires: ['tokens', 'sentences', 'mentions'],
    assigns: ['entities'],
    resources: ['kb/kb.sqlite', 'kb/linker.json', 'ontology/dbpedia-classes.json'],
    englishOnly: true,
    create: async (loader) => (await import('./linker.js')).createLinker(loader),
  },
  {
    name: 'mention-entities',
    requires: ['tokens', 'sentences', 'mentions'],
    assigns: ['entities'],
    resources: ['ontology/dbpedia-classes.json'],
    englishOnly: true,
    create: async (loader) => (await import('./mention-entities.js')).createMentionEntities(loader),
  },
  {
    // The trained chunker over the rule walk's tags; without its files, the rule walk alone (next).
    name: 'phrase-chunker',
    requires: ['upos', 'xpos', 'deps'],
    assigns: ['phrases'],
    resources: ['chunker/meta.json', 'chunker/weights.bin', 'tagger/word-clusters.bin'],
    englishOnly: true,
    create: async (loader) => (await import('./phrases.js')).createPhraseChunker(loader),
  },
  {
    name: 'phrases',
    requires: ['upos', 'xpos', 'deps'],
    assigns: ['phrases'],
    resources: [],
    englishOnly: true,
    create: async () => (await import('./phrases.js')).createPhraseAnnotator(),
  },
  {
    name: 'properties',
    requires: ['upos', 'xpos', 'lemma', 'deps', 'phrases'],
    assigns: ['properties'],
    resources: [],
    englishOnly: true,
    create: async () => (await import('./properties.js')).createPropertyAnnotator(),
  },
  {
    name: 'relations',
    requires: ['tokens', 'sentences', 'upos', 'xpos', 'deps'],
    assigns: ['relations'],
    resources: [],
    englishOnly: true,
    create: async () => (await import('./relations.js')).createRelations(),
  },
  {
    // After the linker: when the caller also asked for entities, topics reuse them (never the other way round).
    name: 'topics',
    requires: ['tokens'],
    assigns: ['topics'],
    resources: ['topics/mediatopics.json', 'topics/mediatopics-classifier/meta.json', 'topics/mediatopics-classifier/weights.bin'],
    // English-only, but the annotator itself skips other languages with a message instead of a 400.
    englishOnly: false,
    create: async (loader) => (await import('./topics.js')).createTopicsAnnotator(loader),
  },
  {
    name: 'senses',
    requires: ['tokens', 'sentences', 'xpos', 'lemma'],
    assigns: ['senses'],
    resources: ['senses/synsets.tsv.gz', 'senses/index.tsv.gz', 'senses/wsd-vocab.txt.gz', 'senses/wsd-weights.bin', 'senses/meta.json'],
    englishOnly: true,
    create: async (loader) => (await import('./senses.js')).createSensesAnnotator(loader),
  },
  {
    name: 'entailments',
    requires: ['tokens', 'sentences', 'xpos', 'lemma', 'senses'],
    assigns: ['entailments'],
    resources: ['senses/relations.tsv.gz', 'senses/synsets.tsv.gz', 'senses/index.tsv.gz', 'senses/wsd-weights.bin', 'senses/wsd-vectors.bin'],
    englishOnly: true,
    create: async (loader) => (await import('./entailments.js')).createEntailmentsAnnotator(loader),
  },
];

/** Layers each built-in extractor needs (required) and enriches its output with (optional). */
export const EXTRACTOR_LAYERS: Record<string, { required: Layer[]; optional: Layer[] }> = {
  words: { required: [], optional: ['xpos', 'upos', 'lemma', 'stem'] },
  'dependency-trees': { required: ['deps'], optional: ['xpos', 'upos', 'lemma', 'stem'] },
  entities: { required: ['entities'], optional: [] },
  topics: { required: ['topics'], optional: [] },
  phrases: { required: ['phrases'], optional: [] },
  relations: { required: ['relations', 'properties'], optional: [] },
  entailments: { required: ['entailments'], optional: [] },
  senses: { required: ['senses'], optional: [] },
};
