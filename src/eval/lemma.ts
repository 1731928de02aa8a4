/**
 * Lemma accuracy against a CoNLL-U treebank, with the treebank's own (gold)
 * XPOS tags: measures the lemmatizer alone, not the tagger in front of it.
 *
 *   evalLemmas(conlluText, lexicon) → { accuracy, total, errors }
 *
 * Scored over syntactic words (ID n); multi-word token lines and empty nodes
 * are skipped. A lemma counts as right only if it equals the gold lemma
 * exactly (case included), as in the CoNLL 2018 shared task.
 */
import { parseConllu } from './conllu.js';

/** Anything that lemmatizes a word given its Penn tag (the Lexicon does). */
export interface WordLemmatizer {
  lemmatize(word: string, xpos: string): string;
}

/** A class of error: form, gold xpos, gold lemma, predicted lemma, and how often it occurred. */
export type LemmaError = [form: string, xpos: string, gold: string, predicted: string, count: number];

export interface LemmaEvaluation {
  accuracy: number;
  total: number;
  correct: number;
  /** Distinct errors, most frequent first. */
  errors: LemmaError[];
}

export interface LemmaEvalOptions {
  /** Score only the first this many sentences. */
  maxSentences?: number;
}

export function evalLemmas(conlluText: string, lexicon: WordLemmatizer, options: LemmaEvalOptions = {}): LemmaEvaluation {
  const sentences = parseConllu(conlluText).slice(0, options.maxSentences ?? Infinity);
  let total = 0;
  let correct = 0;
  const errors = new Map<string, LemmaError>();
  for (const sentence of sentences) {
    for (const word of sentence.words) {
      total++;
      const predicted = lexicon.lemmatize(word.form, word.xpos);
      if (predicted === word.lemma) {
        correct++;
        continue;
      }
      const key = `${word.form}\t${word.xpos}\t${word.lemma}\t${predicted}`;
      const seen = errors.get(key);
      if (seen) seen[4]++;
      else errors.set(key, [word.form, word.xpos, word.lemma, predicted, 1]);
    }
  }
  const sorted = [...errors.values()].sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]));
  return { accuracy: total === 0 ? 0 : correct / total, total, correct, errors: sorted };
}
