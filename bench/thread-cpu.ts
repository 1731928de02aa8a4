/**
 * CPU time per thread of this process, from Linux's /proc/self/task (the
 * bench scripts that tell a worker pool's threads apart: analyze-many.ts,
 * worker-gc.ts). Elsewhere there is no such file: undefined / empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of one thread in ms (clock ticks of 10 ms, USER_HZ 100), or undefined where it cannot be read. */
export function threadCpuMs(tid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // fields after the command name, which may hold spaces and ends at the last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU ms of every thread of this process, by thread id; empty where /proc is missing. */
export function allThreadsCpuMs(): Map<string, number> {
  const cpu = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    const ms = threadCpuMs(tid);
    // a thread may end between the listing and the read
    if (ms !== undefined) cpu.set(tid, ms);
  }
  return cpu;
}
