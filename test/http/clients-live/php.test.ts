/**
 * The official PHP client, unchanged, against a real `textlens serve`: every
 * call php-calls.php makes must succeed (an undefined array key counts as a
 * failure), except those excused in HOSTED_ONLY. Skips where the client's
 * sources (.clients/) or php with its curl extension are missing.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/node-server.js';
import { clientDir, LIVE_KEY, runClientCalls, skipReason, startLiveServer, unexpected, type ClientCall } from './live-server.js';

const CLIENT = 'textrazor-php';

function phpCurlMissing(): string | undefined {
  try {
    return execFileSync('php', ['-r', 'echo function_exists("curl_init") ? "yes" : "no";'], { encoding: 'utf8' }) === 'yes' ? undefined : 'php has no curl extension (apt-get install php-curl)';
  } catch {
    return 'php is not installed';
  }
}
const reason = skipReason(CLIENT, 'TextRazor.php', ['php', '--version']) ?? phpCurlMissing();

/** Calls excused with their reason: none, since classifier management exists. */
const HOSTED_ONLY: Record<string, string> = {};

describe.skipIf(reason !== undefined)(`official PHP client${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let server: RunningServer;
  let calls: ClientCall[];

  beforeAll(async () => {
    server = await startLiveServer();
    calls = await runClientCalls('php', [join(import.meta.dirname, 'php-calls.php'), clientDir(CLIENT), server.url, LIVE_KEY]);
  }, 180_000);
  afterAll(() => server?.close());

  it('makes every call of the client', () => {
    expect(calls.length).toBeGreaterThan(150);
    expect(unexpected(calls, HOSTED_ONLY)).toEqual({ failed: [], nowWorking: [] });
  });
});
