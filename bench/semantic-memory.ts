/**
 * Where the memory of `words,senses` and `words,entailments` goes:
 * `node --import tsx bench/semantic-memory.ts [--dist DIR]`.
 *
 * One fresh process (plain `node --expose-gc` over the built package, as
 * bench/memory.ts) creates an analyzer on its own resource loader, analyses
 * the 50 kB EWT dev document (`ewtDevSlices()[0]`) with `words`, then loads
 * the semantic tables one at a time through the same loader (so the analyzer
 * reads the same instances afterwards) and analyses the document with
 * `words,senses` and then `words,entailments`. After each step: two full
 * collections and the growth of RSS, JS heap used (committed) and external
 * memory. Below the steps, the tables' own byte counts (typed arrays'
 * byteLength, and the per-lemma caches as charged to their budgets):
 *
 * - the synset store's arrays (the two WordNet files' bytes and their indexes)
 *   and its caches (entries, names, members decoded so far);
 * - the sense model's arrays it holds in fields (the packed weights, the
 *   vocabulary's per-feature tables; the word vectors and the tables kept in
 *   closures show only in the step's external growth) and its per-lemma
 *   scoring tables (count, bytes);
 * - the relations' arrays and the entailments' caches (reach lists, candidate
 *   tables, per-member fit tables).
 *
 * `--dist DIR` measures another build (`node scripts/build.mjs --out DIR`,
 * the models directory beside it): run it on two builds back to back to
 * compare. MB are 10⁶ bytes; RSS steps move by a few MB with the allocator.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ewtDevSlices } from './text.js';

/** The child: plain ESM; prints one JSON line { steps, tables }. */
const CHILD = `
import { readFileSync } from 'node:fs';
const [distUrl, textFile] = process.argv.slice(1);
const { createAnalyzer } = await import(distUrl + 'analyzer.js');
const { fileLoader } = await import(distUrl + 'resources/file-loader.js');
const { SynsetStore } = await import(distUrl + 'semantics/synsets.js');
const { WsdModel } = await import(distUrl + 'semantics/wsd-model.js');
const { SynsetRelations } = await import(distUrl + 'semantics/relations.js');
const { entailmentCacheStats } = await import(distUrl + 'semantics/entailments.js');
const text = readFileSync(textFile, 'utf8');
const loader = fileLoader(new URL('../models/', distUrl).pathname);
const analyzer = await createAnalyzer({ loader });
const steps = [];
const tables = [];
async function step(name) {
  for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 10)); }
  const m = process.memoryUsage();
  steps.push({ name, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external });
}
/** Typed arrays held in an object's fields (and one level down), by field: byteLength of each distinct buffer. */
function typedFields(o) {
  const out = {};
  const seen = new Set();
  const add = (name, v) => {
    if (ArrayBuffer.isView(v) && !seen.has(v.buffer)) { seen.add(v.buffer); out[name] = (out[name] ?? 0) + v.buffer.byteLength; }
  };
  for (const [k, v] of Object.entries(o)) {
    add(k, v);
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !(v instanceof Map)) for (const [k2, v2] of Object.entries(v)) add(k + '.' + k2, v2);
  }
  return out;
}
const analyze = (extractors) => analyzer.analyze({ text, extractors, languageOverride: 'eng' });
await step('start (analyzer created)');
await analyze('words');
await step('words analysed');
const store = await SynsetStore.load(loader);
await step('synset store loaded');
tables.push({ table: 'synset store', fields: typedFields(store) });
const model = await WsdModel.load(loader);
await step('sense model loaded');
tables.push({ table: 'sense model', fields: typedFields(model) });
await analyze('words,senses');
await step('words,senses analysed');
tables.push({ table: 'after words,senses', counts: {
  scoringTables: model.tables?.size, scoringTableBytes: model.tables?.bytes,
  storeEntries: store.entries?.size, storeNames: store.nameCache?.size, storeMembers: store.memberCache?.size,
  lemmaFeatures: model.lemmaCache?.size } });
const relations = await SynsetRelations.load(loader);
await step('relations loaded');
tables.push({ table: 'relations', fields: typedFields(relations) });
await WsdModel.loadWithVectors(loader);
await step('word vectors attached');
await analyze('words,entailments');
await step('words,entailments analysed');
const members = store.memberLemmaList;
// (a build from before entailmentCacheStats existed reports the rest)
tables.push({ table: 'after words,entailments', counts: { ...entailmentCacheStats?.(relations, model),
  memberLemmas: members ? members.filter((x) => x !== undefined).length : 0, memberSlots: members?.length,
  storeEntries: store.entries?.size, scoringTables: model.tables?.size, scoringTableBytes: model.tables?.bytes } });
await analyze('words,entailments');
await step('words,entailments again');
process.stdout.write(JSON.stringify({ steps, tables }) + '\\n');
`;

interface Step {
  name: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const distDir = resolve(values.dist ?? new URL('../dist', import.meta.url).pathname);
const dir = mkdtempSync(join(tmpdir(), 'textlens-semantic-memory-'));
const textFile = join(dir, 'ewt-dev-50k.txt');
writeFileSync(textFile, ewtDevSlices()[0]);
try {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', CHILD, pathToFileURL(distDir).href + '/', textFile], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`the child failed (status ${child.status}):\n${child.stderr.slice(-2000)}`);
  const { steps, tables } = JSON.parse(last) as { steps: Step[]; tables: Array<{ table: string; fields?: Record<string, number>; counts?: Record<string, number> }> };
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const d = (n: number) => `${n >= 0 ? '+' : ''}${mb(n)}`;
  console.log(`# ${distDir}`);
  console.log('| step | RSS | + RSS | + JS heap used (committed) | + external |\n|---|---:|---:|---:|---:|');
  steps.forEach((st, i) => {
    const p = steps[i - 1] ?? { rss: 0, heapUsed: 0, heapTotal: 0, external: 0 };
    console.log(`| ${st.name} | ${mb(st.rss)} MB | ${d(st.rss - p.rss)} | ${d(st.heapUsed - p.heapUsed)} (${d(st.heapTotal - p.heapTotal)}) | ${d(st.external - p.external)} |`);
  });
  for (const t of tables) {
    if (t.fields) {
      const total = Object.values(t.fields).reduce((a, b) => a + b, 0);
      const parts = Object.entries(t.fields)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${mb(v)}`);
      console.log(`${t.table}: typed arrays in fields ${mb(total)} MB (${parts.join(', ')})`);
    }
    if (t.counts) console.log(`${t.table}: ${Object.entries(t.counts).map(([k, v]) => `${k} ${/Bytes$/.test(k) ? `${mb(v)} MB` : v}`).join(', ')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
