/**
 * GET /account/ — the hosted API's account endpoint, as its clients call it
 * (textrazor-python `AccountManager.get_account`, textrazor-java
 * `account/AccountManager.java`, textrazor-php `AccountManager::getAccount`):
 * the key in the X-TextRazor-Key header, the answer in the spec's envelope
 * with `response: {plan, concurrentRequestLimit, concurrentRequestsUsed,
 * planDailyRequestsIncluded, requestsUsedToday}`, from the key's quota and
 * the registry's live counters. Reading the account is not counted against
 * the quota or the concurrency limit, as the hosted API documents.
 *
 * Unlimited quotas are reported as 2147483647 (the largest value the Java
 * client's int fields hold): a client comparing "used < included" keeps
 * working, where 0 or -1 would read as "nothing left".
 */
import { Hono } from 'hono';
import { AnalysisError } from '../errors.js';
import type { KeyRegistry } from './keys.js';

export const UNLIMITED = 2_147_483_647;

export interface AccountInfo {
  plan: string;
  concurrentRequestLimit: number;
  concurrentRequestsUsed: number;
  planDailyRequestsIncluded: number;
  requestsUsedToday: number;
}

/** The account of `key`, or an AnalysisError (401 without a valid key, 404 when the server has no keys). */
export function accountOf(keys: KeyRegistry | undefined, key: string | undefined): AccountInfo {
  if (!keys) {
    throw new AnalysisError(404, 'this server runs without API keys (--no-auth), so there are no accounts; start it with keys');
  }
  if (key === undefined || key === '') {
    throw new AnalysisError(401, 'missing API key: send it in the X-TextRazor-Key header (or the apiKey query parameter)', 'apiKey');
  }
  const usage = keys.usage(key);
  if (!usage) throw new AnalysisError(401, 'invalid API key', 'apiKey');
  const finite = (n: number) => (Number.isFinite(n) ? n : UNLIMITED);
  return {
    plan: usage.plan,
    concurrentRequestLimit: finite(usage.maxConcurrent),
    concurrentRequestsUsed: usage.inFlight,
    planDailyRequestsIncluded: finite(usage.dailyQuota),
    requestsUsedToday: usage.usedToday,
  };
}

/**
 * Routes for the account endpoint. `respond` writes the envelope (the app's,
 * so gzip and error bodies match the analysis API). The paths include
 * `//account/`: the PHP client joins its endpoint "http://host/" with
 * "/account/".
 */
export function createAccountApi(
  keys: KeyRegistry | undefined,
  respond: (req: Request, result: { account: AccountInfo } | { error: unknown }, seconds: number) => Response,
): Hono {
  const api = new Hono();
  for (const path of ['/account', '/account/', '//account', '//account/']) {
    api.get(path, (c) => {
      const t0 = performance.now();
      const req = c.req.raw;
      const key = req.headers.get('x-textrazor-key') || new URL(req.url).searchParams.get('apiKey') || undefined;
      try {
        return respond(req, { account: accountOf(keys, key) }, (performance.now() - t0) / 1000);
      } catch (error) {
        return respond(req, { error }, (performance.now() - t0) / 1000);
      }
    });
    api.all(path, (c) =>
      respond(c.req.raw, { error: new AnalysisError(405, `method ${c.req.method} is not allowed on /account/: send GET`) }, 0),
    );
  }
  return api;
}
