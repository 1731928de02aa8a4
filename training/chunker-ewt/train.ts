/**
 * `npm run train -- chunker-ewt [--epochs N] [--max-epochs N] [--buckets N] [--train dev+test|train+dev+test] [--out DIR]`:
 * trains the noun-phrase chunker (src/structure/np-chunker.ts) on UD English
 * EWT (CC BY-SA 4.0), the data a shipped model may come from.
 *
 * Gold chunks: the rule walk's definition of a CoNLL-2000 base NP
 * (src/structure/noun-phrases.ts) applied to EWT's *gold* trees, tags and
 * relations. Features: textlens' *predicted* tags and parse of the same
 * words (the file's word tokenization, as given). So the model learns where
 * the walk over a predicted tree parts from the walk over the gold tree.
 *
 * The tagger and parser were trained on EWT train, so their output on EWT
 * train is better than on unseen text. Model selection therefore uses only
 * parses of text the parser never saw: the epoch count and the training set
 * (dev+test only, or with train's too-good parses added) are chosen by F1 on
 * EWT dev with a model trained without dev; the final model is then trained
 * with dev added. Nothing from CoNLL-2000 is read here: its tail is scored
 * afterwards with `textlens eval chunks`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAnalyzer } from '../../src/analyzer.js';
import { Doc, type TokenSpan } from '../../src/doc/doc.js';
import { parseConllu, type ConlluSentence } from '../../src/eval/conllu.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadClusterCoder } from '../../src/structure/chunker-model.js';
import { scoreChunker, writeChunkerModel } from '../common/chunker-files.js';
import { layersTrustingTree } from '../../src/structure/tag-slips.js';
import { ruleTags } from '../../src/structure/np-chunker.js';
import { quantize, trainChunker, type ChunkExample } from '../../src/structure/np-chunker-train.js';
import type { TreeLayers } from '../../src/structure/tree-layers.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/ud-english-ewt' },
    epochs: { type: 'string' },
    'max-epochs': { type: 'string', default: '12' },
    buckets: { type: 'string', default: String(1 << 17) },
    train: { type: 'string' },
    out: { type: 'string', default: 'models/chunker' },
  },
});

type Split = 'train' | 'dev' | 'test';

/** The gold tree of a sentence as layers (sentence-local heads, -1 at the root). */
function goldLayers(s: ConlluSentence): TreeLayers {
  const w = s.words;
  return {
    tokens: w.map((x) => x.form),
    upos: w.map((x) => x.upos),
    xpos: w.map((x) => x.xpos),
    head: Int32Array.from(w, (x) => (x.head ? x.head - 1 : -1)),
    deprel: w.map((x) => x.deprel),
  };
}

/** Examples of a split: predicted layers, gold tags from the gold tree. */
async function split(name: Split): Promise<ChunkExample[]> {
  const sentences = parseConllu(readFileSync(join(values.dir!, `en_ewt-ud-${name}.conllu`), 'utf8')).filter((s) => s.words.length > 0);
  const tokens: TokenSpan[] = [];
  const ends: number[] = [];
  let text = '';
  for (const s of sentences) {
    s.words.forEach((w, i) => {
      if (i > 0) text += ' ';
      tokens.push({ start: text.length, end: text.length + w.form.length, form: w.form });
      text += w.form;
    });
    text += '\n';
    ends.push(tokens.length);
  }
  const doc = new Doc(text, tokens, ends);
  await analyzer.annotateDoc(doc, ['xpos', 'upos', 'deps']);
  if (!doc.upos || !doc.xpos || !doc.head || !doc.deprel) throw new Error('the tagger and parser models are needed (models/tagger, models/parser)');
  // the layers the phrase annotator reads at inference: tags the parse contradicts read its way (src/structure/tag-slips.ts)
  const { upos, xpos, head, deprel } = layersTrustingTree({ tokens: doc.tokens, upos: doc.upos, xpos: doc.xpos, head: doc.head, deprel: doc.deprel });
  return sentences.map((s, k): ChunkExample => {
    const a = doc.sentStart[k];
    const b = doc.sentEnd[k];
    const layers: TreeLayers = {
      tokens: doc.tokens.slice(a, b),
      upos: upos.slice(a, b),
      xpos: xpos.slice(a, b),
      head: Int32Array.from(Array.prototype.slice.call(head, a, b) as number[], (h) => (h < 0 ? -1 : h - a)),
      deprel: deprel.slice(a, b),
    };
    return { layers, gold: ruleTags(goldLayers(s), 0, s.words.length) };
  });
}

const t0 = Date.now();
const analyzer = await createAnalyzer({ parser: 'accurate' });
const data = { train: await split('train'), dev: await split('dev'), test: await split('test') };
console.log(`tagged and parsed EWT in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const buckets = Number(values.buckets);
const clusterMeta = { file: 'tagger/word-clusters.bin', finePer: 16, coarseRows: 65, fineRows: 1025 };
const clusters = await loadClusterCoder(fileLoader(), clusterMeta);

const SETS: Record<string, Split[]> = { 'test': ['test'], 'train+test': ['train', 'test'] };
const rulesDev = scoreChunker(data.dev, null, clusters);
console.log(`EWT dev, rule walk on the predicted tree: ${rulesDev.text}`);
const selection: Record<string, string> = {};
// --train names the final set; selection trains the same set without dev (scored on dev).
const asked = values.train ? values.train.split('+').filter((p) => p !== 'dev').join('+') : '';
if (asked && !SETS[asked]) throw new Error(`--train ${values.train}: expected dev+test or train+dev+test`);
let choice = asked;
let epochs = values.epochs ? Number(values.epochs) : 0;
if (!choice || !epochs) {
  let best = -1;
  for (const [name, parts] of Object.entries(SETS)) {
    if (asked && name !== asked) continue;
    const fit = parts.flatMap((p) => data[p]);
    trainChunker(fit, {
      buckets,
      epochs: Number(values['max-epochs']),
      clusters,
      onEpoch: (epoch, w) => {
        const r = scoreChunker(data.dev, quantize(w), clusters);
        selection[`${name}, epoch ${epoch}`] = r.text;
        console.log(`trained on ${name}, epoch ${epoch}: EWT dev ${r.text}`);
        if (r.f1 > best) {
          best = r.f1;
          choice = name;
          epochs = epoch;
        }
      },
    });
  }
}
const finalParts: Split[] = [...SETS[choice], 'dev'];
console.log(`chosen: ${finalParts.join('+')}, ${epochs} epochs`);
const weights = quantize(trainChunker(finalParts.flatMap((p) => data[p]), { buckets, epochs, clusters }));

const meta = writeChunkerModel(values.out!, weights, {
  buckets,
  clusters: clusterMeta,
  training: {
    data: `UD English-EWT v2.16 (CC BY-SA 4.0) ${finalParts.join('+')}: gold chunks from the rule walk over the gold trees, features from textlens' predicted tags and parses`,
    parser: 'accurate',
    epochs,
    selection: `training set and epochs chosen by F1 on EWT dev with models trained without dev (rule walk on predicted trees there: ${rulesDev.text})`,
    selectionScores: selection,
    trainingSentences: finalParts.reduce((n, p) => n + data[p].length, 0),
  },
});
console.log(`trained on ${finalParts.join('+')} (${meta.training.trainingSentences} sentences) in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${values.out}`);
console.log(`train=${finalParts.join('+')} epochs=${epochs} ewt_dev_rules_f1=${rulesDev.f1.toFixed(2)}`);
