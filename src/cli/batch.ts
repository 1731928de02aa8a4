/**
 * `textlens batch`: a corpus through the analyzer on every core, one JSON
 * line per document, resumable. See src/batch/ for the parts.
 *
 * Exit status: 0 every document analyzed; 1 some documents failed (their
 * errors are in --out) or the analysis pool failed; 2 a usage or setup error;
 * 130 interrupted (SIGINT or SIGTERM) after finishing the documents in flight.
 */
import { availableParallelism } from 'node:os';
import type { AnalyzerConfig } from '../analyzer.js';
import { createAnalyzer } from '../analyzer.js';
import { WorkerPool } from '../http/analysis-pool.js';
import type { FlatOptions } from '../types.js';
import { openSource } from '../batch/input.js';
import { hasContent, openSink, prepareResume, type ResumeState } from '../batch/output.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import { runBatch, type BatchStats } from '../batch/run.js';
import { defineCommand, parseCommand, usageError } from './args.js';
import {
  ALLOW_HOST_FLAG,
  ANALYSIS_FLAGS,
  dictionaryArgs,
  DICTIONARY_FLAG,
  milliseconds,
  MODELS_FLAG,
  NER_MODEL_FLAG,
  PARSER_FLAG,
  QUIET_FLAG,
  runFields,
  TIMEOUT_FLAG,
  workersFlag,
} from './flags.js';

export const BATCH = defineCommand({
  name: 'batch',
  summary: 'Analyzes a corpus on every core of this machine: one JSON line per document, in input order, resumable.',
  flags: {
    in: {
      type: 'string',
      value: 'FILE|DIR|-',
      required: true,
      help: 'JSON lines {"id", "text"} or {"id", "url"} (optional "params": {name: value}), .gz for gzip; a directory of .txt/.html/.htm files (id = relative path); - for stdin (JSON lines)',
    },
    out: {
      type: 'string',
      value: 'FILE|-',
      required: true,
      help: 'one JSON line per document: {"id", "response"} or {"id", "error": {status, message}}; .gz for gzip; - for stdout',
    },
    ...ANALYSIS_FLAGS,
    dictionary: DICTIONARY_FLAG,
    models: MODELS_FLAG,
    parser: PARSER_FLAG,
    'allow-host': ALLOW_HOST_FLAG,
    'ner-model': NER_MODEL_FLAG,
    workers: workersFlag('worker threads, each loading the models once'),
    timeout: TIMEOUT_FLAG,
    unordered: { type: 'boolean', help: 'write results as they finish (default: in input order)' },
    resume: { type: 'boolean', help: "skip the documents whose results --out already holds (a cut-off last line is redone)" },
    overwrite: { type: 'boolean', help: 'replace an existing --out (without it, or --resume, an existing --out is refused)' },
    quiet: QUIET_FLAG,
  },
  notes:
    'Exit status: 0 every document analyzed; 1 some documents failed (their errors are in --out) or the analysis pool failed; ' +
    '2 a usage or setup error; 130 interrupted (SIGINT or SIGTERM) after finishing the documents in flight (--resume finishes the run).\n\n' +
    'The last line on stderr is name=value pairs (done, ok, errors, skipped, docs_per_s, tokens, tokens_per_s, seconds, workers, interrupted), printed even with --quiet.',
});

export interface BatchCommandIO {
  stderr?: ProgressStream;
  /** Tests and embedders pass their own; the command installs SIGINT handling only without one. */
  signal?: AbortSignal;
}

export async function batchCommand(argv: string[], io: BatchCommandIO = {}): Promise<number> {
  const stderr = io.stderr ?? process.stderr;
  const { values } = parseCommand(argv, BATCH);
  if (values.resume && values.overwrite) throw usageError(BATCH, '--resume and --overwrite contradict each other; give one');
  if (values.resume && values.out === '-') throw usageError(BATCH, '--resume needs --out FILE (it reads the results back)');
  const workers = values.workers ?? availableParallelism();

  const params: FlatOptions = await runFields(values);

  const config: AnalyzerConfig = {
    modelsDir: values.models,
    parser: values.parser,
    allowHosts: values['allow-host'],
    dictionaries: dictionaryArgs(values.dictionary),
    ...(values['ner-model'] !== undefined ? { ner: { transformers: values['ner-model'] } } : {}),
  };
  // Models load lazily, so this only compiles the dictionaries and checks --ner-model's files: a bad file fails here, once, with its message.
  await createAnalyzer(config);

  const out = values.out;
  let resume: ResumeState | undefined;
  if (values.resume) resume = await prepareResume(out);
  else if (!values.overwrite && (await hasContent(out))) {
    throw new Error(`--out ${out} already exists: give --resume to continue it, or --overwrite to replace it`);
  }
  const source = await openSource(values.in);
  const say = (line: string) => {
    if (!values.quiet) stderr.write(`batch: ${line}\n`);
  };
  if (resume && resume.done.size > 0) {
    say(`resuming: ${resume.done.size} documents already in ${out}${resume.errors ? ` (${resume.errors} of them errors)` : ''}` + (resume.droppedPartial ? '; a cut-off last result was dropped and will be redone' : ''));
  }

  const pool = new WorkerPool({ size: workers, timeoutMs: milliseconds(values.timeout), analyzer: config });
  const controller = new AbortController();
  const signal = io.signal ?? controller.signal;
  let interrupts = 0;
  // SIGTERM (a container or service manager stopping the job) is handled like Ctrl-C.
  const onSigint = (name: NodeJS.Signals) => {
    if (++interrupts > 1) {
      stderr.write(`batch: second ${name}, stopping now (results of documents in flight are lost; --resume redoes them)\n`);
      process.exit(130);
    }
    stderr.write(`batch: ${name}, finishing the documents in flight (Ctrl-C again to stop at once)\n`);
    controller.abort();
  };
  if (!io.signal) {
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigint);
  }

  let stats: BatchStats | undefined;
  let sink;
  try {
    say(`loading models in ${workers} worker${workers === 1 ? '' : 's'}…`);
    // The total is what the input holds (resumed documents included: they count as done).
    const [total] = await Promise.all([source.count(), pool.ready()]);
    if (pool.failure) throw new Error(pool.failure.message);
    sink = openSink(out, values.resume);
    const progress = createProgress({ label: 'batch', unit: 'docs', mode: values.quiet ? 'quiet' : 'auto', stream: stderr });
    // tokens/s is shown once a response carried sentences (extractors without words have none to count).
    let countedTokens = false;
    stats = await runBatch({
      items: source.items(),
      runner: pool,
      sink,
      params,
      ordered: !values.unordered,
      concurrency: workers * 2,
      skip: resume?.done,
      signal,
      onProgress(s) {
        countedTokens ||= s.tokens > 0;
        progress.update({ done: s.done, before: s.skipped, total, errors: s.errors, tokens: countedTokens ? s.tokens : undefined, elapsedMs: s.elapsedMs });
      },
    });
    progress.update({ done: stats.done, before: stats.skipped, total, errors: stats.errors, tokens: countedTokens ? stats.tokens : undefined, elapsedMs: stats.elapsedMs });
    progress.stop();
  } finally {
    if (!io.signal) {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    }
    source.close();
    await sink?.close();
    await pool.close();
  }

  const seconds = stats.elapsedMs / 1000;
  const summary =
    `done=${stats.done} ok=${stats.ok} errors=${stats.errors} skipped=${stats.skipped} ` +
    `docs_per_s=${(seconds > 0 ? stats.done / seconds : 0).toFixed(2)} tokens=${stats.tokens} ` +
    `tokens_per_s=${(seconds > 0 ? stats.tokens / seconds : 0).toFixed(0)} seconds=${seconds.toFixed(2)} ` +
    `workers=${workers} interrupted=${stats.interrupted}`;
  if (stats.fatal) {
    stderr.write(`batch: stopped: ${stats.fatal}\nbatch: the documents without a result are left for --resume\n`);
  } else if (stats.interrupted) {
    say(`interrupted; ${out === '-' ? 'rerun to finish' : `rerun with --resume to finish ${out}`}`);
  } else if (stats.errors > 0) {
    say(`${stats.errors} document${stats.errors === 1 ? '' : 's'} failed; their errors are in ${out === '-' ? 'the output' : out}`);
  }
  // The last line is name=value pairs, for scripts; printed even with --quiet.
  stderr.write(`batch: ${summary}\n`);
  if (stats.fatal) return 1;
  if (stats.interrupted) return 130;
  return stats.errors > 0 ? 1 : 0;
}
