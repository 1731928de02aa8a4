/**
 * Lemmas for a language pack's words, from its table `models/<code>/lemmas.json.gz`
 * (training/tagger-ud/lemmas.py builds it from the language's UD training data):
 *
 * 1. the (lower-cased form, UPOS) pairs seen in training, most frequent lemma
 *    (an empty string: the form is its own lemma);
 * 2. for open-class words not seen so, the longest form ending (up to
 *    `maxSuffix` characters) with a rewrite rule for the UPOS;
 * 3. else the lower-cased form. A proper noun is its own lemma, case kept.
 */

export interface LemmaTable {
  /** UPOS → lower-cased form → lemma ('' = the form itself). */
  forms: Record<string, Record<string, string>>;
  /** UPOS → form ending → [characters to strip, text to add]. */
  suffixes: Record<string, Record<string, [number, string]>>;
  maxSuffix: number;
}

/** Word classes whose unseen forms get suffix rules (closed classes are listed in full by the treebanks). */
const OPEN_CLASSES: ReadonlySet<string> = new Set(['NOUN', 'VERB', 'ADJ', 'AUX', 'ADV']);

export function lemmatize(table: LemmaTable, form: string, upos: string): string {
  if (upos === 'PROPN') return form;
  const low = form.toLowerCase();
  const seen = table.forms[upos]?.[low];
  if (seen !== undefined) return seen || low;
  const rules = table.suffixes[upos];
  if (rules && OPEN_CLASSES.has(upos)) {
    for (let n = Math.min(table.maxSuffix, low.length - 1); n > 0; n--) {
      const rule = rules[low.slice(-n)];
      if (rule) return low.slice(0, low.length - rule[0]) + rule[1];
    }
  }
  return low;
}
