/**
 * `queue collect`: a batch's results as `textlens batch` writes them, one
 * JSON line per document in input order, streamed from the results table a
 * page at a time.
 */
import type { ResultSink } from '../batch/output.js';
import type { QueueConnection } from './connection.js';
import { resultLinesInOrder } from './results.js';

export interface CollectStats {
  written: number;
  ok: number;
  /** Documents whose result is an error (4xx, or an unusable input line). */
  errors: number;
  /** Documents whose jobs were dead-lettered (recorded as errors too). */
  dead: number;
}

export async function collectResults(q: QueueConnection, batch: string, sink: ResultSink): Promise<CollectStats> {
  const stats: CollectStats = { written: 0, ok: 0, errors: 0, dead: 0 };
  for await (const r of resultLinesInOrder(q, batch)) {
    if (!sink.write(r.line + '\n')) await sink.drain();
    stats.written++;
    if (r.outcome === 'ok') stats.ok++;
    else if (r.outcome === 'error') stats.errors++;
    else stats.dead++;
  }
  return stats;
}
