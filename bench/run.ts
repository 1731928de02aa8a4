/**
 * `npm run bench`: throughput of the tokenizer, cleanup and the analysis
 * pipeline (down to all eight extractors at once, read as a ratio to
 * `words`), side by side with wink-nlp on the same text in the same run;
 * cold start, analyzeMany on worker threads (bench/analyze-many.ts) and
 * memory. Writes bench/RESULTS.md. `BENCH_FILTER=regex npm
 * run bench` times only the matching pipeline rows and writes nothing.
 *
 * Each pipeline row (and each wink-nlp row) is timed in a process of its
 * own (this script again, with BENCH_ROW=name), which loads only the models
 * that row needs: tinybench warms every task up before it times any, so in
 * one process every row ran beside every model of every other row (the
 * knowledge base, the NER, the topic models, a 100k-entry dictionary), and
 * the later rows paid for that heap — `words,senses` measured 12 % slower
 * by CPU time with the entity and topic models loaded than without
 * (bench/cpu-ratio.ts). `BENCH_IN_PROCESS=1` times them all in this
 * process instead, as before.
 *
 * Text: the raw text of UD English EWT train (~1 MB) when ../shared/data is
 * beside the checkout, else the committed EWT slice in test/fixtures.
 * ONNX runs with one intra-op thread (one core), as the issues ask.
 *
 * It measures the built package (dist/, what users import), not the
 * TypeScript sources through tsx, whose on-the-fly transform (esbuild with
 * keepNames) made segmentation ~25% slower than the compiled code.
 * `npm run bench` builds first.
 */
import { Bench } from 'tinybench';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { benchText, documents, shared } from './text.js';
import { BROWSER_PIPELINES, VARIANTS, browserBench, type BrowserVariant } from './browser.js';
import { chromiumMissing } from '../test/browser/harness.js';

/** A module of the built package, typed by its source. */
async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/${path}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`dist/${path} is missing: run \`npm run build\` first (the bench measures the built package)`);
  return (await import(url.href)) as T;
}
const { tokenize } = await built<typeof import('../src/doc/tokenize.js')>('doc/tokenize.js');
const { cleanup } = await built<typeof import('../src/cleanup/index.js')>('cleanup/index.js');
const { createAnalyzer } = await built<typeof import('../src/analyzer.js')>('analyzer.js');
const { toHostedShape } = await built<typeof import('../src/http/client-compat.js')>('http/client-compat.js');
const { CompiledCache } = await built<typeof import('../src/http/compiled-dictionaries.js')>('http/compiled-dictionaries.js');

const require = createRequire(import.meta.url);
const root = new URL('..', import.meta.url).pathname;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Pipelines timed on the WASM runtime too (in Node, and in Chromium by bench/browser.ts). */
const WASM_ROWS = ['words', 'words+dependency-trees+entities'];
/** The eight built-in extractors, and the name of their row. */
const ALL_EIGHT = ['entities', 'topics', 'words', 'phrases', 'dependency-trees', 'relations', 'entailments', 'senses'];
const ALL_EIGHT_ROW = 'all eight extractors';
const browserRowName = (pipeline: string, variant: BrowserVariant) => `textlens ${pipeline} (${variant.label})`;

async function main(): Promise<void> {
  const { text, source } = benchText();
  const docs = documents(text);
  const bytes = Buffer.byteLength(text);
  const nTokens = tokenize(text).length;
  const lines: string[] = [];
  // task, tokens/s, MB/s, time per pass, and the RSS of the row's own process (pipeline rows timed in one)
  const rows: Array<[string, string, string, string, string?]> = [];
  const time = Number(process.env.BENCH_TIME_MS ?? 3000);
  // BENCH_FILTER=regex runs only the pipeline rows whose name matches (no tokenizer/cleanup rows).
  const filter = process.env.BENCH_FILTER ? new RegExp(process.env.BENCH_FILTER) : undefined;
  // BENCH_ROW=name: this process is the child that times that one pipeline row (see the header)
  const only = process.env.BENCH_ROW;
  const want = (name: string) => (only !== undefined ? name === only : !filter || filter.test(name));
  const isolate = only === undefined && process.env.BENCH_IN_PROCESS !== '1';

  interface WinkCollection {
    length(): number;
    out(f?: unknown): unknown[];
  }
  const winkNLP = require('wink-nlp') as (model: unknown, pipe?: string[]) => {
    readDoc(t: string): { tokens(): WinkCollection; sentences(): WinkCollection };
    its: Record<'pos' | 'lemma' | 'stem' | 'value', unknown>;
  };
  const winkModel = require('wink-eng-lite-web-model') as unknown;
  const winkTokenizer = winkNLP(winkModel, []);
  const winkFull = winkNLP(winkModel);
  const winkTokens = docs.reduce((n, d) => n + winkTokenizer.readDoc(d).tokens().length(), 0);

  // --- tokenizer
  const tok = new Bench({ time, iterations: 3 });
  tok.add('textlens tokenize', () => {
    for (const d of docs) tokenize(d);
  });
  tok.add('wink-nlp tokenize (empty pipe)', () => {
    for (const d of docs) winkTokenizer.readDoc(d);
  });
  const rowsOnly = filter !== undefined || only !== undefined;
  if (!rowsOnly) await tok.run();
  for (const t of rowsOnly ? [] : tok.tasks) {
    const ms = t.result.state === 'completed' ? t.result.period : NaN;
    const n = t.name.startsWith('wink') ? winkTokens : nTokens;
    rows.push([t.name, fmt((n / ms) * 1000), ((bytes / 1e6 / ms) * 1000).toFixed(1), `${ms.toFixed(0)} ms`]);
  }

  // --- cleanup
  const htmlDir = join(shared, 'html-extraction', 'html');
  if (existsSync(htmlDir) && !rowsOnly) {
    const pages = readdirSync(htmlDir)
      .slice(0, 60)
      .map((f) => readFileSync(join(htmlDir, f), 'utf8'));
    const htmlBytes = pages.reduce((n, p) => n + Buffer.byteLength(p), 0);
    const cb = new Bench({ time, iterations: 3 });
    cb.add('cleanup stripTags', () => {
      for (const p of pages) cleanup(p, 'stripTags');
    });
    cb.add('cleanup cleanHTML', () => {
      for (const p of pages) cleanup(p, 'cleanHTML');
    });
    await cb.run();
    for (const t of cb.tasks) {
      const ms = t.result.state === 'completed' ? t.result.period : NaN;
      rows.push([`${t.name} (${pages.length} pages)`, '–', ((htmlBytes / 1e6 / ms) * 1000).toFixed(1), `${ms.toFixed(0)} ms`]);
    }
  }

  // --- pipelines, through analyze() (request parsing, language id and the JSON response included)
  const analyzer = await createAnalyzer();
  const available = await analyzer.availableExtractors();
  const pipelines: Array<[string, string]> = [['words', 'words']];
  if (available.includes('dependency-trees')) pipelines.push(['words+dependency-trees', 'words,dependency-trees']);
  // Noun phrases and properties are tree walks over the same parse: these rows should be within ~5% of the one above.
  if (available.includes('phrases')) pipelines.push(['words+dependency-trees+phrases', 'words,dependency-trees,phrases']);
  if (available.includes('phrases') && available.includes('relations')) {
    pipelines.push(['words+dependency-trees+phrases+relations', 'words,dependency-trees,phrases,relations']);
  }
  // relations are a tree walk over the parse: this row should sit within a few % of the one above
  if (available.includes('relations')) pipelines.push(['words+dependency-trees+relations', 'words,dependency-trees,relations']);
  if (available.includes('entities')) {
    pipelines.push(['words+entities', 'words,entities']);
    if (available.includes('dependency-trees')) pipelines.push(['words+dependency-trees+entities', 'words,dependency-trees,entities']);
  }
  if (available.includes('topics')) {
    pipelines.push(['topics', 'topics'], ['words+topics', 'words,topics']);
    if (available.includes('entities')) pipelines.push(['words+entities+topics', 'words,entities,topics']);
  }
  // WordNet senses and entailments (kept out of `pipelines`, whose last entry the cold start measures).
  const semantic: Array<[string, string]> = [];
  if (available.includes('senses')) semantic.push(['words+senses', 'words,senses']);
  if (available.includes('entailments')) semantic.push(['words+entailments', 'words,entailments']);
  // Every extractor at once: issue #36's full-pipeline throughput, read against the `words` row (ratio below the table).
  if (ALL_EIGHT.every((e) => available.includes(e))) semantic.push([ALL_EIGHT_ROW, ALL_EIGHT.join(',')]);
  // two warm-up passes: a row's process meets its code for the first time (the first pass also loads its models)
  const pb = new Bench({ time: time * 2, iterations: 2, warmupIterations: 2 });
  const add = (name: string, fn: () => unknown) => {
    if (want(name)) pb.add(name, fn);
  };
  for (const [name, extractors] of [...pipelines, ...semantic]) {
    add(`textlens ${name}`, async () => {
      for (const d of docs) await analyzer.analyze({ text: d, extractors, languageOverride: 'eng' });
    });
  }
  // The same analyses on onnxruntime-web's WASM build in Node (createAnalyzer({ backend: 'wasm' })), in the
  // same run as the native rows above: what a browser or a Node without onnxruntime-node runs (issue #13).
  const wasmPipelines = pipelines.filter(([name]) => WASM_ROWS.includes(name) && want(`textlens ${name} (WASM)`));
  if (wasmPipelines.length > 0) {
    const wasm = await createAnalyzer({ backend: 'wasm' });
    for (const [name, extractors] of wasmPipelines) {
      add(`textlens ${name} (WASM)`, async () => {
        for (const d of docs) await wasm.analyze({ text: d, extractors, languageOverride: 'eng' });
      });
    }
  }
  // A user classifier (createAnalyzer({ classifiers })): the IPTC model's directory registered by name,
  // so the row measures a model of realistic size (125k features × 17 labels) through the user path.
  const userModel = join(root, 'models', 'topics', 'mediatopics-classifier');
  if (existsSync(join(userModel, 'meta.json'))) {
    const withUser = await createAnalyzer({ classifiers: { news: userModel } });
    add('textlens words + user classifier (classifiers=news)', async () => {
      for (const d of docs) await withUser.analyze({ text: d, extractors: 'words', classifiers: 'news', languageOverride: 'eng' });
    });
  }
  // A user's transformer NER (createAnalyzer({ ner: { transformers } })): the tiny model the repository trains
  // (test/fixtures/tiny-transformer-ner), against the shipped NER's 'words+entities' row above.
  const tinyTransformer = join(root, 'test', 'fixtures', 'tiny-transformer-ner');
  if (available.includes('entities') && existsSync(join(tinyTransformer, 'onnx', 'model.onnx')) && want('textlens words+entities, tiny transformer NER')) {
    const withTransformer = await createAnalyzer({ ner: { transformers: tinyTransformer } });
    add('textlens words+entities, tiny transformer NER', async () => {
      for (const d of docs) await withTransformer.analyze({ text: d, extractors: 'words,entities', languageOverride: 'eng' });
    });
  }
  // The same words layer without building the JSON response: what readDoc() alone is to wink-nlp.
  add('textlens words, annotateDoc (no response JSON)', async () => {
    for (const d of docs) await analyzer.annotateDoc(await analyzer.segment(d), ['xpos', 'lemma', 'stem']);
  });
  // The "words+POS+parse+NER" without entity linking (the entities extractor always links),
  // with each parser; and the full analyze() pipeline with the fast parser.
  if (available.includes('dependency-trees') && available.includes('entities')) {
    const fast = await createAnalyzer({ parser: 'fast' });
    const layers = ['xpos', 'upos', 'lemma', 'stem', 'deps', 'mentions'] as const;
    add('textlens tags+parse+NER, no linking (annotateDoc)', async () => {
      for (const d of docs) await analyzer.annotateDoc(await analyzer.segment(d), layers);
    });
    add('textlens tags+parse+NER, no linking (annotateDoc), fast parser', async () => {
      for (const d of docs) await fast.annotateDoc(await fast.segment(d), layers);
    });
    add('textlens words+dependency-trees+entities, fast parser', async () => {
      for (const d of docs) await fast.analyze({ text: d, extractors: 'words,dependency-trees,entities', languageOverride: 'eng' });
    });
  }
  // A dictionary stored over HTTP (/entities/…) as a worker holds it after its first request:
  // compiled once per revision, then per request a cache hit and the trie walk. Compare with the
  // words+entities row: 100k entries must not show.
  if (available.includes('entities') && want('textlens words+entities + stored 100k-entry dictionary (compiled, cached)')) {
    const storedCache = new CompiledCache();
    const storedEntries = Array.from({ length: 100_000 }, (_, i) => ({ id: `e${i}`, text: [`Entity${i} Name${i % 1000}`] }));
    const storedRefs = [{ cacheKey: 'bench', id: 'stored', revision: 'r1', source: { caseInsensitive: true, entries: storedEntries } }];
    storedCache.resolve(storedRefs);
    add('textlens words+entities + stored 100k-entry dictionary (compiled, cached)', async () => {
      for (const d of docs) {
        await analyzer.analyze({ text: d, extractors: 'words,entities', 'entities.dictionaries': 'stored', languageOverride: 'eng' }, undefined, {
          dictionaries: storedCache.resolve(storedRefs),
        });
      }
    });
  }
  // What `textlens serve` adds by default: the hosted API's response shape (src/http/client-compat.ts).
  const [, fullest] = pipelines[pipelines.length - 1];
  add(`textlens ${pipelines[pipelines.length - 1][0]} + hosted response shape`, async () => {
    for (const d of docs) toHostedShape(await analyzer.analyze({ text: d, extractors: fullest, languageOverride: 'eng' }));
  });
  add('wink-nlp default pipeline (sbd, pos, ner, negation, sentiment)', () => {
    for (const d of docs) winkFull.readDoc(d);
  });
  // What the words extractor returns, asked of wink-nlp: every token's text, POS, lemma and stem, and the sentences.
  const its = winkFull.its;
  add('wink-nlp default pipeline + words output (value, pos, lemma, stem, sentences)', () => {
    for (const d of docs) {
      const doc = winkFull.readDoc(d);
      const tokens = doc.tokens();
      tokens.out(its.value);
      tokens.out(its.pos);
      tokens.out(its.lemma);
      tokens.out(its.stem);
      doc.sentences().out();
    }
  });
  if (only !== undefined) {
    // the child: time its one row and hand the time per pass to the parent
    await pb.run();
    const t = pb.tasks[0];
    process.stdout.write(`${JSON.stringify({ row: only, ms: t?.result.state === 'completed' ? t.result.period : null, rss: process.memoryUsage().rss })}\n`);
    return;
  }
  const periods = new Map<string, { ms: number; rss?: number }>();
  if (isolate) {
    for (const t of pb.tasks) periods.set(t.name, timedInChild(t.name));
  } else {
    await pb.run();
    for (const t of pb.tasks) periods.set(t.name, { ms: t.result.state === 'completed' ? t.result.period : NaN });
  }
  for (const [name, { ms, rss }] of periods) {
    const n = name.startsWith('wink') ? winkTokens : nTokens;
    rows.push([name, fmt((n / ms) * 1000), ((bytes / 1e6 / ms) * 1000).toFixed(2), `${ms.toFixed(0)} ms`, rss === undefined ? '–' : `${Math.round(rss / 1e6)} MB`]);
  }

  // --- the same pipelines in Chromium (bench/browser.ts), beside the native and WASM-in-Node rows above
  const browserNames = VARIANTS.flatMap((v) => BROWSER_PIPELINES.map(([name]) => browserRowName(name, v)));
  const browserLines: string[] = [];
  if (browserNames.some(want)) {
    const missing = chromiumMissing();
    if (missing) browserLines.push(`Browser rows: not measured, ${missing}.`);
    else {
      for (const r of await browserBench(docs)) {
        for (const [name, ms] of Object.entries(r.msPerPass)) {
          if (want(browserRowName(name, r.variant))) rows.push([browserRowName(name, r.variant), fmt((nTokens / ms) * 1000), ((bytes / 1e6 / ms) * 1000).toFixed(2), `${ms.toFixed(0)} ms`]);
        }
        const isolation = r.variant.isolated && !r.isolated ? ' (the page was not cross-origin isolated: it ran single-threaded)' : '';
        browserLines.push(`Cold start in Chromium (${r.variant.label}${isolation}; fresh profile, navigation → first \`words\` result): ${r.firstWordsMs.toFixed(0)} ms.`);
      }
    }
  }

  // --- cold start and memory: a fresh process, import → first result. Three processes, the median by
  // wall time; the process's CPU time beside it, which a loaded machine inflates far less than the wall.
  const coldRuns: Array<{ ms: number; cpuMs: number; rss: number }> = [];
  let coldError = '';
  for (let i = 0; i < 3; i++) {
    const cold = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t0=performance.now();const {analyze}=await import('./dist/index.js');` +
          `await analyze('The quick brown fox jumps over the lazy dog.', {extractors:${JSON.stringify(pipelines[pipelines.length - 1][1])}});` +
          `const c=process.cpuUsage();console.log(JSON.stringify({ms:performance.now()-t0,cpuMs:(c.user+c.system)/1000,rss:process.memoryUsage().rss}))`,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (cold.status === 0) coldRuns.push(JSON.parse(cold.stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number; rss: number });
    else coldError = cold.stderr.slice(0, 200);
  }
  const coldResult = coldRuns.length > 0 ? [...coldRuns].sort((x, y) => x.ms - y.ms)[Math.floor(coldRuns.length / 2)] : undefined;
  const coldLoad = loadavg()[0];

  // --- analyzeMany: this thread against worker threads (bench/analyze-many.ts, in a process of its own)
  let manyLines: string[] = [];
  if (!rowsOnly) {
    const many = spawnSync(process.execPath, [...process.execArgv, join(root, 'bench', 'analyze-many.ts')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, BENCH_DOCS: process.env.BENCH_DOCS ?? '40', BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '3' },
      timeout: 15 * 60 * 1000,
    });
    manyLines =
      many.status === 0
        ? many.stdout.trim().split('\n').filter((l) => !l.startsWith('{'))
        : [`analyzeMany: not measured, bench/analyze-many.ts failed (${many.stderr.slice(-300)})`];
  }

  lines.push('# Benchmark results', '');
  lines.push(`Written by \`npm run bench\` (bench/run.ts, tinybench) on ${new Date().toISOString().slice(0, 10)}.`);
  lines.push(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; ONNX intra-op threads 1.`);
  lines.push(`Text: ${source} — ${(bytes / 1e6).toFixed(2)} MB, ${fmt(nTokens)} textlens tokens (${fmt(winkTokens)} wink-nlp tokens), in ${docs.length} documents of ≤ 50 kB.`);
  lines.push('Tokens/s counts each tool\'s own tokens. Pipelines run through `analyze()` of the built package (dist/) end to end (request, language id, JSON response).');
  lines.push(isolate ? 'Each pipeline row and each wink-nlp row ran in a process of its own (loading only what it needs), one after the other.' : 'All rows ran in this one process (BENCH_IN_PROCESS=1), every model loaded by the warm-up before any row was timed.');
  lines.push('Rows marked (WASM) run onnxruntime-web in Node (`backend: \'wasm\'`); rows marked (Chromium, …) run the package bundled by esbuild in Debian\'s Chromium (bench/browser.ts).', '');
  lines.push('| task | tokens/s | MB/s | time per pass | RSS of its process |', '|---|---:|---:|---:|---:|');
  for (const r of rows) lines.push(`| ${r.slice(0, 4).join(' | ')} | ${r[4] ?? '–'} |`);
  lines.push('');
  // The full-pipeline target is a ratio to `words` in the same run (0.10 before, ≥ 0.15 wanted).
  const allEight = periods.get(`textlens ${ALL_EIGHT_ROW}`);
  const words = periods.get('textlens words');
  if (allEight && words) lines.push(`All eight extractors against \`words\` in this run: ${(words.ms / allEight.ms).toFixed(3)} of its tokens/s.`);
  if (coldResult) {
    lines.push(
      `Cold start (new process, import → first result of \`${pipelines[pipelines.length - 1][1]}\`, from the built package, plain \`node\`; median of ${coldRuns.length} processes): ${coldResult.ms.toFixed(0)} ms, ` +
        `${coldResult.cpuMs.toFixed(0)} ms of CPU (all threads); RSS after: ${(coldResult.rss / 1e6).toFixed(0)} MB; load average (1 min) ${coldLoad.toFixed(2)}.`,
    );
  } else {
    lines.push(`Cold start: failed to measure (${coldError})`);
  }
  if (manyLines.length > 0) lines.push('', ...manyLines);
  lines.push(...browserLines);
  // Memory per layer: bench/memory.ts, every row in a fresh process (its header says what each column is).
  if (!rowsOnly) {
    const memory = spawnSync(process.execPath, [...process.execArgv, join(root, 'bench', 'memory.ts'), '--markdown'], { cwd: root, encoding: 'utf8' });
    lines.push('', 'Memory per layer (bench/memory.ts: a fresh process per row analyses one 50 kB document of EWT dev; MB after full collections, peak from `maxRSS`):', '');
    lines.push(memory.status === 0 ? memory.stdout.trim() : `Not measured: bench/memory.ts failed (${memory.stderr.slice(-300)})`, '');
  }
  lines.push(`RSS of this benchmark process at the end: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB${isolate ? ' (the pipeline rows ran in processes of their own: the table gives theirs)' : ''}.`, '');
  const loadMd = join(root, 'bench', 'LOAD.md');
  if (existsSync(loadMd)) lines.push(readFileSync(loadMd, 'utf8'));
  // Written by `npm run bench:dictionaries` (a 1M-entry dictionary takes minutes to build and load).
  const dictionariesMd = join(root, 'bench', 'DICTIONARIES.md');
  if (existsSync(dictionariesMd)) lines.push('', readFileSync(dictionariesMd, 'utf8'));
  const out = lines.join('\n');
  // A filtered run prints its rows but leaves the full results file alone.
  if (!filter) writeFileSync(join(root, 'bench', 'RESULTS.md'), out);
  process.stdout.write(out + '\n');
}

/**
 * One pipeline row timed in a new process (this script with BENCH_ROW): its time per pass in ms (NaN when
 * the child failed; its error is printed) and the process's resident memory after it.
 */
function timedInChild(row: string): { ms: number; rss?: number } {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, BENCH_ROW: row },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 15 * 60 * 1000,
  });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  try {
    const { ms, rss } = JSON.parse(last) as { ms: number | null; rss: number };
    if (child.status === 0 && typeof ms === 'number') return { ms, rss };
  } catch {
    // reported below
  }
  process.stderr.write(`bench: the row "${row}" failed in its process (exit ${child.status}): ${child.stderr.slice(-500)}\n`);
  return { ms: NaN };
}

await main();
// a child is done once its line is written (Linux pipes are written synchronously); a model's worker threads must not keep it alive
if (process.env.BENCH_ROW !== undefined) process.exit(0);
