/**
 * `npm run build && node --import tsx bench/analyze-many.ts`: throughput of
 * analyzer.analyzeMany (src/analyze-many.ts) with 1 worker thread against 2,
 * over the same documents in the same run — the "2 workers ≥ 1.7×
 * one worker on 2 cores". It measures the built package (dist/), as users
 * import it.
 *
 * Documents: bench/text.ts's text cut into ~5 kB documents (paragraph
 * breaks), the first BENCH_DOCS (default 60); extractors BENCH_EXTRACTORS
 * (default words,dependency-trees,entities). Each task runs the whole list
 * through analyzeMany; the pools are started and warmed before timing (model
 * loading is not counted). tinybench, BENCH_ITERATIONS (default 3) each.
 * Also checks that both give the same responses (time aside).
 */
import { Bench } from 'tinybench';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchText, documents } from './text.js';

const url = new URL('../dist/index.js', import.meta.url);
if (!existsSync(fileURLToPath(url))) throw new Error('dist/ is missing: run `npm run build` first (the bench measures the built package)');
const { createAnalyzer } = (await import(url.href)) as typeof import('../src/index.js');

const docCount = Number(process.env.BENCH_DOCS ?? 60);
const extractors = process.env.BENCH_EXTRACTORS ?? 'words,dependency-trees,entities';
const { text, source } = benchText();
const docs = documents(text, 5_000).slice(0, docCount).map((t) => ({ text: t, extractors, languageOverride: 'eng' }));
const tokens = docs.reduce((n, d) => n + d.text.split(/\s+/).length, 0);

const one = await createAnalyzer();
const two = await createAnalyzer();

async function run(analyzer: typeof one, concurrency: number): Promise<string[]> {
  const out: string[] = [];
  for await (const r of analyzer.analyzeMany(docs, { concurrency })) {
    if (!r.ok) throw new Error(`document ${r.index}: ${r.error}`);
    out.push(JSON.stringify({ ...r, time: 0 }));
  }
  return out;
}

// Warm both pools (workers start and load their models), and compare outputs.
const [a, b] = [await run(one, 1), await run(two, 2)];
const same = a.length === b.length && a.every((x, i) => x === b[i]);

const bench = new Bench({ iterations: Number(process.env.BENCH_ITERATIONS ?? 3), time: 0, warmupIterations: 0 });
bench.add('analyzeMany, concurrency 1 (in this thread)', () => run(one, 1).then(() => undefined));
bench.add('analyzeMany, concurrency 2 (2 worker threads)', () => run(two, 2).then(() => undefined));
await bench.run();

const rows = bench.tasks.map((t) => {
  const ms = t.result.state === 'completed' ? t.result.latency.p50 ?? t.result.period : NaN;
  return { task: t.name, ms, tokensPerS: (tokens / ms) * 1000 };
});
console.log(`text: ${source}; ${docs.length} documents, ~${tokens} tokens, extractors ${extractors}`);
for (const r of rows) console.log(`${r.task}: ${r.ms.toFixed(0)} ms per run (median), ${Math.round(r.tokensPerS)} tokens/s`);
console.log(`speed-up, 2 workers over 1: ${(rows[0]!.ms / rows[1]!.ms).toFixed(2)}x; responses identical: ${same}`);
await one.dispose();
await two.dispose();
