/**
 * Hashed lexical features shared by every token model (tagger, parser, NER),
 * in the spirit of spaCy's hash embeddings: each token is described by a few
 * strings (norm, prefixes, suffixes, shape), each string hashed into a bucket
 * of its own embedding table. No vocabulary file to ship, no unknown words.
 *
 * training/common/features.py is the Python twin of this file; both must give
 * the same ids for the same token (test/models/features.test.ts checks a
 * fixture written by the Python side).
 */

export type FeatureName =
  | 'form'
  | 'norm'
  | 'lower'
  | 'prefix1'
  | 'prefix2'
  | 'prefix3'
  | 'suffix1'
  | 'suffix2'
  | 'suffix3'
  | 'suffix4'
  | 'shape';

export interface FeatureSpec {
  name: FeatureName;
  /** Number of hash buckets (rows of its embedding table). */
  buckets: number;
}

/** FNV-1a over UTF-16 code units, 32-bit, unsigned. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Word shape: X for upper case, x for lower case, d for digit, other
 * characters kept; runs longer than 4 of the same class are cut at 4
 * ("Washington" → "Xxxxx", "1984" → "dddd").
 */
function shapeClass(ch: string): string {
  const code = ch.charCodeAt(0);
  // ASCII fast path: the Unicode property regexes below are the slow part of featurization.
  if (code < 128) {
    if (code >= 65 && code <= 90) return 'X';
    if (code >= 97 && code <= 122) return 'x';
    if (code >= 48 && code <= 57) return 'd';
    return ch;
  }
  if (/\p{Lu}/u.test(ch)) return 'X';
  if (/\p{Ll}|\p{Lo}|\p{Lm}/u.test(ch)) return 'x';
  if (/\p{Nd}/u.test(ch)) return 'd';
  return ch;
}

export function shape(word: string): string {
  let out = '';
  let last = '';
  let run = 0;
  for (const ch of word) {
    const c = shapeClass(ch);
    run = c === last ? run + 1 : 1;
    last = c;
    if (run <= 4) out += c;
  }
  return out;
}

/** The normalized form: lower case, digits mapped to 0 (so "1984" and "2003" share a row). */
export function norm(word: string): string {
  return word.toLowerCase().replace(/\p{Nd}/gu, '0');
}

function chars(word: string): string[] {
  return Array.from(word);
}

export function featureString(name: FeatureName, word: string): string {
  switch (name) {
    case 'form':
      // The raw, case-preserving form: case carries much of what NER needs.
      return word;
    case 'norm':
      return norm(word);
    case 'lower':
      return word.toLowerCase();
    case 'prefix1':
    case 'prefix2':
    case 'prefix3': {
      const n = Number(name.slice(6));
      return chars(word.toLowerCase()).slice(0, n).join('');
    }
    case 'suffix1':
    case 'suffix2':
    case 'suffix3':
    case 'suffix4': {
      const n = Number(name.slice(6));
      const c = chars(word.toLowerCase());
      return c.slice(Math.max(0, c.length - n)).join('');
    }
    case 'shape':
      return shape(word);
  }
}

export function featureId(spec: FeatureSpec, word: string): number {
  return modFloor(fnv1a(`${spec.name}=${featureString(spec.name, word)}`), spec.buckets);
}

/**
 * v mod m for integers 0 ≤ v < 2^53 and 0 < m < 2^31, by a division and a floor: the same value as
 * `v % m` (the rounded quotient is within q·2^−53 < 1/m of v/m, so its floor is ⌊v/m⌋), without the
 * floating-point remainder, a call into C for each use: with it, hashing was most of the cost of a
 * new word type in the tagger (its 9 feature ids and 14 hashed rows; with the sentence features', fresh
 * 50 kB documents went 95 → 69 ms of CPU for `words`). Hashes past 2^31 are not V8's small integers, so `%` on them takes that path.
 */
export function modFloor(v: number, m: number): number {
  return v - Math.floor(v / m) * m;
}

/**
 * Feature ids for a batch of sentences, laid out as an int32 tensor of shape
 * [batch, maxLen, specs.length], padded with 0 (the padding row of every
 * table; real ids are shifted by one). Per-word ids are cached: text repeats
 * words, and hashing is the hot path of featurization.
 */
export function featurize(
  sentences: readonly (readonly string[])[],
  specs: readonly FeatureSpec[],
  cache: Map<string, Int32Array> = new Map(),
  extra?: { width: number; row(word: string): ArrayLike<number> },
): { ids: Int32Array; maxLen: number } {
  const maxLen = sentences.reduce((m, s) => Math.max(m, s.length), 0);
  const h = specs.length;
  const f = h + (extra?.width ?? 0);
  const ids = new Int32Array(sentences.length * maxLen * f);
  sentences.forEach((words, b) => {
    words.forEach((w, t) => {
      let row = cache.get(w);
      if (!row) {
        row = new Int32Array(f);
        for (let k = 0; k < h; k++) row[k] = featureId(specs[k], w) + 1;
        // Columns computed elsewhere (e.g. lexical codes), appended after the hashed ones.
        if (extra) row.set(extra.row(w), h);
        if (cache.size < 200_000) cache.set(w, row);
      }
      ids.set(row, (b * maxLen + t) * f);
    });
  });
  return { ids, maxLen };
}
