/**
 * `npm run build && node --import tsx bench/pipeline-profile.ts [EXTRACTORS] [RUNS]`: where the CPU of a
 * full analyze() goes, by function, by source file and by stage. The first 50 kB slice of EWT dev
 * (bench/text.ts `ewtDevSlices()[0]`) goes through analyze() of the built package (dist/; BENCH_DIST=DIR
 * for another build) twice to warm up (models load, code compiles), then RUNS times (default 3) under
 * V8's sampling CPU profiler (100 µs interval). EXTRACTORS defaults to all eight.
 *
 * Prints self time by function and by file (the path under dist/, or the package under node_modules;
 * `(garbage collector)`; the ONNX kernels are onnxruntime-node's anonymous frame in its backend.js,
 * which runs a session's native run()), and each stage's CPU from createAnalyzer({ onStage }). The
 * native `dispatch` frame that a profile taken through node:inspector shows (~7-13 % of a few runs) is
 * the profiler's own start: V8 logs every compiled function before the first sample, whose time delta
 * then holds that pause, charged to the Session.post frame still on the stack. It is left out here.
 * The sampled times are wall-clock deltas: on a loaded machine a descheduled process charges its wait
 * to whatever function ran; the stages' CPU (process.cpuUsage) is the figure to compare.
 * Writes the profile to $TMPDIR/pipeline.cpuprofile for a viewer.
 * Last line: `cpu_ms_per_run=… tokens=… runs=…`.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { processCpu, StageCpu } from './stage-cpu.js';
import { profileCpu, type ProfileNode } from './cpu-profile.js';
import { ewtDevSlices } from './text.js';

const ALL_EIGHT = 'words,dependency-trees,entities,phrases,relations,topics,senses,entailments';
const extractors = process.argv[2] ?? ALL_EIGHT;
const runs = Number(process.argv[3] ?? 3);

const dist = process.env.BENCH_DIST ? pathToFileURL(resolve(process.env.BENCH_DIST) + '/') : new URL('../dist/', import.meta.url);
const { createAnalyzer } = (await import(new URL('analyzer.js', dist).href)) as typeof import('../src/analyzer.js');

const cpu = processCpu;
const meter = new StageCpu();
const analyzer = await createAnalyzer({ onStage: meter.onStage });
const text = ewtDevSlices()[0];
let tokens = 0;
async function run(): Promise<void> {
  meter.start();
  const r = await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
  tokens = r.response?.sentences?.reduce((n, s) => n + s.words.length, 0) ?? 0;
}
for (let k = 0; k < 2; k++) await run();
meter.reset();

let used = 0;
const profile = await profileCpu(100, async () => {
  const c0 = cpu();
  for (let k = 0; k < runs; k++) await run();
  used = cpu() - c0;
});
const out = join(tmpdir(), 'pipeline.cpuprofile');
writeFileSync(out, JSON.stringify(profile));

/** A frame's file: the path under dist/ (or src/), the package under node_modules, or V8's own name. */
const file = (n: ProfileNode): string => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 13).split('/').slice(0, url.slice(nm + 13).startsWith('@') ? 2 : 1).join('/');
  const m = /\/(?:dist|src)\/(.*)$/.exec(url);
  return m ? m[1] : url.replace(/^.*\//, '');
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const byFunction = new Map<string, number>();
const byFile = new Map<string, number>();
let total = 0;
// The first sample's delta is the time V8 took to start profiling (it logs every compiled function first),
// charged to the inspector's native `dispatch` frame of the Profiler.start call still on the stack: the
// profiler's cost, not the pipeline's. It is left out and reported.
const startGap = profile.timeDeltas[0] ?? 0;
profile.samples.forEach((id, k) => {
  const n = byId.get(id)!;
  const dt = k === 0 ? 0 : profile.timeDeltas[k];
  const key = `${n.callFrame.functionName || '(anonymous)'} ${file(n)}:${n.callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
  byFile.set(file(n), (byFile.get(file(n)) ?? 0) + dt);
  total += dt;
});
const top = (m: Map<string, number>, count: number): string[] =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, count).map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} % ${k}`);
console.log(`${extractors}: ${tokens} tokens, ${runs} runs, ${(used / runs / 1000).toFixed(0)} ms of process CPU per run (profiler on); profile in ${out}`);
console.log('\nself time by function:');
console.log(top(byFunction, 40).join('\n'));
console.log('\nself time by file:');
console.log(top(byFile, 30).join('\n'));
console.log('\nCPU by stage (onStage, ms per run):');
for (const [stage, us] of meter.stages) console.log(`${(us / runs / 1000).toFixed(1).padStart(7)} ms ${stage}`);
console.log(`\nleft out: the profiler's start, ${(startGap / 1000).toFixed(1)} ms in the first sample (the native \`dispatch\` frame of Session.post)`);
console.log(`cpu_ms_per_run=${(used / runs / 1000).toFixed(1)} tokens=${tokens} runs=${runs}`);
