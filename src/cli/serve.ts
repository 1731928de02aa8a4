/**
 * `textlens serve`: both HTTP APIs on one port, analysis in worker threads,
 * events in a SQLite file (default) or PostgreSQL. Runs until SIGINT/SIGTERM,
 * then finishes the requests in flight, ends the workers and closes the store.
 */
import { DEFAULT_EVENTS_FILE, openEventStore } from '../stores/events/open.js';
import { openDictionaryStore } from '../stores/dictionaries/open.js';
import { openClassifierStore } from '../stores/classifiers/open.js';
import { DEFAULT_RESPONSE_SHAPE, RESPONSE_SHAPES, type ResponseShape } from '../http/client-compat.js';
import type { AnalyzerConfig } from '../analyzer.js';
import { DEFAULT_WORKER_HEAP_MB } from '../http/analysis-pool.js';
import { DEFAULT_HOST, DEFAULT_PORT, loadApiKeys, startServer, type RunningServer } from '../http/node-server.js';
import { defineCommand, parseCommand, usageError } from './args.js';
import { ALLOW_HOST_FLAG, CLASSIFIER_FLAG, dictionaryArgs, DICTIONARY_FLAG, milliseconds, MODELS_FLAG, NER_MODEL_FLAG, parseClassifierFlags, TIMEOUT_FLAG, workersFlag } from './flags.js';

export const SERVE = defineCommand({
  name: 'serve',
  summary:
    'Serves the analysis API (POST /, per-key quotas), the account, dictionary and status-events APIs on one port, the analysis in worker threads. Runs until SIGINT or SIGTERM, then finishes the requests in flight, ends the workers, closes the store and exits 0.',
  flags: {
    port: { type: 'number', value: 'N', integer: true, min: 0, max: 65535, default: DEFAULT_PORT, help: 'port to listen on; 0 picks a free one' },
    host: { type: 'string', value: 'H', default: DEFAULT_HOST, help: 'address to bind: 127.0.0.1 is loopback only, 0.0.0.0 every interface' },
    keys: {
      type: 'string',
      value: 'FILE',
      help: 'API keys, JSON: [{"key", "name", "dailyQuota", "maxConcurrent"}] (else env TEXTLENS_API_KEYS=key:dailyQuota:maxConcurrent,…)',
    },
    'no-auth': { type: 'boolean', help: 'serve the analysis API without API keys' },
    demo: {
      type: 'boolean',
      help: 'also serve a demo page at GET /demo: paste text or a URL, pick extractors, see the drawing beside the JSON (its requests pass the same key checks as any client)',
    },
    events: {
      type: 'string',
      value: 'FILE|postgres://…|memory:',
      default: DEFAULT_EVENTS_FILE,
      help: "the server's store (status events, and the dictionaries and classifiers managed at /entities/… and /categories/…): a SQLite file (needs the optional better-sqlite3), postgres://… or memory:",
    },
    'admin-token': {
      type: 'string',
      value: 'T',
      help: 'token for the events admin API (without one the admin routes are closed)',
      defaultText: 'env TEXTLENS_ADMIN_TOKEN',
    },
    workers: workersFlag('analysis worker threads', 1024),
    timeout: { ...TIMEOUT_FLAG, help: 'per-request analysis timeout; past it the request fails with 504' },
    'worker-heap': {
      type: 'number',
      value: 'MB',
      integer: true,
      min: 32,
      max: 65536,
      default: DEFAULT_WORKER_HEAP_MB,
      help: "each analysis worker's heap limit; a request that needs more fails with 500 and its worker is replaced",
    },
    models: MODELS_FLAG,
    dictionary: { ...DICTIONARY_FLAG, help: 'a custom entity dictionary (.json, .jsonl, .ndjson or .csv), selected per request with entities.dictionaries=id' },
    'response-shape': {
      type: 'string',
      choices: RESPONSE_SHAPES,
      default: DEFAULT_RESPONSE_SHAPE,
      help: "hosted: also the hosted API's field names (wikiLink, freebaseId, freebaseTypes) and word positions counted across the document, as its client libraries read them; spec: exactly the spec's JSON",
    },
    classifier: { ...CLASSIFIER_FLAG, help: 'a classifier written by `textlens train classifier` in DIR, requested as classifiers=name' },
    'ner-model': NER_MODEL_FLAG,
    'allow-host': { ...ALLOW_HOST_FLAG, help: 'a host that url requests may reach although it resolves to a private or loopback address (name, IP or CIDR)' },
  },
});

export interface ServeSettings {
  port: number;
  host: string;
  keysFile?: string;
  auth: boolean;
  events: string;
  adminToken?: string;
  workers?: number;
  timeoutMs?: number;
  modelsDir?: string;
  dictionaries?: Record<string, string>;
  responseShape: ResponseShape;
  classifiers?: Record<string, string>;
  nerModel?: string;
  /** Hosts that `url` requests may reach although private or loopback (--allow-host). */
  allowHosts?: string[];
  workerHeapMb?: number;
  /** Serve the demo page at /demo (--demo); absent when off. */
  demo?: true;
}

/** Reads the command line; throws a UsageError naming the flag on bad input. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeSettings {
  const { values } = parseCommand(argv, SERVE);
  if (values['no-auth'] && values.keys !== undefined) throw usageError(SERVE, '--no-auth and --keys contradict each other; give one');
  return {
    port: values.port,
    host: values.host,
    keysFile: values.keys,
    auth: !values['no-auth'],
    events: values.events,
    adminToken: values['admin-token'] ?? (env.TEXTLENS_ADMIN_TOKEN || undefined),
    workers: values.workers,
    timeoutMs: milliseconds(values.timeout),
    modelsDir: values.models,
    dictionaries: dictionaryArgs(values.dictionary),
    responseShape: values['response-shape'],
    classifiers: parseClassifierFlags(values.classifier),
    nerModel: values['ner-model'],
    allowHosts: values['allow-host'].length > 0 ? values['allow-host'] : undefined,
    workerHeapMb: values['worker-heap'],
    demo: values.demo ? true : undefined,
  };
}

/** What each analysis worker creates its analyzer with; undefined when every setting is the default. */
export function serveAnalyzerConfig(settings: ServeSettings): AnalyzerConfig | undefined {
  const config: AnalyzerConfig = {
    ...(settings.modelsDir ? { modelsDir: settings.modelsDir } : {}),
    ...(settings.dictionaries ? { dictionaries: settings.dictionaries } : {}),
    ...(settings.classifiers ? { classifiers: settings.classifiers } : {}),
    ...(settings.nerModel ? { ner: { transformers: settings.nerModel } } : {}),
    ...(settings.allowHosts ? { allowHosts: settings.allowHosts } : {}),
  };
  return Object.keys(config).length > 0 ? config : undefined;
}

/**
 * Runs the server until SIGINT or SIGTERM, then stops listening, finishes
 * the requests in flight, ends the analysis workers and closes the stores.
 * Resolves once it has shut down; a second signal stops the process at once.
 */
export async function serveCommand(argv: string[]): Promise<void> {
  const settings = parseServeArgs(argv);
  const keys = settings.auth ? loadApiKeys(settings.keysFile) : undefined;
  if (settings.auth && (!keys || keys.length === 0)) {
    throw new Error(
      'textlens serve: no API keys. Give --keys FILE or set TEXTLENS_API_KEYS=key:dailyQuota:maxConcurrent, ' +
        'or start with --no-auth to serve the analysis API without keys.',
    );
  }
  // Listening for the signals from the start: one that comes while the stores open or the models
  // load (a service manager stopping a slow start) shuts the server down once it is up, instead of
  // killing the process with its workers and stores open.
  const stop = stopSignal();
  try {
    const server = await start(settings, keys);
    try {
      if (!stop.received()) {
        process.stderr.write(
          `textlens serve: listening on ${server.url}\n` +
            `  analysis API  POST ${server.url}/  (${settings.auth ? `${keys!.length} API key(s)` : 'auth DISABLED (--no-auth)'}; ` +
            `response shape: ${settings.responseShape})\n` +
            `  account       GET ${server.url}/account/\n` +
            `  dictionaries  ${server.url}/entities/{id}  (stored per API key beside the events)\n` +
            `  classifiers   ${server.url}/categories/{id}  (stored per API key beside the events)\n` +
            (settings.demo ? `  demo page     GET ${server.url}/demo  (its analysis requests pass the same key checks)\n` : '') +
            `  events API    ${server.url}/api/v1/services/{id}/events  (store: ${describeStore(settings.events)}; ` +
            `admin ${settings.adminToken ? 'enabled' : 'closed: no --admin-token'})\n`,
        );
      }
      process.stderr.write(`textlens serve: ${await stop.signal}, shutting down\n`);
    } finally {
      await server.close();
    }
  } finally {
    stop.dispose();
  }
}

/** The first SIGINT or SIGTERM; after it the handlers are gone, so a second one ends the process (the default action). */
function stopSignal(): { signal: Promise<NodeJS.Signals>; received(): boolean; dispose(): void } {
  let got: NodeJS.Signals | undefined;
  let resolve!: (s: NodeJS.Signals) => void;
  const signal = new Promise<NodeJS.Signals>((r) => (resolve = r));
  const dispose = () => {
    process.off('SIGINT', on);
    process.off('SIGTERM', on);
  };
  const on = (s: NodeJS.Signals) => {
    got ??= s;
    dispose();
    resolve(s);
  };
  process.on('SIGINT', on);
  process.on('SIGTERM', on);
  return { signal, received: () => got !== undefined, dispose };
}

/** Opens the stores and starts the server, with its models loaded in every worker; nothing is left open if it fails. */
async function start(settings: ServeSettings, keys: ReturnType<typeof loadApiKeys>): Promise<RunningServer> {
  const events = await openEventStore(settings.events);
  let dictionaryStore;
  let classifierStore;
  try {
    dictionaryStore = await openDictionaryStore(settings.events);
    classifierStore = await openClassifierStore(settings.events);
  } catch (e) {
    await events.close().catch(() => undefined);
    await dictionaryStore?.close().catch(() => undefined);
    throw e;
  }
  let server: RunningServer;
  try {
    server = await startServer({
      port: settings.port,
      host: settings.host,
      keys,
      auth: settings.auth,
      events,
      dictionaryStore,
      classifierStore,
      adminToken: settings.adminToken,
      workers: settings.workers,
      timeoutMs: settings.timeoutMs,
      workerHeapMb: settings.workerHeapMb,
      responseShape: settings.responseShape,
      analyzer: serveAnalyzerConfig(settings),
      demo: settings.demo,
    });
  } catch (e) {
    // startServer may already have closed it along with the app.
    await events.close().catch(() => undefined);
    await dictionaryStore.close().catch(() => undefined);
    await classifierStore.close().catch(() => undefined);
    throw e;
  }
  try {
    await server.app.ready(); // models loaded in every worker before we say "listening"
  } catch (e) {
    await server.close().catch(() => undefined);
    throw e;
  }
  return server;
}

function describeStore(target: string): string {
  // Never print a password that a postgres:// URL may carry.
  return target.replace(/^(postgres(?:ql)?:\/\/)[^@/]*@/i, '$1…@');
}
