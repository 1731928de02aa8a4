/**
 * `npm run build && BENCH_DIST=DIR node --expose-gc --import tsx bench/structure-ab.ts [ROUNDS] [ab|ba]`:
 * the properties and relations stages of two builds timed in one process — this checkout's dist/ (B)
 * against another build (A, BENCH_DIST: e.g. main's, built in a git worktree of its own, which needs
 * its package.json above dist/). The EWT dev documents (../shared/data; BENCH_CONLLU=FILE picks
 * another) are tagged, parsed and chunked once by this checkout's build; then each round runs the four
 * rows (A and B × properties and relations) in a new random order, each pass timed in process CPU
 * with a young-generation collection before and after it (the row pays for its own garbage).
 * Median per token over ROUNDS (default 150, after 10 to warm up).
 *
 * Why in one process: on the shared machine, whole runs of bench/structure-stages.ts alternated
 * between builds move by 10–30 % with the load of the minutes they ran in, more than these stages
 * change; here both builds see the same minutes. `ba` imports B's modules before A's: the two orders
 * agreeing is the check that the import order does not bias the result (it did for whole analyze()
 * pipelines, see structure-stages.ts). Last line:
 * `ratio=… properties_ratio=… relations_ratio=… a_us_per_token=… b_us_per_token=…` (B / A).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Doc } from '../src/doc/doc.js';
import { ewtDevSlices } from './text.js';

if (!process.env.BENCH_DIST) throw new Error('BENCH_DIST=DIR names the build to compare with (its dist/ folder)');
const own = new URL('../dist/', import.meta.url);
const other = pathToFileURL(resolve(process.env.BENCH_DIST) + '/');
const rounds = Number(process.argv[2] ?? 150);
const order = process.argv[3] ?? 'ab';

type Stage = (doc: Doc) => readonly unknown[];
async function stagesOf(dist: URL): Promise<{ properties: Stage; relations: Stage }> {
  const properties = (await import(new URL('structure/properties.js', dist).href)) as typeof import('../src/structure/properties.js');
  const relations = (await import(new URL('structure/relation-layer.js', dist).href)) as typeof import('../src/structure/relation-layer.js');
  return { properties: properties.propertiesOfDoc, relations: relations.relationsOfDoc };
}
const first = order === 'ba' ? await stagesOf(own) : await stagesOf(other);
const second = order === 'ba' ? await stagesOf(other) : await stagesOf(own);
const [a, b] = order === 'ba' ? [second, first] : [first, second];

const { createAnalyzer } = (await import(new URL('analyzer.js', own).href)) as typeof import('../src/analyzer.js');
const { fileLoader } = (await import(new URL('resources-node.js', own).href)) as typeof import('../src/resources-node.js');
const { loadChunker } = (await import(new URL('structure/chunker-model.js', own).href)) as typeof import('../src/structure/chunker-model.js');
const { chunkedPhrasesOfDoc } = (await import(new URL('annotators/phrases.js', own).href)) as typeof import('../src/annotators/phrases.js');
const analyzer = await createAnalyzer();
const chunker = await loadChunker(fileLoader(new URL('../models', import.meta.url).pathname));
const docs: Doc[] = [];
for (const text of ewtDevSlices()) {
  const doc = await analyzer.annotateDoc(await analyzer.segment(text), ['xpos', 'upos', 'lemma', 'deps']);
  doc.nounPhrases = chunkedPhrasesOfDoc(doc, chunker);
  docs.push(doc);
}
const tokens = docs.reduce((n, d) => n + d.length, 0);

let sink = 0;
const rows: Array<[string, Stage]> = [
  ['A properties', a.properties],
  ['A relations', a.relations],
  ['B properties', b.properties],
  ['B relations', b.relations],
];
const collect = (globalThis as { gc?: (o: { type: string; execution: string }) => void }).gc;
if (collect === undefined) throw new Error('run node with --expose-gc');
const cpu: number[][] = rows.map(() => []);
let seed = 7;
for (let r = 0; r < rounds + 10; r++) {
  const shuffled = rows.map((_, k) => k);
  for (let k = shuffled.length - 1; k > 0; k--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (k + 1);
    [shuffled[k], shuffled[j]] = [shuffled[j], shuffled[k]];
  }
  for (const k of shuffled) {
    collect({ type: 'minor', execution: 'sync' });
    const c0 = process.cpuUsage();
    for (const d of docs) sink += rows[k][1](d).length;
    collect({ type: 'minor', execution: 'sync' });
    const c = process.cpuUsage(c0);
    if (r >= 10) cpu[k].push((c.user + c.system) / tokens);
  }
}
const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const us = cpu.map(median);
const lines = [`${tokens} tokens of EWT dev in ${docs.length} documents, ${rounds} rounds, import order ${order}, median process CPU per pass (sink ${sink})`, '| row | µs/token |', '|---|---:|'];
rows.forEach(([name], k) => lines.push(`| ${name} | ${us[k].toFixed(3)} |`));
const sumA = us[0] + us[1];
const sumB = us[2] + us[3];
lines.push(
  `ratio=${(sumB / sumA).toFixed(3)} properties_ratio=${(us[2] / us[0]).toFixed(3)} relations_ratio=${(us[3] / us[1]).toFixed(3)} a_us_per_token=${sumA.toFixed(3)} b_us_per_token=${sumB.toFixed(3)}`,
);
process.stdout.write(lines.join('\n') + '\n');
