/**
 * Inputs of the NER model for one document: hashed token features (with the
 * vocabulary features `form`/`norm` zeroed for words unseen in training) and
 * dense features from document context and the training gazetteer.
 *
 * Twin of training/ner/dense.py and training/ner/train.py's Featurizer; the
 * parity fixture (test/fixtures/ner/parity.json) checks both sides agree.
 *
 * Dense vector per token (0/1):
 *   0       sentence has an upper-case letter and no lower-case one (headline)
 *   1       token starts upper case and occurs in the doc all lower case
 *   2       lower-cased token occurs title-cased at a sentence position > 0
 *   3..6    exact token was part of a training entity of type PER, LOC, ORG, MISC
 *   7..14   exact-case longest phrase match: inside × type, begins × type
 *   15..22  lower-cased longest phrase match: inside × type, begins × type
 */
import { featureId, norm, type FeatureSpec } from '../models/features.js';

/** models/ner/lexicon.json */
export interface NerLexicon {
  /** Word forms seen in training (the `form` feature is 0 for others). */
  form: string[];
  /** Normalized forms seen in training (the `norm` feature is 0 for others). */
  norm: string[];
  /** Token → bit mask of entity types it was part of (bit i = TYPES[i]). */
  tokens: Record<string, number>;
  /** Entity phrase (tokens joined by one space) → type mask. */
  exact: Record<string, number>;
  /** Lower-cased entity phrase → type mask. */
  lower: Record<string, number>;
}

/** The gazetteer as Maps (plain-object lookups would find "constructor"). */
export interface NerGazetteer {
  tokens: ReadonlyMap<string, number>;
  exact: PhraseTable;
  lower: PhraseTable;
}

/**
 * Phrases with, per first word, the longest phrase starting with it: most
 * tokens start no phrase, so matching costs one lookup for them instead of
 * building eight candidate strings.
 */
export interface PhraseTable {
  phrases: ReadonlyMap<string, number>;
  longestFrom: ReadonlyMap<string, number>;
}

function phraseTable(entries: Record<string, number>): PhraseTable {
  const phrases = new Map(Object.entries(entries));
  const longestFrom = new Map<string, number>();
  for (const p of phrases.keys()) {
    const words = p.split(' ');
    longestFrom.set(words[0], Math.max(longestFrom.get(words[0]) ?? 0, words.length));
  }
  return { phrases, longestFrom };
}

export function compileGazetteer(lexicon: NerLexicon): NerGazetteer {
  return {
    tokens: new Map(Object.entries(lexicon.tokens)),
    exact: phraseTable(lexicon.exact),
    lower: phraseTable(lexicon.lower),
  };
}

export const GAZETTEER_TYPES = ['PER', 'LOC', 'ORG', 'MISC'] as const;

const HAS_UPPER = /\p{Lu}/u;
const HAS_LOWER = /\p{Ll}/u;

function firstIsUpper(w: string): boolean {
  const cp = w.codePointAt(0);
  return cp !== undefined && HAS_UPPER.test(String.fromCodePoint(cp));
}

/** Turns words into the model's int32 id rows, caching per word form. */
export class NerFeaturizer {
  readonly width: number;
  private readonly formVocab: Set<string>;
  private readonly normVocab: Set<string>;
  private readonly formCol: number;
  private readonly normCol: number;
  private readonly cache = new Map<string, Int32Array>();

  constructor(
    private readonly specs: readonly FeatureSpec[],
    lexicon: NerLexicon,
  ) {
    this.width = specs.length;
    this.formVocab = new Set(lexicon.form);
    this.normVocab = new Set(lexicon.norm);
    this.formCol = specs.findIndex((s) => s.name === 'form');
    this.normCol = specs.findIndex((s) => s.name === 'norm');
  }

  row(word: string): Int32Array {
    let r = this.cache.get(word);
    if (r) return r;
    r = new Int32Array(this.width);
    for (let k = 0; k < this.width; k++) r[k] = featureId(this.specs[k], word) + 1;
    if (this.formCol >= 0 && !this.formVocab.has(word)) r[this.formCol] = 0;
    if (this.normCol >= 0 && !this.normVocab.has(norm(word))) r[this.normCol] = 0;
    if (this.cache.size < 200_000) this.cache.set(word, r);
    return r;
  }
}

export const DENSE_DIM = 23;
const MAX_PHRASE = 8;

function matchPhrases(
  words: readonly string[],
  table: PhraseTable,
  lowercase: boolean,
  out: Float32Array,
  offset: number,
  dim: number,
  base: number,
): void {
  const keys = lowercase ? words.map((w) => w.toLowerCase()) : words;
  const n = keys.length;
  let i = 0;
  while (i < n) {
    let found = 0;
    let mask = 0;
    const longest = table.longestFrom.get(keys[i]) ?? 0;
    for (let k = Math.min(MAX_PHRASE, n - i, longest); k > 0; k--) {
      const m = k === 1 ? table.phrases.get(keys[i]) : table.phrases.get(keys.slice(i, i + k).join(' '));
      if (m) {
        found = k;
        mask = m;
        break;
      }
    }
    if (!found) {
      i++;
      continue;
    }
    for (let t = 0; t < 4; t++) {
      if (!(mask & (1 << t))) continue;
      out[(offset + i) * dim + base + 4 + t] = 1;
      for (let j = i; j < i + found; j++) out[(offset + j) * dim + base + t] = 1;
    }
    i += found;
  }
}

/**
 * Dense features of a document's sentences, written into `out` at the given
 * token offsets (row-major, `dim` floats per token slot: DENSE_DIM, or more
 * for a model that declares columns of its own after these, ner-nouns.ts).
 */
export function denseFeatures(
  sentences: readonly (readonly string[])[],
  gazetteer: NerGazetteer,
  out: Float32Array,
  offsets: readonly number[],
  dim: number = DENSE_DIM,
): void {
  const lowerForms = new Set<string>();
  const titleForms = new Set<string>();
  for (const words of sentences) {
    words.forEach((w, i) => {
      if (!HAS_UPPER.test(w) && HAS_LOWER.test(w)) lowerForms.add(w);
      if (i > 0 && firstIsUpper(w) && HAS_LOWER.test(w)) titleForms.add(w.toLowerCase());
    });
  }
  const D = dim;
  sentences.forEach((words, s) => {
    const off = offsets[s];
    const caps = words.some((w) => HAS_UPPER.test(w)) && !words.some((w) => HAS_LOWER.test(w));
    words.forEach((w, i) => {
      const at = (off + i) * D;
      if (caps) out[at] = 1;
      const lw = w.toLowerCase();
      if (firstIsUpper(w) && lowerForms.has(lw)) out[at + 1] = 1;
      if (titleForms.has(lw)) out[at + 2] = 1;
      const m = gazetteer.tokens.get(w) ?? 0;
      for (let t = 0; t < 4; t++) if (m & (1 << t)) out[at + 3 + t] = 1;
    });
    matchPhrases(words, gazetteer.exact, false, out, off, D, 7);
    matchPhrases(words, gazetteer.lower, true, out, off, D, 15);
  });
}
