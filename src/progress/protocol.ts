/**
 * The progress line protocol between a trainer (a Python or TS script that
 * `npm run train` starts) and the wrapper that shows the shared progress
 * display. A trainer prints, on stdout, whole lines of the form
 *
 *   progress done=120 total=4000 unit=batch loss=0.4312 epoch=2/10
 *
 * `done` (required, a non-negative integer) and `total` (optional, a positive
 * integer) count `unit`s (default "step"); every other `key=value` is a
 * figure of the trainer's own, shown after the rates ("loss 0.4312 | epoch
 * 2/10"). Values hold no spaces. Any other line is the trainer's own output
 * and passes through unchanged, so a trainer run without the wrapper still
 * reads well and a line that only looks like the protocol is never eaten.
 */
import { createInterface } from 'node:readline';
import { createProgress, type ProgressDisplay, type ProgressMode, type ProgressStream } from './display.js';

export interface ProgressReport {
  done: number;
  total?: number;
  unit: string;
  /** The trainer's own figures, in the order printed. */
  fields: Array<[string, string]>;
}

const PREFIX = 'progress ';
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The report a protocol line carries, or undefined for any other line. */
export function parseProgressLine(line: string): ProgressReport | undefined {
  const text = line.replace(/\r?\n$/, '');
  if (!text.startsWith(PREFIX)) return undefined;
  let done: number | undefined;
  let total: number | undefined;
  let unit = 'step';
  const fields: Array<[string, string]> = [];
  for (const part of text.slice(PREFIX.length).split(' ')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0 || eq === part.length - 1) return undefined;
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (!KEY.test(key)) return undefined;
    if (key === 'done') {
      if (!/^\d+$/.test(value)) return undefined;
      done = Number(value);
    } else if (key === 'total') {
      if (!/^\d+$/.test(value) || Number(value) === 0) return undefined;
      total = Number(value);
    } else if (key === 'unit') {
      unit = value;
    } else {
      fields.push([key, value]);
    }
  }
  if (done === undefined) return undefined;
  return total === undefined ? { done, unit, fields } : { done, total, unit, fields };
}

/** The protocol line of a report (for trainers written in TypeScript); parseProgressLine reads it back. */
export function formatProgressLine(report: Readonly<ProgressReport>): string {
  const parts = ['progress', `done=${report.done}`];
  if (report.total !== undefined) parts.push(`total=${report.total}`);
  parts.push(`unit=${report.unit}`);
  for (const [key, value] of report.fields) parts.push(`${key}=${value.replace(/\s+/g, '_')}`);
  return parts.join(' ');
}

/** The trainer's own figures as the display's note: "loss 0.4312 | epoch 2/10". */
export function progressNote(report: Readonly<ProgressReport>): string | undefined {
  return report.fields.length === 0 ? undefined : report.fields.map(([k, v]) => `${k} ${v}`).join(' | ');
}

export interface FollowOptions {
  /** Prefix of the display's lines ("train parser"). */
  label: string;
  mode?: ProgressMode;
  /** Where the display goes (default stderr). */
  progressStream?: ProgressStream;
  /** Where the trainer's other lines go (default stdout). */
  passThrough?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Period of the plain lines (default 10 s). */
  intervalMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * Reads a trainer's stdout line by line: protocol lines feed the shared
 * display, the rest pass through. Rates count from a phase's first report
 * (its `done` then counts as already done), so data loading before it is not
 * a slow start; a report with another unit or total, or a count that goes back,
 * starts a new phase (a parser's epochs, each with its own batches).
 * Resolves when the input ends.
 */
export async function followTrainerOutput(input: NodeJS.ReadableStream, options: FollowOptions): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const out = options.passThrough ?? process.stdout;
  const progressStream = options.progressStream ?? process.stderr;
  const barShown = options.mode === 'bar' || ((options.mode ?? 'auto') === 'auto' && progressStream.isTTY === true);
  let phase: { display: ProgressDisplay; unit: string; total?: number; first: number; last: number; t0: number } | undefined;
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    const report = parseProgressLine(line);
    if (!report) {
      // On a terminal the bar owns the current line: clear it first; cli-progress redraws it below.
      if (barShown && phase && out.isTTY) progressStream.write('\r\x1b[K');
      out.write(`${line}\n`);
      continue;
    }
    if (!phase || phase.unit !== report.unit || phase.total !== report.total || report.done < phase.last) {
      phase?.display.stop();
      const display = createProgress({ label: options.label, unit: report.unit, mode: options.mode, stream: progressStream, intervalMs: options.intervalMs });
      phase = { display, unit: report.unit, total: report.total, first: report.done, last: report.done, t0: now() };
    }
    phase.last = report.done;
    phase.display.update({
      done: Math.max(0, report.done - phase.first),
      before: phase.first,
      total: report.total,
      note: progressNote(report),
      elapsedMs: now() - phase.t0,
    });
  }
  phase?.display.stop();
}
