/**
 * The official Java client's released jar, unchanged, against a real
 * `textlens serve`: every call JavaCalls.java makes (every getter of every
 * response object by reflection) must succeed, except those excused in
 * HOSTED_ONLY. Skips where the jar (.clients/), javac or Debian's Jackson jars
 * (libjackson2-databind-java) are missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/http/node-server.js';
import { clientDir, LIVE_KEY, runClientCalls, skipReason, startLiveServer, unexpected, type ClientCall } from './live-server.js';

const CLIENT = 'textrazor-java';
/** The newest released jar in the client's bin/. */
const JAR = 'bin/textrazor-1.0.13.jar';
const JACKSON = ['jackson-core', 'jackson-annotations', 'jackson-databind'].map((j) => `/usr/share/java/${j}.jar`);
const reason =
  skipReason(CLIENT, JAR, ['javac', '-version']) ??
  (JACKSON.every((j) => existsSync(j)) ? undefined : 'the Jackson jars are not installed (apt-get install libjackson2-databind-java)');

/** Calls excused with their reason: none, since classifier management exists. */
const HOSTED_ONLY: Record<string, string> = {};

describe.skipIf(reason !== undefined)(`official Java client${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let server: RunningServer;
  let calls: ClientCall[];

  beforeAll(async () => {
    const classpath = [join(clientDir(CLIENT), JAR), ...JACKSON].join(':');
    const classes = mkdtempSync(join(tmpdir(), 'java-client-'));
    execFileSync('javac', ['-cp', classpath, '-d', classes, join(import.meta.dirname, 'JavaCalls.java')]);
    server = await startLiveServer();
    calls = await runClientCalls('java', ['-cp', `${classpath}:${classes}`, 'JavaCalls', server.url, LIVE_KEY]);
  }, 180_000);
  afterAll(() => server?.close());

  it('makes every call of the client', () => {
    expect(calls.length).toBeGreaterThan(100);
    expect(unexpected(calls, HOSTED_ONLY)).toEqual({ failed: [], nowWorking: [] });
  });
});
