/**
 * Writes a trained noun-phrase chunker as the runtime reads it
 * (src/structure/chunker-model.ts): weights.bin and meta.json in `dir`.
 * Shared by the EWT trainer (what ships) and the CoNLL-2000 one (research use).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNKER_FORMAT, weightsToBytes, type ChunkerMeta } from '../../src/structure/chunker-model.js';
import type { ChunkerWeights } from '../../src/structure/np-chunker.js';

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
