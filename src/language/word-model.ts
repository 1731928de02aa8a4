/**
 * The second opinion on franc for the languages textlens analyzes: a unigram
 * model of whole words. Each language's commonest words have a cost in bits
 * (common-words.ts); a text costs the sum over its words, and the cheapest
 * language is the model's answer. Function words ("the", "de", "und") carry
 * most of the weight, which is what franc's trigrams lack on one short
 * sentence and on text full of code.
 *
 * Two more tables help short news and rarer words: the commonest capitalized
 * words inside sentences ("Tuesday", "I'm", German nouns; names that no table
 * knows are skipped), and the character trigrams of each language's rarer
 * words, which tell the five apart on a word none of them knows ("iodine",
 * "deficiency"). The letters move only the ranking and the lead, never how
 * well the text fits the five at all (`plainCost`).
 */
import { WORD_TABLES } from './common-words.js';

/** The languages the word model knows, as ISO 639-3 codes (the same as franc's). */
export const WORD_MODEL_LANGUAGES: readonly string[] = Object.keys(WORD_TABLES);

export interface WordScores {
  /** The cheapest language and its lead over the second, in bits. */
  best: string;
  lead: number;
  /** Words scored (capitals only where a table knows them). */
  words: number;
  /** Of those, how many are in the best language's table. */
  known: number;
  /** The characters of the capitals the best language's table knows (one more each, for the space). */
  knownCapitalChars: number;
  /** Cost in bits per language, cheapest first. */
  costs: Array<[string, number]>;
  /**
   * The best language's cost without what unknown words' letters add or take: how well the text fits
   * it at all. The letters tell the five apart, not one of them from a sixth language, and against the
   * five's mean the best of them always gains.
   */
  plainCost: number;
  /** The cheapest language without the letters of unknown words: where it is not `best`, the letters decided. */
  plainBest: string;
}

interface CompiledTable {
  /** word → cost per language, in WORD_MODEL_LANGUAGES order (unseen where absent). */
  costs: Map<string, Float64Array>;
  unseen: Float64Array;
}

interface CompiledTables {
  words: CompiledTable;
  capitals: CompiledTable;
  trigrams: CompiledTable;
}

/**
 * How much an unknown word's letters move its cost: a share of the difference between its trigram
 * cost in a language and the mean over the five (trigram costs overlap, so their sum overstates the
 * evidence), at most SHAPE_MAX_BITS either way. Chosen on the dev sets (models/langid/MODEL_CARD.md).
 */
export const SHAPE_WEIGHT = 0.25;
export const SHAPE_MAX_BITS = 3;

/**
 * The character trigrams of a word, its start and end marked: "^go", "goe", "oes", "es$" (what the
 * build counts; addUnknownWord walks the same trigrams without making the list).
 */
export function wordTrigrams(word: string): string[] {
  const marked = `^${word}$`;
  const out: string[] = [];
  for (let i = 0; i + 3 <= marked.length; i++) out.push(marked.slice(i, i + 3));
  return out;
}

let compiled: CompiledTables | undefined;

function compile(table: (language: string) => { unseen: number; groups: string }): CompiledTable {
  const unseen = Float64Array.from(WORD_MODEL_LANGUAGES, (l) => table(l).unseen);
  const costs = new Map<string, Float64Array>();
  WORD_MODEL_LANGUAGES.forEach((language, i) => {
    for (const group of table(language).groups.split('|')) {
      const [cost, ...words] = group.split(' ');
      for (const w of words) {
        let row = costs.get(w);
        if (!row) costs.set(w, (row = Float64Array.from(unseen)));
        row[i] = Number(cost);
      }
    }
  });
  return { costs, unseen };
}

function tables(): CompiledTables {
  return (compiled ??= {
    words: compile((l) => ({ unseen: WORD_TABLES[l]!.unseen, groups: WORD_TABLES[l]!.words })),
    capitals: compile((l) => ({ unseen: WORD_TABLES[l]!.capitalsUnseen, groups: WORD_TABLES[l]!.capitals })),
    trigrams: compile((l) => ({ unseen: WORD_TABLES[l]!.trigramsUnseen, groups: WORD_TABLES[l]!.trigrams })),
  });
}

/**
 * Adds to `into` the cost of a word no table knows, per language: the table's cost of an unseen word,
 * moved by how much more (or less) its letters look like the language's rare words than like the five's.
 * `shape` is scratch space of one number per language (no allocation per word).
 */
function addUnknownWord(word: string, words: CompiledTable, trigrams: CompiledTable, into: Float64Array, shape: Float64Array): void {
  const n = shape.length;
  shape.fill(0);
  const marked = `^${word}$`;
  for (let j = 0; j + 3 <= marked.length; j++) {
    const row = trigrams.costs.get(marked.slice(j, j + 3)) ?? trigrams.unseen;
    for (let i = 0; i < n; i++) shape[i]! += row[i]!;
  }
  let mean = 0;
  for (let i = 0; i < n; i++) mean += shape[i]! / n;
  for (let i = 0; i < n; i++) into[i]! += words.unseen[i]! + Math.max(-SHAPE_MAX_BITS, Math.min(SHAPE_MAX_BITS, SHAPE_WEIGHT * (shape[i]! - mean)));
}

/**
 * Scores lower-cased words and capitalized words inside sentences (languageEvidence's `words` and
 * `capitals`); `undefined` when there is nothing to score. A capital counts only where some table
 * knows it: most are names, which an unseen cost would only add noise to.
 */
export function scoreWords(words: readonly string[], capitals: readonly string[] = []): WordScores | undefined {
  const { words: wordTable, capitals: capitalTable, trigrams } = tables();
  const total = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const known = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  const plain = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const scratch = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const capitalChars = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  let scored = 0;
  const add = (row: Float64Array, unseen: Float64Array): void => {
    scored++;
    for (let i = 0; i < total.length; i++) {
      total[i]! += row[i]!;
      plain[i]! += row[i]!;
      if (row[i]! < unseen[i]!) known[i]!++;
    }
  };
  for (const w of words) {
    const row = wordTable.costs.get(w);
    if (row) add(row, wordTable.unseen);
    else {
      // Known in no table: its letters are all there is to go by.
      scored++;
      addUnknownWord(w, wordTable, trigrams, total, scratch);
      for (let i = 0; i < total.length; i++) plain[i]! += wordTable.unseen[i]!;
    }
  }
  for (const c of capitals) {
    const row = capitalTable.costs.get(c);
    if (!row) continue;
    add(row, capitalTable.unseen);
    for (let i = 0; i < total.length; i++) if (row[i]! < capitalTable.unseen[i]!) capitalChars[i]! += c.length + 1;
  }
  if (scored === 0) return undefined;
  const ranked = WORD_MODEL_LANGUAGES.map((l, i): [string, number, number] => [l, total[i]!, i]).sort((a, b) => a[1] - b[1]);
  const [first, second] = ranked;
  return {
    best: first![0],
    lead: second ? second[1] - first![1] : Infinity,
    words: scored,
    known: known[first![2]]!,
    knownCapitalChars: capitalChars[first![2]]!,
    costs: ranked.map(([l, c]) => [l, c]),
    plainCost: plain[first![2]]!,
    plainBest: WORD_MODEL_LANGUAGES[plain.reduce((best, c, i) => (c < plain[best]! ? i : best), 0)]!,
  };
}
