/**
 * `npm run bench:dictionaries`: a one-million-entry custom dictionary —
 * load time (read + parse + compile, once), memory, and matching throughput on one
 * core beside `words` in the same run. Writes bench/DICTIONARIES.md, which
 * `npm run bench` appends to bench/RESULTS.md.
 *
 * The dictionary is synthetic (made here, deterministic): 1M entries of one
 * to four tokens drawn from 20k invented words, with a few thousand entries
 * that do occur in the text, so both the miss path and the hit path run.
 * Text: as bench/run.ts (EWT train raw text, else the committed slice).
 */
import { Bench } from 'tinybench';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`dist/${path} is missing: run \`npm run build\` first`);
  return (await import(url.href)) as T;
}
const { tokenize } = await built<typeof import('../src/doc/tokenize.js')>('doc/tokenize.js');
const { createAnalyzer } = await built<typeof import('../src/analyzer.js')>('analyzer.js');
const { DictionaryRegistry, matchDictionaries } = await built<typeof import('../src/dictionaries/index.js')>('dictionaries/index.js');

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = 1_000_000;

function benchText(): { text: string; source: string } {
  const ewt = join(root, '..', 'shared', 'data', 'ud-english-ewt', 'en_ewt-ud-train.conllu');
  const file = existsSync(ewt) ? ewt : join(root, 'test', 'fixtures', 'doc', 'ewt-dev-slice.conllu');
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('# text = ')).map((l) => l.slice(9));
  const docs: string[] = [];
  for (let i = 0; i < lines.length; i += 400) docs.push(lines.slice(i, i + 400).join(' '));
  return { text: docs.join('\n\n'), source: existsSync(ewt) ? 'UD English EWT train, raw text' : file };
}

/** A deterministic PRNG (mulberry32), so every run builds the same dictionary. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function writeDictionary(path: string, textWords: string[]): void {
  const rand = rng(42);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi', 'qu', 'ex', 'an', 'or', 'el', 'is', 'um'];
  const invented = Array.from({ length: 20_000 }, () => {
    let w = '';
    const n = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    return w[0].toUpperCase() + w.slice(1);
  });
  const lines: string[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    // One entry in 200 is made of real words of the text (capitalized ones), so matches happen.
    const pool = i % 200 === 0 ? textWords : invented;
    const len = 1 + Math.floor(rand() * 4);
    const words = Array.from({ length: len }, () => pool[Math.floor(rand() * pool.length)]);
    lines.push(JSON.stringify({ id: `e${i}`, text: [words.join(' ')], types: ['Thing'] }));
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (n: number) => `${Math.round(n / 1048576)} MB`;

async function main(): Promise<void> {
  const { text, source } = benchText();
  const docs = text.split('\n\n');
  const nTokens = tokenize(text).length;
  const capitalized = [...new Set(tokenize(text).map((t) => text.slice(t.start, t.end)).filter((w) => /^[A-Z][a-z]+$/.test(w)))];

  const dir = mkdtempSync(join(tmpdir(), 'textlens-dict-'));
  const file = join(dir, 'big.jsonl');
  writeDictionary(file, capitalized);
  const fileBytes = readFileSync(file).length;

  // Loaded once: the analyzer gets the compiled dictionary per request (AnalyzeContext), as the server hands it stored ones.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const registry = await DictionaryRegistry.create({ big: file }, async (p) => readFileSync(p, 'utf8'));
  const loadMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const loadCpuMs = (cpu.user + cpu.system) / 1000;
  gc?.();
  const after = process.memoryUsage();
  const heap = after.heapUsed - before.heapUsed;
  const big = registry.select(['big']);
  const trie = big[0].trieStats;
  const context = { dictionaries: new Map([['big', big[0]]]) };

  const analyzer = await createAnalyzer();
  const segmented = await Promise.all(docs.map((d) => analyzer.segment(d)));
  let matches = 0;
  for (const doc of segmented) matches += matchDictionaries(doc, big, 'eng').length;

  // Each pass is the whole text (seconds), so a few passes, as bench/run.ts does.
  const bench = new Bench({ time: 1000, iterations: 3, warmupIterations: 1 });
  bench
    .add('textlens words', async () => {
      for (const d of docs) await analyzer.analyze({ text: d, extractors: 'words', languageOverride: 'eng' });
    })
    .add('textlens words + entities.dictionaries (1M entries)', async () => {
      for (const d of docs) {
        await analyzer.analyze({ text: d, extractors: 'words', languageOverride: 'eng', 'entities.dictionaries': 'big' }, undefined, context);
      }
    })
    .add('dictionary matching alone (1M entries, segmented docs)', () => {
      for (const doc of segmented) matchDictionaries(doc, big, 'eng');
    });
  await bench.run();

  const rows = bench.tasks.map((t) => {
    const ms = t.result.state === 'completed' ? t.result.period : NaN;
    return `| ${t.name} | ${fmt(nTokens / (ms / 1000))} | ${Math.round(ms)} ms |`;
  });
  const table = [
    '## Custom dictionaries',
    '',
    `Written by \`npm run bench:dictionaries\` (bench/dictionaries.ts, tinybench) on ${new Date().toISOString().slice(0, 10)}.`,
    `Text: ${source}, ${fmt(nTokens)} tokens in ${docs.length} documents. Dictionary: ${fmt(ENTRIES)} synthetic entries of 1–4 tokens (${mb(fileBytes)} of JSON lines), ${fmt(matches)} matches in the text.`,
    '',
    '| task | tokens/s | time per pass |',
    '|---|---:|---:|',
    ...rows,
    '',
    `Load (read + parse + compile the 1M-entry file, once): ${fmt(loadMs)} ms wall, ${fmt(loadCpuMs)} ms CPU (the process's, GC threads included). ` +
      `Held by the compiled dictionary: ${gc ? `${mb(heap)} of JS heap` : 'run with --expose-gc to measure the JS heap'}, plus the trie's typed arrays outside the heap: ` +
      `${mb(trie.bytes)} (${fmt(trie.nodes)} nodes over ${fmt(trie.tokens)} distinct tokens); RSS after loading: ${mb(after.rss)}.`,
    '',
  ].join('\n');
  console.log(table);
  // Its own file: `npm run bench` rewrites RESULTS.md and appends this one (as it does LOAD.md).
  writeFileSync(join(root, 'bench', 'DICTIONARIES.md'), table);
  rmSync(dir, { recursive: true, force: true });
}

await main();
