/**
 * Accuracy and speed of the shipped tagger as Node runs it, on gold tokens
 * (syntactic words) of a CoNLL-U file, one batched call per document:
 *
 *   npx tsx training/tagger/eval.ts ../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu \
 *     [--backend node|wasm] [--models DIR] [--doc-tokens N] [--train FILE.conllu]
 *
 * Accuracy is also given on the words whose form --train (default: EWT
 * train) never shows, where a tagger errs most.
 *
 * Tokens/s covers featurization plus the ONNX call (the tagger alone), on
 * one intra-op thread, measured on a second pass so that warm-up is excluded
 * (so the per-word feature cache is warm, as in a long-running analyzer).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadPosTagger } from '../../src/annotators/tagger.js';
import type { Backend } from '../../src/models/onnx-runner.js';
import { fileLoader } from '../../src/resources/file-loader.js';

interface Sentence {
  words: string[];
  xpos: string[];
  upos: string[];
}

/** Documents (by `# newdoc`) of sentences; multiword-token ranges and empty nodes skipped. */
function readConlluDocs(path: string): Sentence[][] {
  const docs: Sentence[][] = [[]];
  let cur: Sentence = { words: [], xpos: [], upos: [] };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('# newdoc') && docs[docs.length - 1].length > 0) docs.push([]);
    if (line.startsWith('#')) continue;
    if (line.trim() === '') {
      if (cur.words.length > 0) docs[docs.length - 1].push(cur);
      cur = { words: [], xpos: [], upos: [] };
      continue;
    }
    const cols = line.split('\t');
    if (cols[0].includes('-') || cols[0].includes('.')) continue;
    cur.words.push(cols[1]);
    cur.upos.push(cols[3]);
    cur.xpos.push(cols[4]);
  }
  if (cur.words.length > 0) docs[docs.length - 1].push(cur);
  return docs.filter((d) => d.length > 0);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const path = args.find((a) => !a.startsWith('--'));
  if (!path) throw new Error('usage: eval.ts FILE.conllu [--backend node|wasm] [--models DIR]');
  const backend = (args.includes('--backend') ? args[args.indexOf('--backend') + 1] : 'node') as Backend;
  const modelsDir = args.includes('--models') ? args[args.indexOf('--models') + 1] : undefined;
  const tagger = await loadPosTagger(fileLoader(modelsDir), { backend, threads: 1 });
  const docs = readConlluDocs(path);
  const trainPath = args.includes('--train')
    ? args[args.indexOf('--train') + 1]
    : '../shared/data/ud-english-ewt/en_ewt-ud-train.conllu';
  const trainForms = existsSync(trainPath)
    ? new Set(readConlluDocs(trainPath).flatMap((d) => d.flatMap((s) => s.words)))
    : undefined;

  let n = 0;
  let cx = 0;
  let cu = 0;
  let un = 0;
  let ux = 0;
  let uu = 0;
  for (const doc of docs) {
    const tags = await tagger.tagSentences(doc.map((s) => s.words));
    doc.forEach((s, i) => {
      for (let t = 0; t < s.words.length; t++) {
        n++;
        if (tags[i].xpos[t] === s.xpos[t]) cx++;
        if (tags[i].upos[t] === s.upos[t]) cu++;
        if (trainForms && !trainForms.has(s.words[t])) {
          un++;
          if (tags[i].xpos[t] === s.xpos[t]) ux++;
          if (tags[i].upos[t] === s.upos[t]) uu++;
        }
      }
    });
  }
  // Speed on pseudo-documents of at least --doc-tokens words (EWT documents
  // are short web posts, ~80 words; a news article is closer to 1,000).
  const docTokens = args.includes('--doc-tokens') ? Number(args[args.indexOf('--doc-tokens') + 1]) : 0;
  const speedDocs: string[][][] = [];
  let cur: string[][] = [];
  let curTokens = 0;
  for (const doc of docs) {
    for (const s of doc) {
      cur.push(s.words);
      curTokens += s.words.length;
    }
    if (curTokens >= docTokens) {
      speedDocs.push(cur);
      cur = [];
      curTokens = 0;
    }
  }
  if (cur.length > 0) speedDocs.push(cur);
  const timed = async (t: typeof tagger): Promise<[number, number]> => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const doc of speedDocs) await t.tagSentences(doc);
    const cpu = process.cpuUsage(c0);
    return [(performance.now() - t0) / 1000, (cpu.user + cpu.system) / 1e6];
  };
  // Cold: a fresh tagger, every word type new to its cache (each new type
  // costs its table sum and, with a char CNN, a share of one chars.onnx call).
  const [coldSeconds, coldCpu] = await timed(await loadPosTagger(fileLoader(modelsDir), { backend, threads: 1 }));
  const [seconds, cpuSeconds] = await timed(tagger);
  console.log(`${path}: ${n} words in ${docs.length} docs, backend ${backend}`);
  console.log(`XPOS ${((100 * cx) / n).toFixed(2)}  UPOS ${((100 * cu) / n).toFixed(2)}  (gold tokens)`);
  if (trainForms) {
    console.log(`words unknown to ${trainPath} (${un}): XPOS ${((100 * ux) / un).toFixed(2)}  UPOS ${((100 * uu) / un).toFixed(2)}`);
  }
  // CPU seconds as well as wall seconds: on a shared machine the wall clock
  // also counts time spent waiting for a core.
  const rate = (s: number): string => Math.round(n / s).toLocaleString('en');
  console.log(`speed ${rate(seconds)} tokens/s wall, ${rate(cpuSeconds)} tokens/CPU-s (tagger alone, warm word cache, ${speedDocs.length} docs, 1 thread)`);
  console.log(`cold word cache (first pass): ${rate(coldSeconds)} tokens/s wall, ${rate(coldCpu)} tokens/CPU-s`);
}

await main();
