/**
 * The official Python client, unchanged, against a real `textlens serve`:
 * every call python-calls.py makes must succeed, except those listed in
 * HOSTED_ONLY with the reason. Skips where the client's sources (.clients/) or
 * python3 are missing.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/node-server.js';
import { clientDir, LIVE_KEY, skipReason, startLiveServer, type ClientCall } from './live-server.js';

const CLIENT = 'textrazor-python';
const reason = skipReason(CLIENT, 'textrazor.py', ['python3', '--version']);

/** Calls that cannot work against textlens, and why (docs/http.md, "What differs"). */
const NO_CATEGORIES = 'classifier management (/categories/…) is not built yet: 404 (docs/http.md, What differs)';
const HOSTED_ONLY: Record<string, string> = {
  'ClassifierManager.create_classifier': NO_CATEGORIES,
  'ClassifierManager.create_classifier_with_csv': NO_CATEGORIES,
  'ClassifierManager.all_categories': NO_CATEGORIES,
  'ClassifierManager.get_category': NO_CATEGORIES,
  'ClassifierManager.delete_category': NO_CATEGORIES,
  'ClassifierManager.delete_classifier': NO_CATEGORIES,
};

describe.skipIf(reason !== undefined)(`official Python client${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let server: RunningServer;
  let calls: ClientCall[];

  beforeAll(async () => {
    server = await startLiveServer();
    const { stdout } = await promisify(execFile)('python3', [join(import.meta.dirname, 'python-calls.py'), clientDir(CLIENT), server.url, LIVE_KEY], {
      timeout: 120_000,
      maxBuffer: 16 << 20,
    });
    calls = (JSON.parse(stdout) as { calls: ClientCall[] }).calls;
  }, 180_000);
  afterAll(() => server?.close());

  it('makes every call of the client', () => {
    expect(calls.length).toBeGreaterThan(100);
    const failed = calls.filter((c) => !c.ok && !(c.call in HOSTED_ONLY));
    expect(failed).toEqual([]);
    // A call listed as hosted-only that starts to work must leave the list.
    expect(calls.filter((c) => c.ok && c.call in HOSTED_ONLY).map((c) => c.call)).toEqual([]);
  });
});
