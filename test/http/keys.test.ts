import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { KeyRegistry, parseKeysEnv, parseKeysJson } from '../../src/http/keys.js';

function refusal(f: () => unknown): { status: number; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof AnalysisError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('KeyRegistry', () => {
  it('refuses a missing or unknown key with 401 and says which', () => {
    const keys = new KeyRegistry([{ key: 'k1' }]);
    expect(refusal(() => keys.admit(undefined))).toEqual({ status: 401, message: expect.stringMatching(/missing API key/) });
    expect(refusal(() => keys.admit('nope'))).toEqual({ status: 401, message: 'invalid API key' });
  });

  it('counts the daily quota and resets it at midnight UTC', () => {
    let now = Date.UTC(2024, 0, 1, 23, 59, 0);
    const keys = new KeyRegistry([{ key: 'k', name: 'acme', dailyQuota: 2 }], () => now);
    keys.admit('k').release();
    keys.admit('k').release();
    expect(keys.remainingToday('k')).toBe(0);
    const r = refusal(() => keys.admit('k'));
    expect(r.status).toBe(401);
    expect(r.message).toMatch(/"acme" has used its daily quota of 2 requests/);
    now = Date.UTC(2024, 0, 2, 0, 0, 1);
    expect(keys.remainingToday('k')).toBe(2);
    keys.admit('k').release();
    expect(keys.remainingToday('k')).toBe(1);
  });

  it('limits requests in flight per key with 429, and a release frees the slot once', () => {
    const keys = new KeyRegistry([{ key: 'k', maxConcurrent: 1 }, { key: 'other', maxConcurrent: 1 }]);
    const lease = keys.admit('k');
    expect(refusal(() => keys.admit('k')).status).toBe(429);
    keys.admit('other'); // keys do not share slots
    lease.release();
    lease.release(); // idempotent: must not free a slot it does not hold
    const second = keys.admit('k');
    expect(refusal(() => keys.admit('k')).status).toBe(429);
    second.release();
  });

  it('treats omitted limits as unlimited and rejects duplicate or bad entries', () => {
    const keys = new KeyRegistry([{ key: 'k' }]);
    for (let i = 0; i < 1000; i++) keys.admit('k');
    expect(keys.remainingToday('k')).toBe(Infinity);
    expect(() => new KeyRegistry([{ key: 'a' }, { key: 'a' }])).toThrow(/listed twice/);
    expect(() => new KeyRegistry([{ key: 'a', dailyQuota: -1 }])).toThrow(/dailyQuota/);
    expect(() => new KeyRegistry([{ key: '' }])).toThrow(/non-empty/);
  });
});

describe('key sources', () => {
  it('parses the keys file', () => {
    expect(parseKeysJson('[{"key":"k1","name":"acme","dailyQuota":100,"maxConcurrent":2},{"key":"k2"}]')).toEqual([
      { key: 'k1', name: 'acme', dailyQuota: 100, maxConcurrent: 2 },
      { key: 'k2', name: undefined, dailyQuota: undefined, maxConcurrent: undefined },
    ]);
    expect(() => parseKeysJson('{"key":"k"}', 'keys.json')).toThrow(/keys.json: expected a JSON array/);
    expect(() => parseKeysJson('[{"key":"k","dailyQuota":"10"}]')).toThrow(/dailyQuota must be a number/);
    expect(() => parseKeysJson('[{')).toThrow(/not valid JSON/);
  });

  it('parses TEXTLENS_API_KEYS', () => {
    expect(parseKeysEnv('k1:1000:4, k2::2,k3')).toEqual([
      { key: 'k1', name: 'env key #1', dailyQuota: 1000, maxConcurrent: 4 },
      { key: 'k2', name: 'env key #2', dailyQuota: undefined, maxConcurrent: 2 },
      { key: 'k3', name: 'env key #3', dailyQuota: undefined, maxConcurrent: undefined },
    ]);
    expect(() => parseKeysEnv('k1:ten')).toThrow(/whole number/);
    expect(() => parseKeysEnv('k1:1:2:3')).toThrow(/expected key:dailyQuota:maxConcurrent/);
  });
});
