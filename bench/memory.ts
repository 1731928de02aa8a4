/**
 * Resident cost of each layer: `node --import tsx bench/memory.ts [--dist DIR] [--rows a,b]`.
 *
 * Every row runs in a fresh process (plain `node --expose-gc`, no tsx: its
 * loader hooks would be charged to the row) that imports the built package,
 * creates an analyzer, analyses one 50 kB document of UD English-EWT dev
 * (`ewtDevSlices()[0]`, the issue's document) once with the row's extractors
 * — which loads exactly the models those extractors need — and reports:
 *
 * - first call: load of those models + the first analysis, in ms;
 * - peak: the process's maximum resident set so far (`resourceUsage().maxRSS`,
 *   which covers the load and the analysis: the figure a container limit meets);
 * - after two full collections: RSS, V8 heap used and committed (heap total),
 *   external (memory outside the heap that V8 is told about) and its part in
 *   arrayBuffers (typed arrays' and Buffers' bytes), and *native and other*:
 *   RSS − heap total − external, what V8 does not see — the ONNX runtime's
 *   sessions and working memory, code, and memory the allocator keeps after
 *   it was freed.
 *
 * `--markdown`: the table alone (npm run bench appends it to RESULTS.md).
 *
 * `--speed N`: instead, times `words` and all eight extractors on the same
 * document (one warm-up analysis, then N timed ones; wall clock and process
 * CPU time per analysis, the least of the N), each row in a fresh process.
 *
 * A layer's cost is its row minus the `words` row; the `baseline` row is
 * node with the package imported and nothing analysed. `--dist DIR` measures
 * another build (`node scripts/build.mjs --out DIR`, with the models
 * directory beside it) — for before/after runs of the same script.
 * Times are wall clock on whatever else the machine is doing: compare rows
 * from one run, or two runs back to back.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ewtDevSlices } from './text.js';

const ALL_EIGHT = 'words,dependency-trees,entities,topics,phrases,relations,senses,entailments';
/** [row name, extractors] — empty extractors: the baseline (import and createAnalyzer only). */
const ROWS: Array<[string, string]> = [
  ['baseline (import, no analysis)', ''],
  ['words', 'words'],
  ['words,dependency-trees', 'words,dependency-trees'],
  ['words,phrases', 'words,phrases'],
  ['words,relations', 'words,relations'],
  ['words,entities', 'words,entities'],
  ['words,topics', 'words,topics'],
  ['words,senses', 'words,senses'],
  ['words,entailments', 'words,entailments'],
  ['words,dependency-trees,entities', 'words,dependency-trees,entities'],
  ['all eight', ALL_EIGHT],
];

interface Measured {
  firstMs: number;
  peak: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  native: number;
}

/** The child: plain ESM run by `node --expose-gc --input-type=module -e`. */
const CHILD = `
import { readFileSync } from 'node:fs';
const [distUrl, textFile, extractors] = process.argv.slice(1);
const { createAnalyzer } = await import(distUrl + 'analyzer.js');
const text = readFileSync(textFile, 'utf8');
const t0 = performance.now();
const analyzer = await createAnalyzer();
let keep;
if (extractors) keep = await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
const firstMs = performance.now() - t0;
const peak = process.resourceUsage().maxRSS * 1024;
keep = undefined;
for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
const m = process.memoryUsage();
process.stdout.write(JSON.stringify({ firstMs, peak, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, native: m.rss - m.heapTotal - m.external, analyzer: typeof analyzer }) + '\\n');
`;

/** The child of `--speed`: the least wall and CPU ms of `passes` analyses after one warm-up. */
const SPEED_CHILD = `
import { readFileSync } from 'node:fs';
const [distUrl, textFile, extractors, passes] = process.argv.slice(1);
const { createAnalyzer } = await import(distUrl + 'analyzer.js');
const text = readFileSync(textFile, 'utf8');
const analyzer = await createAnalyzer();
await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
let wall = Infinity, cpu = Infinity;
for (let i = 0; i < Number(passes); i++) {
  const t0 = performance.now(); const c0 = process.cpuUsage();
  await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
  const c = process.cpuUsage(c0);
  wall = Math.min(wall, performance.now() - t0); cpu = Math.min(cpu, (c.user + c.system) / 1000);
}
process.stdout.write(JSON.stringify({ wall, cpu }) + '\\n');
`;

function timeRow(distDir: string, textFile: string, extractors: string, passes: number): { wall: number; cpu: number } {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', SPEED_CHILD, pathToFileURL(distDir).href + '/', textFile, extractors, String(passes)], { encoding: 'utf8' });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`speed row ${extractors} failed (status ${child.status}):\n${child.stderr.slice(-2000)}`);
  return JSON.parse(last) as { wall: number; cpu: number };
}

function measure(distDir: string, textFile: string, extractors: string): Measured {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD, pathToFileURL(distDir).href + '/', textFile, extractors], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`row ${extractors || 'baseline'} failed (status ${child.status}):\n${child.stderr.slice(-2000)}`);
  return JSON.parse(last) as Measured;
}

const { values } = parseArgs({ options: { dist: { type: 'string' }, rows: { type: 'string' }, repeat: { type: 'string' }, speed: { type: 'string' }, markdown: { type: 'boolean' } } });
const distDir = resolve(values.dist ?? new URL('../dist', import.meta.url).pathname);
const wanted = values.rows?.split(';');
const repeat = Number(values.repeat ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'textlens-memory-'));
const textFile = join(dir, 'ewt-dev-50k.txt');
writeFileSync(textFile, ewtDevSlices()[0]);
const mb = (n: number) => (n / 1e6).toFixed(0);
try {
  if (!values.markdown) console.log(`# ${distDir}`);
  if (values.speed !== undefined) {
    console.log('| extractors | ms per analysis (wall) | ms per analysis (CPU) |\n|---|---:|---:|');
    for (const [name, extractors] of [['words', 'words'], ['all eight', ALL_EIGHT]]) {
      const t = timeRow(distDir, textFile, extractors, Number(values.speed));
      console.log(`| ${name} | ${t.wall.toFixed(0)} | ${t.cpu.toFixed(0)} |`);
    }
  } else console.log('| row | first call | peak RSS | RSS after GC | JS heap used (total) | external (arrayBuffers) | native and other |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, extractors] of values.speed === undefined ? ROWS : []) {
    if (wanted && !wanted.includes(name)) continue;
    // the least of `repeat` runs of each figure: other processes only ever add to it
    let best: Measured | undefined;
    for (let i = 0; i < repeat; i++) {
      const m = measure(distDir, textFile, extractors);
      best = best === undefined ? m : (Object.fromEntries(Object.keys(m).map((k) => [k, Math.min(m[k as keyof Measured], best![k as keyof Measured])])) as unknown as Measured);
    }
    const m = best!;
    console.log(
      `| ${name} | ${extractors ? `${m.firstMs.toFixed(0)} ms` : '–'} | ${mb(m.peak)} MB | ${mb(m.rss)} MB | ${mb(m.heapUsed)} (${mb(m.heapTotal)}) MB | ${mb(m.external)} (${mb(m.arrayBuffers)}) MB | ${mb(m.native)} MB |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
