export type { DictionaryEntry, DictionaryInput, DictionarySettings, DictionarySource, MatchType } from './entries.js';
export { parseDictionary, parseDictionaryInto, formatOfFile, DictionaryError, type DictionaryFormat, type DictionarySink } from './parse.js';
export { CompiledDictionary, type DictionaryMatch } from './matcher.js';
export { DictionaryCompiler } from './compiler.js';
export { DictionaryRegistry, type ReadText } from './registry.js';
export { matchDictionaries, mergeDictionaryEntities } from './annotate.js';
