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
  };
  dependencies?: { scheme?: DependencyScheme };
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
}

import type { MatchingRule } from './rules/index.js';
export type { MatchingRule, RuleValue } from './rules/index.js';

export interface AnalysisPayload {
  language: string;
  languageIsReliable: boolean;
  cleanedText?: string;
  rawText?: string;
  sentences?: Sentence[];
  entities?: Entity[];
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

export interface AnalyzeResponse {
  time: number;
  ok: boolean;
  error: string;
  message: string;
  response?: AnalysisPayload;
}
