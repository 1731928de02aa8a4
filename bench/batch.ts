/**
 * Batch throughput: documents/s and tokens/s of the batch loop (src/batch/run.ts)
 * on the analysis pool with 1 and 2 worker threads, `words,entities`, beside
 * the same loop over one analyzer on the main thread (the baseline), on the
 * 216 documents of AIDA testa (Reuters news; ELEVANT's restored raw text).
 *   npx tsx bench/batch.ts [--docs N] [--rounds R] [--workers 1,2] [--extractors words,entities]
 *
 * A timed run rather than tinybench: one pass over the corpus is the unit a
 * user sees. Each pool is warmed with one pass first (models load lazily in
 * every worker), then the configurations alternate round by round so that a
 * change in the machine's load hits both; the best round of each is reported,
 * with the load average (1 min) measured around every round — on a shared
 * machine the ratio means little unless the load was below the core count.
 * The CPU time of the process (all threads) per pass gives docs per
 * CPU-second, which the machine's load does not change: equal for 1 and 2
 * workers means the pool adds no work, and 2 workers scale with free cores.
 * Results are written to a null sink: the cost measured is the pool's and the
 * loop's, not the disk's. Needs ../shared/data (AIDA) and models/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { itemKey, type BatchItem } from '../src/batch/input.js';
import type { ResultSink } from '../src/batch/output.js';
import { runBatch } from '../src/batch/run.js';
import { createAnalyzer } from '../src/analyzer.js';
import { WorkerPool } from '../src/http/analysis-pool.js';
import type { CountingRunner } from '../src/batch/run.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1]! : d);
const root = new URL('..', import.meta.url).pathname;
const corpusFile = join(root, '..', 'shared', 'data', 'aida-conll', 'aida-conll-testa.elevant-qids.jsonl');
if (!existsSync(corpusFile)) {
  process.stderr.write(`bench/batch: ${corpusFile} not found (needs ../shared/data)\n`);
  process.exit(2);
}
const extractors = opt('--extractors', 'words,entities');
const rounds = Number(opt('--rounds', '3'));
const workerCounts = opt('--workers', '1,2').split(',').map(Number);
const texts = readFileSync(corpusFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (JSON.parse(l) as { text: string }).text)
  .slice(0, Number(opt('--docs', 'Infinity')));
const items: BatchItem[] = texts.map((text, i) => ({ key: itemKey(i), id: i, fields: { text } }));
const chars = texts.reduce((s, t) => s + t.length, 0);

async function* iterate(): AsyncIterable<BatchItem> {
  for (const i of items) yield i;
}
const nullSink: ResultSink = { write: () => true, drain: async () => {}, close: async () => {} };
const load1 = () => loadavg()[0]!;

interface Round {
  seconds: number;
  docsPerS: number;
  tokensPerS: number;
  tokens: number;
  errors: number;
  loadBefore: number;
  loadAfter: number;
  /** CPU seconds of the whole process (every thread) during the pass. */
  cpuSeconds: number;
}

/** The baseline: one analyzer on the main thread, one document at a time (what a user's own loop does). */
async function inProcessRunner(): Promise<CountingRunner & { size: number }> {
  const analyzer = await createAnalyzer();
  const encoder = new TextEncoder();
  return {
    size: 1,
    async runCounted(options) {
      const response = await analyzer.analyze(options);
      const tokens = response.response?.sentences?.reduce((n, s) => n + s.words.length, 0);
      return { body: encoder.encode(JSON.stringify(response)), tokens };
    },
  };
}

async function pass(pool: CountingRunner & { size: number }, concurrency = pool.size * 2): Promise<Round> {
  const loadBefore = load1();
  const cpu0 = process.cpuUsage();
  const stats = await runBatch({ items: iterate(), runner: pool, sink: nullSink, params: { extractors, languageOverride: 'eng' }, concurrency });
  const seconds = stats.elapsedMs / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { cpuSeconds: (cpu.user + cpu.system) / 1e6, seconds, docsPerS: stats.done / seconds, tokensPerS: stats.tokens / seconds, tokens: stats.tokens, errors: stats.errors, loadBefore, loadAfter: load1() };
}

process.stderr.write(`bench/batch: ${items.length} documents (${chars} characters), extractors ${extractors}, workers ${workerCounts.join(' and ')}, ${rounds} rounds\n`);
// Worker count 0 stands for the in-process baseline.
const configs = [0, ...workerCounts];
const label = (n: number) => (n === 0 ? 'in-process loop (no workers)' : String(n));
const pools = new Map<number, WorkerPool>();
const runners = new Map<number, CountingRunner & { size: number }>();
const startup = new Map<number, number>();
for (const n of configs) {
  const t0 = performance.now();
  let runner: CountingRunner & { size: number };
  if (n === 0) runner = await inProcessRunner();
  else {
    const pool = new WorkerPool({ size: n, timeoutMs: 120_000 });
    await pool.ready();
    pools.set(n, pool);
    runner = pool;
  }
  await pass(runner, n === 0 ? 1 : undefined); // warm-up: annotators are created on first use
  startup.set(n, (performance.now() - t0) / 1000);
  runners.set(n, runner);
}
const results = new Map<number, Round[]>(configs.map((n) => [n, []]));
for (let r = 0; r < rounds; r++) {
  for (const n of configs) {
    const round = await pass(runners.get(n)!, n === 0 ? 1 : undefined);
    results.get(n)!.push(round);
    process.stderr.write(`  round ${r + 1}, ${label(n)}: ${round.seconds.toFixed(2)} s, ${round.docsPerS.toFixed(1)} docs/s, ${round.tokensPerS.toFixed(0)} tokens/s, ${(items.length / round.cpuSeconds).toFixed(1)} docs per CPU-s, load ${round.loadBefore.toFixed(2)}→${round.loadAfter.toFixed(2)}\n`);
  }
}
for (const pool of pools.values()) await pool.close();

const best = (n: number) => results.get(n)!.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const lines = [
  `Batch throughput (bench/batch.ts), ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (availableParallelism ${availableParallelism()}), Node ${process.version}.`,
  `Corpus: AIDA testa, ${items.length} documents, ${best(workerCounts[0]!).tokens} tokens; extractors \`${extractors}\`; best of ${rounds} alternating rounds after a warm-up pass.`,
  '',
  '| workers | docs/s | tokens/s | time per pass | docs per CPU-second (all threads) | load avg (1 min) around the best round | errors |',
  '|---:|---:|---:|---:|---:|---:|---:|',
  ...configs.map((n) => {
    const b = best(n);
    return `| ${label(n)} | ${b.docsPerS.toFixed(1)} | ${Math.round(b.tokensPerS).toLocaleString('en-US')} | ${b.seconds.toFixed(2)} s | ${(items.length / b.cpuSeconds).toFixed(1)} | ${b.loadBefore.toFixed(2)} → ${b.loadAfter.toFixed(2)} | ${b.errors} |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
const one = best(workerCounts[0]!);
const last = best(workerCounts[workerCounts.length - 1]!);
// Last line: name=value pairs for scripts.
process.stdout.write(
  `docs_per_s_inprocess=${best(0).docsPerS.toFixed(2)} ` +
  workerCounts.map((n) => `docs_per_s_${n}w=${best(n).docsPerS.toFixed(2)} tokens_per_s_${n}w=${best(n).tokensPerS.toFixed(0)} startup_s_${n}w=${startup.get(n)!.toFixed(1)}`).join(' ') +
    ` speedup=${(last.docsPerS / one.docsPerS).toFixed(2)} load1=${load1().toFixed(2)} cores=${availableParallelism()}\n`,
);
