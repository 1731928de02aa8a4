/**
 * Accuracy and speed of the shipped tagger as Node runs it, on gold tokens
 * (syntactic words) of a CoNLL-U file, one batched call per document:
 *
 *   npx tsx training/tagger/eval.ts ../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu [--backend wasm]
 *
 * Tokens/s covers featurization plus the ONNX call (the tagger alone), on
 * one intra-op thread, measured on a second pass so that warm-up is excluded.
 */
import { readFileSync } from 'node:fs';
import { loadPosTagger } from '../../src/annotators/tagger.js';
import type { Backend } from '../../src/models/onnx-runner.js';
import { fileLoader } from '../../src/resources-node.js';

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

  let n = 0;
  let cx = 0;
  let cu = 0;
  for (const doc of docs) {
    const tags = await tagger.tagSentences(doc.map((s) => s.words));
    doc.forEach((s, i) => {
      for (let t = 0; t < s.words.length; t++) {
        n++;
        if (tags[i].xpos[t] === s.xpos[t]) cx++;
        if (tags[i].upos[t] === s.upos[t]) cu++;
      }
    });
  }
  const t0 = performance.now();
  for (const doc of docs) await tagger.tagSentences(doc.map((s) => s.words));
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${path}: ${n} words in ${docs.length} docs, backend ${backend}`);
  console.log(`XPOS ${((100 * cx) / n).toFixed(2)}  UPOS ${((100 * cu) / n).toFixed(2)}  (gold tokens)`);
  console.log(`speed ${Math.round(n / seconds).toLocaleString('en')} tokens/s (tagger alone, one call per doc, 1 thread)`);
}

await main();
