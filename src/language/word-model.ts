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
 *
 * A larger vocabulary per language, without costs (English: 8,000 more words
 * of EWT and SemCor's Brown text), says which of the rarer words are words of
 * the language at all: such a word counts as known ("weaken", "deficiency",
 * "governments") for the reliability rules of detect.ts and saves a little in
 * the fit (`fit`), but it never moves the ranking: the vocabularies differ in
 * size between the languages.
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
  /** Of those, how many are in the best language's table or its vocabulary. */
  known: number;
  /** Of the known, how many only its vocabulary knows. */
  vocabulary: number;
  /**
   * How much cheaper the text is in the best language than in "some other language" at
   * OTHER_LANGUAGE_BITS_PER_WORD a word, in bits, without the letters of unknown words: a word the
   * language knows never counts against it (a rare word of its table costs no more than the other
   * language's word; one only its vocabulary knows saves VOCABULARY_FIT_BITS), an unknown word costs
   * the table's unseen cost.
   */
  fit: number;
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
  /** word → the languages whose vocabulary holds it, one bit each in WORD_MODEL_LANGUAGES order. */
  vocabulary: Map<string, number>;
}

/**
 * How much an unknown word's letters move its cost: a share of the difference between its trigram
 * cost in a language and the mean over the five (trigram costs overlap, so their sum overstates the
 * evidence), at most SHAPE_MAX_BITS either way. Chosen on the dev sets (models/langid/MODEL_CARD.md).
 */
export const SHAPE_WEIGHT = 0.25;
/** What a word of "some other language" costs, in bits: the yardstick of `fit` (detect.ts's THRESHOLDS). */
export const OTHER_LANGUAGE_BITS_PER_WORD = 13.5;
/**
 * What a word only the vocabulary knows saves in `fit`: being one of the 8,000 words of a language is
 * some evidence for it, if weak (2 bits made Dutch and Polish man page paragraphs with a few English
 * words reliably English on the dev sets; 1 did not).
 */
export const VOCABULARY_FIT_BITS = 1;
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
    vocabulary: compileVocabulary(),
  });
}

function compileVocabulary(): Map<string, number> {
  const out = new Map<string, number>();
  WORD_MODEL_LANGUAGES.forEach((language, i) => {
    const list = WORD_TABLES[language]!.vocabulary;
    if (list) for (const w of list.split(' ')) out.set(w, (out.get(w) ?? 0) | (1 << i));
  });
  return out;
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
  const { words: wordTable, capitals: capitalTable, trigrams, vocabulary } = tables();
  const total = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const known = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  const inVocabulary = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  const plain = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const fit = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const scratch = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const capitalChars = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  let scored = 0;
  const add = (row: Float64Array, unseen: Float64Array): void => {
    scored++;
    for (let i = 0; i < total.length; i++) {
      total[i]! += row[i]!;
      plain[i]! += row[i]!;
      if (row[i]! < unseen[i]!) {
        known[i]!++;
        fit[i]! += Math.max(0, OTHER_LANGUAGE_BITS_PER_WORD - row[i]!);
      } else fit[i]! += OTHER_LANGUAGE_BITS_PER_WORD - row[i]!;
    }
  };
  for (const w of words) {
    const row = wordTable.costs.get(w);
    if (row) add(row, wordTable.unseen);
    else {
      // Known in no table: its letters are all there is to go by.
      scored++;
      addUnknownWord(w, wordTable, trigrams, total, scratch);
      const languages = vocabulary.get(w) ?? 0;
      for (let i = 0; i < total.length; i++) {
        plain[i]! += wordTable.unseen[i]!;
        if (languages & (1 << i)) {
          known[i]!++;
          inVocabulary[i]!++;
          fit[i]! += VOCABULARY_FIT_BITS;
        } else fit[i]! += OTHER_LANGUAGE_BITS_PER_WORD - wordTable.unseen[i]!;
      }
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
    vocabulary: inVocabulary[first![2]]!,
    knownCapitalChars: capitalChars[first![2]]!,
    costs: ranked.map(([l, c]) => [l, c]),
    plainCost: plain[first![2]]!,
    fit: fit[first![2]]!,
    plainBest: WORD_MODEL_LANGUAGES[plain.reduce((best, c, i) => (c < plain[best]! ? i : best), 0)]!,
  };
}
