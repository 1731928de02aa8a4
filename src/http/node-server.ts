/**
 * The Node adapter: the web-standard app with analysis in a worker pool,
 * served by @hono/node-server, plus reading API keys from a file or the
 * environment. Everything Node-specific about the service lives here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ServerOptions as HttpServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { WorkerPool, type WorkerPoolOptions } from './analysis-pool.js';
import { createApp, type AppOptions, type TextlensApp } from './app.js';
import { createDemoRoutes, type DemoAssets } from './demo.js';
import { parseKeysEnv, parseKeysJson, type ApiKeySpec } from './keys.js';

export interface NodeAppOptions extends Omit<AppOptions, 'runner'> {
  /** Worker threads for analysis. Default: os.availableParallelism(). */
  workers?: number;
  /** Per-request analysis timeout in ms. Default 30 000. */
  timeoutMs?: number;
  /** Requests that may wait for a worker. Default 16 per worker. */
  maxQueue?: number;
  /**
   * Each analysis worker's JavaScript heap limit in MB. A request that needs
   * more ends its worker (the request gets 500, a fresh worker takes the next).
   * Default 1024.
   */
  workerHeapMb?: number;
  /**
   * Serve the demo page at GET /demo (src/http/demo.ts): its analysis goes
   * through POST / with the key the user types. Off by default. Needs the
   * compiled renderer, dist/render/ (`npm run build` in a checkout).
   */
  demo?: boolean;
}

/**
 * The compiled renderer the demo page runs: dist/render/ of this package,
 * two folders up from both src/http/ and dist/http/. Source-map comments are
 * dropped, so a browser's developer tools look for no .map files.
 */
export function loadDemoAssets(dir: URL = new URL('../../dist/render/', import.meta.url)): DemoAssets {
  if (!existsSync(new URL('index.js', dir)) || !existsSync(new URL('demo-page.js', dir))) {
    throw new Error(`the demo page needs the compiled renderer in ${dir.pathname} (run npm run build in a checkout of textlens)`);
  }
  const modules = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.js')) modules.set(name, readFileSync(new URL(name, dir), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
  }
  return { modules };
}

/** The app with analysis in worker threads (off the event loop, with a timeout). */
export function createNodeApp(opts: NodeAppOptions = {}): TextlensApp {
  const poolOptions: WorkerPoolOptions = {
    size: opts.workers,
    timeoutMs: opts.timeoutMs,
    maxQueue: opts.maxQueue,
    analyzer: opts.analyzer,
    workerHeapMb: opts.workerHeapMb,
  };
  // Check the keys and the demo's files before starting workers, so a bad configuration leaves nothing running.
  if (opts.auth !== false && !opts.keys) return createApp(opts);
  const demo = opts.demo ? loadDemoAssets() : undefined;
  const runner = new WorkerPool(poolOptions);
  try {
    const app = createApp({ ...opts, runner });
    if (demo) app.hono.route('/', createDemoRoutes(demo));
    return app;
  } catch (e) {
    void runner.close();
    throw e;
  }
}

export interface ServerOptions extends NodeAppOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only); 0.0.0.0 to listen on every interface. */
  host?: string;
  /** Time a client has to send the request's headers, in ms; then 408 and the connection is closed. Default 10 000. */
  headersTimeoutMs?: number;
  /**
   * Time a client has to send the whole request, headers and body, in ms;
   * then 408 and the connection is closed. Default 60 000. The analysis is
   * not counted here: it starts once the request is in, under `timeoutMs`.
   */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open after a response, in ms. Default 5 000. */
  keepAliveTimeoutMs?: number;
}

/**
 * Connection timeouts as a service on the open network needs them: Node's
 * defaults (60 s for headers, 300 s for a request) let a client that sends a
 * byte now and then hold a socket and its memory for minutes.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** A 2 MiB body (the form cap) still arrives in a minute at 35 kB/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** Node's http server options for the three timeouts, checked. */
function connectionOptions(opts: ServerOptions): HttpServerOptions {
  const headersTimeout = opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = opts.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const keepAliveTimeout = opts.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS;
  for (const [name, value] of [['headersTimeoutMs', headersTimeout], ['requestTimeoutMs', requestTimeout], ['keepAliveTimeoutMs', keepAliveTimeout]] as const) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`startServer: ${name} must be a positive number of ms, got ${value}`);
  }
  if (headersTimeout > requestTimeout) {
    throw new RangeError(`startServer: headersTimeoutMs (${headersTimeout}) must not exceed requestTimeoutMs (${requestTimeout})`);
  }
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    // Node checks the first two only this often (default every 30 s), which would stretch them.
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly app: TextlensApp;
  readonly server: ServerType;
  /** Stops listening, drops idle connections, then closes the app (workers, events store). */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const serverOptions = connectionOptions(opts);
  const app = createNodeApp(opts);
  const host = opts.host ?? DEFAULT_HOST;
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: opts.port ?? DEFAULT_PORT, hostname: host, serverOptions });
      s.once('error', reject);
      s.once('listening', () => {
        s.off('error', reject);
        resolve(s);
      });
    });
  } catch (e) {
    await app.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    app,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await app.close();
    },
  };
}

/**
 * API keys for the server: the JSON keys file when given
 * (`[{ "key", "name", "dailyQuota", "maxConcurrent" }]`), else
 * TEXTLENS_API_KEYS (`key:dailyQuota:maxConcurrent,…`), else none.
 */
export function loadApiKeys(keysFile?: string, env: NodeJS.ProcessEnv = process.env): ApiKeySpec[] | undefined {
  if (keysFile !== undefined) return parseKeysJson(readFileSync(keysFile, 'utf8'), keysFile);
  const fromEnv = env.TEXTLENS_API_KEYS;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return parseKeysEnv(fromEnv);
  return undefined;
}
