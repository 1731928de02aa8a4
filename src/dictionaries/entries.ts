/**
 * Custom entity dictionaries (the hosted API's `entities.dictionaries`):
 * the caller's own list of entities, matched in the text beside the
 * knowledge base's. This file holds the plain-data shapes; `parse.ts` reads
 * them from JSON, JSON lines or CSV text, `matcher.ts` compiles and matches.
 */

/** One dictionary entry, as the hosted API's DictionaryEntry. */
export interface DictionaryEntry {
  /** Unique within its dictionary; reported as the entity's `customEntityId`. */
  id: string;
  /** Surface forms that match this entry (at least one). */
  text: string[];
  /** Free data copied to the entity's `data` on a match. */
  data?: Record<string, string[]>;
  /** Types copied to the entity's `type` on a match. */
  types?: string[];
}

/**
 * How a dictionary matches:
 * - `token`: the entry's tokens equal the text's tokens (case-sensitive unless caseInsensitive);
 * - `stem`: the tokens' Porter stems are equal (which implies case-insensitive).
 */
export type MatchType = 'token' | 'stem';

export interface DictionarySettings {
  matchType: MatchType;
  caseInsensitive: boolean;
  /** ISO 639-2 code of the texts this dictionary applies to, or `any`. */
  language: string;
}

export const DEFAULT_SETTINGS: DictionarySettings = { matchType: 'token', caseInsensitive: false, language: 'any' };

/** A dictionary as registered: its settings and entries, before compilation. */
export interface DictionarySource extends Partial<DictionarySettings> {
  entries: DictionaryEntry[];
}

/**
 * What `createAnalyzer({ dictionaries })` takes for one id: a file path (Node),
 * the entries themselves, or entries with settings.
 */
export type DictionaryInput = string | DictionaryEntry[] | DictionarySource;
