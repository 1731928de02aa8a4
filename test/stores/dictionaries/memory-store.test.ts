import { MemoryDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { runDictionaryStoreConformance } from './conformance.js';

runDictionaryStoreConformance('memory', async () => new MemoryDictionaryStore());
