import { MemoryDictionaryStore } from '../../src/dictionary-store/index.js';
import { runDictionaryStoreConformance } from './conformance.js';

runDictionaryStoreConformance('memory', async () => new MemoryDictionaryStore());
