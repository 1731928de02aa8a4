/**
 * What the two noun-phrase chunker trainers share — the EWT one (what ships)
 * and the CoNLL-2000 one (research use): scoring a model against examples,
 * and writing it as the runtime reads it (src/structure/chunker-model.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreChunks, type ChunkSpan } from '../../src/eval/conll2000.js';
import { CHUNKER_FORMAT, weightsToBytes, type ChunkerMeta } from '../../src/structure/chunker-model.js';
import { ChunkFeaturizer, ruleTags, spansOfTags, viterbi, type ChunkerWeights, type ClusterCoder } from '../../src/structure/np-chunker.js';
import type { ChunkExample } from '../../src/structure/np-chunker-train.js';
import type { TreeLayers } from '../../src/structure/tree-layers.js';

function spans(tags: Uint8Array, layers: TreeLayers): ChunkSpan[] {
  return spansOfTags(layers, tags, 0).map((p) => ({ start: p.start, end: p.end }));
}

/** NP F1 of the model (or of the rule walk, with no weights) against the examples' gold chunks. */
export function scoreChunker(examples: readonly ChunkExample[], w: ChunkerWeights | null, clusters: ClusterCoder | undefined): { f1: number; text: string } {
  const gold = examples.map((e) => spans(e.gold, e.layers));
  const featurizer = w ? new ChunkFeaturizer(w.buckets, clusters) : undefined;
  const pred = examples.map((e) => {
    const n = e.gold.length;
    const tags = w && featurizer ? viterbi(w, featurizer.sentence(e.layers, 0, n), n) : ruleTags(e.layers, 0, n);
    return spans(tags, e.layers);
  });
  const s = scoreChunks(gold, pred);
  return { f1: s.f1, text: `P ${s.precision.toFixed(2)} / R ${s.recall.toFixed(2)} / F1 ${s.f1.toFixed(2)}` };
}

export function writeChunkerModel(
  dir: string,
  weights: ChunkerWeights & { emission: Int8Array; scale: number },
  opts: { buckets: number; clusters: ChunkerMeta['clusters']; training: ChunkerMeta['training'] },
): ChunkerMeta {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'weights.bin'), weightsToBytes(weights));
  const meta: ChunkerMeta = {
    format: CHUNKER_FORMAT,
    buckets: opts.buckets,
    emissionScale: weights.scale,
    weights: 'weights.bin',
    clusters: opts.clusters,
    training: opts.training,
  };
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(meta, null, 1) + '\n');
  return meta;
}
