/**
 * `npm run build && node --expose-gc --import tsx bench/structure-stages.ts [ROUNDS]`: the extra CPU each
 * stage of the `phrases` and `relations` extractors costs per token, in
 * process, against the `words,dependency-trees` row of analyze() measured in
 * the same rounds. The documents are tagged, lemmatised and parsed once;
 * then each round times, in a new random order each round (the machine is
 * shared: drift hits every row alike), one pass of
 *   - analyze() `words,dependency-trees` (the baseline) and
 *     `words,dependency-trees,phrases,relations` (the issue's row),
 *   - the tag-slip layers, the rule walk (with the Penn conventions), the
 *     trained chunker (slips + walk + features + Viterbi + conventions),
 *     the properties, the relations, and the response objects of the three
 *     lists, each alone over the parsed documents.
 * The built package (dist/), as bench/run.ts. Process CPU time, median over rounds. Text: UD English-EWT dev
 * (../shared/data; BENCH_CONLLU=FILE picks another), 50 kB documents.
 * BENCH_DIST=DIR times another build (see below). Last line:
 * `extra_pct=… stages_pct=… stages_us_per_token=… base_us_per_token=…`.
 *
 * `node --expose-gc --min-semi-space-size=512 --max-semi-space-size=512 --import tsx
 * bench/structure-stages.ts alloc` measures instead the bytes each row allocates per token, the
 * median of five passes, two ways (allocationReport): exactly, as the V8 heap's used size plus
 * array-buffer memory after one pass minus before it, with a full collection before and none
 * during the pass (the young generation is made large enough to hold one; a collected pass shows
 * as "collected"), and by V8's sampling heap profiler keeping collected objects (the analyze()
 * rows, whose onnxruntime tensors always trigger a collection). Last line:
 * `alloc_base_b_per_token=… alloc_extra_b_per_token=…` (the analyze() rows, sampled)
 * `alloc_stages_b_per_token=… alloc_stages_sampled_b_per_token=…` (the four stages).
 */
import { existsSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Doc } from '../src/doc/doc.js';
import { ewtDevSlices } from './text.js';

/**
 * BENCH_DIST=DIR measures another build than this checkout's dist/ (e.g. the previous commit's, built
 * and copied aside): compare builds by alternating whole runs. (Two builds imported into one process
 * differed by ±20 % with the import order, so this bench runs one.)
 */
const primary = process.env.BENCH_DIST ? pathToFileURL(resolve(process.env.BENCH_DIST) + '/') : new URL('../dist/', import.meta.url);
/** A module of a built package (dist/, what users import: tsx's transform wraps every closure and would skew these small rows), typed by its source. */
async function built<T>(path: string, dist = primary): Promise<T> {
  const url = new URL(path, dist);
  if (!existsSync(fileURLToPath(url))) throw new Error(`${fileURLToPath(url)} is missing: run \`npm run build\` first`);
  return (await import(url.href)) as T;
}
const { createAnalyzer } = await built<typeof import('../src/analyzer.js')>('analyzer.js');
const { fileLoader } = await built<typeof import('../src/resources/file-loader.js')>('resources/file-loader.js');

/** The stage functions of one build. */
async function stagesOf(dist?: URL) {
  return {
    buildPayload: (await built<typeof import('../src/response.js')>('response.js', dist)).buildPayload,
    parseRequest: (await built<typeof import('../src/request.js')>('request.js', dist)).parseRequest,
    loadChunker: (await built<typeof import('../src/structure/chunker-model.js')>('structure/chunker-model.js', dist)).loadChunker,
    chunkedPhrasesOfDoc: (await built<typeof import('../src/annotators/phrases.js')>('annotators/phrases.js', dist)).chunkedPhrasesOfDoc,
    nounPhrasesOfDoc: (await built<typeof import('../src/structure/noun-phrases.js')>('structure/noun-phrases.js', dist)).nounPhrasesOfDoc,
    propertiesOfDoc: (await built<typeof import('../src/structure/properties.js')>('structure/properties.js', dist)).propertiesOfDoc,
    relationsOfDoc: (await built<typeof import('../src/structure/relation-layer.js')>('structure/relation-layer.js', dist)).relationsOfDoc,
    layersTrustingTree: (await built<typeof import('../src/structure/tag-slips.js')>('structure/tag-slips.js', dist)).layersTrustingTree,
  };
}

const root = new URL('..', import.meta.url).pathname;
const texts = ewtDevSlices();

const analyzer = await createAnalyzer();
const models = join(root, 'models');
const docs: Doc[] = [];
for (const d of texts) docs.push(await analyzer.annotateDoc(await analyzer.segment(d), ['xpos', 'upos', 'lemma', 'deps']));
const tokens = docs.reduce((n, d) => n + d.length, 0);
let sink = 0;

type Row = [string, () => Promise<void> | void];
/** The stage rows of one build. */
async function stageRows(dist?: URL): Promise<Row[]> {
  const m = await stagesOf(dist);
  const chunker = await m.loadChunker(fileLoader(models));
  const request = m.parseRequest({ text: 'x', extractors: 'phrases,relations', languageOverride: 'eng' });
  // the layers the properties and response rows read
  const own = docs;
  for (const d of own) {
    d.nounPhrases = m.chunkedPhrasesOfDoc(d, chunker);
    d.properties = m.propertiesOfDoc(d);
    d.relations = m.relationsOfDoc(d);
  }
  return [
    [`tag slips (layersTrustingTree)`, () => {
      for (const d of own) sink += m.layersTrustingTree({ tokens: d.tokens, upos: d.upos!, xpos: d.xpos!, head: d.head!, deprel: d.deprel! }).upos.length;
    }],
    [`rule walk + conventions (nounPhrasesOfDoc)`, () => {
      for (const d of own) sink += m.nounPhrasesOfDoc(d).length;
    }],
    [`chunker (slips + walk + features + Viterbi + conventions)`, () => {
      for (const d of own) sink += m.chunkedPhrasesOfDoc(d, chunker).length;
    }],
    [`properties (propertiesOfDoc)`, () => {
      for (const d of own) sink += m.propertiesOfDoc(d).length;
    }],
    [`relations (relationsOfDoc)`, () => {
      for (const d of own) sink += m.relationsOfDoc(d).length;
    }],
    [`response lists (nounPhrases, properties, relations)`, () => {
      for (const d of own) {
        const p = m.buildPayload({ doc: d, request, language: 'eng', languageIsReliable: true, cleanedText: '', rawText: '' });
        sink += (p.nounPhrases?.length ?? 0) + (p.relations?.length ?? 0) + (p.properties?.length ?? 0);
      }
    }],
  ];
}

const rows: Row[] = [
  ['analyze words,dependency-trees', async () => {
    for (const d of texts) await analyzer.analyze({ text: d, extractors: 'words,dependency-trees', languageOverride: 'eng' });
  }],
  ['analyze words,dependency-trees,phrases,relations', async () => {
    for (const d of texts) await analyzer.analyze({ text: d, extractors: 'words,dependency-trees,phrases,relations', languageOverride: 'eng' });
  }],
  ...(await stageRows()),
];

for (let w = 0; w < 2; w++) for (const [, f] of rows) await f(); // warm-up: models loaded, code compiled and optimised

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (process.argv[2] === 'alloc') {
  process.stdout.write(await allocationReport());
  process.exit(0);
}

/** One node of V8's sampling heap profile (what HeapProfiler.stopSampling returns). */
interface SampledNode {
  selfSize: number;
  children: SampledNode[];
}
function sampledBytes(node: SampledNode): number {
  return node.children.reduce((sum, c) => sum + sampledBytes(c), node.selfSize);
}

/**
 * Bytes allocated per token by each row (see the header): the report's lines. Two measures per pass:
 * the exact one (heap and array-buffer growth, no collection allowed during the pass) and V8's sampling
 * heap profiler with the objects collected during the pass kept (an estimate, one sample per ~128 bytes;
 * it sees the V8 heap only). The analyze() rows are always collected during their pass (onnxruntime's
 * tensors), so for them only the sampled figure exists.
 */
async function allocationReport(): Promise<string> {
  const full = (globalThis as { gc?: () => void }).gc;
  if (full === undefined) throw new Error('alloc needs node --expose-gc');
  let collections = 0;
  const observer = new PerformanceObserver((list) => (collections += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 5)); // gc entries arrive asynchronously
  const used = (): number => v8.getHeapStatistics().used_heap_size + process.memoryUsage().arrayBuffers;
  const session = new Session();
  session.connect();
  const exact: number[][] = rows.map(() => []);
  const sampled: number[][] = rows.map(() => []);
  for (let pass = 0; pass < 5; pass++) {
    for (let j = 0; j < rows.length; j++) {
      full();
      await settle();
      collections = 0;
      const u0 = used();
      await rows[j][1]();
      const u1 = used();
      await settle();
      exact[j].push(collections > 0 ? NaN : u1 - u0);
      full();
      await session.post('HeapProfiler.startSampling', { samplingInterval: 128, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      await rows[j][1]();
      const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SampledNode } };
      sampled[j].push(sampledBytes(profile.head));
    }
  }
  observer.disconnect();
  session.disconnect();
  const per = (xs: number[][], k: number): number => median(xs[k]) / tokens;
  const out = [
    `${tokens} tokens of EWT dev in ${docs.length} documents, bytes allocated per token, median of 5 passes`,
    '| row | exact (V8 heap + array buffers) | sampled (V8 heap) |',
    '|---|---:|---:|',
  ];
  const cell = (x: number): string => (Number.isNaN(x) ? 'collected' : x.toFixed(1));
  rows.forEach(([name], k) => out.push(`| ${name} | ${cell(per(exact, k))} | ${per(sampled, k).toFixed(1)} |`));
  const stages = (xs: number[][]): number => per(xs, 4) + per(xs, 5) + per(xs, 6) + per(xs, 7);
  out.push(
    `alloc_base_b_per_token=${per(sampled, 0).toFixed(1)} alloc_extra_b_per_token=${(per(sampled, 1) - per(sampled, 0)).toFixed(1)} ` +
      `alloc_stages_b_per_token=${cell(stages(exact))} alloc_stages_sampled_b_per_token=${stages(sampled).toFixed(1)}`,
  );
  return out.join('\n') + '\n';
}

const rounds = Number(process.argv[2] ?? 9);
// With --expose-gc, a young-generation collection ends every row, so a row pays for the garbage it leaves (not the row after it).
const collect = (globalThis as { gc?: (o?: { type: string; execution: string }) => void }).gc;
let seed = 12;
const random = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const cpu: number[][] = rows.map(() => []);
for (let r = 0; r < rounds; r++) {
  // a fresh random order each round: no row always follows the same one
  const order = rows.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [order[k], order[j]] = [order[j], order[k]];
  }
  for (const j of order) {
    collect?.({ type: 'minor', execution: 'sync' });
    const c0 = process.cpuUsage();
    await rows[j][1]();
    collect?.({ type: 'minor', execution: 'sync' });
    const c = process.cpuUsage(c0);
    cpu[j].push((c.user + c.system) / 1000);
  }
}
const us = (k: number): number => (median(cpu[k]) * 1000) / tokens;
const base = us(0);
const lines = [`${tokens} tokens of EWT dev in ${docs.length} documents, ${rounds} rounds, median process CPU per pass (absolute figures vary with the shared machine's load)`, '| row | µs/token | % of words,dependency-trees |', '|---|---:|---:|'];
rows.forEach(([name], k) => lines.push(`| ${name} | ${us(k).toFixed(3)} | ${((100 * us(k)) / base).toFixed(1)} |`));
const stages = us(4) + us(5) + us(6) + us(7);
const extra = ((us(1) - base) / base) * 100;
lines.push(`extra_pct=${extra.toFixed(1)} stages_pct=${((100 * stages) / base).toFixed(1)} stages_us_per_token=${stages.toFixed(3)} base_us_per_token=${base.toFixed(2)}`);
process.stdout.write(lines.join('\n') + '\n');
