/**
 * CPU by analyze() stage, for the bench scripts: each stage is charged the
 * process's CPU (user + system, every thread) since the previous stage ended,
 * or since start() was called before the analyze() call.
 *
 *   const meter = new StageCpu();
 *   const analyzer = await createAnalyzer({ onStage: meter.onStage });
 *   meter.reset(); meter.start(); await analyzer.analyze(…); meter.stages
 */

/** CPU microseconds of the process so far (user + system). */
export function processCpu(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export class StageCpu {
  private mark = 0;
  /** CPU µs per stage since the last reset(). */
  stages = new Map<string, number>();

  /** The hook for createAnalyzer({ onStage }). */
  readonly onStage = (stage: string): void => {
    const now = processCpu();
    this.stages.set(stage, (this.stages.get(stage) ?? 0) + now - this.mark);
    this.mark = now;
  };

  /** Call right before analyze(): its first stage is charged from here. */
  start(): void {
    this.mark = processCpu();
  }

  /** Starts a new tally (the previous one stays with whoever holds it). */
  reset(): void {
    this.stages = new Map();
  }
}
