/**
 * The second opinion on franc for the languages textlens analyzes: a unigram
 * model of whole words. Each language's commonest words have a cost in bits
 * (common-words.ts); a text costs the sum over its words, and the cheapest
 * language is the model's answer. Function words ("the", "de", "und") carry
 * most of the weight, which is what franc's trigrams lack on one short
 * sentence and on text full of code.
 */
import { WORD_TABLES } from './common-words.js';

/** The languages the word model knows, as ISO 639-3 codes (the same as franc's). */
export const WORD_MODEL_LANGUAGES: readonly string[] = Object.keys(WORD_TABLES);

export interface WordScores {
  /** The cheapest language and its lead over the second, in bits. */
  best: string;
  lead: number;
  /** Words looked up. */
  words: number;
  /** Of those, how many are in the best language's table. */
  known: number;
  /** Cost in bits per language, cheapest first. */
  costs: Array<[string, number]>;
}

interface CompiledTables {
  /** word → cost per language, in WORD_MODEL_LANGUAGES order (unseen where absent). */
  costs: Map<string, Float64Array>;
  unseen: Float64Array;
}

let compiled: CompiledTables | undefined;

function tables(): CompiledTables {
  if (compiled) return compiled;
  const unseen = Float64Array.from(WORD_MODEL_LANGUAGES, (l) => WORD_TABLES[l]!.unseen);
  const costs = new Map<string, Float64Array>();
  WORD_MODEL_LANGUAGES.forEach((language, i) => {
    for (const group of WORD_TABLES[language]!.words.split('|')) {
      const [cost, ...words] = group.split(' ');
      for (const w of words) {
        let row = costs.get(w);
        if (!row) costs.set(w, (row = Float64Array.from(unseen)));
        row[i] = Number(cost);
      }
    }
  });
  return (compiled = { costs, unseen });
}

/** Scores lower-cased words (languageEvidence's `words`); `undefined` when there are none. */
export function scoreWords(words: readonly string[]): WordScores | undefined {
  if (words.length === 0) return undefined;
  const { costs, unseen } = tables();
  const total = new Float64Array(WORD_MODEL_LANGUAGES.length);
  const known = new Uint32Array(WORD_MODEL_LANGUAGES.length);
  for (const w of words) {
    const row = costs.get(w) ?? unseen;
    for (let i = 0; i < total.length; i++) {
      total[i]! += row[i]!;
      if (row[i]! < unseen[i]!) known[i]!++;
    }
  }
  const ranked = WORD_MODEL_LANGUAGES.map((l, i): [string, number, number] => [l, total[i]!, known[i]!]).sort((a, b) => a[1] - b[1]);
  const [first, second] = ranked;
  return {
    best: first![0],
    lead: second ? second[1] - first![1] : Infinity,
    words: words.length,
    known: first![2],
    costs: ranked.map(([l, c]) => [l, c]),
  };
}
