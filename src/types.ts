/**
 * The public shape of requests and responses, named as in
 * ../shared/spec/text-analysis-api.md.
 */

export const EXTRACTORS = [
  'entities',
  'topics',
  'words',
  'phrases',
  'dependency-trees',
  'relations',
  'entailments',
  'senses',
] as const;
export type BuiltinExtractor = (typeof EXTRACTORS)[number];

export type CleanupMode = 'raw' | 'stripTags' | 'cleanHTML';
export type DependencyScheme = 'stanford' | 'ud';

/** Options in their typed (camelCase, nested) spelling. */
export interface AnalyzeOptions {
  text?: string;
  url?: string;
  /** Built-in extractor names or names of rules in `rules`. */
  extractors?: string[] | string;
  rules?: string;
  /** Deprecated: use cleanup.mode. */
  cleanupHTML?: boolean;
  cleanup?: {
    mode?: CleanupMode;
    returnCleaned?: boolean;
    returnRaw?: boolean;
    useMetadata?: boolean;
  };
  download?: { userAgent?: string };
  languageOverride?: string;
  entities?: {
    filterDbpediaTypes?: string[] | string;
    filterFreebaseTypes?: string[] | string;
    allowOverlap?: boolean;
    enrichmentQueries?: string[] | string;
    /** Ids of custom entity dictionaries registered with createAnalyzer({ dictionaries }). */
    dictionaries?: string[] | string;
  };
  dependencies?: { scheme?: DependencyScheme };
  /** Document classifiers to run: `textlens_mediatopics` or names given to createAnalyzer({ classifiers }). */
  classifiers?: string[] | string;
  classifier?: { maxCategories?: number };
  /** Accepted and ignored by the library; checked by the HTTP layer. */
  apiKey?: string;
}

/** The spec's flat form fields: `cleanup.mode=raw`, repeated fields as arrays. */
export type FlatOptions = Record<string, string | string[] | boolean | undefined>;

export interface Word {
  position: number;
  startingPos: number;
  endingPos: number;
  token: string;
  lemma?: string;
  stem?: string;
  partOfSpeech?: string;
  /** Universal POS tag (UD v2), in every language. */
  upos?: string;
  parentPosition?: number;
  relationToParent?: string;
  senses?: Array<{ synset: string; score: number }>;
}

export interface Sentence {
  position: number;
  words: Word[];
}

export interface Entity {
  /** Index of this entity in the response's list. */
  id: number;
  /** Position of the sentence that holds matchingTokens. */
  sentencePosition: number;
  entityId?: string;
  entityEnglishId?: string;
  wikidataId?: string;
  confidenceScore: number;
  type: string[];
  kbTwoTypes: string[];
  kbTwoId?: string;
  matchingTokens: number[];
  matchedText: string;
  startingPos: number;
  endingPos: number;
  data: Record<string, unknown>;
  relevanceScore: number;
  encyclopediaLink?: string;
  /** The matching entry's id, for an entity found by a custom dictionary. */
  customEntityId?: string;
}

/** A base noun phrase (extractor `phrases`); see src/structure/noun-phrases.ts for the definition. */
export interface NounPhrase {
  /** Index of this phrase in the response's list. */
  id: number;
  /** Positions of the phrase's words in its sentence, ascending and contiguous. */
  wordPositions: number[];
  sentencePosition: number;
}

/** An is-a or has-a property (extractor `relations`); see src/structure/properties.ts. */
export interface Property {
  /** Index of this property in the response's list. */
  id: number;
  /** Positions of the focus's words in the sentence. */
  wordPositions: number[];
  /** Positions of the property's words in the sentence. */
  propertyPositions: number[];
  sentencePosition: number;
}

/** A param of a relation: its role to the predicate and its words. */
export interface RelationParam {
  relation: 'SUBJECT' | 'OBJECT' | 'OTHER';
  wordPositions: number[];
}

/** A predicate and its params (extractor: relations). */
export interface Relation {
  /** Index of this relation in the response's list. */
  id: number;
  /** Positions of the predicate's words in the sentence. */
  wordPositions: number[];
  params: RelationParam[];
  sentencePosition: number;
  /** 0 to 1, for ranking (parser arc probabilities and how the tuple was found); not in the spec's table. */
  confidence: number;
}

/** A topic (spec: Topic), IPTC concept or linked entity. */
export interface Topic {
  id: string;
  label: string;
  score: number;
  mediaTopicId?: string;
  wikidataId?: string;
  encyclopediaLink?: string;
  wikiLink?: string;
}

/** A category from a document classifier (`classifiers`). */
export interface Category {
  /** Index in the response's list. */
  id: number;
  classifierId: string;
  categoryId: string;
  label: string;
  score: number;
}

/**
 * A bound argument in JSON: an atom is a string, a number a number, a proper
 * list an array, an unbound variable null, any other term its quoted text
 * (`f(x,'A b')`). The empty list `[]` is an empty array.
 */
export type RuleValue = string | number | null | RuleValue[];

/** One rule the request named, with the arguments of each of its solutions (possibly none). */
export interface MatchingRule {
  name: string;
  arity: number;
  /** One array of `arity` values per solution, in the order Prolog found them. */
  bindings: RuleValue[][];
  /** Present (true) when solutions beyond maxSolutions were dropped. */
  truncated?: true;
}

/**
 * Key of the payload's sentence start indexes (the document-wide index of each
 * sentence's first word). A symbol, so JSON never shows it; the HTTP layer's
 * hosted-API shape (src/http/client-compat.ts) reads it to number words across
 * the document even when the response carries no sentences.
 */
export const SENTENCE_STARTS: unique symbol = Symbol('textlens.sentenceStarts');

export interface AnalysisPayload {
  [SENTENCE_STARTS]?: readonly number[];
  language: string;
  languageIsReliable: boolean;
  cleanedText?: string;
  rawText?: string;
  sentences?: Sentence[];
  entities?: Entity[];
  nounPhrases?: NounPhrase[];
  properties?: Property[];
  relations?: Relation[];
  topics?: Topic[];
  coarseTopics?: Topic[];
  categories?: Category[];
  entailments?: Entailment[];
  /** Output the caller's rules wrote (write/1, print/1, format/2). */
  customAnnotationOutput?: string;
  /** For each requested rule (and arity): the argument bindings of every solution. */
  matchingRules?: MatchingRule[];
}

/** A word a source word's meaning in context entails or can stand for (extractor: entailments). */
export interface Entailment {
  /** Position of the sentence that holds wordPositions. */
  sentencePosition: number;
  /** Positions of the source word (several for a multiword expression). */
  wordPositions: number[];
  /** The entailed word (one). */
  entailedWords: string[];
  /** One leaf: the entailed word, its index in entailedWords, no parent. */
  entailedTree: { word: string; wordId: number; parentRelation: number };
  priorScore: number;
  contextScore: number;
  score: number;
}

/**
 * Why a response carries a warning: a stable code a program can test, beside
 * the sentence for people. Codes are only ever added; a warning's `message`
 * may be reworded.
 *
 * | code                    | the analysis went on, but …                                                                 |
 * |-------------------------|---------------------------------------------------------------------------------------------|
 * | `hosted-only-skipped`   | a parameter, extractor or enrichment query of the hosted API that textlens does not implement was skipped |
 * | `download-truncated`    | the page at `url` was larger than the download limit; the text is its beginning              |
 * | `language-unreliable`   | language detection was unsure (short or mixed text); the text was analyzed as English        |
 * | `language-unsupported`  | part of the request needs English models and the text is in another language: that part (named in the message: an extractor's layers, knowledge-base entities, topics, classifiers) was skipped |
 * | `layers-skipped`        | the text is not English: words carry tokens and sentences only, without tags, lemmas or stems |
 * | `onnx-wasm-fallback`    | the models ran on onnxruntime-web (WASM) instead of the native onnxruntime-node (not installed, not loadable, or a browser): slower, same results |
 * | `sqlite-wasm-fallback`  | the knowledge base was read with sql.js (WASM) because better-sqlite3 could not be loaded: slower to open, same results |
 * | `rules-truncated`       | a rule's solutions or the rules' output were cut at their limit                              |
 * | `positions-in-sentence` | hosted response shape only: an annotation list's word positions could not be made document-wide |
 */
export const WARNING_CODES = [
  'hosted-only-skipped',
  'download-truncated',
  'language-unreliable',
  'language-unsupported',
  'layers-skipped',
  'onnx-wasm-fallback',
  'sqlite-wasm-fallback',
  'rules-truncated',
  'positions-in-sentence',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

/** A warning of a response (see WarningCode); `message` is also a sentence of the response's `message`. */
export interface Warning {
  code: WarningCode;
  message: string;
}

export interface AnalyzeResponse {
  time: number;
  ok: boolean;
  error: string;
  /** The spec's message: every warning's sentence, joined with spaces; empty when there are none. */
  message: string;
  /**
   * The same warnings with their codes, in the same order (not in the spec):
   * on every successful analysis, an empty list when there are none; absent
   * on an error.
   */
  warnings?: Warning[];
  response?: AnalysisPayload;
}
