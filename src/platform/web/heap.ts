/**
 * Browser side of the heap seam: a page has no portable, timely measure of
 * its heap (Chrome's performance.memory is coarse and delayed), so there is
 * none, and the rules sandbox bounds a program's memory by its size limits
 * alone (src/rules/sandbox.ts).
 */

/** Bytes of the heap in use and its limit; the browser side never knows. */
export interface HeapUsage {
  used: number;
  limit: number;
}

export function heapUsage(): HeapUsage | undefined {
  return undefined;
}
