/**
 * The official Python client, unchanged, against a real `textlens serve`:
 * every call python-calls.py makes must succeed, except those excused in
 * HOSTED_ONLY with the reason. Skips where the client's sources (.clients/) or
 * python3 are missing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/node-server.js';
import { clientDir, LIVE_KEY, runClientCalls, skipReason, startLiveServer, unexpected, type ClientCall } from './live-server.js';

const CLIENT = 'textrazor-python';
const reason = skipReason(CLIENT, 'textrazor.py', ['python3', '--version']);

/** Calls excused with their reason: none, since classifier management exists. */
const HOSTED_ONLY: Record<string, string> = {};

describe.skipIf(reason !== undefined)(`official Python client${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let server: RunningServer;
  let calls: ClientCall[];

  beforeAll(async () => {
    server = await startLiveServer();
    calls = await runClientCalls('python3', [join(import.meta.dirname, 'python-calls.py'), clientDir(CLIENT), server.url, LIVE_KEY]);
  }, 180_000);
  afterAll(() => server?.close());

  it('makes every call of the client', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(unexpected(calls, HOSTED_ONLY)).toEqual({ failed: [], nowWorking: [] });
  });
});
