/**
 * Shared by the per-client dictionary tests: an app with one API key, a
 * memory dictionary store and the real analyzer in-process.
 */
import { MemoryDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { createInProcessRunner } from '../../../src/http/analysis-runner.js';
import { createApp, type TextlensApp } from '../../../src/http/app.js';
import { KEY } from './harness.js';

export function dictionaryApp(): TextlensApp {
  return createApp({
    keys: [{ key: KEY, name: 'client dictionary tests', dailyQuota: 1000, maxConcurrent: 4 }],
    dictionaryStore: new MemoryDictionaryStore(),
    runner: createInProcessRunner(),
  });
}

/** Fields the clients' Dictionary classes read (Python `Dictionary`, Java `model/Dictionary.java`). */
export const DICTIONARY_FIELDS = ['id', 'matchType', 'caseInsensitive', 'language'] as const;
/** Fields of a DictionaryEntry (Python `DictionaryEntry`, Java `model/DictionaryEntry.java`). */
export const ENTRY_FIELDS = ['id', 'text', 'data'] as const;
/** Paging fields (Python `AllDictionaryEntriesResponse`, Java `model/PagedAllEntries.java`). */
export const PAGE_FIELDS = ['entries', 'total', 'limit', 'offset'] as const;
