/**
 * Shared by the live client tests: a real `textlens serve` on loopback (worker
 * pool, stored-dictionary and classifier stores, one API key) and where each official
 * client's sources and runtime are, or why a suite must skip.
 *
 * The clients' sources are placed in the git-ignored `.clients/` by
 * scripts/clients/place-clients.mjs; they are never part of the repository, and
 * CI, which cannot fetch them, runs the byte-level replays in
 * test/http/clients/ instead.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../../../src/http/node-server.js';
import { MemoryDictionaryStore } from '../../../src/stores/dictionaries/index.js';
import { MemoryClassifierStore } from '../../../src/stores/classifiers/index.js';

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
    classifierStore: new MemoryClassifierStore(),
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

/** Runs a client script that prints `{"calls": [...]}` on stdout, and returns the calls. */
export async function runClientCalls(command: string, args: readonly string[], cwd?: string): Promise<ClientCall[]> {
  const { stdout } = await promisify(execFile)(command, [...args], { cwd, timeout: 150_000, maxBuffer: 32 << 20 });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(line) as { calls: ClientCall[] }).calls;
}

/** Failures not excused, and excused calls that work now (they must leave the list). */
export function unexpected(calls: readonly ClientCall[], hostedOnly: Readonly<Record<string, string>>): { failed: ClientCall[]; nowWorking: string[] } {
  return {
    failed: calls.filter((c) => !c.ok && !Object.hasOwn(hostedOnly, c.call)),
    nowWorking: calls.filter((c) => c.ok && Object.hasOwn(hostedOnly, c.call)).map((c) => c.call),
  };
}
