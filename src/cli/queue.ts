/**
 * `textlens queue enqueue | status | collect`: a corpus spread over many
 * machines through a pg-boss queue on PostgreSQL (see src/queue/). Workers
 * are `textlens worker` (worker.ts).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { openSource } from '../batch/input.js';
import { hasContent, openSink } from '../batch/output.js';
import { DictionaryRegistry, formatOfFile, parseDictionary, DictionaryError, type DictionarySource } from '../dictionaries/index.js';
import { AnalysisError } from '../errors.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { batchDictionaries, checkBatchName, listBatches, resolveBatch } from '../queue/batches.js';
import { collectResults } from '../queue/collect.js';
import type { QueueConnection } from '../queue/connection.js';
import { DEFAULT_CHUNK, DEFAULT_RETRY, enqueueBatch } from '../queue/enqueue.js';
import { batchStatus, isFinished, JOB_STATES, type BatchStatus } from '../queue/status.js';
import { countResults } from '../queue/results.js';
import { dictionaryArgs } from './dictionary-args.js';
import { openQueueArgs, QUEUE_FLAGS, QUEUE_FLAGS_USAGE } from './queue-args.js';
import { runFields, wholeArg } from './run-args.js';

export const QUEUE_USAGE = `usage: textlens queue enqueue --queue URL --in FILE|DIR|- [--name BATCH] [--chunk N]
                             [--extractors a,b] [--param name=value]... [--rules FILE] [--dictionary id=FILE]...
                             [--retries N] [--retry-delay S] [--expire S] [--quiet]
       textlens queue status  --queue URL [--name BATCH]
       textlens queue collect --queue URL [--name BATCH] --out FILE|- [--partial] [--overwrite]

${QUEUE_FLAGS_USAGE}
enqueue (a job per document, or per --chunk documents; workers may start at once):
  --in FILE|DIR|-   as textlens batch: JSON lines {"id", "text"|"url", "params"?} (.gz for gzip),
                    a directory of .txt/.html/.htm files, or - for stdin
  --name BATCH      the batch's name (default: the input's name and the time); status and collect take it
  --chunk N         documents per job (default ${DEFAULT_CHUNK}); fewer round trips per document than 1; a retried
                    job redoes only its documents without a result
  --extractors, --param, --rules, --dictionary
                    the analysis options, as textlens batch; they are stored with the batch, so
                    workers need no files (dictionaries travel as their entries)
  --retries N       tries after the first before a job is dead-lettered (default ${DEFAULT_RETRY.retryLimit})
  --retry-delay S   delay before the first retry, doubled each try with jitter (default ${DEFAULT_RETRY.retryDelaySeconds})
  --expire S        a job active this long is taken as lost (its worker died) and retried
                    (default ${DEFAULT_RETRY.expireSeconds}); must exceed --chunk x the workers' --timeout

status: jobs by state, documents done/ok/errors/dead/pending, throughput over the last 1 and 5
        minutes and the workers seen; without --name and several batches, one line per batch

collect: the results, one JSON line per document in input order ({"id", "response"} or
         {"id", "error"}, as textlens batch; .gz for gzip, - for stdout); refused while documents
         are pending unless --partial; an existing --out is refused unless --overwrite
`;

export interface QueueCommandIO {
  stdout?: NodeJS.WritableStream;
  stderr?: ProgressStream;
}

export async function queueCommand(argv: string[], io: QueueCommandIO = {}): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h' || rest.includes('--help') || rest.includes('-h')) {
    (io.stdout ?? process.stdout).write(QUEUE_USAGE);
    return sub === undefined ? 2 : 0;
  }
  switch (sub) {
    case 'enqueue':
      return enqueueCommand(rest, io);
    case 'status':
      return statusCommand(rest, io);
    case 'collect':
      return collectCommand(rest, io);
    default:
      throw new Error(`unknown queue command '${sub}' (enqueue, status or collect)\n${QUEUE_USAGE}`);
  }
}

/** Runs parseArgs; a bad flag is reported with the usage. */
function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${QUEUE_USAGE}`);
  }
}

async function withQueue<T>(values: { queue?: string; schema?: string }, work: (q: QueueConnection) => Promise<T>): Promise<T> {
  const q = await openQueueArgs(values);
  try {
    return await work(q);
  } finally {
    await q.close();
  }
}

/** A default batch name: the input's base name and the time, e.g. news-20261125T203425. */
function defaultBatchName(input: string): string {
  const base = input === '-' ? 'stdin' : basename(input.replace(/[/\\]+$/, '')).replace(/\.(jsonl|ndjson|json)(\.gz)?$|\.gz$/i, '');
  const clean = base.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'batch';
  const time = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `${clean.slice(0, 100)}-${time}`;
}

/** --dictionary id=FILE → the entries, read and checked here (a bad file fails now, once, naming its line). */
async function readDictionaries(values: readonly string[] | undefined): Promise<Record<string, DictionarySource>> {
  const out: Record<string, DictionarySource> = {};
  for (const [id, path] of Object.entries(dictionaryArgs(values) ?? {})) {
    const format = formatOfFile(path);
    if (!format) throw new DictionaryError(path, undefined, 'unknown format: the file name must end in .json, .jsonl, .ndjson or .csv');
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      throw new DictionaryError(path, undefined, `cannot be read (${(e as Error).message})`);
    }
    out[id] = parseDictionary(text, format, path);
  }
  // Ids and entries checked as the analyzer will: compiled once, thrown away.
  await DictionaryRegistry.create(out);
  return out;
}

async function enqueueCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parsed(() =>
    parseArgs({
      args: argv,
      strict: true,
      options: {
        ...QUEUE_FLAGS,
        in: { type: 'string' },
        name: { type: 'string' },
        chunk: { type: 'string' },
        extractors: { type: 'string' },
        param: { type: 'string', multiple: true },
        rules: { type: 'string' },
        dictionary: { type: 'string', multiple: true },
        retries: { type: 'string' },
        'retry-delay': { type: 'string' },
        expire: { type: 'string' },
        quiet: { type: 'boolean' },
      },
    }),
  );
  const input = values.in;
  if (input === undefined) throw new Error(`give --in FILE|DIR|-\n${QUEUE_USAGE}`);
  const name = checkBatchName(values.name ?? defaultBatchName(input));
  const chunk = wholeArg('chunk', values.chunk, 1, 10_000) ?? DEFAULT_CHUNK;
  const retry = {
    retryLimit: wholeArg('retries', values.retries, 0, 100) ?? DEFAULT_RETRY.retryLimit,
    retryDelaySeconds: wholeArg('retry-delay', values['retry-delay'], 0, 86_400) ?? DEFAULT_RETRY.retryDelaySeconds,
    // pg-boss refuses an expiry of 24 h or more.
    expireSeconds: wholeArg('expire', values.expire, 1, 86_399) ?? DEFAULT_RETRY.expireSeconds,
  };
  const params = await runFields(values);
  const dictionaries = batchDictionaries(await readDictionaries(values.dictionary));
  const source = await openSource(input);
  const quiet = values.quiet === true;
  try {
    return await withQueue(values, async (q) => {
      const total = await source.count();
      const progress = createProgress({ label: 'enqueue', unit: 'docs', mode: quiet ? 'quiet' : 'auto', stream: stderr });
      const t0 = performance.now();
      const stats = await enqueueBatch(q, {
        name,
        input: input === '-' ? 'stdin' : input,
        items: source.items(),
        params,
        dictionaries,
        chunk,
        retry,
        onProgress: (done, errors) => progress.update({ done, total, errors, elapsedMs: performance.now() - t0 }),
      });
      progress.stop();
      const seconds = (performance.now() - t0) / 1000;
      if (!quiet && stats.inputErrors > 0) stderr.write(`enqueue: ${stats.inputErrors} input lines were not documents; their errors are recorded as results\n`);
      stderr.write(`enqueue: batch=${name} documents=${stats.documents} jobs=${stats.jobs} input_errors=${stats.inputErrors} chunk=${chunk} seconds=${seconds.toFixed(2)}\n`);
      return 0;
    });
  } finally {
    source.close();
  }
}

const rate = (n: number, minutes: number) => (n / (minutes * 60)).toFixed(2);

function formatStatus(s: BatchStatus): string {
  const b = s.batch;
  const r = s.results;
  const lines = [
    `batch ${b.name}: ${b.sealedAt ? `${b.total} documents` : 'still being enqueued (or its enqueue stopped early)'}, ` +
      `chunk ${b.chunk}, from ${b.input}, created ${b.createdAt.toISOString()}`,
    `jobs: ${JOB_STATES.map((st) => `${st} ${s.jobs[st]}`).join(', ')}` +
      (s.oldestActiveSeconds !== undefined ? `; longest active ${Math.round(s.oldestActiveSeconds)} s` : ''),
    `documents: ${r.done} done${b.total !== undefined ? ` of ${b.total}` : ''} (${r.ok} ok, ${r.errors} errors, ${r.dead} dead-lettered, ${r.retried} took more than one try)` +
      (s.pending !== undefined ? `, ${s.pending} pending` : ''),
    ...(s.deadLettersWaiting > 0 ? [`dead letters not yet recorded as results: ${s.deadLettersWaiting} jobs (a running worker records them)`] : []),
    `throughput: ${s.rates.map((x) => `last ${x.minutes} min ${rate(x.documents, x.minutes)} docs/s, ${Math.round(x.tokens / (x.minutes * 60))} tokens/s, ${x.workers} workers`).join('; ')}`,
  ];
  const last = s.rates[0];
  const figures = [
    `batch=${b.name}`,
    `total=${b.total ?? ''}`,
    `sealed=${b.sealedAt !== undefined}`,
    `done=${r.done}`,
    `ok=${r.ok}`,
    `errors=${r.errors}`,
    `dead=${r.dead}`,
    `pending=${s.pending ?? ''}`,
    `retried=${r.retried}`,
    ...JOB_STATES.map((st) => `jobs_${st}=${s.jobs[st]}`),
    `dead_letters_waiting=${s.deadLettersWaiting}`,
    ...s.rates.map((x) => `docs_per_s_${x.minutes}min=${rate(x.documents, x.minutes)}`),
    `workers_${last?.minutes ?? 1}min=${last?.workers ?? 0}`,
    `finished=${isFinished(s)}`,
  ];
  return lines.join('\n') + '\n' + figures.join(' ') + '\n';
}

async function statusCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const { values } = parsed(() =>
    parseArgs({
      args: argv,
      strict: true,
      options: {
        ...QUEUE_FLAGS,
        name: { type: 'string' },
      },
    }),
  );
  return withQueue(values, async (q) => {
    const name = values.name;
    if (name === undefined) {
      const all = await listBatches(q);
      if (all.length > 1) {
        // Several batches: one line each, newest first.
        for (const b of all) {
          const r = await countResults(q, b.name);
          stdout.write(
            `${b.name}: ${r.done}/${b.total ?? '?'} done (${r.errors} errors, ${r.dead} dead)` +
              `${b.sealedAt ? '' : ', still being enqueued'}${b.total !== undefined && r.done === b.total ? ', finished' : ''}\n`,
          );
        }
        stdout.write(`batches=${all.length}\n`);
        return 0;
      }
    }
    const batch = await resolveBatch(q, name);
    stdout.write(formatStatus(await batchStatus(q, batch)));
    return 0;
  });
}

async function collectCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parsed(() =>
    parseArgs({
      args: argv,
      strict: true,
      options: {
        ...QUEUE_FLAGS,
        name: { type: 'string' },
        out: { type: 'string' },
        partial: { type: 'boolean' },
        overwrite: { type: 'boolean' },
      },
    }),
  );
  const out = values.out;
  if (out === undefined) throw new Error(`give --out FILE|-\n${QUEUE_USAGE}`);
  if (!values.overwrite && (await hasContent(out))) throw new Error(`--out ${out} already exists: give --overwrite to replace it`);
  return withQueue(values, async (q) => {
    const batch = await resolveBatch(q, values.name);
    const counts = await countResults(q, batch.name);
    const pending = batch.total === undefined ? undefined : batch.total - counts.done;
    if (pending !== 0 && !values.partial) {
      throw new AnalysisError(
        400,
        `batch ${batch.name} is not finished: ` +
          (pending === undefined ? 'it is still being enqueued' : `${pending} of ${batch.total} documents have no result yet`) +
          ' (textlens queue status shows why); give --partial to collect what is done',
        'partial',
      );
    }
    const sink = openSink(out, false);
    let stats;
    try {
      stats = await collectResults(q, batch.name, sink);
    } finally {
      await sink.close();
    }
    const missing = batch.total === undefined ? '' : String(batch.total - stats.written);
    stderr.write(`collect: batch=${batch.name} written=${stats.written} ok=${stats.ok} errors=${stats.errors} dead=${stats.dead} missing=${missing}\n`);
    return stats.errors + stats.dead > 0 ? 1 : 0;
  });
}
