import { MemoryEventStore } from '../../src/events/index.js';
import { runEventStoreConformance } from './conformance.js';

runEventStoreConformance('memory', async () => new MemoryEventStore());
