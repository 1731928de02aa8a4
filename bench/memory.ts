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
 * `--layers`: instead, where the `words` row's memory goes, in one fresh
 * process that loads what `words` loads one piece at a time through one
 * resource loader (so the shared vectors and lemma lists are read once, as
 * in an analyzer) and then runs those annotators on the document; after each
 * step, two full collections and the growth of each figure. The steps: node
 * alone, the package imported, onnxruntime-node imported, the sentence
 * segmenter (the process's first ONNX session), the GloVe vectors, the
 * WordNet lemma lists, the tagger, the lemmatizer, the annotators on the
 * document, and three more times. The analyzer's own response building is
 * not in it: compare the last line with the `words` row.
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

/** The child of `--layers`: one JSON line per step, the figures after two full collections. */
const LAYERS_CHILD = `
import { readFileSync } from 'node:fs';
const [distUrl, textFile] = process.argv.slice(1);
const steps = [];
async function step(name) {
  for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
  const m = process.memoryUsage();
  steps.push({ name, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, native: m.rss - m.heapTotal - m.external });
}
await step('node alone');
await import(distUrl + 'analyzer.js');
const { fileLoader } = await import(distUrl + 'resources/file-loader.js');
await step('textlens imported');
const { runtimeFor } = await import(distUrl + 'models/onnx-runner.js');
await runtimeFor('node');
await step('onnxruntime-node imported');
const loader = fileLoader(new URL('../models/', distUrl).pathname);
const { createSegmenter } = await import(distUrl + 'doc/sentences.js');
const segmenter = await createSegmenter(loader);
await step('sentence segmenter (the first ONNX session)');
const { loadWordVectors } = await import(distUrl + 'models/word-vectors.js');
await loadWordVectors(loader);
await step('GloVe vectors (models/vectors)');
const { WordNetLexicon } = await import(distUrl + 'lexicon/wordnet.js');
await WordNetLexicon.load(loader);
await step('WordNet lemma lists (models/lexicon)');
const { createTagger } = await import(distUrl + 'annotators/tagger.js');
const tagger = await createTagger(loader);
await step('tagger (2 ONNX sessions, embedding table, clusters, known norms)');
const { createLemmatizer } = await import(distUrl + 'annotators/lemmatizer.js');
const { createStemmer } = await import(distUrl + 'annotators/stemmer.js');
const lemmatizer = await createLemmatizer(loader);
const stemmer = await createStemmer();
await step('lemmatizer (EWT table, WordNet exceptions)');
const { Doc } = await import(distUrl + 'doc/doc.js');
const text = readFileSync(textFile, 'utf8');
async function annotate() {
  const { tokens, sentenceEnds } = await segmenter.segment(text);
  const doc = new Doc(text, tokens, sentenceEnds);
  for (const a of [tagger, lemmatizer, stemmer]) await a.run(doc, {});
}
await annotate();
await step('the annotators on the document');
for (let i = 0; i < 3; i++) await annotate();
await step('three more times');
process.stdout.write(JSON.stringify(steps) + '\\n');
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

interface Step {
  name: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  native: number;
}

function layers(distDir: string, textFile: string): Step[] {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', LAYERS_CHILD, pathToFileURL(distDir).href + '/', textFile], { encoding: 'utf8' });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('[')) throw new Error(`--layers failed (status ${child.status}):\n${child.stderr.slice(-2000)}`);
  return JSON.parse(last) as Step[];
}

const { values } = parseArgs({
  options: { dist: { type: 'string' }, rows: { type: 'string' }, repeat: { type: 'string' }, speed: { type: 'string' }, layers: { type: 'boolean' }, markdown: { type: 'boolean' } },
});
const distDir = resolve(values.dist ?? new URL('../dist', import.meta.url).pathname);
const wanted = values.rows?.split(';');
const repeat = Number(values.repeat ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'textlens-memory-'));
const textFile = join(dir, 'ewt-dev-50k.txt');
writeFileSync(textFile, ewtDevSlices()[0]);
const mb = (n: number) => (n / 1e6).toFixed(0);
try {
  if (!values.markdown) console.log(`# ${distDir}`);
  if (values.layers) {
    console.log('| step | RSS | + RSS | + JS heap used (committed) | + external | + native and other |\n|---|---:|---:|---:|---:|---:|');
    const steps = layers(distDir, textFile);
    const d = (n: number) => `${n >= 0 ? '+' : ''}${(n / 1e6).toFixed(1)}`;
    steps.forEach((st, i) => {
      const p = steps[i - 1] ?? { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, native: 0 };
      console.log(
        `| ${st.name} | ${(st.rss / 1e6).toFixed(1)} MB | ${d(st.rss - p.rss)} | ${d(st.heapUsed - p.heapUsed)} (${d(st.heapTotal - p.heapTotal)}) | ${d(st.external - p.external)} | ${d(st.native - p.native)} |`,
      );
    });
  } else if (values.speed !== undefined) {
    console.log('| extractors | ms per analysis (wall) | ms per analysis (CPU) |\n|---|---:|---:|');
    for (const [name, extractors] of [['words', 'words'], ['all eight', ALL_EIGHT]]) {
      const t = timeRow(distDir, textFile, extractors, Number(values.speed));
      console.log(`| ${name} | ${t.wall.toFixed(0)} | ${t.cpu.toFixed(0)} |`);
    }
  } else console.log('| row | first call | peak RSS | RSS after GC | JS heap used (total) | external (arrayBuffers) | native and other |\n|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, extractors] of values.speed === undefined && !values.layers ? ROWS : []) {
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
