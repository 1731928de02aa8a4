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

/** Which of the searched rows a search reads: `admit` lets a row's word in; pools are built once per name. */
export interface PoolSpec {
  name: string;
  admit(word: string): boolean;
}

/** The rows of a pool: ascending, with their words and unit vectors (row-major). */
interface RowPool {
  rows: Int32Array;
  words: string[];
  units: Float32Array;
}

const ALL_ROWS: PoolSpec = { name: '', admit: () => true };

/**
 * The nearest-neighbour search over the shared vectors' first `searchRows` rows (the file lists
 * GloVe's commonest words first). A search reads one pool of those rows, decoded once into unit float
 * rows (pool size × dim × 4 bytes; the four parts of speech's WordNet pools among the default 40,000 rows: 10.3 MiB), since every search reads all of them: a part of speech's
 * single-word WordNet lemmas are a fraction of GloVe's commonest words, so the substitutes' searches
 * read only those (their filter would reject the others anyway).
 */
export class GloveNeighbours {
  private readonly rows: number;
  private readonly dim: number;
  private readonly pools = new Map<string, RowPool>();
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
   * The `k` rows of `pool` nearest to `word` that `accept` lets through, best first (ties by row),
   * with positive cosines; remembered per `key` (the caller's name for word, pool and filter).
   */
  nearest(word: string, k: number, accept: (candidate: string) => boolean, key: string, pool: PoolSpec = ALL_ROWS): Neighbours {
    const cached = this.found.get(key);
    if (cached !== undefined) return cached;
    const out: Neighbours = { words: [], cosines: [] };
    const target = this.unit(word);
    const own = this.vectors.row(word);
    if (target !== undefined && k > 0 && this.vectors.word !== undefined) {
      const { rows, words, units } = this.pool(pool);
      let size = 0;
      for (let i = 0; i < rows.length; i++) {
        if (rows[i] === own) continue;
        const cos = dot(units, i * this.dim, target, this.dim);
        if (cos <= 0 || (size === k && cos <= out.cosines[k - 1])) continue;
        const candidate = words[i];
        if (!accept(candidate)) continue;
        let at = size === k ? k - 1 : size++;
        for (; at > 0 && out.cosines[at - 1] < cos; at--) {
          out.words[at] = out.words[at - 1];
          out.cosines[at] = out.cosines[at - 1];
        }
        out.words[at] = candidate;
        out.cosines[at] = cos;
      }
    }
    this.found.set(key, out);
    return out;
  }

  private pool(spec: PoolSpec): RowPool {
    let pool = this.pools.get(spec.name);
    if (pool === undefined) {
      const rows: number[] = [];
      const words: string[] = [];
      for (let r = 1; r < this.rows; r++) {
        const word = this.vectors.word!(r);
        if (!spec.admit(word)) continue;
        rows.push(r);
        words.push(word);
      }
      const units = new Float32Array(rows.length * this.dim);
      rows.forEach((r, i) => {
        this.vectors.copyRow(r, units, i * this.dim);
        if (!normalize(units, i * this.dim, this.dim)) units.fill(0, i * this.dim, (i + 1) * this.dim);
      });
      pool = { rows: Int32Array.from(rows), words, units };
      this.pools.set(spec.name, pool);
    }
    return pool;
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
  const pos = target.pos;
  const lemmas: PoolSpec = { name: pos, admit: (word) => !word.includes('_') && store.sensesOf(word, pos) !== undefined };
  const accept = (word: string): boolean => !word.startsWith(own) && !own.startsWith(word) && spellingKey(word) !== ownKey;
  const near = glove.nearest(own, settings.count, accept, `${pos}:${settings.count}:${own}`, lemmas);
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
