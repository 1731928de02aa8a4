/**
 * The progress of an eval command's loop over documents, sentences or
 * instances, on the shared display (src/progress/display.ts): stderr only, so the
 * scores on stdout, and their last `name=value` line, stay as they were.
 * Rates count from the first item (model loading is before it).
 */
import { createProgress, type ProgressMode, type ProgressStream } from '../progress/display.js';

/** What an eval loop reports after each item: items done, of how many, tokens in them (when counted). */
export type ItemReport = (done: number, total: number, tokens?: number) => void;

export interface ItemProgress {
  report: ItemReport;
  stop(): void;
}

export interface ItemProgressOptions {
  /** "eval properties" */
  label: string;
  /** "sentences" */
  unit: string;
  /** --quiet: no display at all. */
  quiet?: boolean;
  /** Where the display goes (default stderr); a bar needs a terminal. */
  stream?: ProgressStream;
  mode?: ProgressMode;
  intervalMs?: number;
}

export function itemProgress(options: ItemProgressOptions): ItemProgress {
  const display = createProgress({
    label: options.label,
    unit: options.unit,
    mode: options.quiet ? 'quiet' : options.mode,
    stream: options.stream,
    intervalMs: options.intervalMs,
  });
  const t0 = performance.now();
  return {
    report(done, total, tokens) {
      display.update({ done, total, tokens, elapsedMs: performance.now() - t0 });
    },
    stop() {
      display.stop();
    },
  };
}

/**
 * Lets the display's timer run between the items of a synchronous loop
 * (an eval that never awaits would otherwise print only its last line).
 * A macrotask per item costs microseconds; outputs are unchanged.
 */
export const yieldToTimers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
