/**
 * The word vectors the sense model's soft context match reads (wsd-model.ts,
 * λ_emb), from one of two tables:
 *
 *  - `own`: the lemma vectors trained here by PPMI + SVD (wsd-vectors.bin),
 *    unit rows read from the file's int8 values; the entailments read the same table;
 *  - `shared`: the pretrained GloVe vectors every English model reads
 *    (models/vectors/, src/models/word-vectors.ts), read in place: the senses
 *    keep no copy of them, only which row each feature is and that row's
 *    length, so that every row counts as a unit vector as the own ones do.
 *
 * Either way the model sees a row per feature id (-1: none) and adds a
 * weighted row into a sum, so its context and sense vectors are built the
 * same way from both.
 */
import type { WordVectors as SharedWordVectors } from '../models/word-vectors.js';
import type { FeatureVocabulary } from './wsd-weights.js';
import type { WordVectors } from './wsd-vectors.js';

/** Which table the vector term reads (WsdParams.embVectors). */
export type TermVectorsSource = 'own' | 'shared';

export interface TermVectors {
  /** Values per row (the model may read a prefix: WsdParams.embDims). */
  readonly dim: number;
  /** A feature id's row; -1 for a feature without a vector. */
  row(id: number): number;
  /** out[at + d] += weight × the row's unit vector's value d, for d < D. */
  add(row: number, weight: number, out: Float64Array, at: number, D: number): void;
}

/** The model's own lemma vectors (unit rows already), by feature id: a lemma the vocabulary lacks is dropped. */
export function ownTermVectors(vectors: WordVectors, vocab: FeatureVocabulary): TermVectors {
  const rowOf = new Int32Array(vocab.size).fill(-1);
  vectors.lemmas.forEach((lemma, r) => {
    const id = vocab.id(lemma);
    if (id >= 0) rowOf[id] = r;
  });
  return {
    dim: vectors.dim,
    row: (id) => rowOf[id],
    add: (row, weight, out, at, D) => vectors.addTo(row, weight, out, at, D),
  };
}

/**
 * The shared GloVe vectors by feature id, each feature looked up at its first use (mapping all 158k
 * features at load cost ~100 ms of CPU; a run reads those of its verbs' senses and sentences). Only the
 * bag's features (lemmas) are looked up: a collocation feature (a slot prefix and a lemma, wsd-features.ts)
 * is no word. A multiword lemma ("take_place") has no GloVe row; its words are bag features of their own.
 */
export function sharedTermVectors(shared: SharedWordVectors, vocab: FeatureVocabulary): TermVectors {
  const { dim, rows } = shared.meta;
  /** Per feature id its row, -1 for none, UNRESOLVED until first asked. */
  const rowOf = new Int32Array(vocab.size).fill(UNRESOLVED);
  const values = new Float32Array(dim);
  /** 1 / length per row, 0 until first read (GloVe's lengths grow with a word's frequency; the term reads directions). */
  const inverseNorm = new Float32Array(rows);
  // The row last added stays decoded: a sense vector adds one row to each of its senses in turn.
  let last = -1;
  const decode = (r: number): void => {
    shared.copyRow(r, values, 0);
    last = r;
  };
  const resolve = (id: number): number => {
    const feature = vocab.feature(id);
    const first = feature.charCodeAt(0);
    const r = first === 60 /* < */ || first === 62 /* > */ ? 0 : shared.row(feature);
    if (r > 0 && inverseNorm[r] === 0) {
      decode(r);
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += values[d] * values[d];
      inverseNorm[r] = norm > 0 ? 1 / Math.sqrt(norm) : -1;
    }
    return (rowOf[id] = r > 0 && inverseNorm[r] > 0 ? r : -1);
  };
  return {
    dim,
    row: (id) => (rowOf[id] === UNRESOLVED ? resolve(id) : rowOf[id]),
    add(r, weight, out, at, D) {
      if (r !== last) decode(r);
      const w = weight * inverseNorm[r];
      for (let d = 0; d < D; d++) out[at + d] += w * values[d];
    },
  };
}

/** rowOf's mark of a feature not yet looked up. */
const UNRESOLVED = -2;
