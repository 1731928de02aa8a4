/**
 * Load test of `textlens serve`: does the events API keep answering while the
 * analysis API is saturated with long documents?
 *
 *   node --import tsx bench/load.ts [--seconds 10] [--concurrency 8] [--doc-kb 100]
 *                                   [--workers N] [--extractors words] [--out bench/LOAD.md]
 *
 * The server runs in this process (worker-pool analysis, SQLite events store in
 * a temporary directory) on 127.0.0.1 only. Two phases of `--seconds` each:
 *   A. the events API alone (4 keep-alive clients);
 *   B. the same events clients while a client thread keeps `--concurrency`
 *      long-document analyses in flight.
 * Everything is bounded: each phase by time and by request count, the whole
 * run by a hard deadline after which it exits with an error.
 * Documents are consecutive sentences of UD English-EWT (CC BY-SA 4.0) from
 * ../shared/data, joined to about `--doc-kb` kB each.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

interface ClientConfig {
  url: string;
  key: string;
  bodies: string[];
  concurrency: number;
  seconds: number;
}

interface ClientReport {
  completed: number;
  statuses: Record<string, number>;
  textBytes: number;
  latenciesMs: number[];
  elapsedS: number;
}

/** Per-phase cap on events requests, so a very fast machine still stops. */
const MAX_EVENTS_REQUESTS = 500_000;
/** Per-phase cap on analysis requests. */
const MAX_ANALYSIS_REQUESTS = 10_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '8' },
      'doc-kb': { type: 'string', default: '100' },
      workers: { type: 'string' },
      extractors: { type: 'string', default: 'words' },
      out: { type: 'string', default: 'bench/LOAD.md' },
    },
  });
  const seconds = Math.min(120, Math.max(1, Number(values.seconds)));
  const concurrency = Math.min(64, Math.max(1, Number(values.concurrency)));
  const docBytes = Math.min(200, Math.max(1, Number(values['doc-kb']))) * 1000;
  const workers = values.workers ? Number(values.workers) : availableParallelism();
  const extractors = values.extractors!;

  const hardDeadline = setTimeout(() => {
    process.stderr.write('load: hard deadline reached; giving up\n');
    process.exit(1);
  }, (2 * seconds + 120) * 1000);
  hardDeadline.unref();

  const docs = buildDocuments(docBytes, 4);
  const { startServer } = await import('../src/http/node-server.js');
  const { SqliteEventStore } = await import('../src/stores/events/sqlite-store.js');

  const dir = mkdtempSync(join(tmpdir(), 'textlens-load-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  await store.createService({ id: 'api', name: 'API' });
  const sids: string[] = [];
  for (let i = 0; i < 500; i++) {
    const e = await store.createEvent('api', {
      status: i % 7 === 0 ? 'down' : 'up',
      message: `event ${i}`,
      timestamp: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    });
    sids.push(e.sid);
  }

  const key = 'load-test-key';
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    keys: [{ key, name: 'load' }],
    events: store,
    workers,
    timeoutMs: 120_000,
    maxQueue: 256,
  });
  try {
    await server.app.ready();
    const bodies = docs.map((text) => new URLSearchParams({ extractors, text }).toString());

    // Words per document, from one real analysis each (also warms every code path).
    const counts = await Promise.all(docs.map(async (text) => {
      const res = await server.app.fetch(
        new Request(`${server.url}/`, {
          method: 'POST',
          headers: { 'x-textrazor-key': key, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ extractors: 'words', text }),
        }),
      );
      const json = (await res.json()) as { ok: boolean; error: string; response?: { sentences?: Array<{ words: unknown[] }> } };
      if (!json.ok) throw new Error(`warm-up analysis failed: ${json.error}`);
      return (json.response?.sentences ?? []).reduce((n, s) => n + s.words.length, 0);
    }));
    const wordsPerDoc = counts.reduce((a, b) => a + b, 0) / docs.length;
    const loadBefore = loadavg()[0]!;

    const eventPaths = [
      '/api/v1/services/api/events',
      '/api/v1/services/api/events/current',
      '/api/v1/services/api/events?start=2024-01-10&end=2024-01-12',
      ...sids.slice(0, 50).map((sid) => `/api/v1/services/api/events/${sid}`),
    ];

    process.stderr.write(`load: phase A, events API alone, ${seconds} s\n`);
    const loopA = monitorEventLoopDelay({ resolution: 10 });
    loopA.enable();
    const alone = await eventsClients(server.url, eventPaths, 4, seconds);
    loopA.disable();

    process.stderr.write(`load: phase B, events API while ${concurrency} analyses of ${docBytes / 1000} kB are in flight, ${seconds} s\n`);
    // This file again, as a worker thread; tsx's loader has to be registered
    // inside the worker (execArgv --import does not reach workers on Node 20).
    const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const client = new Worker(bootstrap, {
      eval: true,
      workerData: { url: server.url, key, bodies, concurrency, seconds: seconds + 2 } satisfies ClientConfig,
    });
    const clientDone = new Promise<ClientReport>((resolve, reject) => {
      client.once('message', (m: ClientReport) => resolve(m));
      client.once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 1000)); // let the analysis load ramp up
    const loopB = monitorEventLoopDelay({ resolution: 10 });
    loopB.enable();
    const busy = await eventsClients(server.url, eventPaths, 4, seconds);
    loopB.disable();
    const analysis = await clientDone;
    await client.terminate();

    const report = renderReport({
      seconds,
      concurrency,
      docBytes,
      extractors,
      workers,
      workersGiven: values.workers !== undefined,
      docs,
      wordsPerDoc,
      alone,
      busy,
      analysis,
      loopA: loopA.percentile(99) / 1e6,
      loopB: loopB.percentile(99) / 1e6,
      loopBMax: loopB.max / 1e6,
      loadBefore,
    });
    writeFileSync(values.out!, report);
    process.stdout.write(report);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function buildDocuments(bytesEach: number, count: number): string[] {
  const data = new URL('../../shared/data/ud-english-ewt/', import.meta.url);
  const file = new URL('en_ewt-ud-train.conllu', data);
  if (!existsSync(file)) {
    throw new Error(`load: ${file.pathname} is missing; the load test builds its documents from UD English-EWT`);
  }
  const sentences = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice('# text = '.length));
  const docs: string[] = [];
  let i = 0;
  for (let d = 0; d < count; d++) {
    const parts: string[] = [];
    let size = 0;
    while (size < bytesEach) {
      const s = sentences[i++ % sentences.length]!;
      parts.push(s);
      size += Buffer.byteLength(s) + 1;
    }
    docs.push(parts.join(' ').slice(0, bytesEach));
  }
  return docs;
}

interface EventsReport {
  requests: number;
  errors: number;
  elapsedS: number;
  latenciesMs: number[];
}

/** `concurrency` keep-alive loops over the events paths for `seconds`. */
async function eventsClients(base: string, paths: string[], concurrency: number, seconds: number): Promise<EventsReport> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline && sent < MAX_EVENTS_REQUESTS) {
      const path = paths[sent++ % paths.length]!;
      const start = performance.now();
      const status = await get(agent, base + path);
      latencies.push(performance.now() - start);
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsedS = (performance.now() - t0) / 1000;
  agent.destroy();
  return { requests: latencies.length, errors, elapsedS, latenciesMs: latencies };
}

function get(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** Runs in a worker thread so the client's own work stays off the server's event loop. */
async function analysisClient(cfg: ClientConfig): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: cfg.concurrency });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let textBytes = 0;
  let sent = 0;
  const t0 = performance.now();
  const deadline = t0 + cfg.seconds * 1000;
  const encoded = cfg.bodies.map((b) => Buffer.from(b));
  const textSizes = cfg.bodies.map((b) => Buffer.byteLength(new URLSearchParams(b).get('text') ?? ''));
  const loop = async () => {
    while (performance.now() < deadline && sent < MAX_ANALYSIS_REQUESTS) {
      const i = sent++ % encoded.length;
      const start = performance.now();
      const status = await new Promise<number>((resolve) => {
        const req = request(
          `${cfg.url}/`,
          {
            agent,
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': encoded[i]!.length,
              'x-textrazor-key': cfg.key,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', () => resolve(0));
        req.end(encoded[i]);
      });
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) {
        latencies.push(performance.now() - start);
        textBytes += textSizes[i]!;
      }
    }
  };
  await Promise.all(Array.from({ length: cfg.concurrency }, loop));
  agent.destroy();
  const report: ClientReport = {
    completed: latencies.length,
    statuses,
    textBytes,
    latenciesMs: latencies,
    elapsedS: (performance.now() - t0) / 1000,
  };
  parentPort!.postMessage(report);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

function renderReport(r: {
  seconds: number;
  concurrency: number;
  docBytes: number;
  extractors: string;
  workers: number;
  workersGiven: boolean;
  docs: string[];
  wordsPerDoc: number;
  alone: EventsReport;
  busy: EventsReport;
  analysis: ClientReport;
  loopA: number;
  loopB: number;
  loopBMax: number;
  loadBefore: number;
}): string {
  const row = (name: string, e: EventsReport, loop: number) =>
    `| ${name} | ${e.requests} | ${e.errors} | ${f1(e.requests / e.elapsedS)} | ${f2(percentile(e.latenciesMs, 50))} | ${f2(percentile(e.latenciesMs, 99))} | ${f2(e.latenciesMs.reduce((m, x) => Math.max(m, x), 0))} | ${f1(loop)} |`;
  const a = r.analysis;
  const docsPerS = a.completed / a.elapsedS;
  return `# Load test: events API under analysis load

Command: \`node --import tsx bench/load.ts --seconds ${r.seconds} --concurrency ${r.concurrency} --doc-kb ${r.docBytes / 1000} --extractors ${r.extractors}${r.workersGiven ? ` --workers ${r.workers}` : ''}\`
(run ${new Date().toISOString().slice(0, 10)}; Node ${process.version}; ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'};
${r.workers} analysis worker thread(s); server, events store (SQLite file, WAL) and clients all in one process on 127.0.0.1;
the analysis client runs in its own thread, the 4 events clients share the server's thread;
1-minute load average when the measurement started: ${r.loadBefore.toFixed(1)}, i.e. other processes were competing for the CPUs).

Documents: ${r.docs.length} distinct texts of ${r.docBytes / 1000} kB (≈${Math.round(r.wordsPerDoc)} words each), consecutive
sentences of UD English-EWT train (CC BY-SA 4.0); extractors=${r.extractors}; responses not gzipped.

## Events API (GET list / list with start&end / current / by sid, 4 keep-alive clients, ${r.seconds} s per phase)

| phase | requests | non-200 | req/s | p50 ms | p99 ms | max ms | event-loop delay p99 ms |
|---|---|---|---|---|---|---|---|
${row('events API alone', r.alone, r.loopA)}
${row(`with ${r.concurrency} long analyses in flight`, r.busy, r.loopB)}

## Analysis API during phase B (${r.concurrency} concurrent clients, ${f1(a.elapsedS)} s)

| documents done | statuses | docs/s | text kB/s | words/s | p50 s | p99 s |
|---|---|---|---|---|---|---|
| ${a.completed} | ${Object.entries(a.statuses)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ')} | ${f2(docsPerS)} | ${f1(a.textBytes / 1000 / a.elapsedS)} | ${Math.round(docsPerS * r.wordsPerDoc)} | ${f2(percentile(a.latenciesMs, 50) / 1000)} | ${f2(percentile(a.latenciesMs, 99) / 1000)} |

Analysis latency includes queueing: ${r.concurrency} clients share ${r.workers} worker(s).
Largest event-loop stall of the server thread during phase B: ${f1(r.loopBMax)} ms.
`;
}

// Last, so that every module-level constant above is initialized.
if (isMainThread) {
  await main();
} else {
  await analysisClient(workerData as ClientConfig);
}
