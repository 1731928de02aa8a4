import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore, openEventStore } from '../../../src/stores/events/index.js';
import { runEventStoreConformance } from './conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-events-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshFile = (): string => join(dir, `store-${++n}.db`);

runEventStoreConformance('sqlite', async () => new SqliteEventStore(freshFile()));

describe('SqliteEventStore file', () => {
  it('uses the WAL journal (synchronous=FULL is per connection, set in the constructor)', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    await store.close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('keeps services, statuses and events across reopen and installs defaults once', async () => {
    const file = freshFile();
    const a = await openEventStore(file);
    await a.createService({ name: 'api' });
    await a.createStatus({ name: 'Melting', level: 'CRITICAL' });
    const e = await a.createEvent('api', { status: 'melting', message: 'hot', timestamp: '2010-06-28' });
    await a.close();

    // An operator removed a default status; reopening must not bring it back.
    const raw = new Database(file);
    raw.prepare("DELETE FROM statuses WHERE id = 'warning'").run();
    raw.close();

    const b = await openEventStore(file);
    expect(await b.getEvent('api', e.sid)).toEqual(e);
    expect((await b.listStatuses()).map((s) => s.id)).toEqual(['up', 'down', 'melting']);
    await b.close();
  });

  it('sees writes made through another connection to the same file', async () => {
    const file = freshFile();
    const a = new SqliteEventStore(file);
    const b = new SqliteEventStore(file);
    await a.createService({ name: 'api' });
    const e = await a.createEvent('api', { status: 'up', message: 'from a' });
    expect(await b.currentEvent('api')).toEqual(e);
    await a.close();
    await b.close();
  });
});
