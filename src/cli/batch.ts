/**
 * `textlens batch`: a corpus through the analyzer on every core, one JSON
 * line per document, resumable (src/batch/job.ts runs it). The command
 * reads the flags, turns SIGINT/SIGTERM into a graceful stop, and maps the
 * run's outcome to the exit status its help describes.
 */
import { availableParallelism } from 'node:os';
import type { AnalyzerConfig } from '../analyzer.js';
import { runBatchJob } from '../batch/job.js';
import type { BatchStats } from '../batch/run.js';
import type { ProgressStream } from '../progress/display.js';
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
    'Exit status: 0 every document analyzed; 1 some documents failed (their errors are in --out; with --resume, those an earlier run wrote too) or the analysis pool failed; ' +
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
  const params = await runFields(values);
  const analyzer: AnalyzerConfig = {
    modelsDir: values.models,
    parser: values.parser,
    allowHosts: values['allow-host'],
    dictionaries: dictionaryArgs(values.dictionary),
    ...(values['ner-model'] !== undefined ? { ner: { transformers: values['ner-model'] } } : {}),
  };

  const controller = new AbortController();
  let interrupts = 0;
  // SIGTERM (a container or service manager stopping the job) is handled like Ctrl-C.
  const onSignal = (name: NodeJS.Signals) => {
    if (++interrupts > 1) {
      stderr.write(`batch: second ${name}, stopping now (results of documents in flight are lost; --resume redoes them)\n`);
      process.exit(130);
    }
    stderr.write(`batch: ${name}, finishing the documents in flight (Ctrl-C again to stop at once)\n`);
    controller.abort();
  };
  if (!io.signal) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  let stats;
  try {
    stats = await runBatchJob({
      input: values.in,
      output: values.out,
      params,
      analyzer,
      workers,
      timeoutMs: milliseconds(values.timeout),
      ordered: !values.unordered,
      resume: values.resume,
      overwrite: values.overwrite,
      quiet: values.quiet,
      stderr,
      signal: io.signal ?? controller.signal,
    });
  } finally {
    if (!io.signal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  }
  return batchExitStatus(stats);
}

/**
 * The exit status the help describes. Errors an earlier run wrote count as
 * this run's: a run resumed to the end exits as the same run uninterrupted would.
 */
export function batchExitStatus(stats: Pick<BatchStats, 'fatal' | 'interrupted' | 'errors' | 'skippedErrors'>): number {
  if (stats.fatal) return 1;
  if (stats.interrupted) return 130;
  return stats.errors + stats.skippedErrors > 0 ? 1 : 0;
}
