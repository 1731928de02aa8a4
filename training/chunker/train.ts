/**
 * `npm run train -- chunker [--data FILE] [--epochs N] [--buckets N] [--out DIR]`:
 * trains the noun-phrase chunker (src/structure/np-chunker.ts) on CoNLL-2000
 * train sentences 1–7,936 and writes training/out/chunker/ (or --out DIR).
 *
 * Research and evaluation only: CoNLL-2000 (WSJ) may not be redistributed and
 * nothing trained on it may ship in the product, so this model never goes
 * into the repository's models/. A user who holds the data may train it for
 * their own use and serve it by copying the directory to `chunker/` in a
 * models directory (`--out models/chunker` in an own checkout, or a copy of
 * models/ passed as `modelsDir` / `--models`). The shipped chunker is trained
 * on UD English-EWT by training/chunker-ewt/train.ts.
 *
 * Model selection never sees the last 1,000 sentences: the number of epochs
 * is chosen on sentences 7,001–7,936 with a model trained on 1–7,000, then
 * the shipped model is retrained on all of 1–7,936 for that many epochs. The
 * last 1,000 sentences (7,937–8,936) are only scored, once, at the end.
 * The parse of the file is cached in training/.cache/ (it takes ~15 s).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAnalyzer } from '../../src/analyzer.js';
import { conll2000Doc, readConll2000 } from '../../src/eval/conll2000.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadClusterCoder } from '../../src/structure/chunker-model.js';
import { scoreChunker, writeChunkerModel } from '../common/chunker-files.js';
import { goldTags, quantize, trainChunker, type ChunkExample } from '../../src/structure/np-chunker-train.js';
import type { TreeLayers } from '../../src/structure/tree-layers.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/data/conll2000/train.txt.gz' },
    epochs: { type: 'string' },
    'max-epochs': { type: 'string', default: '12' },
    buckets: { type: 'string', default: String(1 << 17) },
    parser: { type: 'string', default: 'accurate' },
    out: { type: 'string', default: 'training/out/chunker' },
    'no-clusters': { type: 'boolean' },
  },
});

const TUNE_END = 7936;
const SELECT_FROM = 7000;

interface CachedSentence {
  tokens: string[];
  upos: string[];
  xpos: string[];
  head: number[];
  deprel: string[];
  chunks: string[];
}

async function parsed(file: string, parser: string): Promise<CachedSentence[]> {
  const cache = join('training/.cache', `chunker-${parser}-${file.replace(/[^A-Za-z0-9]+/g, '_')}.json`);
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as CachedSentence[];
  const sentences = readConll2000(file);
  const doc = conll2000Doc(sentences);
  const analyzer = await createAnalyzer({ parser: parser === 'fast' ? 'fast' : 'accurate' });
  const t0 = Date.now();
  await analyzer.annotateDoc(doc, ['xpos', 'upos', 'deps']);
  const { upos, xpos, head, deprel } = doc;
  if (!upos || !xpos || !head || !deprel) throw new Error('the tagger and parser models are needed (models/tagger, models/parser)');
  const rows = sentences.map((s, k): CachedSentence => {
    const a = doc.sentStart[k];
    const b = doc.sentEnd[k];
    return {
      tokens: doc.tokens.slice(a, b),
      upos: upos.slice(a, b),
      xpos: xpos.slice(a, b),
      head: Array.from(head.subarray(a, b), (h) => (h < 0 ? -1 : h - a)),
      deprel: deprel.slice(a, b),
      chunks: s.chunks,
    };
  });
  mkdirSync('training/.cache', { recursive: true });
  writeFileSync(cache, JSON.stringify(rows));
  console.log(`parsed ${rows.length} sentences in ${((Date.now() - t0) / 1000).toFixed(1)} s (cached in ${cache})`);
  return rows;
}

function example(s: CachedSentence): ChunkExample {
  const layers: TreeLayers = { tokens: s.tokens, upos: s.upos, xpos: s.xpos, head: Int32Array.from(s.head), deprel: s.deprel };
  return { layers, gold: goldTags(s.chunks) };
}

console.warn('CoNLL-2000 is research-only data: the model written here must not be redistributed or shipped (see ../shared/data/conll2000/README.md).');
const t0 = Date.now();
const rows = await parsed(values.data!, values.parser!);
if (rows.length < TUNE_END + 1) throw new Error(`${values.data}: ${rows.length} sentences, expected CoNLL-2000 train (8,936)`);
const all = rows.map(example);
const tune = all.slice(0, TUNE_END);
const tail = all.slice(TUNE_END);
const buckets = Number(values.buckets);
const clusterMeta = values['no-clusters'] ? null : { file: 'tagger/word-clusters.bin', finePer: 16, coarseRows: 65, fineRows: 1025 };
const clusters = clusterMeta ? await loadClusterCoder(fileLoader(), clusterMeta) : undefined;

let epochs = values.epochs ? Number(values.epochs) : 0;
const selection: Record<string, string> = {};
if (!epochs) {
  // Choose the epoch count on 7,001–7,936 with a model trained on 1–7,000.
  const fit = tune.slice(0, SELECT_FROM);
  const held = tune.slice(SELECT_FROM);
  let best = -1;
  trainChunker(fit, {
    buckets,
    epochs: Number(values['max-epochs']),
    clusters,
    onEpoch: (epoch, w) => {
      // scored as shipped: int8 weights
      const r = scoreChunker(held, quantize(w), clusters).text;
      selection[epoch] = r;
      const score = Number(r.split('F1 ')[1]);
      console.log(`epoch ${epoch}: sentences 7,001–7,936 ${r} (float weights: ${scoreChunker(held, w, clusters).text.split('/ ').pop()})`);
      if (score > best) {
        best = score;
        epochs = epoch;
      }
    },
  });
  console.log(`chosen: ${epochs} epochs (rules on 7,001–7,936: ${scoreChunker(held, null, clusters).text})`);
}
const weights = quantize(trainChunker(tune, { buckets, epochs, clusters }));
const tailModel = scoreChunker(tail, weights, clusters).text;
const tailRules = scoreChunker(tail, null, clusters).text;
const tuneModel = scoreChunker(tune, weights, clusters).text;

writeChunkerModel(values.out!, weights, {
  buckets,
  clusters: clusterMeta,
  training: {
    data: 'CoNLL-2000 train.txt (WSJ sections 15-18; research use only), sentences 1-7936',
    parser: values.parser,
    epochs,
    selection: 'epochs chosen on sentences 7001-7936 with a model trained on 1-7000',
    selectionScores: selection,
    trainingSentences: tune.length,
    'sentences 1-7936 (trained on)': tuneModel,
    'sentences 7937-8936 (not trained or tuned on), model': tailModel,
    'sentences 7937-8936, rules alone': tailRules,
  },
});
console.log(`trained ${epochs} epochs on ${tune.length} sentences in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${values.out}`);
console.log(`tail (7,937–8,936): model ${tailModel}; rules ${tailRules}`);
console.log(`epochs=${epochs} tail_f1=${tailModel.split('F1 ')[1]} rules_tail_f1=${tailRules.split('F1 ')[1]}`);
