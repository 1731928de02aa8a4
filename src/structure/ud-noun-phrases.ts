/**
 * Base noun phrases read off a Universal Dependencies tree in any language:
 * the `phrases` extractor for the language packs (French, Spanish,
 * Portuguese, German), whose parsers give UD trees but which have no
 * chunking treebank to train on.
 *
 * Definition: a phrase is a nominal head (noun, proper noun, pronoun, or a
 * number that is no noun's modifier) with the words that hang on it by the
 * relations UD gives a noun's own modifiers — determiners (and possessive
 * determiners), numerals, adjectives on either side ("le chat noir", "der
 * große Hund"), compounds, the parts of a flat name and fixed expressions —
 * and the degree adverbs of those adjectives ("une très grande maison"). As
 * in CoNLL-2000's base phrases, prepositional and genitive modifiers,
 * relative clauses, appositions and conjuncts are phrases of their own, and
 * a phrase is contiguous: a modifier cut off from its head by a word the
 * phrase does not take stays out.
 *
 * Nothing here is language-specific: only UPOS and universal relations
 * (subtypes such as `det:poss` or `flat:name` count as their base). How far
 * this holds up per language is measured by `textlens eval ud` (the `NPs`
 * row: the phrases of the system's tree against those of the gold tree).
 */
import type { PhraseSpan } from '../doc/layers.js';

/** The layers the walk reads, indexed by token of the doc (heads as doc indexes, -1 at a root). */
export interface UdTree {
  readonly upos: readonly string[];
  readonly head: ArrayLike<number>;
  readonly deprel: readonly string[];
}

const NOMINAL_HEADS = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/** Relations (universal part) by which a word joins its nominal head's phrase. */
const NOUN_MODIFIERS = new Set(['det', 'nummod', 'amod', 'compound', 'flat', 'fixed', 'goeswith']);

/** Relations by which a word joins the phrase of a modifier already in it (degree words, multiword parts). */
const MODIFIER_MODIFIERS = new Set(['advmod', 'fixed', 'flat', 'compound', 'goeswith']);

function universal(deprel: string): string {
  const colon = deprel.indexOf(':');
  return colon < 0 ? deprel : deprel.slice(0, colon);
}

/** The noun phrases of the sentence over tokens [first, last), in order. */
export function udNounPhrases(t: UdTree, first: number, last: number): PhraseSpan[] {
  const n = last - first;
  if (n <= 0) return [];
  // owner[k]: the nominal head whose phrase word first+k belongs to; -1 when none, -2 not yet known.
  const owner = new Int32Array(n).fill(-2);
  // Heads come before what hangs on them only by chance: resolve each word by climbing (the tree is shallow).
  const resolve = (i: number, depth: number): number => {
    const k = i - first;
    if (owner[k] !== -2) return owner[k];
    if (depth > n) return -1; // a cycle in a malformed tree
    const h = t.head[i];
    const inSentence = h >= first && h < last;
    const r = universal(t.deprel[i]);
    let o = -1;
    if (inSentence && NOUN_MODIFIERS.has(r) && NOMINAL_HEADS.has(t.upos[h])) {
      o = resolve(h, depth + 1);
    } else if (inSentence && MODIFIER_MODIFIERS.has(r) && !NOMINAL_HEADS.has(t.upos[h])) {
      // A degree adverb of an adjective (or a numeral's part) that is itself in a phrase.
      o = resolve(h, depth + 1);
    } else if (NOMINAL_HEADS.has(t.upos[i]) && !(r === 'nummod' || r === 'flat' || r === 'fixed' || r === 'compound' || r === 'goeswith')) {
      o = i;
    }
    owner[k] = o;
    return o;
  };
  for (let i = first; i < last; i++) resolve(i, 0);

  const out: PhraseSpan[] = [];
  for (let i = first; i < last; i++) {
    if (owner[i - first] !== i) continue;
    let start = i;
    while (start - 1 >= first && owner[start - 1 - first] === i) start--;
    let end = i + 1;
    while (end < last && owner[end - first] === i) end++;
    out.push({ start, end, head: i });
  }
  return out;
}
