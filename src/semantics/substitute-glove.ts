/**
 * The vector neighbours of a full substitute ranking (`textlens eval lexsub`),
 * from the shared GloVe vectors (models/vectors/, src/models/word-vectors.ts:
 * the table the tagger, parser and NER read, through the same loader).
 *
 * A full ranking holds every candidate, no floor and no cap; past the words
 * WordNet relates to the target, its tail holds words only the vectors put
 * near it. Those are the target's GLOVE_NEIGHBOURS.count nearest rows by
 * cosine among the `searchRows` commonest that are single-word WordNet lemmas
 * of its part of speech, that neither begin with the target nor it with them
 * (inflections, derivations) and are not its other spelling; those WordNet
 * already reaches keep their WordNet scores. Each other one scores as
 * entailments.ts scores a word that only the vectors reach:
 *
 *   n(c)     = ν · cos(c, target)
 *   score(c) = min(NEIGHBOUR_SCORE_MAX, λ · min(1, n)^(1−γ) · fit(c)^γ · exp(α · (cos − 1)) + (1 − λ) · n)
 *
 * fit(c) as there, through c's first sense; λ, γ, κ the entailments' params.
 * The cap keeps them under the response's floor: the entailments layer never
 * holds them and never reads GloVe. They stand in for the neighbours by the
 * PPMI lemma vectors (entailments.ts NEIGHBOURS): GloVe's, trained on six
 * billion words, find more of the gold substitutes (models/senses/MODEL_CARD.md,
 * "Pretrained vectors in the substitute ranking"). The same vectors as a factor
 * on every candidate's score (cosine to the target, or Melamud et al.'s
 * mean cosine to the context words) lowered P@1 there: they rank the tail only.
 */
import type { WordNetPos } from '../lexicon/penn.js';
import { spellingKey } from '../lexicon/spelling.js';
import type { WordVectors as SharedWordVectors } from '../models/word-vectors.js';
import { NEIGHBOUR_SCORE_MAX, type EntailedWord, type EntailmentParams } from './entailments.js';
import type { SynsetStore } from './synsets.js';
import type { WsdModel } from './wsd-model.js';

/** How many neighbours, ν (`weight`), α (`targetSim`) and how many of the commonest rows are searched (tuned on the two dev files). */
export const GLOVE_NEIGHBOURS = { count: 20, weight: 0.02, targetSim: 2, searchRows: 40_000 };

/** A word's nearest rows, best first, with their cosines. */
export interface Neighbours {
  words: string[];
  cosines: number[];
}

/**
 * The nearest-neighbour search over the shared vectors' first `searchRows` rows (the file lists
 * GloVe's commonest words first). The rows searched are decoded once, at the first search, into unit
 * float rows (searchRows × dim × 4 bytes: 16 MB for the default), since every search reads all of them.
 */
export class GloveNeighbours {
  private units: Float32Array | undefined;
  private readonly rows: number;
  private readonly dim: number;
  private readonly found = new Map<string, Neighbours>();

  constructor(
    private readonly vectors: SharedWordVectors,
    searchRows = GLOVE_NEIGHBOURS.searchRows,
  ) {
    this.dim = vectors.meta.dim;
    this.rows = Math.min(searchRows, vectors.meta.rows);
  }

  /** The unit vector of a word's row; undefined when it has none (or an all-zero one). */
  unit(word: string): Float32Array | undefined {
    const r = this.vectors.row(word);
    if (r <= 0) return undefined;
    const out = new Float32Array(this.dim);
    this.vectors.copyRow(r, out, 0);
    return normalize(out, 0, this.dim) ? out : undefined;
  }

  /**
   * The `k` rows nearest to `word` that `accept` lets through, best first (ties by row), with
   * positive cosines; remembered per `key` (the caller's name for word and filter).
   */
  nearest(word: string, k: number, accept: (candidate: string) => boolean, key: string): Neighbours {
    const cached = this.found.get(key);
    if (cached !== undefined) return cached;
    const out: Neighbours = { words: [], cosines: [] };
    const target = this.unit(word);
    const own = this.vectors.row(word);
    const name = this.vectors.word;
    if (target !== undefined && k > 0 && name !== undefined) {
      const units = this.unitRows();
      const rows: number[] = [];
      for (let r = 1; r < this.rows; r++) {
        if (r === own) continue;
        const cos = dot(units, r * this.dim, target, this.dim);
        if (cos <= 0 || (rows.length === k && cos <= out.cosines[k - 1])) continue;
        const candidate = name.call(this.vectors, r);
        if (!accept(candidate)) continue;
        let at = rows.length === k ? k - 1 : rows.length;
        if (rows.length < k) {
          rows.push(r);
          out.words.push(candidate);
          out.cosines.push(cos);
        }
        for (; at > 0 && out.cosines[at - 1] < cos; at--) {
          rows[at] = rows[at - 1];
          out.words[at] = out.words[at - 1];
          out.cosines[at] = out.cosines[at - 1];
        }
        rows[at] = r;
        out.words[at] = candidate;
        out.cosines[at] = cos;
      }
    }
    this.found.set(key, out);
    return out;
  }

  private unitRows(): Float32Array {
    if (this.units === undefined) {
      const units = new Float32Array(this.rows * this.dim);
      for (let r = 1; r < this.rows; r++) {
        this.vectors.copyRow(r, units, r * this.dim);
        if (!normalize(units, r * this.dim, this.dim)) units.fill(0, r * this.dim, (r + 1) * this.dim);
      }
      this.units = units;
    }
    return this.units;
  }
}

/** The target a neighbour search is for: its lemma and part of speech. */
export interface NeighbourTarget {
  lemma: string;
  pos: WordNetPos;
}

/**
 * The GloVe neighbours of `target` that are not among `ranked` (its full ranking's words, any case),
 * scored as the header says, relation 'neighbour', reported through their first sense.
 */
export function gloveNeighbourWords(
  glove: GloveNeighbours,
  store: SynsetStore,
  model: WsdModel,
  target: NeighbourTarget,
  ranked: ReadonlySet<string>,
  params: EntailmentParams,
  settings: typeof GLOVE_NEIGHBOURS = GLOVE_NEIGHBOURS,
): EntailedWord[] {
  const own = target.lemma.toLowerCase();
  const ownKey = spellingKey(own);
  const accept = (word: string): boolean =>
    !word.includes('_') && !word.startsWith(own) && !own.startsWith(word) && spellingKey(word) !== ownKey && store.sensesOf(word, target.pos) !== undefined;
  const near = glove.nearest(own, settings.count, accept, `${target.pos}:${settings.count}:${own}`);
  const out: EntailedWord[] = [];
  for (let j = 0; j < near.words.length; j++) {
    const word = near.words[j];
    if (ranked.has(word)) continue;
    const senses = store.sensesOf(word, target.pos)!;
    const cos = near.cosines[j];
    const n = settings.weight * cos;
    const contextScore = Math.min(1, n) ** (1 - params.gamma) * firstSenseFit(model, senses.tagCounts, target.pos, params.kappa) ** params.gamma * Math.exp(settings.targetSim * (cos - 1));
    const priorScore = Math.min(1, n);
    const score = Math.min(NEIGHBOUR_SCORE_MAX, params.lambda * contextScore + (1 - params.lambda) * priorScore);
    out.push({ word, synset: senses.synsets[0], relation: 'neighbour', priorScore, contextScore, score });
  }
  return out;
}

/**
 * entailments.ts's fit of a word through its first sense: the WSD model's prior for that sense among
 * the word's own (1 for a one-sense word) times (t + 1) / (t + 1 + κ), t its SemCor tags.
 */
function firstSenseFit(model: WsdModel, tagCounts: Float32Array, pos: WordNetPos, kappa: number): number {
  let tags = 0;
  for (const t of tagCounts) tags += t;
  const prior = tagCounts.length === 1 ? 1 : model.prior(tagCounts, pos)[0];
  return (prior * (tags + 1)) / (tags + 1 + kappa);
}

function dot(a: Float32Array, at: number, b: Float32Array, dim: number): number {
  let s = 0;
  for (let d = 0; d < dim; d++) s += a[at + d] * b[d];
  return s;
}

/** Scales a[at, at + dim) to unit length; false when it is all zeros. */
function normalize(a: Float32Array, at: number, dim: number): boolean {
  let norm = 0;
  for (let d = 0; d < dim; d++) norm += a[at + d] * a[at + d];
  if (norm === 0) return false;
  const inv = 1 / Math.sqrt(norm);
  for (let d = 0; d < dim; d++) a[at + d] *= inv;
  return true;
}
