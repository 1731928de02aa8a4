/**
 * WordNet's morphological processing ("morphy"): undo an inflection by
 * consulting the exception list, then by detaching suffixes per part of
 * speech and keeping only results WordNet lists. Plus a last-resort guess
 * for inflected words WordNet does not know (brand names, new verbs).
 */
import type { WordNetPos } from './penn.js';
import type { WordNetLexicon } from './wordnet.js';

type SuffixRule = readonly [suffix: string, replacement: string];

/** The detachment rules of WordNet's morphy(7WN), in WordNet's order. */
const DETACHMENT_RULES: Record<WordNetPos, readonly SuffixRule[]> = {
  n: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

/** Whether lower-case `form` is lower-case `base` with one of morphy's regular suffixes for `pos` ("profits" of "profit"). */
export function isRegularInflection(form: string, base: string, pos: WordNetPos): boolean {
  for (const [suffix, replacement] of DETACHMENT_RULES[pos]) {
    const stem = form.length - suffix.length;
    if (stem > 0 && form.endsWith(suffix) && base.length === stem + replacement.length && base.startsWith(form.slice(0, stem)) && base.endsWith(replacement)) return true;
  }
  return false;
}

/**
 * Base forms of a lower-cased `form` under `pos`, most plausible first:
 * exception-list bases, then suffix-rule results WordNet lists (more often
 * sense-tagged lemmas first, WordNet's rule order breaking ties — so
 * "singing" gives "sing" before "singe"), then the form itself if listed.
 * Empty when WordNet knows no base.
 */
export function morphy(form: string, pos: WordNetPos, wordnet: WordNetLexicon): string[] {
  const out: string[] = [...wordnet.exceptions(form, pos)];
  const ruled: string[] = [];
  for (const [suffix, replacement] of DETACHMENT_RULES[pos]) {
    if (form.length <= suffix.length || !form.endsWith(suffix)) continue;
    const base = form.slice(0, form.length - suffix.length) + replacement;
    if (!ruled.includes(base) && wordnet.hasLemma(base, pos)) ruled.push(base);
  }
  // Array.prototype.sort is stable, so equal counts keep WordNet's rule order.
  ruled.sort((x, y) => wordnet.taggedSenseCount(y, pos) - wordnet.taggedSenseCount(x, pos));
  for (const base of ruled) if (!out.includes(base)) out.push(base);
  if (!out.includes(form) && wordnet.hasLemma(form, pos)) out.push(form);
  return out;
}

const VOWEL = /[aeiou]/;
/** A doubled final consonant, as in "stopp(ed)", "bigg(er)"; not "ll"/"ss"/"zz" words, which keep the double. */
const DOUBLED = /([bdgklmnprtvz])\1$/;

/**
 * A guess at the base of an inflected word WordNet does not know, by the
 * regular English spelling rules (no lexicon check). `form` is lower case;
 * `xpos` the Penn tag that says which inflection to undo.
 */
export function guessBase(form: string, xpos: string): string {
  switch (xpos) {
    case 'NNS':
    case 'NNPS':
    case 'VBZ':
      return guessSingular(form);
    case 'VBD':
    case 'VBN':
      if (form.endsWith('ied') && form.length > 4) return form.slice(0, -3) + 'y';
      if (form.endsWith('eed')) return form.slice(0, -1);
      if (form.endsWith('ed') && form.length > 3) return undouble(form.slice(0, -2));
      return form;
    case 'VBG':
      if (form.endsWith('ying') && form.length > 5) return form.slice(0, -4) + 'y';
      if (form.endsWith('ing') && form.length > 4 && VOWEL.test(form.slice(0, -3))) return undouble(form.slice(0, -3));
      return form;
    case 'JJR':
    case 'RBR':
      return guessPositive(form, 'er');
    case 'JJS':
    case 'RBS':
      return guessPositive(form, 'est');
    default:
      return form;
  }
}

function guessSingular(form: string): string {
  if (form.length <= 2 || !form.endsWith('s')) return form;
  if (form.endsWith("'s")) return form.slice(0, -2);
  if (/(ss|us|is)$/.test(form)) return form;
  if (form.endsWith('ies') && form.length > 4) return form.slice(0, -3) + 'y';
  if (/(ss|x|z|ch|sh)es$/.test(form)) return form.slice(0, -2);
  return form.slice(0, -1);
}

function guessPositive(form: string, suffix: 'er' | 'est'): string {
  if (!form.endsWith(suffix) || form.length <= suffix.length + 2) return form;
  const stem = form.slice(0, -suffix.length);
  if (stem.endsWith('i')) return stem.slice(0, -1) + 'y';
  return undouble(stem);
}

function undouble(stem: string): string {
  return DOUBLED.test(stem) ? stem.slice(0, -1) : stem;
}
