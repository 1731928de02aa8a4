/**
 * Node side of the heap seam: how much of the JavaScript heap is in use, and
 * the most it may hold, so the rules sandbox (src/rules/sandbox.ts) can stop
 * a program whose memory grows past its budget before the isolate runs out.
 */
import { getHeapStatistics } from 'node:v8';

/** Bytes of the heap in use (live data and garbage not yet collected) and its limit. */
export interface HeapUsage {
  used: number;
  limit: number;
}

export function heapUsage(): HeapUsage | undefined {
  const stats = getHeapStatistics();
  return { used: stats.used_heap_size, limit: stats.heap_size_limit };
}
