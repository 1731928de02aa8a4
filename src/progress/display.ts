/**
 * Progress of a long command on stderr: a cli-progress bar on a terminal,
 * a plain line every few seconds when stderr is a file or a pipe (logs stay
 * readable), nothing with --quiet. Rates are over the items this run did,
 * from the moment it started working (model loading excluded by the caller).
 */
import cliProgress from 'cli-progress';

/** Where progress goes: stderr, or any writable (tests); a bar needs isTTY. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean };

export type ProgressMode = 'auto' | 'bar' | 'lines' | 'quiet';

export interface ProgressState {
  /** Items finished by this run. */
  done: number;
  /** Items finished before this run (resumed), counted towards the total. */
  before?: number;
  /** All items, when known. */
  total?: number;
  errors?: number;
  /** Tokens processed, when the command counts them. */
  tokens?: number;
  /** A command's own figures, shown after the others ("1.2M items, 310k kept"). */
  note?: string;
  elapsedMs: number;
}

export interface ProgressDisplay {
  update(state: Readonly<ProgressState>): void;
  /** Stops the bar (or the periodic lines) and prints the last state once. */
  stop(): void;
}

export interface ProgressOptions {
  /** Prefix of every line ("batch"). */
  label: string;
  /** What an item is called ("docs"). */
  unit: string;
  mode?: ProgressMode;
  stream?: ProgressStream;
  /** Period of the plain lines. Default 10 s. */
  intervalMs?: number;
}

const rate = (n: number, ms: number) => (ms > 0 ? (n * 1000) / ms : 0);

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** The figures both displays show, formatted. */
export function describeProgress(s: Readonly<ProgressState>, unit: string) {
  const value = s.done + (s.before ?? 0);
  const perSecond = rate(s.done, s.elapsedMs);
  const left = s.total === undefined ? undefined : Math.max(0, s.total - value);
  const eta = left === undefined ? 'unknown' : left === 0 ? '0s' : perSecond > 0 ? formatDuration(left / perSecond) : '?';
  return {
    value,
    total: s.total,
    counted: s.total === undefined ? `${value} ${unit}` : `${value}/${s.total} ${unit}`,
    // A unit that takes ten seconds or more (a training batch, an epoch) reads better as time per unit.
    rate: perSecond > 0 && perSecond < 0.1 ? `${formatDuration(1 / perSecond)}/${unit}` : `${perSecond.toFixed(1)} ${unit}/s`,
    tokens: s.tokens === undefined ? '' : ` | ${Math.round(rate(s.tokens, s.elapsedMs))} tokens/s`,
    errors: (s.errors === undefined ? '' : ` | ${s.errors} errors`) + (s.note ? ` | ${s.note}` : ''),
    eta,
  };
}

export function plainProgressLine(label: string, unit: string, s: Readonly<ProgressState>): string {
  const d = describeProgress(s, unit);
  return `${label}: ${d.counted} | ${d.rate}${d.tokens}${d.errors} | ETA ${d.eta}\n`;
}

export function createProgress(options: ProgressOptions): ProgressDisplay {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode === undefined || options.mode === 'auto' ? (stream.isTTY ? 'bar' : 'lines') : options.mode;
  if (mode === 'quiet') return { update() {}, stop() {} };
  if (mode === 'lines') return linesDisplay(options, stream);
  return barDisplay(options, stream);
}

function linesDisplay(options: ProgressOptions, stream: NodeJS.WritableStream): ProgressDisplay {
  let last: ProgressState | undefined;
  let printed: ProgressState | undefined;
  const print = () => {
    if (last && last !== printed) stream.write(plainProgressLine(options.label, options.unit, last));
    printed = last;
  };
  const timer = setInterval(print, options.intervalMs ?? 10_000);
  timer.unref();
  return {
    update(state) {
      last = { ...state };
    },
    stop() {
      clearInterval(timer);
      print();
    },
  };
}

function barDisplay(options: ProgressOptions, stream: NodeJS.WritableStream): ProgressDisplay {
  let started = false;
  let withTotal = false;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      hideCursor: true,
      fps: 5,
      format: (_opts, params, payload: ReturnType<typeof describeProgress>) =>
        `${options.label} ${withTotal ? `${bar_(params.progress)} ` : ''}${payload.counted} | ${payload.rate}${payload.tokens}${payload.errors} | ETA ${payload.eta}`,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    update(state) {
      const d = describeProgress(state, options.unit);
      if (!started) {
        withTotal = state.total !== undefined;
        bar.start(state.total ?? 0, d.value, d);
        started = true;
      } else {
        bar.update(d.value, d);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/** The bar itself (cli-progress's own {bar} needs its format string; ours is a function). */
function bar_(progress: number): string {
  const width = 30;
  const full = Math.round(Math.max(0, Math.min(1, progress)) * width);
  return '█'.repeat(full) + '░'.repeat(width - full);
}
