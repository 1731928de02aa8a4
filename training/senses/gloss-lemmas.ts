/**
 * The content lemmas of a WordNet gloss, as the sense model's pseudo-counts
 * and the word vectors' corpus both read them (one definition, so that the
 * two agree on what a gloss word is).
 */
import type { Lexicon } from '../../src/lexicon/lexicon.js';
import { WORDNET_POS, type WordNetPos } from '../../src/lexicon/penn.js';
import { STOPWORDS } from '../../src/linking/stopwords.js';

const WORD = /[A-Za-z][A-Za-z'-]*/g;

/** Content lemmas of a gloss: lower case, no stopwords, mapped to a WordNet base form where morphy finds one. */
export function glossLemmas(text: string, lexicon: Lexicon): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (w.length < 2 || STOPWORDS.has(w)) continue;
    let base = w;
    for (const pos of WORDNET_POS) {
      const bases = lexicon.morphy(w, pos as WordNetPos);
      if (bases.length > 0) {
        base = bases[0];
        break;
      }
    }
    if (!STOPWORDS.has(base)) out.push(base);
  }
  return out;
}
