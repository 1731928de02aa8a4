/**
 * Every event whose create call returned survives a SIGKILL of the writer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../src/stores/events/index.js';

const dir = mkdtempSync(join(tmpdir(), 'textlens-events-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const writer = fileURLToPath(new URL('./durability-writer.ts', import.meta.url));
/** Kill after this many acknowledged creates (the writer is mid-stream then). */
const KILL_AFTER = 150;

it('keeps every acknowledged event after SIGKILL', async () => {
  const file = join(dir, 'events.db');
  const child = spawn(process.execPath, ['--import', 'tsx', writer, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));

  const acknowledged: string[] = [];
  let buffered = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!; // a partial line is not an acknowledgement
    for (const line of lines) if (line !== 'ready') acknowledged.push(line);
    if (acknowledged.length >= KILL_AFTER && child.exitCode === null) child.kill('SIGKILL');
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const signal = await exited;
  clearTimeout(timer);

  expect(signal, `writer should die by SIGKILL; stderr: ${stderr}`).toBe('SIGKILL');
  expect(acknowledged.length, stderr).toBeGreaterThanOrEqual(KILL_AFTER);

  const store = new SqliteEventStore(file);
  const stored = new Set((await store.listEvents('durable')).map((e) => e.sid));
  await store.close();
  const missing = acknowledged.filter((sid) => !stored.has(sid));
  expect(missing).toEqual([]);
  // Unacknowledged in-flight writes may or may not be there; nothing else may.
  expect(stored.size).toBeLessThanOrEqual(acknowledged.length + 1);
});
