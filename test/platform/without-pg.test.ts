/**
 * Node without the optional PostgreSQL peers (pg, pg-boss) for real: a child
 * process in which neither package can be resolved (a module resolution
 * hook, test/fixtures/platform/no-pg.mjs), as in a project that installed
 * textlens alone. Everything but PostgreSQL works; a postgres:// store or the
 * queue refuses with a 500 that says what to install, and `textlens serve
 * --events postgres://…` stops at start-up with that message.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOOK = fileURLToPath(new URL('../fixtures/platform/no-pg.mjs', import.meta.url));
const CLI = fileURLToPath(new URL('../batch/cli-child.ts', import.meta.url));
// Never reached: the driver is missing before any connection is tried (port 1 on loopback refuses anyway).
const URL_ = 'postgres://textlens@127.0.0.1:1/textlens';

function node(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', HOOK, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('a Node process where pg and pg-boss cannot be resolved', () => {
  it('opens the other stores, and refuses PostgreSQL ones and the queue with what to install', { timeout: 60_000 }, async () => {
    const script = `
      const failure = (p) => p.then(() => 'opened', (e) => ({ status: e.status, message: e.message }));
      const { openEventStore } = await import('./src/stores/events/index.ts');
      const { openDictionaryStore } = await import('./src/stores/dictionaries/index.ts');
      const { openQueue } = await import('./src/queue/connection.ts');
      const memory = await openEventStore('memory:');
      await memory.createService({ id: 'site', name: 'Site' });
      console.log(JSON.stringify({
        memory: (await memory.listServices()).map((s) => s.id),
        events: await failure(openEventStore(${JSON.stringify(URL_)})),
        dictionaries: await failure(openDictionaryStore(${JSON.stringify(URL_)})),
        queue: await failure(openQueue(${JSON.stringify(URL_)})),
      }));
    `;
    const ran = await node(['--input-type=module', '-e', script]);
    expect(ran.status, ran.stderr).toBe(0);
    const out = JSON.parse(ran.stdout.trim().split('\n').pop()!) as Record<string, { status: number; message: string }> & { memory: string[] };
    expect(out.memory).toEqual(['site']);
    for (const store of ['events', 'dictionaries'] as const) {
      expect(out[store].status, store).toBe(500);
      expect(out[store].message, store).toMatch(/postgres:\/\/ events or dictionary store .* needs pg, an optional peer dependency of textlens that is not installed\. Install it in your project: npm install pg$/);
    }
    expect(out.queue.status).toBe(500);
    expect(out.queue.message).toMatch(/^The queue .* needs pg-boss, .* not installed\. Install it in your project: npm install pg-boss pg$/);
  });

  it('textlens serve --events postgres://… stops at start-up saying to install pg', { timeout: 60_000 }, async () => {
    const ran = await node([CLI, 'serve', '--events', URL_, '--port', '0', '--no-auth']);
    expect(ran.status).not.toBe(0);
    expect(ran.stderr).toMatch(/needs pg, an optional peer dependency .* npm install pg/);
  });
});
