/**
 * A whole `textlens batch` run: the output checked (refused if it exists,
 * unless resumed or overwritten), the input opened, the models loaded in a
 * worker pool, the loop run with its progress on a stream, and the closing
 * lines written: what happened, then one line of name=value pairs for
 * scripts (printed even when quiet).
 */
import type { AnalyzerConfig } from '../analyzer.js';
import { createAnalyzer } from '../analyzer.js';
import { WorkerPool } from '../http/analysis-pool.js';
import { createProgress, type ProgressStream } from '../progress/display.js';
import type { FlatOptions } from '../types.js';
import { openSource } from './input.js';
import { hasContent, openSink, prepareResume, type ResultSink, type ResumeState } from './output.js';
import { runBatch, type BatchStats } from './run.js';

export interface BatchJobOptions {
  /** JSON lines (.gz too), a directory of text/HTML files, or - for stdin. */
  input: string;
  /** A JSON-lines file (.gz too) or - for stdout. */
  output: string;
  /** Fields every document gets (a document's own params override them). */
  params: FlatOptions;
  analyzer: AnalyzerConfig;
  workers: number;
  /** Per-document analysis timeout (default: the pool's). */
  timeoutMs?: number;
  /** Results in input order (else as they finish). */
  ordered: boolean;
  /** Skip the documents whose results the output already holds. */
  resume: boolean;
  /** Replace an existing output (without it or resume, an existing output is refused). */
  overwrite: boolean;
  /** No progress and no messages, only the closing name=value line. */
  quiet: boolean;
  /** Where progress and messages go (`batch: …` lines). */
  stderr: ProgressStream;
  /** Aborting stops reading and lets the documents in flight finish. */
  signal?: AbortSignal;
}

export async function runBatchJob(o: BatchJobOptions): Promise<BatchStats> {
  // Models load lazily, so this only compiles the dictionaries and checks the NER model's files: a bad file fails here, once, with its message.
  await createAnalyzer(o.analyzer);
  const out = o.output;
  let resume: ResumeState | undefined;
  if (o.resume) resume = await prepareResume(out);
  else if (!o.overwrite && (await hasContent(out))) {
    throw new Error(`--out ${out} already exists: give --resume to continue it, or --overwrite to replace it`);
  }
  const source = await openSource(o.input);
  const say = (line: string) => {
    if (!o.quiet) o.stderr.write(`batch: ${line}\n`);
  };
  if (resume && resume.done.size > 0) {
    say(`resuming: ${resume.done.size} documents already in ${out}${resume.errors ? ` (${resume.errors} of them errors)` : ''}` + (resume.droppedPartial ? '; a cut-off last result was dropped and will be redone' : ''));
  }

  const pool = new WorkerPool({ size: o.workers, timeoutMs: o.timeoutMs, analyzer: o.analyzer });
  let stats: BatchStats;
  let sink: ResultSink | undefined;
  try {
    say(`loading models in ${o.workers} worker${o.workers === 1 ? '' : 's'}…`);
    // The total is what the input holds (resumed documents included: they count as done).
    const [total] = await Promise.all([source.count(), pool.ready()]);
    if (pool.failure) throw new Error(pool.failure.message);
    sink = openSink(out, o.resume);
    const progress = createProgress({ label: 'batch', unit: 'docs', mode: o.quiet ? 'quiet' : 'auto', stream: o.stderr });
    // tokens/s is shown once a response carried sentences (extractors without words have none to count).
    let countedTokens = false;
    stats = await runBatch({
      items: source.items(),
      runner: pool,
      sink,
      params: o.params,
      ordered: o.ordered,
      concurrency: o.workers * 2,
      skip: resume?.done,
      failed: resume?.failed,
      signal: o.signal,
      onProgress(s) {
        countedTokens ||= s.tokens > 0;
        progress.update({ done: s.done, before: s.skipped, total, errors: s.errors, tokens: countedTokens ? s.tokens : undefined, elapsedMs: s.elapsedMs });
      },
    });
    progress.update({ done: stats.done, before: stats.skipped, total, errors: stats.errors, tokens: countedTokens ? stats.tokens : undefined, elapsedMs: stats.elapsedMs });
    progress.stop();
  } finally {
    source.close();
    await sink?.close();
    await pool.close();
  }

  if (stats.fatal) {
    o.stderr.write(`batch: stopped: ${stats.fatal}\nbatch: the documents without a result are left for --resume\n`);
  } else if (stats.interrupted) {
    say(`interrupted; ${out === '-' ? 'rerun to finish' : `rerun with --resume to finish ${out}`}`);
  } else if (stats.errors + stats.skippedErrors > 0) {
    const failed = stats.errors + stats.skippedErrors;
    const earlier = stats.skippedErrors > 0 ? ` (${stats.skippedErrors} in an earlier run)` : '';
    say(`${failed} document${failed === 1 ? '' : 's'} failed${earlier}; their errors are in ${out === '-' ? 'the output' : out}`);
  }
  o.stderr.write(`batch: ${batchSummary(stats, o.workers)}\n`);
  return stats;
}

/** The closing line: name=value pairs for scripts. */
export function batchSummary(stats: BatchStats, workers: number): string {
  const seconds = stats.elapsedMs / 1000;
  return (
    `done=${stats.done} ok=${stats.ok} errors=${stats.errors} skipped=${stats.skipped} ` +
    `docs_per_s=${(seconds > 0 ? stats.done / seconds : 0).toFixed(2)} tokens=${stats.tokens} ` +
    `tokens_per_s=${(seconds > 0 ? stats.tokens / seconds : 0).toFixed(0)} seconds=${seconds.toFixed(2)} ` +
    `workers=${workers} interrupted=${stats.interrupted}`
  );
}
