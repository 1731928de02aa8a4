/**
 * GET /account/: the key's plan, quota and live counters; not counted itself;
 * errors in the analysis API's envelope.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { accountOf, UNLIMITED } from '../../src/http/account-api.js';
import type { AnalysisRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';
import { KeyRegistry, parseKeysJson } from '../../src/http/keys.js';

/** A runner that never analyzes: the account endpoint must not need one. */
const idle: AnalysisRunner = {
  run: () => Promise.reject(new Error('not used')),
  close: async () => {},
};

describe('accountOf', () => {
  it('reports the quota and the live counters, unlimited as 2147483647', () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const keys = new KeyRegistry(
      [
        { key: 'k1', dailyQuota: 100, maxConcurrent: 3, plan: 'gold' },
        { key: 'k2' },
      ],
      () => now,
    );
    const lease = keys.admit('k1');
    keys.admit('k1').release();
    expect(accountOf(keys, 'k1')).toEqual({
      plan: 'gold',
      concurrentRequestLimit: 3,
      concurrentRequestsUsed: 1,
      planDailyRequestsIncluded: 100,
      requestsUsedToday: 2,
    });
    lease.release();
    expect(accountOf(keys, 'k1').concurrentRequestsUsed).toBe(0);
    expect(accountOf(keys, 'k2')).toMatchObject({ plan: 'textlens', concurrentRequestLimit: UNLIMITED, planDailyRequestsIncluded: UNLIMITED, requestsUsedToday: 0 });
    now += 86_400_000; // next UTC day
    expect(accountOf(keys, 'k1').requestsUsedToday).toBe(0);
  });

  it('refuses a missing or unknown key with 401, and answers 404 on a server without keys', () => {
    const keys = new KeyRegistry([{ key: 'k1' }]);
    expect(() => accountOf(keys, undefined)).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => accountOf(keys, 'zz')).toThrow(expect.objectContaining({ status: 401, message: 'invalid API key' }));
    expect(() => accountOf(undefined, 'k1')).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('reads an optional plan from the keys file', () => {
    expect(parseKeysJson('[{"key":"a","plan":"pro"},{"key":"b"}]')).toEqual([
      { key: 'a', plan: 'pro', name: undefined, dailyQuota: undefined, maxConcurrent: undefined },
      { key: 'b', name: undefined, dailyQuota: undefined, maxConcurrent: undefined },
    ]);
    expect(() => parseKeysJson('[{"key":"a","plan":3}]')).toThrow(/"plan" must be a string/);
  });
});

describe('GET /account/ in the app', () => {
  const app = createApp({ keys: [{ key: 'k1', dailyQuota: 5 }], runner: idle });
  afterAll(() => app.close());

  it('answers in the envelope, gzipped when asked, and does not count against the quota', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await app.fetch(new Request('http://x/account/', { headers: { 'x-textrazor-key': 'k1', 'accept-encoding': 'gzip' } }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      const json = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
      expect(json).toMatchObject({ ok: true, error: '', message: '', response: { requestsUsedToday: 0, planDailyRequestsIncluded: 5 } });
    }
  });

  it('takes the key from ?apiKey= too, answers /account without the slash, and refuses other methods with 405', async () => {
    expect((await app.fetch(new Request('http://x/account?apiKey=k1'))).status).toBe(200);
    const post = await app.fetch(new Request('http://x/account/', { method: 'POST', headers: { 'x-textrazor-key': 'k1' } }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toMatchObject({ ok: false, error: expect.stringMatching(/send GET/) });
  });

  it('gives 401 in the JSON error body for a bad key', async () => {
    const res = await app.fetch(new Request('http://x/account/', { headers: { 'x-textrazor-key': 'nope' } }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false, error: 'invalid API key', message: '' });
  });

  it('says there are no accounts on a server run without keys', async () => {
    const open = createApp({ auth: false, runner: idle });
    const res = await open.fetch(new Request('http://x/account/'));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/--no-auth/);
    await open.close();
  });
});
