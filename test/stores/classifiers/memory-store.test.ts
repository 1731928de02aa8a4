import { MemoryClassifierStore } from '../../../src/stores/classifiers/index.js';
import { runClassifierStoreConformance } from './conformance.js';

runClassifierStoreConformance('memory', async () => new MemoryClassifierStore());
