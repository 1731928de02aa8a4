/**
 * Child process of durability.test.ts: creates events on a SQLite file as
 * fast as it can and prints each sid only after createEvent has returned.
 * The parent SIGKILLs it mid-stream. Usage: durability-writer.ts <file>
 */
import { SqliteEventStore } from '../../../src/stores/events/index.js';

const file = process.argv[2];
if (!file) throw new Error('usage: durability-writer.ts <sqlite file>');
const store = new SqliteEventStore(file);
await store.createService({ name: 'durable' });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const event = await store.createEvent('durable', { status: 'up', message: `event ${i}` });
  // Writes to a pipe are synchronous on Linux: once this returns the parent can read it.
  process.stdout.write(`${event.sid}\n`);
}
