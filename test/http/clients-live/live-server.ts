/**
 * Shared by the live client tests: a real `textlens serve` on loopback (worker
 * pool, a stored-dictionary store, one API key) and where each official
 * client's sources and runtime are, or why a suite must skip.
 *
 * The clients' sources are placed in the git-ignored `.clients/` by
 * scripts/clients/place-clients.mjs; they are never part of the repository, and
 * CI, which cannot fetch them, runs the byte-level replays in
 * test/http/clients/ instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../../../src/http/node-server.js';
import { MemoryDictionaryStore } from '../../../src/stores/dictionaries/index.js';

export const LIVE_KEY = 'live-client-key';
const ROOT = resolve(import.meta.dirname, '..', '..', '..');

export function clientDir(name: string): string {
  return join(ROOT, '.clients', name);
}

/** Why a suite cannot run here, or undefined when it can. */
export function skipReason(name: string, marker: string, runtime: readonly string[]): string | undefined {
  if (!existsSync(join(clientDir(name), marker))) {
    return `${name} sources are not in .clients/ (run node scripts/clients/place-clients.mjs where the client repositories can be fetched)`;
  }
  try {
    execFileSync(runtime[0]!, runtime.slice(1), { stdio: 'ignore' });
  } catch {
    return `${runtime[0]} is not installed`;
  }
  return undefined;
}

export async function startLiveServer(): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    keys: [{ key: LIVE_KEY, name: 'live clients', dailyQuota: 100_000, maxConcurrent: 4 }],
    dictionaryStore: new MemoryDictionaryStore(),
    workers: 1,
  });
  await server.app.ready();
  return server;
}

export interface ClientCall {
  call: string;
  ok: boolean;
  error: string;
}
