/**
 * `textlens serve`: both HTTP APIs on one port, analysis in worker threads,
 * events in a SQLite file (default) or PostgreSQL. Runs until SIGINT/SIGTERM,
 * then finishes the requests in flight and closes the store.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_EVENTS_FILE, openEventStore } from '../events/open.js';
import { openDictionaryStore } from '../dictionary-store/open.js';
import { DEFAULT_RESPONSE_SHAPE, RESPONSE_SHAPES, type ResponseShape } from '../http/client-compat.js';
import { DEFAULT_HOST, DEFAULT_PORT, loadApiKeys, startServer } from '../http/node-server.js';
import { dictionaryArgs } from './dictionary-args.js';
import { parseClassifierFlags } from './classifier-flags.js';

export const SERVE_USAGE = `textlens serve [--port N] [--host H] [--keys FILE] [--events FILE|postgres://…]
               [--admin-token T] [--no-auth] [--workers N] [--timeout SECONDS] [--models DIR]
               [--dictionary id=FILE]... [--classifier name=DIR]...
               [--response-shape hosted|spec] [--ner-model DIR]

  --port N          port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H          address to bind (default ${DEFAULT_HOST}, loopback only)
  --keys FILE       API keys, JSON: [{"key","name","dailyQuota","maxConcurrent"}]
                    (else env TEXTLENS_API_KEYS=key:dailyQuota:maxConcurrent,…)
  --no-auth         serve the analysis API without API keys
  --events TARGET   the server's store (status events, and the dictionaries
                    managed at /entities/…): SQLite file (default
                    ./${DEFAULT_EVENTS_FILE}; needs the optional better-sqlite3),
                    postgres://… or memory:
  --admin-token T   token for the events admin API (else env TEXTLENS_ADMIN_TOKEN;
                    without one the admin routes are closed)
  --workers N       analysis worker threads (default: one per core)
  --timeout S       per-request analysis timeout in seconds (default 30)
  --models DIR      models directory (default: the package's models/)
  --dictionary ID=FILE  custom entity dictionary (.json, .jsonl, .csv), selected per
                    request with entities.dictionaries=ID; repeatable
  --response-shape S  hosted (default): also the hosted API's field names
                    (wikiLink, freebaseId, freebaseTypes) and word positions
                    counted across the document, as its client libraries
                    read them; spec: exactly the spec's JSON
  --ner-model DIR   a Hugging Face token-classification model (ONNX export:
                    config.json, tokenizer.json, tokenizer_config.json,
                    onnx/model.onnx) instead of the shipped NER
  --classifier N=D  a classifier trained by \`textlens train classifier\` in directory D,
                    requested as classifiers=N (repeatable)
`;

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
}

/** Reads the command line; throws an Error with a usage hint on bad input. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeSettings {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        keys: { type: 'string' },
        events: { type: 'string' },
        'admin-token': { type: 'string' },
        'no-auth': { type: 'boolean' },
        workers: { type: 'string' },
        timeout: { type: 'string' },
        models: { type: 'string' },
        dictionary: { type: 'string', multiple: true },
        'response-shape': { type: 'string' },
        classifier: { type: 'string', multiple: true },
        'ner-model': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new Error(`${(e as Error).message}\n\n${SERVE_USAGE}`);
  }
  const whole = (name: string, value: string | undefined, min: number, max: number): number | undefined => {
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    return n;
  };
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0)) throw new Error(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
  const shape = values['response-shape'] ?? DEFAULT_RESPONSE_SHAPE;
  if (!(RESPONSE_SHAPES as readonly string[]).includes(shape)) {
    throw new Error(`--response-shape must be one of ${RESPONSE_SHAPES.join(', ')}, got "${shape}"`);
  }
  if (values['no-auth'] && values.keys !== undefined) throw new Error('--no-auth and --keys contradict each other; give one');
  return {
    port: whole('port', values.port, 0, 65535) ?? DEFAULT_PORT,
    host: values.host ?? DEFAULT_HOST,
    keysFile: values.keys,
    auth: !values['no-auth'],
    events: values.events ?? DEFAULT_EVENTS_FILE,
    adminToken: values['admin-token'] ?? (env.TEXTLENS_ADMIN_TOKEN || undefined),
    workers: whole('workers', values.workers, 1, 1024),
    timeoutMs: timeout === undefined ? undefined : Math.round(timeout * 1000),
    modelsDir: values.models,
    dictionaries: dictionaryArgs(values.dictionary),
    responseShape: shape as ResponseShape,
    classifiers: parseClassifierFlags(values.classifier),
    nerModel: values['ner-model'],
  };
}

/** Runs the server until SIGINT or SIGTERM. Resolves once it has shut down. */
export async function serveCommand(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(SERVE_USAGE);
    return;
  }
  const settings = parseServeArgs(argv);
  const keys = settings.auth ? loadApiKeys(settings.keysFile) : undefined;
  if (settings.auth && (!keys || keys.length === 0)) {
    throw new Error(
      'textlens serve: no API keys. Give --keys FILE or set TEXTLENS_API_KEYS=key:dailyQuota:maxConcurrent, ' +
        'or start with --no-auth to serve the analysis API without keys.',
    );
  }
  const events = await openEventStore(settings.events);
  let dictionaryStore;
  try {
    dictionaryStore = await openDictionaryStore(settings.events);
  } catch (e) {
    await events.close().catch(() => undefined);
    throw e;
  }
  let running;
  try {
    running = await startServer({
      port: settings.port,
      host: settings.host,
      keys,
      auth: settings.auth,
      events,
      dictionaryStore,
      adminToken: settings.adminToken,
      workers: settings.workers,
      timeoutMs: settings.timeoutMs,
      responseShape: settings.responseShape,
      analyzer:
        settings.modelsDir || settings.dictionaries || settings.classifiers || settings.nerModel
          ? {
              ...(settings.modelsDir ? { modelsDir: settings.modelsDir } : {}),
              ...(settings.dictionaries ? { dictionaries: settings.dictionaries } : {}),
              ...(settings.classifiers ? { classifiers: settings.classifiers } : {}),
              ...(settings.nerModel ? { ner: { transformers: settings.nerModel } } : {}),
            }
          : undefined,
    });
  } catch (e) {
    // startServer may already have closed it along with the app.
    await events.close().catch(() => undefined);
    await dictionaryStore.close().catch(() => undefined);
    throw e;
  }
  const server = running;
  await server.app.ready(); // models loaded in every worker before we say "listening"
  process.stderr.write(
    `textlens serve: listening on ${server.url}\n` +
      `  analysis API  POST ${server.url}/  (${settings.auth ? `${keys!.length} API key(s)` : 'auth DISABLED (--no-auth)'}; ` +
      `response shape: ${settings.responseShape})\n` +
      `  account       GET ${server.url}/account/\n` +
      `  dictionaries  ${server.url}/entities/{id}  (stored per API key beside the events)\n` +
      `  events API    ${server.url}/api/v1/services/{id}/events  (store: ${describeStore(settings.events)}; ` +
      `admin ${settings.adminToken ? 'enabled' : 'closed: no --admin-token'})\n`,
  );

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stderr.write(`textlens serve: ${signal}, shutting down\n`);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.close();
}

function describeStore(target: string): string {
  // Never print a password that a postgres:// URL may carry.
  return target.replace(/^(postgres(?:ql)?:\/\/)[^@/]*@/i, '$1…@');
}
