/**
 * Calling an in-process app (createApp(...).fetch) as a client would, for the
 * management API suites: the key in X-TextRazor-Key, a JSON or raw string
 * body, the reply's JSON read whether or not it came gzipped.
 */
import { gunzipSync } from 'node:zlib';

export type Json = Record<string, unknown>;
export interface Reply {
  status: number;
  json: Json;
}

export type AppCall = (method: string, path: string, body?: unknown, key?: string | null, headers?: Record<string, string>) => Promise<Reply>;

export function appCaller(app: { fetch(req: Request): Response | Promise<Response> }, defaultKey: string): AppCall {
  return async (method, path, body, key = defaultKey, headers = {}) => {
    const h: Record<string, string> = { ...headers };
    if (key !== null) h['X-TextRazor-Key'] = key;
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const res = await app.fetch(new Request(`http://localhost${path}`, { method, headers: h, body: payload }));
    return readReply(res);
  };
}

export async function readReply(res: Response): Promise<Reply> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return { status: res.status, json: JSON.parse(text) as Json };
}
