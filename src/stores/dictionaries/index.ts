/** Stored custom dictionaries (managed over HTTP): interface and backends. */
export type { DictionaryStore, StoredDictionary, EntryPage } from './store.js';
export { MemoryDictionaryStore } from './memory-store.js';
export { SqliteDictionaryStore } from './sqlite-store.js';
export { PostgresDictionaryStore, type PostgresDictionaryStoreOptions } from './postgres-store.js';
export { openDictionaryStore } from './open.js';
