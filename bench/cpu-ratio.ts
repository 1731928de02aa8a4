/**
 * Throughput of extractor sets by the process's CPU time rather than wall
 * clock, for a shared machine where other work makes wall-clock rows move by
 * ±50 %: the bench text (bench/text.ts) through analyze() of the built
 * package, the sets interleaved over several rounds (alternating their order
 * from round to round), and each set's ratio to the first, three ways:
 *   - best round of each set (the least disturbed pass of each);
 *   - the median over rounds of the per-round ratio (a round runs the sets
 *     back to back, so drift hits both);
 *   - inside analyze(): the CPU of each stage (AnalyzerConfig.onStage charges
 *     each stage the CPU time since the previous stage ended), median over
 *     rounds. A set's extra stages — annotators the first set does not run,
 *     plus what its response lists add — are its cost over the first set
 *     without the noise of the stages both run (the parser's ONNX inference
 *     moves by ±3 % from pass to pass, more than the extra stages of some sets).
 *
 *   npm run build && node --import tsx bench/cpu-ratio.ts words words,senses [--rounds 5]
 *
 * BENCH_MODELS=DIR reads the models from DIR instead of models/ (two builds of a model, A/B).
 *
 * Prints a table of stages per set. The last line is `name=value …` (tokens per
 * CPU second, ratios, and each later set's `…_extra_pct`, its extra stages as a
 * percentage of the first set's CPU per token).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { processCpu, StageCpu } from './stage-cpu.js';
import { benchText, documents } from './text.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' } } });
const sets = positionals.length > 0 ? positionals : ['words', 'words,senses'];
const rounds = Number(values.rounds);

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('analyzer.js', dist)))) throw new Error('dist/ is missing: run `npm run build` first (this measures the built package)');
const { createAnalyzer } = (await import(new URL('analyzer.js', dist).href)) as typeof import('../src/analyzer.js');
const { tokenize } = (await import(new URL('doc/tokenize.js', dist).href)) as typeof import('../src/doc/tokenize.js');

const { text, source } = benchText();
const docs = documents(text);
const tokens = tokenize(text).length;

/** CPU microseconds of the process so far (user + system). */
const cpu = processCpu;
// the stage hook: each stage is charged the CPU since the previous one ended (or since analyze() was called)
const meter = new StageCpu();
const analyzer = await createAnalyzer({
  // BENCH_MODELS=DIR: another models directory (an A/B of two builds of one model, same code)
  ...(process.env.BENCH_MODELS ? { modelsDir: process.env.BENCH_MODELS } : {}),
  onStage: meter.onStage,
});

/** One pass of a set over the documents: total CPU µs and CPU µs per stage. */
async function pass(extractors: string): Promise<{ total: number; stages: Map<string, number> }> {
  meter.reset();
  const start = cpu();
  for (const d of docs) {
    meter.start();
    await analyzer.analyze({ text: d, extractors, languageOverride: 'eng' });
  }
  return { total: cpu() - start, stages: meter.stages };
}

const totals = new Map<string, number[]>(sets.map((s) => [s, []]));
const ratios = new Map<string, number[]>(sets.map((s) => [s, []]));
const byStage = new Map<string, Map<string, number[]>>(sets.map((s) => [s, new Map()]));
for (const s of sets) await pass(s); // warm-up: models load, code compiles
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? sets : [...sets].reverse();
  const round = new Map<string, number>();
  for (const extractors of order) {
    const { total, stages: st } = await pass(extractors);
    round.set(extractors, total);
    totals.get(extractors)!.push(total);
    for (const [k, v] of st) {
      const m = byStage.get(extractors)!;
      if (!m.has(k)) m.set(k, []);
      m.get(k)!.push(v);
    }
  }
  for (const s of sets) ratios.get(s)!.push(round.get(sets[0])! / round.get(s)!);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const perToken = (us: number): string => (us / tokens).toFixed(3);
const base = Math.min(...totals.get(sets[0])!);
const baseMedian = median(totals.get(sets[0])!);
const baseStages = byStage.get(sets[0])!;
process.stdout.write(`${source}: ${tokens} tokens in ${docs.length} documents, ${rounds} rounds by CPU time\n`);
const fields: string[] = [];
for (const extractors of sets) {
  const best = Math.min(...totals.get(extractors)!);
  const name = extractors.replaceAll(',', '+');
  process.stdout.write(
    `${name.padEnd(44)} ${Math.round((tokens * 1e6) / best).toLocaleString('en-US').padStart(10)} tokens/CPU-s  best ${(base / best).toFixed(3)}×  median of rounds ${median(ratios.get(extractors)!).toFixed(3)}×\n`,
  );
  fields.push(`${name}=${Math.round((tokens * 1e6) / best)}`, `${name}_ratio=${(base / best).toFixed(3)}`, `${name}_round_ratio=${median(ratios.get(extractors)!).toFixed(3)}`);
}
// the stages, µs of CPU per token (median over rounds)
const names = [...new Set(sets.flatMap((s) => [...byStage.get(s)!.keys()]))];
process.stdout.write(`\n| stage (µs CPU per token, median) | ${sets.map((s) => s.replaceAll(',', '+')).join(' | ')} |\n|---|${sets.map(() => '---:').join('|')}|\n`);
for (const stage of names) {
  process.stdout.write(`| ${stage} | ${sets.map((s) => (byStage.get(s)!.has(stage) ? perToken(median(byStage.get(s)!.get(stage)!)) : '–')).join(' | ')} |\n`);
}
process.stdout.write(`| total | ${sets.map((s) => perToken(median(totals.get(s)!))).join(' | ')} |\n`);
for (const extractors of sets.slice(1)) {
  // stages the first set does not run, and the response's growth
  let extra = 0;
  const parts: string[] = [];
  for (const [stage, xs] of byStage.get(extractors)!) {
    const delta = baseStages.has(stage) ? (stage === 'response' ? median(xs) - median(baseStages.get(stage)!) : 0) : median(xs);
    if (delta === 0) continue;
    extra += delta;
    parts.push(`${stage} ${perToken(delta)}`);
  }
  const name = extractors.replaceAll(',', '+');
  process.stdout.write(`${name}: extra stages ${perToken(extra)} µs per token (${parts.join(', ')}) = ${((100 * extra) / baseMedian).toFixed(1)} % of ${sets[0]}\n`);
  fields.push(`${name}_extra_pct=${((100 * extra) / baseMedian).toFixed(1)}`);
}
process.stdout.write(`${fields.join(' ')}\n`);
