/**
 * `npm run build && node --import tsx bench/analyze-many.ts`: throughput of
 * analyzer.analyzeMany (src/analyze-many.ts) in this thread (concurrency 1)
 * against its worker threads (concurrency 2), with a pool of one worker
 * between them — the issue's "2 workers ≥ 1.7× one worker on 2 cores". It
 * measures the built package (dist/), as users import it. `npm run bench`
 * runs it with fewer documents and puts its table in bench/RESULTS.md.
 *
 * Documents: bench/text.ts's text cut into ~5 kB documents (paragraph
 * breaks), the first BENCH_DOCS (default 60); extractors BENCH_EXTRACTORS
 * (default words,dependency-trees,entities). A round runs the whole list
 * through one configuration.
 *
 * Three things made earlier figures of this bench (1.06×) say more about the
 * method than about the pool, and the method now avoids them:
 * - Warm-up. A fresh worker spends 2–3× the CPU per document of a warm one
 *   over its first ~100 documents (its own isolate JIT-compiles the same
 *   code again, and its heap grows by collections, with V8's helper threads
 *   compiling and marking beside it). Each configuration is warmed with
 *   BENCH_WARM passes (default 3) per worker — a 2-worker pool with twice as
 *   many, so each worker has seen as many documents as the analyzer in this
 *   thread — not one pass shared between two workers.
 * - Order and load. tinybench times one task after the other, so a change in
 *   the machine's load lands on one of them; here the configurations
 *   alternate round by round (BENCH_ROUNDS, default 5) and the median round
 *   is reported with the load average around the rounds. Wall-clock ratios
 *   mean little when the load is above the core count; the CPU time per
 *   document (every thread of the process, and this thread's share) does
 *   not depend on it, and tells whether the workers add work.
 * - Workers on the sources. Run through tsx, the library's worker threads
 *   ran src/ (see the re-run below) while this thread ran dist/: a little
 *   slower once warm, and responses that differed wherever src/ held
 *   uncommitted edits.
 * - The bench's own work. The timed rounds only take the responses and check
 *   they succeeded; until 2026-11-29 they also serialized each one again for the
 *   comparison (~1 ms a document on the reading thread), which competes with two
 *   workers for two cores but not with one. The comparison is made in the
 *   warm-up passes.
 * Also checks that every configuration gives the same responses (time aside).
 * The last line is JSON for bench/run.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchText, documents } from './text.js';
import { threadCpuMs } from './thread-cpu.js';
import type { FlatOptions } from '../src/types.js';

// Under tsx, the repository's tsconfig.json `paths` send the built package's `#threads` import to
// src/threads/node.ts: the worker threads would run the TypeScript sources through tsx (slower, and
// with whatever is uncommitted in src/) while this thread runs dist/. Run again with a tsconfig
// without `paths`, so both sides run the built package.
if (process.env.TSX_TSCONFIG_PATH === undefined) {
  const again = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: fileURLToPath(new URL('./tsconfig.dist.json', import.meta.url)) },
  });
  process.exit(again.status ?? 1);
}

async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`dist/${path} is missing: run \`npm run build\` first (the bench measures the built package)`);
  return (await import(url.href)) as T;
}
const { createAnalyzer } = await built<typeof import('../src/index.js')>('index.js');
const { analyzeMany } = await built<typeof import('../src/analyze-many.js')>('analyze-many.js');
const { startAnalysisWorkers } = await built<typeof import('../src/threads/node.js')>('threads/node.js');

const docCount = Number(process.env.BENCH_DOCS ?? 60);
const extractors = process.env.BENCH_EXTRACTORS ?? 'words,dependency-trees,entities';
const warmPasses = Number(process.env.BENCH_WARM ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const { text, source } = benchText();
const docs = documents(text, 5_000)
  .slice(0, docCount)
  .map((t) => ({ text: t, extractors, languageOverride: 'eng' }));
const tokens = docs.reduce((n, d) => n + d.text.split(/\s+/).length, 0);

/** CPU time of this thread (the one that reads the responses) in ms, where Linux says; undefined elsewhere. */
const thisThreadCpuMs = (): number | undefined => threadCpuMs(process.pid);

type Responses = AsyncIterable<{ ok: boolean; index: number; error?: string; time: number }>;

interface Config {
  name: string;
  /** Worker threads (0: this thread). */
  workers: number;
  run(): Responses;
  close(): Promise<void>;
}

/** Every response of a run, as JSON without its time, in input order (the warm-up passes compare them). */
async function collect(responses: Responses): Promise<string[]> {
  const out: string[] = [];
  for await (const r of responses) {
    if (!r.ok) throw new Error(`document ${r.index}: ${r.error}`);
    out.push(JSON.stringify({ ...r, time: 0 }));
  }
  return out;
}

/**
 * A timed run takes every response and checks it succeeded, nothing more: serializing each one
 * again for the comparison (~1 ms a document) would be this bench's work on the thread that
 * reads the responses, which competes with two workers for two cores but not with one.
 */
async function drain(responses: Responses): Promise<number> {
  let n = 0;
  for await (const r of responses) {
    if (!r.ok) throw new Error(`document ${r.index}: ${r.error}`);
    n++;
  }
  return n;
}

const inThread = await createAnalyzer();
const twoWorkers = await createAnalyzer();
// One worker is not a setting of analyzeMany (concurrency 1 runs in this thread): the same pool and loop, started directly.
const oneWorker = await startAnalysisWorkers({}, 1);
if (!oneWorker) throw new Error('no worker threads on this platform');
const configs: Config[] = [
  { name: 'analyzeMany, concurrency 1 (in this thread)', workers: 0, run: () => inThread.analyzeMany(docs, { concurrency: 1 }), close: () => inThread.dispose() },
  { name: 'the pool with 1 worker thread', workers: 1, run: () => analyzeMany(docs, (d) => oneWorker.analyze(d as FlatOptions), { concurrency: 1 }), close: () => oneWorker.close() },
  { name: 'analyzeMany, concurrency 2 (2 worker threads)', workers: 2, run: () => twoWorkers.analyzeMany(docs, { concurrency: 2 }), close: () => twoWorkers.dispose() },
];

interface Round {
  ms: number;
  cpuMs: number;
  threadCpuMs?: number;
}

// Warm-up: each worker sees as many documents as this thread's analyzer; the outputs are compared.
const outputs: string[][] = [];
for (const c of configs) {
  let out: string[] = [];
  for (let p = 0; p < warmPasses * Math.max(1, c.workers); p++) out = await collect(c.run());
  outputs.push(out);
}
const same = outputs.every((o) => o.length === outputs[0]!.length && o.every((x, i) => x === outputs[0]![i]));
if (!same) {
  // Say where: the first differing document of each configuration and the text around the first difference.
  for (const [c, o] of outputs.entries()) {
    const i = o.findIndex((x, j) => x !== outputs[0]![j]);
    if (i < 0) continue;
    const [x, y] = [outputs[0]![i] ?? '', o[i] ?? ''];
    let k = 0;
    while (k < x.length && x[k] === y[k]) k++;
    process.stderr.write(`${configs[c]!.name}: document ${i} differs from ${configs[0]!.name} at character ${k}: …${x.slice(k - 120, k + 80)}… vs …${y.slice(k - 120, k + 80)}…\n`);
  }
}

const load0 = loadavg()[0]!;
const results = configs.map((): Round[] => []);
for (let r = 0; r < rounds; r++) {
  for (const [i, c] of configs.entries()) {
    const cpu0 = process.cpuUsage();
    const thread0 = thisThreadCpuMs();
    const t0 = performance.now();
    const n = await drain(c.run());
    const ms = performance.now() - t0;
    if (n !== docs.length) throw new Error(`${c.name}: ${n} responses for ${docs.length} documents`);
    const cpu = process.cpuUsage(cpu0);
    const thread1 = thisThreadCpuMs();
    results[i]!.push({ ms, cpuMs: (cpu.user + cpu.system) / 1000, threadCpuMs: thread0 === undefined || thread1 === undefined ? undefined : thread1 - thread0 });
  }
}
const load1 = loadavg()[0]!;
for (const c of configs) await c.close();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows = configs.map((c, i) => {
  const rs = results[i]!;
  const ms = median(rs.map((r) => r.ms));
  const cpuMs = median(rs.map((r) => r.cpuMs));
  const threads = rs.map((r) => r.threadCpuMs).filter((x): x is number => x !== undefined);
  return { name: c.name, ms, tokensPerS: (tokens / ms) * 1000, cpuPerDocMs: cpuMs / docs.length, threadCpuPerDocMs: threads.length ? median(threads) / docs.length : undefined };
});
const [one, pool1, two] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const lines = [
  `analyzeMany (bench/analyze-many.ts), ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (availableParallelism ${availableParallelism()}), Node ${process.version}; ` +
    `${source}, ${docs.length} documents of ≤ 5 kB, ~${fmt(tokens)} tokens, \`${extractors}\`; ${warmPasses} warm-up passes per worker, median of ${rounds} alternating rounds; load average (1 min) ${load0.toFixed(2)} → ${load1.toFixed(2)}; responses identical: ${same}.`,
  '',
  '| configuration | time per run | tokens/s | CPU per document, all threads | of it, this thread |',
  '|---|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.name} | ${fmt(r.ms)} ms | ${fmt(r.tokensPerS)} | ${r.cpuPerDocMs.toFixed(1)} ms | ${r.threadCpuPerDocMs === undefined ? '–' : `${r.threadCpuPerDocMs.toFixed(1)} ms`} |`),
  '',
  `Speed-up of 2 workers: ${(one.ms / two.ms).toFixed(2)}× this thread, ${(pool1.ms / two.ms).toFixed(2)}× one worker; CPU per document, 2 workers / this thread: ${(two.cpuPerDocMs / one.cpuPerDocMs).toFixed(2)}.`,
];
process.stdout.write(lines.join('\n') + '\n');
process.stdout.write(
  JSON.stringify({ speedup: one.ms / two.ms, speedupOverOneWorker: pool1.ms / two.ms, cpuRatio: two.cpuPerDocMs / one.cpuPerDocMs, same, load: [load0, load1], rows }) + '\n',
);
