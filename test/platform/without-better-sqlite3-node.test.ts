/**
 * Node without better-sqlite3 for real: a child process in which the package
 * cannot be resolved (a module resolution hook, test/fixtures/platform/
 * no-better-sqlite3.mjs, rather than a vitest mock), as where npm dropped the
 * optional addon. The knowledge base opens with sql.js and answers as the
 * native one does here; the SQLite events store refuses with what to do.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KnowledgeBase } from '../../src/linking/knowledge-base.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOOK = fileURLToPath(new URL('../fixtures/platform/no-better-sqlite3.mjs', import.meta.url));
const MENTIONS = ['Paris', 'Barack Obama', 'the Beatles', 'no such alias xyz'];

function node(script: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', HOOK, '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('a Node process where better-sqlite3 cannot be resolved', () => {
  it('reads the KB with sql.js (same candidates, a notice) and refuses the SQLite events store', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-no-addon-'));
    const script = `
      import { KnowledgeBase } from './src/linking/knowledge-base.ts';
      import { fileLoader } from './src/resources/file-loader.ts';
      import { openEventStore } from './src/stores/events/open.ts';
      const kb = await KnowledgeBase.open(fileLoader());
      const candidates = ${JSON.stringify(MENTIONS)}.map((m) => kb.candidates(m));
      const store = await openEventStore(${JSON.stringify(join(dir, 'never-written-events.db'))}).then(() => 'opened', (e) => e.status + ' ' + e.message);
      console.log(JSON.stringify({ notice: kb.notice, candidates, store }));
    `;
    const ran = await node(script);
    expect(ran.status, ran.stderr).toBe(0);
    const out = JSON.parse(ran.stdout.trim().split('\n').pop()!) as { notice?: string; candidates: unknown[]; store: string };

    expect(out.notice).toMatch(/^The native SQLite addon \(better-sqlite3\) could not be loaded \(Cannot find package 'better-sqlite3'/);
    const native = await KnowledgeBase.open(fileLoader());
    expect(out.candidates).toEqual(MENTIONS.map((m) => native.candidates(m)));
    expect((out.candidates[0] as unknown[]).length).toBeGreaterThan(0);
    native.close();

    expect(out.store).toMatch(/^500 The SQLite events store \(.*never-written-events\.db\) needs better-sqlite3, an optional native addon that could not be loaded \(Cannot find package 'better-sqlite3'/);
    expect(out.store).toContain('--events memory:');
    expect(readdirSync(dir)).toEqual([]);
  });
});
