/** Stored classifiers (managed over HTTP, /categories/…): interface and backends. */
export type { ClassifierStore, StoredClassifier, CategoryPage, CategoryDefinition } from './store.js';
export { MemoryClassifierStore } from './memory-store.js';
export { SqliteClassifierStore } from './sqlite-store.js';
export { PostgresClassifierStore, type PostgresClassifierStoreOptions } from './postgres-store.js';
export { openClassifierStore } from './open.js';
