/**
 * Comparison runs for the document vector of `textlens_mediatopics`: trains
 * each variant on the same documents (corpus.ts) and scores the top coarse
 * topic on two splits:
 *   dev     trained on the train splits, scored on bbc.dev / ag.dev (split.ts);
 *   carved  trained on the train splits less a carved part, scored on that part:
 *           per class, every 5th unique item of bbc.train / ag.train (from the
 *           3rd; duplicates follow their original), a split no setting was
 *           ever tuned on.
 * Scores the classifier directly (featureTokens of the text, as `eval topics`
 * sees a plain text without boilerplate).
 *
 *   npx tsx training/topics/compare-vectors.ts [--variants none,mean:1,mean-max:0.5] [--seeds 1,2] [--splits dev,carved]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLabelledJsonl, type LabelledDoc } from '../../src/classify/data.js';
import type { Classifier } from '../../src/classify/model.js';
import { trainClassifier, type DocumentVectorOptions } from '../../src/classify/train.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { acceptedTopics } from '../../src/semantics/dataset-labels.js';
import { MediaTopics, type MediaTopicRecord } from '../../src/semantics/mediatopics.js';
import { topicCorpus } from './corpus.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const data = arg('--data', join(root, '..', 'shared', 'data'));
const splits = join(root, 'training', 'out', 'splits');
const variants = arg('--variants', 'none,mean:1').split(',');
const seeds = arg('--seeds', '1').split(',').map(Number);
const which = arg('--splits', 'dev,carved').split(',');

const taxonomy = new MediaTopics(
  (JSON.parse(readFileSync(join(root, 'models', 'topics', 'mediatopics.json'), 'utf8')) as { concepts: MediaTopicRecord[] }).concepts,
);
const tops = taxonomy.topLevel.map((c) => c.qcode);
const vectors = await loadWordVectors(fileLoader(join(root, 'models')));

/** Per class, every 5th unique text (from the 3rd); a duplicate goes where its first copy went. */
function carve(docs: readonly LabelledDoc[]): Set<string> {
  const seen = new Map<string, number>();
  const firstOf = new Map<string, boolean>();
  const out = new Set<string>();
  for (const d of docs) {
    let held = firstOf.get(d.text);
    if (held === undefined) {
      const k = seen.get(d.labels[0]) ?? 0;
      seen.set(d.labels[0], k + 1);
      held = k % 5 === 2;
      firstOf.set(d.text, held);
    }
    if (held) out.add(d.id);
  }
  return out;
}

function accuracy(c: Classifier, docs: readonly LabelledDoc[]): number {
  let right = 0;
  for (const d of docs) {
    const x = c.vectorize(d.text);
    if (x.sparse.index.length === 0) continue;
    const s = c.scoresOf(x);
    let best = 0;
    for (let l = 1; l < s.length; l++) if (s[l] > s[best]) best = l;
    if (acceptedTopics(d.labels[0])!.includes(c.labels[best])) right++;
  }
  return (100 * right) / docs.length;
}

for (const split of which) {
  const train = { bbc: readLabelledJsonl(join(splits, 'bbc.train.jsonl')), ag: readLabelledJsonl(join(splits, 'ag.train.jsonl')) };
  const held = split === 'carved' ? { bbc: carve(train.bbc), ag: carve(train.ag) } : undefined;
  const evalSets = held
    ? { bbc: train.bbc.filter((d) => held.bbc.has(d.id)), ag: train.ag.filter((d) => held.ag.has(d.id)) }
    : { bbc: readLabelledJsonl(join(splits, 'bbc.dev.jsonl')), ag: readLabelledJsonl(join(splits, 'ag.dev.jsonl')) };
  const { docs } = topicCorpus(taxonomy, {
    data,
    splits,
    dev: true,
    worldWeak: true,
    pseudoWeight: 1,
    domains: { docs: 300, weight: 0.3 },
    leaveOut: held && ((set, d) => held[set].has(d.id)),
  });
  for (const variant of variants) {
    const [pooling, scale] = variant.split(':');
    for (const seed of seeds) {
      const t0 = performance.now();
      const documentVectors: DocumentVectorOptions | undefined =
        pooling === 'none' ? undefined : { vectors, pooling: pooling as 'mean' | 'mean-max', scale: Number(scale ?? 1) };
      const { classifier } = trainClassifier(docs, { labels: tops, epochs: 10, c: 1, seed, minDf: 2, threshold: 0.5, atLeastOne: true, documentVectors });
      const s = ((performance.now() - t0) / 1000).toFixed(0);
      const bbc = accuracy(classifier, evalSets.bbc).toFixed(2);
      const ag = accuracy(classifier, evalSets.ag).toFixed(2);
      console.log(`split=${split} variant=${variant} seed=${seed} bbc=${bbc} (${evalSets.bbc.length}) ag=${ag} (${evalSets.ag.length}) train_s=${s}`);
    }
  }
}
