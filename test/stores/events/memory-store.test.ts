import { MemoryEventStore } from '../../../src/stores/events/index.js';
import { runEventStoreConformance } from './conformance.js';

runEventStoreConformance('memory', async () => new MemoryEventStore());
