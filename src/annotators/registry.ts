/**
 * Every annotator, declared once, in dependency order (a layer's assigner
 * comes before the annotators that require it). plan.ts resolves the closure
 * of what the requested extractors need and the analyzer creates only those
 * annotators — lazily, once per analyzer — so a request for `words` never
 * loads the parser or the knowledge base.
 *
 * An annotator whose model files are not shipped is unavailable: the layers
 * it would assign stay absent (and so do their response fields); an
 * extractor that *requires* such a layer is refused with a clear error.
 * Where two annotators assign the same layer, the first available wins
 * (the linker before the NER-only fallback).
 *
 * Factories are imported on first use, so loading textlens for `words` does
 * not even import the parser's or the linker's code: that is why the
 * declarations live here, not beside each annotator's (heavy) imports.
 *
 * Where several annotators serve one extractor, their order here is the order
 * of its layers (and of the layers named in a message that skips them).
 */
import { LANGUAGE_PACKS, packParserDir, packParserResources, packResources, type LanguagePack } from '../language-packs/packs.js';
import { packNerDir, packNerResources } from '../language-packs/ner.js';
import type { AnnotatorConfig, AnnotatorDeclaration } from './annotator.js';

const ENGLISH = ['eng'] as const;
/** English and the languages whose packs have an NER: the English linker links their names (src/language-packs/ner.ts). */
const LINKED = ['eng', ...LANGUAGE_PACKS.map((p) => p.code)] as const;

/** The models directory of the configured parser. */
const parserDir = (c: AnnotatorConfig): string => (c.parser === 'fast' ? 'parser-fast' : 'parser');

/** Word-level layers: they enrich `words` and `dependency-trees` wherever their models are installed. */
const WORD_LAYER = { words: 'optional', 'dependency-trees': 'optional' } as const;

/** A language pack's words layers (src/language-packs/): UPOS (also as xpos), lemmas and stems in one pass, from models/<code>/. */
function packWords(pack: LanguagePack): AnnotatorDeclaration {
  return {
    name: `words-${pack.code}`,
    requires: ['tokens', 'sentences'],
    assigns: ['xpos', 'upos', 'lemma', 'stem'],
    languages: [pack.code],
    extractors: WORD_LAYER,
    readByRules: true,
    resources: packResources(pack),
    create: async (loader, c) => (await import('./language-pack.js')).createPackWords(loader, pack, { backend: c.backend }),
  };
}

/**
 * A language pack's UD parser (models/<code>/parser/): the English parser's
 * runtime over the pack's model, on the pack's syntactic words and UPOS tags.
 * Its trees are UD only (the Stanford conversion is English-only).
 */
function packParser(pack: LanguagePack): AnnotatorDeclaration {
  return {
    name: `parser-${pack.code}`,
    requires: ['tokens', 'sentences', 'upos', 'xpos'],
    assigns: ['deps'],
    languages: [pack.code],
    extractors: { 'dependency-trees': 'required' },
    readByRules: true,
    resources: packParserResources(pack),
    create: async (loader, c) => (await import('./parser.js')).createParser(loader, { backend: c.backend, dir: packParserDir(pack) }),
  };
}

/** A language pack's NER (models/<code>/ner/): the English NER's runtime over the pack's model. */
function packNer(pack: LanguagePack): AnnotatorDeclaration {
  return {
    name: `ner-${pack.code}`,
    requires: ['tokens', 'sentences'],
    assigns: ['mentions'],
    languages: [pack.code],
    resources: packNerResources(pack),
    create: async (loader, c) => (await import('./ner.js')).createNer(loader, { backend: c.backend, dir: packNerDir(pack) }),
  };
}

export const ANNOTATORS: readonly AnnotatorDeclaration[] = [
  {
    name: 'tagger',
    requires: ['tokens', 'sentences'],
    assigns: ['xpos', 'upos'],
    languages: ENGLISH,
    extractors: WORD_LAYER,
    readByRules: true,
    // the shared pretrained word vectors are an input of the shipped tagger and NER
    resources: ['tagger/tagger.onnx', 'tagger/meta.json', 'vectors/vectors.bin'],
    create: async (loader, c) => (await import('./tagger.js')).createTagger(loader, { backend: c.backend }),
  },
  {
    name: 'lemmatizer',
    requires: ['tokens', 'xpos'],
    assigns: ['lemma'],
    languages: ENGLISH,
    extractors: WORD_LAYER,
    readByRules: true,
    resources: ['lexicon/ewt-lemmas.json', 'lexicon/wordnet-exceptions.json'],
    create: async (loader) => (await import('./lemmatizer.js')).createLemmatizer(loader),
  },
  {
    name: 'stemmer',
    requires: ['tokens'],
    assigns: ['stem'],
    languages: ENGLISH,
    extractors: WORD_LAYER,
    readByRules: true,
    resources: [],
    create: async () => (await import('./stemmer.js')).createStemmer(),
  },
  // After the English word annotators: the first installed one for the text's language wins.
  ...LANGUAGE_PACKS.map(packWords),
  {
    name: 'parser',
    requires: ['tokens', 'sentences', 'upos', 'xpos'],
    assigns: ['deps'],
    languages: ENGLISH,
    extractors: { 'dependency-trees': 'required' },
    readByRules: true,
    // the accurate parser reads the shared pretrained word vectors too (the fast one has none)
    resources: (c) => [`${parserDir(c)}/parser.onnx`, `${parserDir(c)}/meta.json`, ...(c.parser === 'fast' ? [] : ['vectors/vectors.bin'])],
    create: async (loader, c) => (await import('./parser.js')).createParser(loader, { backend: c.backend, dir: parserDir(c) }),
  },
  ...LANGUAGE_PACKS.map(packParser),
  {
    name: 'ner',
    requires: ['tokens', 'sentences'],
    assigns: ['mentions'],
    // English-only: the linker after it reads English.
    languages: ENGLISH,
    // A user's transformer model lives outside the models directory; the analyzer checks its files when created.
    resources: (c) => (c.nerTransformers ? [] : ['ner/ner.onnx', 'ner/meta.json', 'vectors/vectors.bin']),
    create: async (loader, c) =>
      c.nerTransformers
        ? (await import('./transformer-ner.js')).createTransformerNer(c.nerTransformers)
        : (await import('./ner.js')).createNer(loader, { backend: c.backend }),
  },
  ...LANGUAGE_PACKS.map(packNer),
  {
    name: 'linker',
    requires: ['tokens', 'sentences', 'mentions'],
    assigns: ['entities'],
    languages: LINKED,
    extractors: { entities: 'required' },
    readByRules: true,
    resources: ['kb/kb.sqlite', 'kb/linker.json', 'ontology/dbpedia-classes.json', 'vectors/meta.json', 'vectors/vectors.bin'],
    create: async (loader) => (await import('./linker.js')).createLinker(loader),
  },
  {
    // Without the knowledge base: the NER mentions as unlinked entities.
    name: 'mention-entities',
    requires: ['tokens', 'sentences', 'mentions'],
    assigns: ['entities'],
    languages: LINKED,
    extractors: { entities: 'required' },
    readByRules: true,
    resources: ['ontology/dbpedia-classes.json'],
    create: async (loader) => (await import('./mention-entities.js')).createMentionEntities(loader),
  },
  {
    // The trained chunker over the rule walk's tags; without its files, the rule walk alone (next).
    name: 'phrase-chunker',
    requires: ['upos', 'xpos', 'deps'],
    assigns: ['phrases'],
    languages: ENGLISH,
    extractors: { phrases: 'required' },
    readByRules: true,
    resources: ['chunker/meta.json', 'chunker/weights.bin', 'tagger/word-clusters.bin'],
    create: async (loader) => (await import('./phrases.js')).createPhraseChunker(loader),
  },
  {
    name: 'phrases',
    requires: ['upos', 'xpos', 'deps'],
    assigns: ['phrases'],
    languages: ENGLISH,
    extractors: { phrases: 'required' },
    readByRules: true,
    resources: [],
    create: async () => (await import('./phrases.js')).createPhraseAnnotator(),
  },
  {
    // The packs' languages: base phrases read off the UD tree, measured by `eval ud` (its NPs row).
    name: 'phrases-ud',
    requires: ['upos', 'deps'],
    assigns: ['phrases'],
    languages: LANGUAGE_PACKS.map((p) => p.code),
    extractors: { phrases: 'required' },
    readByRules: true,
    resources: [],
    create: async () => (await import('./ud-phrases.js')).createUdPhraseAnnotator(),
  },
  {
    name: 'relations',
    requires: ['tokens', 'sentences', 'upos', 'xpos', 'deps'],
    assigns: ['relations'],
    languages: ENGLISH,
    extractors: { relations: 'required' },
    resources: [],
    create: async () => (await import('./relations.js')).createRelations(),
  },
  {
    // The `relations` extractor's is-a and has-a properties.
    name: 'properties',
    requires: ['upos', 'xpos', 'lemma', 'deps', 'phrases'],
    assigns: ['properties'],
    languages: ENGLISH,
    extractors: { relations: 'required' },
    readByRules: true,
    resources: [],
    create: async () => (await import('./properties.js')).createPropertyAnnotator(),
  },
  {
    // After the linker: when the caller also asked for entities, topics reuse them (never the other way round).
    name: 'topics',
    requires: ['tokens'],
    assigns: ['topics'],
    // Any language: the topic model is English-only, but the annotator skips other languages with a warning instead of a 400.
    extractors: { topics: 'required' },
    resources: ['topics/mediatopics.json', 'topics/mediatopics-classifier/meta.json', 'topics/mediatopics-classifier/weights.bin'],
    create: async (loader) => (await import('./topics.js')).createTopicsAnnotator(loader),
  },
  {
    name: 'senses',
    requires: ['tokens', 'sentences', 'xpos', 'lemma'],
    assigns: ['senses'],
    languages: ENGLISH,
    extractors: { senses: 'required' },
    resources: ['senses/synsets.tsv.gz', 'senses/index.tsv.gz', 'senses/wsd-vocab.txt.gz', 'senses/wsd-weights.bin', 'senses/meta.json'],
    create: async (loader) => (await import('./senses.js')).createSensesAnnotator(loader),
  },
  {
    name: 'entailments',
    requires: ['tokens', 'sentences', 'xpos', 'lemma', 'senses'],
    assigns: ['entailments'],
    languages: ENGLISH,
    extractors: { entailments: 'required' },
    resources: ['senses/relations.tsv.gz', 'senses/synsets.tsv.gz', 'senses/index.tsv.gz', 'senses/wsd-weights.bin', 'senses/wsd-vectors.bin'],
    create: async (loader) => (await import('./entailments.js')).createEntailmentsAnnotator(loader),
  },
];
