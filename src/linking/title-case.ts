/**
 * Lines written in Title Case ("Miley Cyrus Has A 14-Year-Old Stalker", "Selig Welcomes Government Help In Steroids
 * Scandal"): headlines and titles capitalize every word, so a capital there says nothing of a name. Read by the
 * alias matcher and the linker's span rules.
 */
import type { Doc } from '../doc/doc.js';

/** Function words capitalized inside a sentence only in titles. */
export const TITLE_FUNCTION_WORDS = new Set(
  'The A An Of In On At To For With From By And Or But As Is Are Was Were Be Has Have Had Do Does Did Will Would Can Could May Might Must Should Shall About After Before Into Over Up Out Off Our Your My His Her Its Their It This That These Those Not No'.split(' '),
);

/**
 * The sentences written in Title Case ("Miley Cyrus Has A 14-Year-Old Stalker", "Deal With Netflix"):
 * after the first word, a function word in capitals and four in five words capitalized. Returns their
 * sentence numbers.
 */
export function titleCasedSentences(doc: Doc): Set<number> {
  const out = new Set<number>();
  for (let k = 0; k < doc.sentenceCount; k++) {
    let words = 0;
    let capitals = 0;
    let functionWord = false;
    for (let i = doc.sentStart[k] + 1; i < doc.sentEnd[k]; i++) {
      const t = doc.tokens[i];
      if (!/^\p{L}/u.test(t)) continue;
      words++;
      if (!/^\p{Lu}/u.test(t)) continue;
      capitals++;
      if (TITLE_FUNCTION_WORDS.has(t)) functionWord = true;
    }
    if (functionWord && words >= 3 && capitals * 5 >= words * 4) out.add(k);
  }
  return out;
}

/** The document's words that start in lower case: "government" there makes a capitalized "Government" a common word. */
export function lowerCaseWords(doc: Doc): Set<string> {
  return new Set(doc.tokens.filter((t) => /^\p{Ll}/u.test(t)));
}
