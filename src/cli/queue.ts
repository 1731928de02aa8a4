/**
 * `textlens queue enqueue | status | collect`: a corpus spread over many
 * machines through a pg-boss queue on PostgreSQL (see src/queue/). Workers
 * are `textlens worker` (worker.ts).
 */
import { openSource } from '../batch/input.js';
import { hasContent, openSink } from '../batch/output.js';
import { AnalysisError } from '../errors.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { checkBatchName, defaultBatchName, listBatches, readBatchDictionaries, resolveBatch } from '../queue/batches.js';
import { collectResults } from '../queue/collect.js';
import { openQueue, type QueueConnection } from '../queue/connection.js';
import { DEFAULT_CHUNK, DEFAULT_RETRY, enqueueBatch } from '../queue/enqueue.js';
import { batchStatus, formatBatchLine, formatBatchStatus } from '../queue/status.js';
import { countResults } from '../queue/results.js';
import { defineCommand, parseCommand, pickSubcommand, type CommandGroup } from './args.js';
import { ANALYSIS_FLAGS, dictionaryArgs, DICTIONARY_FLAG, QUIET_FLAG, runFields } from './flags.js';
import { QUEUE_FLAGS } from './queue-args.js';

const NAME_FLAG = { type: 'string', value: 'BATCH', help: 'the batch (given to enqueue); needed when the queue holds several' } as const;

export const QUEUE_ENQUEUE = defineCommand({
  name: 'queue enqueue',
  summary: 'Queues a corpus for `textlens worker`s: a job per document, or per --chunk documents; workers may start at once.',
  flags: {
    ...QUEUE_FLAGS,
    in: {
      type: 'string',
      value: 'FILE|DIR|-',
      required: true,
      help: 'as textlens batch: JSON lines {"id", "text"|"url", "params"?} (.gz for gzip), a directory of .txt/.html/.htm files, or - for stdin',
    },
    name: { type: 'string', value: 'BATCH', help: "the batch's name; status and collect take it", defaultText: "the input's name and the time" },
    chunk: {
      type: 'number',
      value: 'N',
      integer: true,
      min: 1,
      max: 10_000,
      default: DEFAULT_CHUNK,
      help: 'documents per job: fewer round trips per document than 1; a retried job redoes only its documents without a result',
    },
    ...ANALYSIS_FLAGS,
    dictionary: { ...DICTIONARY_FLAG, help: `${DICTIONARY_FLAG.help}; stored with the batch as its entries, so workers need no files` },
    retries: { type: 'number', value: 'N', integer: true, min: 0, max: 100, default: DEFAULT_RETRY.retryLimit, help: 'tries after the first before a job is dead-lettered' },
    'retry-delay': {
      type: 'number',
      value: 'S',
      integer: true,
      min: 0,
      max: 86_400,
      default: DEFAULT_RETRY.retryDelaySeconds,
      help: 'seconds before the first retry, doubled each try with jitter',
    },
    // pg-boss refuses an expiry of 24 h or more.
    expire: {
      type: 'number',
      value: 'S',
      integer: true,
      min: 1,
      max: 86_399,
      default: DEFAULT_RETRY.expireSeconds,
      help: "seconds a job may stay active before it is taken as lost (its worker died) and retried; must exceed --chunk x the workers' --timeout",
    },
    quiet: QUIET_FLAG,
  },
  notes: 'The analysis options (--extractors, --param, --rules, --dictionary) are stored with the batch: every worker analyzes its documents with them.',
});

export const QUEUE_STATUS = defineCommand({
  name: 'queue status',
  summary:
    'Where a batch stands: jobs by state, documents done/ok/errors/dead/pending, throughput over the last 1 and 5 minutes and the workers seen; without --name and several batches, one line per batch.',
  flags: { ...QUEUE_FLAGS, name: { ...NAME_FLAG, help: 'the batch (given to enqueue); without it and several batches, one line per batch' } },
  notes: 'The last line is name=value pairs, for scripts.',
});

export const QUEUE_COLLECT = defineCommand({
  name: 'queue collect',
  summary:
    'Writes a batch\'s results, one JSON line per document in input order ({"id", "response"} or {"id", "error"}, as textlens batch).',
  flags: {
    ...QUEUE_FLAGS,
    name: NAME_FLAG,
    out: { type: 'string', value: 'FILE|-', required: true, help: 'where to write the results: .gz for gzip, - for stdout' },
    partial: { type: 'boolean', help: 'collect what is done although documents are pending (without it, an unfinished batch is refused)' },
    overwrite: { type: 'boolean', help: 'replace an existing --out (without it, an existing --out is refused)' },
  },
  notes: 'Exit status: 0 every document has a response; 1 some have an error or were dead-lettered; 2 a usage or setup error.',
});

export const QUEUE: CommandGroup = {
  name: 'queue',
  summary: 'a corpus spread over many machines through a pg-boss queue on PostgreSQL; the workers are `textlens worker`',
  commands: [QUEUE_ENQUEUE, QUEUE_STATUS, QUEUE_COLLECT],
};

export interface QueueCommandIO {
  stdout?: NodeJS.WritableStream;
  stderr?: ProgressStream;
}

export async function queueCommand(argv: string[], io: QueueCommandIO = {}): Promise<number> {
  const { spec, rest } = pickSubcommand(argv, QUEUE);
  switch (spec) {
    case QUEUE_ENQUEUE:
      return enqueueCommand(rest, io);
    case QUEUE_STATUS:
      return statusCommand(rest, io);
    default:
      return collectCommand(rest, io);
  }
}

async function withQueue<T>(values: { queue: string; schema: string }, work: (q: QueueConnection) => Promise<T>): Promise<T> {
  const q = await openQueue(values.queue, { schema: values.schema });
  try {
    return await work(q);
  } finally {
    await q.close();
  }
}

async function enqueueCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parseCommand(argv, QUEUE_ENQUEUE);
  const input = values.in;
  const name = checkBatchName(values.name ?? defaultBatchName(input));
  const chunk = values.chunk;
  const retry = { retryLimit: values.retries, retryDelaySeconds: values['retry-delay'], expireSeconds: values.expire };
  const params = await runFields(values);
  const dictionaries = await readBatchDictionaries(dictionaryArgs(values.dictionary) ?? {});
  const source = await openSource(input);
  const quiet = values.quiet;
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

async function statusCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const { values } = parseCommand(argv, QUEUE_STATUS);
  return withQueue(values, async (q) => {
    const name = values.name;
    if (name === undefined) {
      const all = await listBatches(q);
      if (all.length > 1) {
        // Several batches: one line each, newest first.
        for (const b of all) stdout.write(formatBatchLine(b, await countResults(q, b.name)));
        stdout.write(`batches=${all.length}\n`);
        return 0;
      }
    }
    const batch = await resolveBatch(q, name);
    stdout.write(formatBatchStatus(await batchStatus(q, batch)));
    return 0;
  });
}

async function collectCommand(argv: string[], io: QueueCommandIO): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parseCommand(argv, QUEUE_COLLECT);
  const out = values.out;
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
