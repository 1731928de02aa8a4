export type { DictionaryEntry, DictionaryInput, DictionarySettings, DictionarySource, MatchType } from './entries.js';
export { parseDictionary, formatOfFile, DictionaryError, type DictionaryFormat } from './parse.js';
export { CompiledDictionary, type DictionaryMatch } from './matcher.js';
export { DictionaryRegistry, type ReadText } from './registry.js';
export { matchDictionaries, mergeDictionaryEntities } from './annotate.js';
