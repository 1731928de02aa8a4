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
    out.push(c >= 48 && c <= 57 ? numberShape(t) : t.toLowerCase().replace(/’/g, "'"));
  }
  return out;
}

/** 32-bit FNV-1a over UTF-16 code units (deterministic across platforms). */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
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
    // Sublinear tf; a weighted count under 1 counts as itself (continuous at 1, never negative).
    const v = (c >= 1 ? 1 + Math.log(c) : c) * idf[r];
    rows.push(r);
    vals.push(v);
    norm += v * v;
  }
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const index = new Uint32Array(rows);
  const value = new Float32Array(vals.length);
  for (let i = 0; i < vals.length; i++) value[i] = vals[i] * scale;
  return { index, value };
}
