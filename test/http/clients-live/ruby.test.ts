/**
 * The `textrazor` Ruby gem at its pull request #10 (which fixes the gem's own
 * gzip bug; the released gem reads no response at all), unchanged but for its
 * endpoint, against a real `textlens serve`: every call ruby-calls.rb makes
 * must succeed. Skips where the gem's sources (.clients/), ruby or
 * rest-client (apt-get install ruby-rest-client) are missing.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/node-server.js';
import { clientDir, LIVE_KEY, runClientCalls, skipReason, startLiveServer, unexpected, type ClientCall } from './live-server.js';

const CLIENT = 'textrazor-ruby';

function restClientMissing(): string | undefined {
  try {
    execFileSync('ruby', ['-e', 'require "rest_client"'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'ruby or its rest-client library is not installed (apt-get install ruby ruby-rest-client)';
  }
}
const reason = skipReason(CLIENT, 'lib/textrazor.rb', ['ruby', '--version']) ?? restClientMissing();

/**
 * The gem's own bug: it parses responses with symbolized keys, and Phrase then
 * reads `params["wordPositions"]` with a string key, gets nil and calls each on
 * it. It fails the same way against the hosted service.
 */
const GEM_PHRASE_BUG = "the gem's Phrase reads a string key from its symbol-keyed response (nil.each), against any server";
const EXCUSED: Record<string, string> = {
  'Response.phrases': GEM_PHRASE_BUG,
  'Phrase list non-empty': GEM_PHRASE_BUG,
  'Client.phrases': GEM_PHRASE_BUG,
  'TextRazor.phrases': GEM_PHRASE_BUG,
  'Client.categories': "the shortcut always asks for the hosted-only taxonomy textrazor_iab: a 400 that says so (docs/http.md, What differs)",
};

describe.skipIf(reason !== undefined)(`Ruby gem textrazor, PR #10${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let server: RunningServer;
  let calls: ClientCall[];

  beforeAll(async () => {
    server = await startLiveServer();
    calls = await runClientCalls('ruby', [join(import.meta.dirname, 'ruby-calls.rb'), clientDir(CLIENT), server.url, LIVE_KEY]);
  }, 180_000);
  afterAll(() => server?.close());

  it('makes every call of the gem', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(unexpected(calls, EXCUSED)).toEqual({ failed: [], nowWorking: [] });
  });
});
