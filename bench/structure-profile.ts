/**
 * `npm run build && node --import tsx bench/structure-profile.ts [STAGE] [PASSES]`: where the CPU of the
 * `phrases` and `relations` stages goes, by function and by line — the profile bench/structure-stages.ts
 * does not give. The EWT dev documents (as structure-stages.ts: ../shared/data, BENCH_CONLLU=FILE picks
 * another) are tagged and parsed once; then V8's sampling CPU profiler (50 µs interval) records PASSES
 * passes (default 150, after 20 to warm up) of one stage of the built package (dist/; BENCH_DIST=DIR for
 * another build): `walk` (tag slips + rule walk + conventions), `chunk` (the trained chunker, which runs
 * the walk), `properties`, `relations`, `response` (the three response lists) or `all` (default).
 * Prints the top functions and lines by self time (percent of the samples) and writes the profile to
 * $TMPDIR/structure-<STAGE>.cpuprofile for a viewer. Add `--no-turbo-inlining` to node's flags for lines
 * that are not folded into their caller (slower, but the lines are where the time goes).
 * Last line: `us_per_token=… stage=… passes=…`.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Doc } from '../src/doc/doc.js';
import { profileCpu, type ProfileNode } from './cpu-profile.js';
import { ewtDevSlices } from './text.js';

const STAGES = ['all', 'walk', 'chunk', 'properties', 'relations', 'response'] as const;
type Stage = (typeof STAGES)[number];
const stage = (process.argv[2] ?? 'all') as Stage;
if (!STAGES.includes(stage)) throw new Error(`unknown stage ${stage}: one of ${STAGES.join(', ')}`);
const passes = Number(process.argv[3] ?? 150);

const dist = process.env.BENCH_DIST ? pathToFileURL(resolve(process.env.BENCH_DIST) + '/') : new URL('../dist/', import.meta.url);
/** A module of the built package, typed by its source. */
const built = async <T>(path: string): Promise<T> => (await import(new URL(path, dist).href)) as T;
const { createAnalyzer } = await built<typeof import('../src/analyzer.js')>('analyzer.js');
const { fileLoader } = await built<typeof import('../src/resources/file-loader.js')>('resources/file-loader.js');
const { loadChunker } = await built<typeof import('../src/structure/chunker-model.js')>('structure/chunker-model.js');
const { chunkedPhrasesOfDoc } = await built<typeof import('../src/annotators/phrases.js')>('annotators/phrases.js');
const { nounPhrasesOfDoc } = await built<typeof import('../src/structure/noun-phrases.js')>('structure/noun-phrases.js');
const { propertiesOfDoc } = await built<typeof import('../src/structure/properties.js')>('structure/properties.js');
const { relationsOfDoc } = await built<typeof import('../src/structure/relation-layer.js')>('structure/relation-layer.js');
const { buildPayload } = await built<typeof import('../src/response.js')>('response.js');
const { parseRequest } = await built<typeof import('../src/request.js')>('request.js');

const analyzer = await createAnalyzer();
const docs: Doc[] = [];
for (const text of ewtDevSlices()) docs.push(await analyzer.annotateDoc(await analyzer.segment(text), ['xpos', 'upos', 'lemma', 'deps']));
const tokens = docs.reduce((n, d) => n + d.length, 0);
const chunker = await loadChunker(fileLoader(fileURLToPath(new URL('../models', import.meta.url))));
const request = parseRequest({ text: 'x', extractors: 'phrases,relations', languageOverride: 'eng' });
// the layers the later stages read
for (const d of docs) {
  d.nounPhrases = chunkedPhrasesOfDoc(d, chunker);
  d.properties = propertiesOfDoc(d);
  d.relations = relationsOfDoc(d);
}

let sink = 0;
const on = (s: Stage): boolean => stage === s || (stage === 'all' && s !== 'walk');
function pass(): void {
  for (const d of docs) {
    if (stage === 'walk') sink += nounPhrasesOfDoc(d).length;
    if (on('chunk')) sink += (d.nounPhrases = chunkedPhrasesOfDoc(d, chunker)).length;
    if (on('properties')) sink += (d.properties = propertiesOfDoc(d)).length;
    if (on('relations')) sink += (d.relations = relationsOfDoc(d)).length;
    if (on('response')) sink += buildPayload({ doc: d, request, language: 'eng', languageIsReliable: true, cleanedText: '', rawText: '' }).nounPhrases?.length ?? 0;
  }
}
for (let k = 0; k < 20; k++) pass();

let c = { user: 0, system: 0 };
const profile = await profileCpu(50, () => {
  const c0 = process.cpuUsage();
  for (let k = 0; k < passes; k++) pass();
  c = process.cpuUsage(c0);
});
const out = join(tmpdir(), `structure-${stage}.cpuprofile`);
writeFileSync(out, JSON.stringify(profile));

const file = (n: ProfileNode): string => n.callFrame.url.split('/').pop() ?? '';
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, k) => {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anonymous)'} ${file(n)}:${n.callFrame.lineNumber + 1}`;
  selfTime.set(key, (selfTime.get(key) ?? 0) + profile.timeDeltas[k]);
  total += profile.timeDeltas[k];
});
const lineTicks = new Map<string, number>();
let ticks = 0;
for (const n of profile.nodes) {
  for (const t of n.positionTicks ?? []) {
    const key = `${file(n)}:${t.line}`;
    lineTicks.set(key, (lineTicks.get(key) ?? 0) + t.ticks);
    ticks += t.ticks;
  }
}
const top = (m: Map<string, number>, sum: number): string[] =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${((100 * v) / sum).toFixed(1).padStart(5)} % ${k}`);
const usPerToken = ((c.user + c.system) / passes / tokens).toFixed(3);
console.log(`${tokens} tokens of EWT dev, ${passes} passes of ${stage}: ${usPerToken} µs of process CPU per token (profiler on); profile in ${out}`);
console.log('self time by function (line of its start):');
console.log(top(selfTime, total).join('\n'));
console.log('self time by line (the lines of the built files):');
console.log(top(lineTicks, ticks).join('\n'));
console.log(`us_per_token=${usPerToken} stage=${stage} passes=${passes}${sink < 0 ? ' ' : ''}`);
