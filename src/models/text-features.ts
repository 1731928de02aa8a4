/**
 * Document features for the linear classifier: hashed word unigrams and
 * bigrams of the lowercased text. Hashing keeps the model free of the
 * training text (only 32-bit hashes are stored) and needs no vocabulary
 * file; the model keeps a table of the hashes it saw often enough.
 *
 * The tokenizer here is deliberately simpler than the pipeline's: the
 * classifier is trained from JSON lines without running the pipeline, so
 * training and analysis must see exactly the same tokens, and this runs at
 * tens of MB/s.
 */

/** Letters (with inner apostrophes) or digit runs. */
const WORD = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)*|\p{N}+(?:[.,]\p{N}+)*/gu;

/** Every number becomes one of a few shapes: the digits themselves rarely generalize. */
function numberShape(n: string): string {
  const digits = n.replace(/[.,]/g, '').length;
  return digits <= 2 ? '#n' : digits <= 4 ? '#nnnn' : '#nnnnn';
}

/** Lowercased word tokens of a text (numbers as shapes). */
export function featureTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c >= 48 && c <= 57) out.push(numberShape(t));
    else {
      const lower = t.toLowerCase();
      // most words have no curly apostrophe: skip the replace's scan and copy
      out.push(lower.includes('’') ? lower.replace(/’/g, "'") : lower);
    }
  }
  return out;
}

/** 32-bit FNV-1a over UTF-16 code units (deterministic across platforms). */
export function hashString(s: string, seed = 0x811c9dc5): number {
  return fnvOver(seed, s) >>> 0;
}

/** FNV-1a's state (as a signed 32-bit integer) after `s`, from state `h`: hashing a + b is fnvOver(fnvOver(seed, a), b). */
function fnvOver(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** FNV-1a's state after a space (the separator of a bigram's two tokens). */
function fnvSpace(h: number): number {
  return Math.imul(h ^ 32, 0x01000193);
}

const UNIGRAM_SEED = 0x811c9dc5;
const BIGRAM_SEED = 0x050c5d1f;

/** The feature hash of a token as a unigram (the row key of its idf: document vectors weigh words by it). */
export function unigramHash(token: string): number {
  return hashString(token, UNIGRAM_SEED);
}

/** Term counts by feature hash: unigrams, and bigrams when `ngrams` ≥ 2. */
export function countFeatures(text: string, ngrams: number): Map<number, number> {
  return countTokenFeatures(featureTokens(text), ngrams);
}

/** The same over tokens already split by featureTokens (topics split once for two uses). */
export function countTokenFeatures(tokens: readonly string[], ngrams: number): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (h: number) => counts.set(h, (counts.get(h) ?? 0) + 1);
  for (let i = 0; i < tokens.length; i++) {
    add(hashString(tokens[i], UNIGRAM_SEED));
    if (ngrams >= 2 && i + 1 < tokens.length) add(hashString(tokens[i] + ' ' + tokens[i + 1], BIGRAM_SEED));
  }
  return counts;
}

/**
 * The same with a weight per token (topics weigh boilerplate low): a feature
 * counts the weight of its token (a bigram, the smaller of its two). With
 * every weight 1 the counts are countTokenFeatures'.
 */
export function countWeightedTokenFeatures(tokens: readonly string[], weights: ArrayLike<number>, ngrams: number): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (h: number, w: number) => counts.set(h, (counts.get(h) ?? 0) + w);
  for (let i = 0; i < tokens.length; i++) {
    add(hashString(tokens[i], UNIGRAM_SEED), weights[i]);
    if (ngrams >= 2 && i + 1 < tokens.length) add(hashString(tokens[i] + ' ' + tokens[i + 1], BIGRAM_SEED), Math.min(weights[i], weights[i + 1]));
  }
  return counts;
}

/**
 * A model's feature rows by feature hash: open addressing over typed arrays.
 * A Map<number, number> keyed by 32-bit hashes boxes every key of 2^30 and
 * more, which made the lookups the largest cost of the topics stage. Where a
 * hash appears twice, the later row wins (as a Map filled in row order).
 */
export class FeatureRows {
  /**
   * Per slot, the hash and its row + 1 side by side (row 0: empty), so that a probe touches one cache line:
   * in the full pipeline the other models' tables have pushed this one out of the caches, and the misses
   * are the lookups' cost. The slots are a power of two at least twice the rows.
   */
  private readonly slots: Uint32Array;
  private readonly mask: number;
  /**
   * tokenVector's scratch, a sparse set: per row, its place in the call's list of rows (valid only where
   * the list holds the row there, so nothing is cleared between calls), and per place the summed count.
   * 4 bytes a row where a stamp and a count per row took 16 (2 MB for the media-topics model).
   */
  private readonly placeOf: Int32Array;
  private counts = new Float64Array(256);

  constructor(hashes: Uint32Array) {
    let size = 16;
    while (size < hashes.length * 2) size *= 2;
    this.slots = new Uint32Array(2 * size);
    this.mask = size - 1;
    for (let r = 0; r < hashes.length; r++) {
      const h = hashes[r];
      let k = this.home(h);
      while (this.slots[2 * k + 1] !== 0 && this.slots[2 * k] !== h) k = (k + 1) & this.mask;
      this.slots[2 * k] = h;
      this.slots[2 * k + 1] = r + 1;
    }
    this.placeOf = new Int32Array(hashes.length);
  }

  /** The row of a feature hash, -1 when the model has none. */
  get(hash: number): number {
    const h = hash >>> 0;
    const slots = this.slots;
    for (let k = this.home(h); ; k = (k + 1) & this.mask) {
      const row = slots[2 * k + 1];
      if (row === 0) return -1;
      if (slots[2 * k] === h) return row - 1;
    }
  }

  /** A hash's first slot: the hash's bits mixed, since FNV's low bits alone spread poorly. */
  private home(h: number): number {
    return (Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0) & this.mask;
  }

  /**
   * The sparse vector of feature tokens, as vectorize(countWeightedTokenFeatures(tokens, weights, ngrams), …)
   * gives it — same rows in the same order, same values — without the Map of counts by hash or the bigrams'
   * strings: each token's feature row is found at once and its count summed in the per-row scratch.
   * `weights` absent: every token weighs 1.
   */
  tokenVector(tokens: readonly string[], weights: ArrayLike<number> | undefined, ngrams: number, idf: Float32Array): SparseVector {
    const placeOf = this.placeOf;
    // rows in the order of their feature's first occurrence (the counts Map's insertion order)
    const order: number[] = [];
    const add = (r: number, w: number): void => {
      if (r < 0) return;
      let p = placeOf[r];
      if (p >= order.length || order[p] !== r) {
        p = order.length;
        placeOf[r] = p;
        order.push(r);
        if (p === this.counts.length) {
          const grown = new Float64Array(2 * p);
          grown.set(this.counts);
          this.counts = grown;
        }
        this.counts[p] = 0;
      }
      this.counts[p] += w;
    };
    const n = tokens.length;
    for (let i = 0; i < n; i++) {
      const w = weights ? weights[i] : 1;
      add(this.get(fnvOver(UNIGRAM_SEED, tokens[i])), w);
      if (ngrams >= 2 && i + 1 < n) {
        const bigram = fnvOver(fnvSpace(fnvOver(BIGRAM_SEED, tokens[i])), tokens[i + 1]);
        add(this.get(bigram), weights ? Math.min(w, weights[i + 1]) : 1);
      }
    }
    const vals = new Float64Array(order.length);
    let norm = 0;
    for (let k = 0; k < order.length; k++) {
      const v = sublinear(this.counts[k]) * idf[order[k]];
      vals[k] = v;
      norm += v * v;
    }
    return normalized(Uint32Array.from(order), vals, norm);
  }
}

/** Sublinear tf; a weighted count under 1 counts as itself (continuous at 1, never negative). */
function sublinear(c: number): number {
  return c >= 1 ? 1 + Math.log(c) : c;
}

/** values scaled to unit norm (`norm` is their sum of squares) as a SparseVector. */
function normalized(index: Uint32Array, vals: ArrayLike<number>, norm: number): SparseVector {
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const value = new Float32Array(vals.length);
  for (let i = 0; i < vals.length; i++) value[i] = vals[i] * scale;
  return { index, value };
}

/** A sparse, L2-normalized feature vector over the model's feature rows. */
export interface SparseVector {
  index: Uint32Array;
  value: Float32Array;
}

/**
 * Sublinear tf × idf over the rows the model knows, L2-normalized (counts
 * may be fractional: weighted tokens).
 * `rowOf` maps a feature hash to its row; hashes without a row are dropped.
 */
export function vectorize(counts: Map<number, number>, rowOf: Map<number, number>, idf: Float32Array): SparseVector {
  const rows: number[] = [];
  const vals: number[] = [];
  let norm = 0;
  for (const [h, c] of counts) {
    const r = rowOf.get(h);
    if (r === undefined) continue;
    const v = sublinear(c) * idf[r];
    rows.push(r);
    vals.push(v);
    norm += v * v;
  }
  return normalized(new Uint32Array(rows), vals, norm);
}
