/**
 * Reading and writing the noun-phrase chunker's files (models/chunker/):
 * meta.json (format, buckets, the emission scale, where the word clusters
 * come from, what it was trained on) and weights.bin (buckets × 3 int8
 * emission weights, then 4 × 3 float32 little-endian transition weights).
 */
import { AnalysisError } from '../errors.js';
import { loadLexicalCoder } from '../models/lexical-codes.js';
import type { ResourceLoader } from '../resources/loader.js';
import { ChunkScorer } from './chunk-scorer.js';
import { ChunkFeaturizer, type ChunkerWeights, type ClusterCoder } from './np-chunker.js';

export const CHUNKER_DIR = 'chunker';
export const CHUNKER_FORMAT = 'textlens-np-chunker-1';

export interface ChunkerMeta {
  format: string;
  buckets: number;
  /** What one unit of the int8 emission weights is worth. */
  emissionScale: number;
  weights: string;
  /** The word-cluster file under the models directory and its fine clusters per coarse one; null: no cluster features. */
  clusters: { file: string; finePer: number; coarseRows: number; fineRows: number } | null;
  /** Free-form provenance (data, sentences, epochs, figures). */
  training: Record<string, unknown>;
}

export interface LoadedChunker {
  weights: ChunkerWeights;
  /** Featurizer with the model's buckets and word clusters (it memoizes per-form codes). */
  featurizer: ChunkFeaturizer;
  /** The same model computed for speed (chunk-scorer.ts); what the annotator runs. */
  scorer: ChunkScorer;
}

/** Serializes int8 weights (see quantize in np-chunker-train.ts) as weights.bin bytes. */
export function weightsToBytes(w: ChunkerWeights & { emission: Int8Array }): Uint8Array {
  const out = new Uint8Array(w.emission.length + 12 * 4);
  out.set(new Uint8Array(w.emission.buffer, w.emission.byteOffset, w.emission.length), 0);
  const view = new DataView(out.buffer);
  for (let j = 0; j < 12; j++) view.setFloat32(w.emission.length + 4 * j, w.transition[j], true);
  return out;
}

export function weightsFromBytes(bytes: Uint8Array, buckets: number, scale: number, name: string): ChunkerWeights & { emission: Int8Array } {
  const expected = buckets * 3 + 12 * 4;
  if (bytes.byteLength !== expected) {
    throw new AnalysisError(500, `${name}: ${bytes.byteLength} bytes, expected ${expected} for ${buckets} buckets (meta.json and weights.bin are from different trainings; rerun npm run train -- chunker)`);
  }
  const emission = new Int8Array(bytes.slice(0, buckets * 3).buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset + buckets * 3, 48);
  const transition = new Float32Array(12);
  for (let j = 0; j < 12; j++) transition[j] = view.getFloat32(4 * j, true);
  return { buckets, emission, scale, transition };
}

/** A cluster coder over the tagger's word clusters (coarse and fine cluster of a word, 0 when unknown). */
export async function loadClusterCoder(loader: ResourceLoader, c: NonNullable<ChunkerMeta['clusters']>): Promise<ClusterCoder> {
  const coder = await loadLexicalCoder(
    loader,
    [
      { name: 'clusterCoarse', rows: c.coarseRows },
      { name: 'clusterFine', rows: c.fineRows },
    ],
    { wordnet: false, clusters: { file: c.file, finePer: c.finePer } },
    c.file,
  );
  return (word) => {
    const [coarse, fine] = coder(word);
    return { coarse, fine };
  };
}

/** Loads models/chunker/ through the loader. */
export async function loadChunker(loader: ResourceLoader): Promise<LoadedChunker> {
  const metaPath = `${CHUNKER_DIR}/meta.json`;
  const meta = JSON.parse(new TextDecoder().decode(await loader.bytes(metaPath))) as ChunkerMeta;
  if (meta.format !== CHUNKER_FORMAT) throw new AnalysisError(500, `${metaPath}: format ${String(meta.format)}, expected ${CHUNKER_FORMAT}`);
  const weightsPath = `${CHUNKER_DIR}/${meta.weights}`;
  const weights = weightsFromBytes(await loader.bytes(weightsPath), meta.buckets, meta.emissionScale, weightsPath);
  const clusters = meta.clusters ? await loadClusterCoder(loader, meta.clusters) : undefined;
  return { weights, featurizer: new ChunkFeaturizer(meta.buckets, clusters), scorer: new ChunkScorer(weights, clusters) };
}
