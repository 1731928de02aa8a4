/**
 * `npm run build && node --import tsx bench/worker-gc.ts`: what a worker
 * thread's young generation (WorkerPoolOptions.workerYoungGenerationMb) does
 * to the analysis pool's CPU. For each setting (V8's default — the pool's —
 * then 64 MB) and pool size (1 and 2 workers), a fresh pool of the built
 * package is warmed on the documents (3 passes per worker) and then timed
 * over 4 passes; settings alternate round by round (BENCH_ROUNDS, default 2).
 *
 * Per-thread CPU comes from /proc/self/task (Linux only): the busiest `size`
 * threads are the workers, the rest is this thread (reading the responses)
 * and V8's helper threads (concurrent marking, sweeping, compiling). Those
 * counts hold on a loaded machine where the wall clock does not.
 *
 * Documents: bench/text.ts's text cut into ~5 kB documents, the first 60;
 * extractors BENCH_EXTRACTORS (default words,dependency-trees,entities).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchText, documents } from './text.js';
import { allThreadsCpuMs } from './thread-cpu.js';
import type { FlatOptions } from '../src/types.js';

const poolUrl = new URL('../dist/http/analysis-pool.js', import.meta.url);
if (!existsSync(fileURLToPath(poolUrl))) throw new Error('dist/ is missing: run `npm run build` first (the bench measures the built package)');
if (!existsSync('/proc/self/task')) throw new Error('per-thread CPU needs Linux /proc');
const { WorkerPool } = (await import(poolUrl.href)) as typeof import('../src/http/analysis-pool.js');
/** The larger young generation compared with V8's default (the pool's default before 2026-11-29). */
const LARGER_YOUNG_GENERATION_MB = 64;

const extractors = process.env.BENCH_EXTRACTORS ?? 'words,dependency-trees,entities';
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const docs: FlatOptions[] = documents(benchText().text, 5_000)
  .slice(0, 60)
  .map((text) => ({ text, extractors, languageOverride: 'eng' }));


interface Row {
  young: string;
  size: number;
  wallPerDoc: number[];
  workerCpuPerDoc: number[];
  otherCpuPerDoc: number[];
}

async function measure(youngMb: number, size: number, row: Row): Promise<void> {
  const pool = new WorkerPool({ size, workerYoungGenerationMb: youngMb, maxQueue: Number.MAX_SAFE_INTEGER });
  const passes = async (n: number): Promise<void> => {
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < docs.length * n) await pool.run(docs[next++ % docs.length]);
    };
    await Promise.all(Array.from({ length: size }, lane));
  };
  await passes(3 * size);
  const before = allThreadsCpuMs();
  const start = performance.now();
  await passes(4);
  const wall = performance.now() - start;
  const spent = [...allThreadsCpuMs()].map(([tid, ms]) => ms - (before.get(tid) ?? 0)).sort((a, b) => b - a);
  const n = docs.length * 4;
  row.wallPerDoc.push(wall / n);
  row.workerCpuPerDoc.push(spent.slice(0, size).reduce((a, b) => a + b, 0) / n);
  row.otherCpuPerDoc.push(spent.slice(size).reduce((a, b) => a + b, 0) / n);
  await pool.close();
}

const settings = [
  { young: "V8's default", mb: 0 },
  { young: `${LARGER_YOUNG_GENERATION_MB} MB`, mb: LARGER_YOUNG_GENERATION_MB },
];
const rows: Row[] = [];
for (const s of settings) for (const size of [1, 2]) rows.push({ young: s.young, size, wallPerDoc: [], workerCpuPerDoc: [], otherCpuPerDoc: [] });
const load0 = loadavg()[0];
for (let r = 0; r < rounds; r++) {
  for (const [i, s] of settings.entries()) {
    for (const [j, size] of [1, 2].entries()) await measure(s.mb, size, rows[i * 2 + j]);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`worker young generation (bench/worker-gc.ts), ${docs.length} documents of ≤ 5 kB, \`${extractors}\`, median of ${rounds} alternating rounds, load average ${load0.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`);
console.log('| young generation | workers | wall per document | CPU per document, workers | other threads |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.young} | ${r.size} | ${median(r.wallPerDoc).toFixed(1)} ms | ${median(r.workerCpuPerDoc).toFixed(1)} ms | ${median(r.otherCpuPerDoc).toFixed(1)} ms |`);
}
