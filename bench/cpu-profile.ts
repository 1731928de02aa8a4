/**
 * A V8 CPU profile of some work, taken through node:inspector in this process: what the profile scripts
 * (pipeline-profile.ts, structure-profile.ts) read self time and line ticks from.
 */
import { Session } from 'node:inspector/promises';

/** The parts of V8's CPU profile the bench scripts read. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  positionTicks?: { line: number; ticks: number }[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Runs `work` under the sampling profiler (one sample per `intervalUs` µs) and returns the profile. */
export async function profileCpu(intervalUs: number, work: () => Promise<void> | void): Promise<Profile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
    await session.post('Profiler.start');
    await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    return profile;
  } finally {
    session.disconnect();
  }
}
