/**
 * `npm run build && BENCH_DIST=DIR node --expose-gc --import tsx bench/structure-ab.ts [ROUNDS] [ab|ba]`:
 * the phrases stage (the trained chunker, models/chunker/), the properties and relations stages, and the response's two lists of the `relations` extractor
 * (buildPayload of a `relations` request: `properties` and `relations`, over the build's own records),
 * of two builds timed in one process — this checkout's dist/ (B, or BENCH_DIST_B=DIR)
 * against another build (A, BENCH_DIST: e.g. main's, built in a git worktree of its own, which needs
 * its package.json above dist/). The EWT dev documents (../shared/data; BENCH_CONLLU=FILE picks
 * another) are tagged, parsed and chunked by each build's pipeline (B's are timed); then each round
 * runs the three stages in a new random order, each as a pair of passes, A then B in even rounds and
 * B then A in odd ones, each pass timed in process CPU with a young-generation collection before and
 * after it (the pass pays for its own garbage). A build's figure is the mean of its median in the
 * first slot of the pairs and its median in the second, over ROUNDS (default 150, after 10 to warm up).
 *
 * Why in one process: on the shared machine, whole runs of bench/structure-stages.ts alternated
 * between builds move by 10–30 % with the load of the minutes they ran in, more than these stages
 * change; here both builds see the same minutes. Why pairs: a pass runs a few per cent faster right
 * after the same stage over the same documents, and rows in a random order of their own (as this bench
 * first had them, shuffled with an LCG's low bits, whose short period gave each row the same
 * neighbours round after round) showed an identical copy of a build 15–20 % slower in its properties.
 * Check: main against a copy of itself (BENCH_DIST_B) gave properties 0.991–1.015 and relations
 * 0.976–1.000; the response row, a fifth of the others, moved between 0.85 and 1.45 in such runs: read
 * it with the allocation figures (bench/structure-stages.ts alloc). `ba` imports B's modules before A's.
 * SLOTS=1 prints each build's medians per slot. Last line:
 * `ratio=… phrases_ratio=… properties_ratio=… relations_ratio=… response_ratio=… a_us_per_token=… b_us_per_token=…` (B / A).
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Doc } from '../src/doc/doc.js';
import { ewtDevSlices } from './text.js';

if (!process.env.BENCH_DIST) throw new Error('BENCH_DIST=DIR names the build to compare with (its dist/ folder)');
/** B: this checkout's build, or BENCH_DIST_B=DIR (two variants compared without rebuilding this checkout). */
const own = process.env.BENCH_DIST_B ? pathToFileURL(resolve(process.env.BENCH_DIST_B) + '/') : new URL('../dist/', import.meta.url);
const other = pathToFileURL(resolve(process.env.BENCH_DIST) + '/');
const rounds = Number(process.argv[2] ?? 150);
const order = process.argv[3] ?? 'ab';

/** One pass of a stage over a doc; what it made, counted (the sink that keeps it from being optimised away). */
type Stage = (doc: Doc) => number;
interface Stages {
  /** The trained chunker over the doc (chunkedPhrasesOfDoc: tag slips, rule walk, features, Viterbi, conventions). */
  phrases: Stage;
  properties: Stage;
  relations: Stage;
  /** The response's properties and relations lists, from this build's records of the doc (set on the doc before each pass). */
  response: Stage;
}
async function stagesOf(dist: URL): Promise<Stages> {
  const phrases = (await import(new URL('annotators/phrases.js', dist).href)) as typeof import('../src/annotators/phrases.js');
  const chunkerModel = (await import(new URL('structure/chunker-model.js', dist).href)) as typeof import('../src/structure/chunker-model.js');
  const { fileLoader } = (await import(new URL('resources/file-loader.js', dist).href)) as typeof import('../src/resources/file-loader.js');
  const chunker = await chunkerModel.loadChunker(fileLoader(fileURLToPath(new URL('../models', import.meta.url))));
  const properties = (await import(new URL('structure/properties.js', dist).href)) as typeof import('../src/structure/properties.js');
  const relations = (await import(new URL('structure/relation-layer.js', dist).href)) as typeof import('../src/structure/relation-layer.js');
  const response = (await import(new URL('response.js', dist).href)) as typeof import('../src/response.js');
  const request = ((await import(new URL('request.js', dist).href)) as typeof import('../src/request.js')).parseRequest({ text: 'x', extractors: 'relations', languageOverride: 'eng' });
  // each build's records, made once per doc by its own stages (builds may differ in how records hold positions)
  const records = new Map<Doc, Pick<Doc, 'properties' | 'relations'>>();
  return {
    phrases: (doc) => phrases.chunkedPhrasesOfDoc(doc, chunker).length,
    properties: (doc) => properties.propertiesOfDoc(doc).length,
    relations: (doc) => relations.relationsOfDoc(doc).length,
    response: (doc) => {
      let own = records.get(doc);
      if (own === undefined) records.set(doc, (own = { properties: properties.propertiesOfDoc(doc), relations: relations.relationsOfDoc(doc) }));
      doc.properties = own.properties;
      doc.relations = own.relations;
      const p = response.buildPayload({ doc, request, language: 'eng', languageIsReliable: true, cleanedText: '', rawText: '' });
      return p.relations!.length + p.properties!.length;
    },
  };
}
const first = order === 'ba' ? await stagesOf(own) : await stagesOf(other);
const second = order === 'ba' ? await stagesOf(other) : await stagesOf(own);
const [a, b] = order === 'ba' ? [second, first] : [first, second];

/**
 * The docs, tagged, parsed and chunked by a build's own pipeline (two passes): each build's helper modules
 * (lower-case.js, word-set.js, tree-index.js), which the stages share with its tagger and chunker, have run
 * as they do in analyze(). The docs timed are B's.
 */
async function pipelineDocs(dist: URL): Promise<Doc[]> {
  const { createAnalyzer } = (await import(new URL('analyzer.js', dist).href)) as typeof import('../src/analyzer.js');
  const analyzer = await createAnalyzer();
  const out: Doc[] = [];
  for (let pass = 0; pass < 2; pass++) {
    out.length = 0;
    for (const text of ewtDevSlices()) out.push(await analyzer.annotateDoc(await analyzer.segment(text), ['xpos', 'upos', 'lemma', 'deps', 'phrases']));
  }
  return out;
}
await pipelineDocs(other);
const docs = await pipelineDocs(own);
const tokens = docs.reduce((n, d) => n + d.length, 0);

let sink = 0;
const stages: Array<[string, Stage, Stage]> = [
  ['phrases (chunker)', a.phrases, b.phrases],
  ['properties', a.properties, b.properties],
  ['relations', a.relations, b.relations],
  ['response (properties, relations lists)', a.response, b.response],
];
const collect = (globalThis as { gc?: (o: { type: string; execution: string }) => void }).gc;
if (collect === undefined) throw new Error('run node with --expose-gc');
/** cpu[stage][build][slot]: the passes of a build's stage that ran first (slot 0) or second (1) of its pair. */
const cpu: number[][][][] = stages.map(() => [[[], []], [[], []]]);
let seed = 7;
const time = (f: Stage): number => {
  collect({ type: 'minor', execution: 'sync' });
  const c0 = process.cpuUsage();
  for (const d of docs) sink += f(d);
  collect({ type: 'minor', execution: 'sync' });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / tokens;
};
for (let r = 0; r < rounds + 10; r++) {
  // the stages in a new random order each round
  const shuffled = stages.map((_, k) => k);
  for (let k = shuffled.length - 1; k > 0; k--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    // (the high bits: an LCG's low bits repeat with a short period, which gave the rows a fixed order of neighbours)
    const j = Math.floor((seed / 2 ** 32) * (k + 1));
    [shuffled[k], shuffled[j]] = [shuffled[j], shuffled[k]];
  }
  // each stage as a pair, A then B in even rounds, B then A in odd ones: a pass runs faster second, after the
  // same stage warmed the caches with the same documents, so each build is timed as often in either slot
  for (const k of shuffled) {
    const [, fa, fb] = stages[k];
    const aFirst = r % 2 === 0;
    const t1 = time(aFirst ? fa : fb);
    const t2 = time(aFirst ? fb : fa);
    if (r < 10) continue;
    cpu[k][aFirst ? 0 : 1][0].push(t1);
    cpu[k][aFirst ? 1 : 0][1].push(t2);
  }
}
const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[xs.length >> 1];
/** A build's stage: the mean of its medians in the two slots. */
const us = (k: number, build: number): number => (median(cpu[k][build][0]) + median(cpu[k][build][1])) / 2;
const lines = [
  `${tokens} tokens of EWT dev in ${docs.length} documents, ${rounds} rounds, import order ${order}, median process CPU per pass, mean of the two slots (sink ${sink})`,
  '| stage | A µs/token | B µs/token | B / A |',
  '|---|---:|---:|---:|',
];
stages.forEach(([name], k) => lines.push(`| ${name} | ${us(k, 0).toFixed(3)} | ${us(k, 1).toFixed(3)} | ${(us(k, 1) / us(k, 0)).toFixed(3)} |`));
const sumA = stages.reduce((s, _, k) => s + us(k, 0), 0);
const sumB = stages.reduce((s, _, k) => s + us(k, 1), 0);
lines.push(
  `ratio=${(sumB / sumA).toFixed(3)} phrases_ratio=${(us(0, 1) / us(0, 0)).toFixed(3)} properties_ratio=${(us(1, 1) / us(1, 0)).toFixed(3)} ` +
    `relations_ratio=${(us(2, 1) / us(2, 0)).toFixed(3)} response_ratio=${(us(3, 1) / us(3, 0)).toFixed(3)} a_us_per_token=${sumA.toFixed(3)} b_us_per_token=${sumB.toFixed(3)}`,
);
process.stdout.write(lines.join('\n') + '\n');
// SLOTS=1: each build's medians in the first and second slot of its pairs
if (process.env.SLOTS) for (const [k, [name]] of stages.entries()) console.log(name, [0, 1].map((b) => [0, 1].map((s) => median(cpu[k][b][s]).toFixed(3)).join('/')).join('  '));
