/**
 * API keys of the analysis API: who may call it, how often per day, and how
 * many requests each key may have in flight at once.
 *
 * Keys come from a JSON keys file (`[{ key, name, dailyQuota, maxConcurrent }]`)
 * or from the environment (`TEXTLENS_API_KEYS=key:dailyQuota:maxConcurrent,…`).
 * Counters live in memory: a restart resets them, and several instances behind
 * a load balancer each count on their own.
 *
 * This module is web-standard (no Node APIs); reading the keys file is the
 * Node adapter's job (see node-server.ts).
 */
import { AnalysisError } from '../errors.js';

export interface ApiKeySpec {
  key: string;
  /** A label for logs and messages; never the key itself. Defaults to "key #n". */
  name?: string;
  /** Requests per UTC day; omitted or null means unlimited. */
  dailyQuota?: number | null;
  /** Requests in flight at once; omitted or null means unlimited. */
  maxConcurrent?: number | null;
  /** What GET /account/ reports as the key's `plan`. Default "textlens". */
  plan?: string;
}

/** A key's limits and live counters, as GET /account/ reports them. */
export interface KeyUsage {
  plan: string;
  /** Infinity when unlimited. */
  dailyQuota: number;
  /** Infinity when unlimited. */
  maxConcurrent: number;
  usedToday: number;
  inFlight: number;
}

export const DEFAULT_PLAN = 'textlens';

interface KeyState {
  name: string;
  plan: string;
  dailyQuota: number;
  maxConcurrent: number;
  /** UTC day (days since epoch) that `usedToday` counts. */
  day: number;
  usedToday: number;
  inFlight: number;
}

/** A granted request; call `release()` exactly once when it is answered. */
export interface KeyLease {
  readonly keyName: string;
  release(): void;
}

const MS_PER_DAY = 86_400_000;

export class KeyRegistry {
  private readonly keys = new Map<string, KeyState>();
  private readonly now: () => number;

  constructor(specs: readonly ApiKeySpec[], now: () => number = Date.now) {
    this.now = now;
    specs.forEach((spec, i) => {
      if (typeof spec.key !== 'string' || spec.key.length === 0) {
        throw new Error(`API key #${i + 1}: "key" must be a non-empty string`);
      }
      if (this.keys.has(spec.key)) throw new Error(`API key #${i + 1} ("${spec.name ?? ''}") is listed twice`);
      this.keys.set(spec.key, {
        name: spec.name ?? `key #${i + 1}`,
        plan: spec.plan ?? DEFAULT_PLAN,
        dailyQuota: limit(spec.dailyQuota, `API key #${i + 1}: dailyQuota`),
        maxConcurrent: limit(spec.maxConcurrent, `API key #${i + 1}: maxConcurrent`),
        day: -1,
        usedToday: 0,
        inFlight: 0,
      });
    });
  }

  get size(): number {
    return this.keys.size;
  }

  /** Whether `key` is one of the configured keys (quota and concurrency aside). */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /**
   * Admits one request for `key` or throws: 401 for a missing or unknown key
   * or an exhausted daily quota (as the spec says), 429 when the key already
   * has `maxConcurrent` requests in flight (transient, so not 401: a client
   * that sees 401 concludes its key is bad). An admitted request counts
   * against the daily quota whatever its outcome.
   */
  admit(key: string | undefined): KeyLease {
    if (key === undefined || key === '') {
      throw new AnalysisError(401, 'missing API key: send it in the apiKey field or the X-TextRazor-Key header', 'apiKey');
    }
    const state = this.keys.get(key);
    if (!state) throw new AnalysisError(401, 'invalid API key', 'apiKey');

    const today = Math.floor(this.now() / MS_PER_DAY);
    if (state.day !== today) {
      state.day = today;
      state.usedToday = 0;
    }
    if (state.usedToday >= state.dailyQuota) {
      throw new AnalysisError(
        401,
        `API key "${state.name}" has used its daily quota of ${state.dailyQuota} requests; it resets at 00:00 UTC`,
        'apiKey',
      );
    }
    if (state.inFlight >= state.maxConcurrent) {
      throw new AnalysisError(
        429,
        `API key "${state.name}" already has ${state.maxConcurrent} concurrent request(s) in flight; retry when one finishes`,
        'apiKey',
      );
    }
    state.usedToday++;
    state.inFlight++;
    let released = false;
    return {
      keyName: state.name,
      release: () => {
        if (released) return;
        released = true;
        state.inFlight--;
      },
    };
  }

  /**
   * Limits and counters of `key`, or undefined for an unknown key. Reading
   * them is not a request: nothing is counted.
   */
  usage(key: string): KeyUsage | undefined {
    const state = this.keys.get(key);
    if (!state) return undefined;
    const today = Math.floor(this.now() / MS_PER_DAY);
    return {
      plan: state.plan,
      dailyQuota: state.dailyQuota,
      maxConcurrent: state.maxConcurrent,
      usedToday: state.day === today ? state.usedToday : 0,
      inFlight: state.inFlight,
    };
  }

  /** Requests left today for `key` (Infinity when unlimited), or undefined for an unknown key. */
  remainingToday(key: string): number | undefined {
    const state = this.keys.get(key);
    if (!state) return undefined;
    const today = Math.floor(this.now() / MS_PER_DAY);
    return state.day === today ? state.dailyQuota - state.usedToday : state.dailyQuota;
  }
}

function limit(value: number | null | undefined, what: string): number {
  if (value === undefined || value === null) return Infinity;
  if (!Number.isInteger(value) || value < 0) throw new Error(`${what} must be a non-negative integer, got ${String(value)}`);
  return value;
}

/** Parses the keys file's JSON text: an array of `{ key, name?, dailyQuota?, maxConcurrent? }`. */
export function parseKeysJson(json: string, source = 'keys file'): ApiKeySpec[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new Error(`${source}: not valid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(data)) throw new Error(`${source}: expected a JSON array of { key, name, dailyQuota, maxConcurrent }`);
  return data.map((entry: unknown, i): ApiKeySpec => {
    if (typeof entry !== 'object' || entry === null) throw new Error(`${source}: entry #${i + 1} is not an object`);
    const e = entry as Record<string, unknown>;
    const num = (field: string): number | null | undefined => {
      const v = e[field];
      if (v === undefined || v === null) return v;
      if (typeof v !== 'number') throw new Error(`${source}: entry #${i + 1}: ${field} must be a number`);
      return v;
    };
    if (typeof e.key !== 'string') throw new Error(`${source}: entry #${i + 1}: "key" must be a string`);
    if (e.name !== undefined && typeof e.name !== 'string') throw new Error(`${source}: entry #${i + 1}: "name" must be a string`);
    if (e.plan !== undefined && typeof e.plan !== 'string') throw new Error(`${source}: entry #${i + 1}: "plan" must be a string`);
    const spec: ApiKeySpec = { key: e.key, name: e.name as string | undefined, dailyQuota: num('dailyQuota'), maxConcurrent: num('maxConcurrent') };
    if (e.plan !== undefined) spec.plan = e.plan as string;
    return spec;
  });
}

/**
 * Parses `TEXTLENS_API_KEYS`: comma-separated `key[:dailyQuota[:maxConcurrent]]`;
 * an empty or omitted number means unlimited. Example: `k1:1000:4,k2::2,k3`.
 */
export function parseKeysEnv(value: string): ApiKeySpec[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((item, i): ApiKeySpec => {
      const [key = '', quota, concurrent, ...rest] = item.split(':');
      if (rest.length > 0) throw new Error(`TEXTLENS_API_KEYS item #${i + 1}: expected key:dailyQuota:maxConcurrent`);
      const num = (s: string | undefined, what: string): number | undefined => {
        if (s === undefined || s === '') return undefined;
        if (!/^\d+$/.test(s)) throw new Error(`TEXTLENS_API_KEYS item #${i + 1}: ${what} must be a whole number, got "${s}"`);
        return Number(s);
      };
      return { key, name: `env key #${i + 1}`, dailyQuota: num(quota, 'dailyQuota'), maxConcurrent: num(concurrent, 'maxConcurrent') };
    });
}
