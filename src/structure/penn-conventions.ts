/**
 * The Penn Treebank's bracketing conventions for base noun phrases that no
 * single tree relation decides, applied to phrases after the walk of
 * noun-phrases.ts (or after the trained chunker): ranges, amounts after a
 * possessive, names the parser split, "as much as", "[operating profit]",
 * dates, rates, place descriptions … one function per convention, run in
 * the order `pennConventions` gives. Tuned on CoNLL-2000 sentences 1–7,936.
 * Also the few word tests the walk shares with them.
 */
import { lowerCase } from '../lexicon/lower-case.js';
import type { PhraseSpan } from '../doc/layers.js';
import type { TreeLayers } from './tree-layers.js';

export const NOMINAL_UPOS = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

export const CORE_ARGUMENTS = new Set(['nsubj', 'nsubj:pass', 'obj', 'iobj']);

// Patterns as module constants: a regular-expression literal inside a function makes a new RegExp object each
// time it is evaluated (~60 bytes per test on a hot path), a constant does not. None is global or sticky, so a
// shared one keeps no state between tests.
const NOT_WORD = /^not$/i;

const DIGITS = /^\d+$/;

const PLACE_BASED = /^[A-Z][a-z]*\.-based$/;

const ENDS_IN_S = /s$/i;

const DIRECTION_WORD = /^(up|down|off)$/i;

const CHANGE_BEFORE_RANGE = /^(up|down|off|from|by|into)$/i;

const AND_OR = /^(and|or)$/;

const ABBREVIATION_END = /\.[A-Za-z]$/;

const INITIAL_WITH_PERIOD = /^[A-Z]\.$/;

const CLOCK_SUFFIX = /^[ap]\.m\.?$/i;

export const LEAST_OR_MOST = /^(least|most)$/i;

/** Word classes after "or more" that it could compare ("or more money"). */
const COMPARABLE_UPOS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'ADV']);

/** Whether a word starts with a capital A–Z (as /^[A-Z]/ tests, without a RegExp object). */
function isCapitalised(w: string): boolean {
  const c = w.charCodeAt(0);
  return c >= 65 && c <= 90;
}

/** Whether a word starts with a small a–z (as /^[a-z]/). */
function isLowerInitial(w: string): boolean {
  const c = w.charCodeAt(0);
  return c >= 97 && c <= 122;
}

/**
 * The Penn Treebank's bracketing conventions that no single tree relation
 * decides, applied to phrases in order (the walk's, or the trained
 * chunker's, which learns from EWT where most of them are rare): the
 * possessive starts the possessed phrase, dates, rates and a relative
 * "which" split off, names, ranges and place descriptions join, a
 * comparison bounding an amount is taken in, and so on (one function per
 * convention below).
 */
export function pennConventions(t: TreeLayers, phrases: PhraseSpan[], first: number, last: number): PhraseSpan[] {
  // in this order: each pass sees the phrases the passes before it made
  let p = attachPossessiveMarkers(t, phrases, first, last);
  p = joinPlaceDescriptions(t, joinSplitNames(t, splitRuns(t, p)));
  p = addOfCourse(t, dropAdverbialIdioms(t, p, first), first, last);
  p = attachComparisons(t, trimDirections(t, p), first);
  p = joinRanges(t, attachTitleGeneral(t, p, last), first, last);
  p = attachLeadingNot(t, joinMixedNumbers(t, p, first, last), first);
  p = attachParticiples(t, attachGradingAdverbs(t, p, first), first);
  p = joinAdjacentNames(t, joinSharedHeadCoordinations(t, splitCompoundCoordinations(t, joinDeterminedPercentages(t, p, first))));
  p = joinTitledNamePairs(t, p);
  return attachOpeningWords(t, attachApproximateTails(t, p, last), first);
}

/**
 * "[the attorney general]", "[the surgeon general]": "general" after the
 * noun it follows is part of the title, whether the parser called it an
 * adjective of the noun or of something else.
 */
function attachTitleGeneral(t: TreeLayers, phrases: PhraseSpan[], last: number): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const g = p.end;
    if (g >= last || t.tokens[g] !== 'general' || t.upos[p.end - 1] !== 'NOUN') continue;
    if (t.upos[g] === 'ADJ' && (k + 1 >= phrases.length || phrases[k + 1].start > g)) phrases[k] = { start: p.start, end: g + 1, head: p.head };
    // "[the attorney] [general] ['s office]": a phrase of "general" alone, which a possessive made, joins too
    else if (k + 1 < phrases.length && phrases[k + 1].start === g && phrases[k + 1].end === g + 1) phrases.splice(k, 2, { start: p.start, end: g + 1, head: p.head });
  }
  return phrases;
}

/** The end of an amount starting at k: "$"/"#" then numbers, or numbers (then "%"); k when there is none. */
function amountEnd(t: TreeLayers, k: number, last: number): number {
  let j = k < last && (t.xpos[k] === '$' || t.xpos[k] === '#') ? k + 1 : k;
  const digits = j;
  while (j < last && t.upos[j] === 'NUM') j++;
  if (j === digits) return k;
  return j < last && t.tokens[j] === '%' ? j + 1 : j;
}

/** Words before a range that make its first amount a change or a start, not a bound: "rose 5 to 10", "from 5 to 10". */
const NOT_RANGE_BEFORE = /^(up|down|off|from|by|to|into|rose|fell|gained|lost|added|jumped|climbed|dropped|slipped|declined|advanced|eased|increased|decreased|surged|tumbled|was|were|is|are)$/i;

/**
 * "[six to nine months]", "[$ 35.50 to $ 36.50]", "[15 % to 20 %]": an
 * amount, "to" and an amount bound one quantity, a single phrase in the
 * Penn Treebank with the noun they count — unless the words before make
 * the first amount a change or a start ("gained [100] to [7,580]").
 */
function joinRanges(t: TreeLayers, phrases: PhraseSpan[], first: number, last: number): PhraseSpan[] {
  let out = phrases;
  for (let a = first; a < last; a++) {
    if (t.upos[a] !== 'NUM' && t.xpos[a] !== '$' && t.xpos[a] !== '#') continue; // the cheap test first: most words start no amount
    const e = amountEnd(t, a, last);
    if (e === a || e >= last - 1 || t.tokens[e] !== 'to') continue;
    const e2 = amountEnd(t, e + 1, last);
    // Rates join only as a range of two rates inside a sentence ("[15 % to 20 %]"); the money-rate tables
    // list each apart ("CALL MONEY : [9 3/4 %] to [10 %]"), after a colon or a comma.
    if (e2 === e + 1 || (t.tokens[e2 - 1] === '%' && (t.tokens[e - 1] !== '%' || a === first || t.upos[a - 1] === 'PUNCT'))) continue;
    if (a > first && (NOT_RANGE_BEFORE.test(t.tokens[a - 1]) || t.upos[a - 1] === 'NUM' || t.upos[a - 1] === 'VERB' || t.upos[a - 1] === 'AUX')) continue;
    // the range runs on through the phrase its second amount opens or sits in
    let end = e2;
    for (const p of out) if ((p.start <= e2 - 1 && p.end > e2 - 1) || (p.start === e2 && t.upos[e2] === 'NOUN')) end = Math.max(end, p.end);
    // the range starts where the phrase of its first amount does when only adverbs come before the amount
    // there ("[only about 8 % to 10 %]"), and the word before that phrase must allow a range as above
    let start = a;
    if (a > first && t.upos[a - 1] === 'ADV') {
      for (const p of out) if (p.start < a && p.end > a && p.end <= e) start = p.start;
      for (let j = start; j < a; j++) if (t.upos[j] !== 'ADV') start = a;
      if (start < a && start > first && (NOT_RANGE_BEFORE.test(t.tokens[start - 1]) || t.upos[start - 1] === 'VERB' || t.upos[start - 1] === 'AUX')) continue;
    }
    const joined = joinedRange(out, start, end);
    if (joined === undefined) continue; // a phrase already runs into the range from the left
    out = joined;
    a = end - 1;
  }
  return out;
}

/**
 * The phrases with those that overlap [start, end) replaced by one phrase over it (headed by the last of
 * them), or undefined when one of them starts before `start`. (A function of its own: closures over the
 * range inside joinRanges' loop would make every word's iteration allocate their context.)
 */
function joinedRange(phrases: readonly PhraseSpan[], start: number, end: number): PhraseSpan[] | undefined {
  const kept = phrases.filter((p) => p.end <= start || p.start >= end);
  const inside = phrases.filter((p) => !(p.end <= start || p.start >= end));
  if (inside.some((p) => p.start < start)) return undefined;
  const head = inside.length > 0 ? inside[inside.length - 1].head : end - 1;
  return [...kept, { start, end, head }].sort((x, y) => x.start - y.start);
}

/** "[Not a peso] is offered", "[Not everyone] believes": a sentence-opening "not" belongs to the subject it negates, and "not" before "every"/"all" to the phrase it opens anywhere. */
function attachLeadingNot(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const n = p.start - 1;
    if (n < first || (k > 0 && phrases[k - 1].end > n) || !NOT_WORD.test(t.tokens[n])) continue;
    if ((n === first && t.upos[p.start] !== 'PRON') || EVERY.test(t.tokens[p.start])) phrases[k] = { start: n, end: p.end, head: p.head };
  }
  return phrases;
}

/** Adverbs that grade the phrase they stand before, and the words that phrase must open with: "[earlier this month]", "[late last week]", "[far more energy]", "[nearly all]", "[only about 20 cases]". */
const GRADING_ADVERBS: ReadonlyMap<string, RegExp> = new Map([
  ['earlier', /^(this|last|next)$/i],
  ['early', /^(this|last|next)$/i],
  ['late', /^(this|last|next)$/i],
  ['later', /^(this|last|next)$/i],
  ['far', /^(more|fewer|less)$/i],
  ['much', /^(more|fewer|less)$/i],
  ['only', /^about$/i],
  ['just', /^about$/i],
  ['nearly', /^all$/i],
  ['almost', /^all$/i],
  ['so', /^(many|much|few)$/i],
]);

/** Takes a grading adverb (GRADING_ADVERBS) into the phrase after it; "more" etc. only when a noun follows in the phrase. */
function attachGradingAdverbs(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const a = p.start - 1;
    if (a < first || (k > 0 && phrases[k - 1].end > a)) continue;
    const w = t.tokens[a];
    const opens = GRADING_ADVERBS.get(w) ?? (w.charCodeAt(0) < 97 ? GRADING_ADVERBS.get(w.toLowerCase()) : undefined); // lower-case only capitalised words
    if (opens === undefined || !opens.test(t.tokens[p.start]) || (p.end - p.start < 2 && MORE_OR_LESS.test(t.tokens[p.start]))) continue;
    phrases[k] = { start: a, end: p.end, head: p.head };
  }
  return phrases;
}

/** Universal quantifiers "not" negates inside their phrase wherever it stands ("saw that [not every company] …"). */
const EVERY = /^(every|everyone|everybody|everything|all)$/i;

/**
 * "[a 7 % annual rise]", "[the 0.3 % month-to-month rise]": a determiner the
 * parser left before a percentage, the percentage and the noun it grades.
 */
function joinDeterminedPercentages(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  // in place: phrases[0 .. w) are the output so far (w never passes k, so no phrase is overwritten before it is read)
  let w = 0;
  for (let k = 0; k < phrases.length; k++) {
    const q = phrases[k];
    const p = k + 1 < phrases.length ? phrases[k + 1] : undefined;
    const d = q.start - 1;
    const free = d >= first && (w === 0 || phrases[w - 1].end <= d);
    if (p !== undefined && free && p.start === q.end && t.upos[d] === 'DET' && isPercentage(t, q) && (t.upos[p.start] === 'ADJ' || t.upos[p.start] === 'NOUN')) {
      phrases[w++] = { start: d, end: p.end, head: p.head };
      k++;
    } else phrases[w++] = q;
  }
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

/** -ing words that in business text modify the noun after them far more often than they take it as an object. */
const MODIFYING_PARTICIPLES = new Set(['operating', 'managing', 'leading', 'existing', 'underlying', 'continuing', 'growing', 'rising', 'remaining', 'closing', 'slowing', 'nonrecurring', 'controlling']);

/** -ing words that work as prepositions: never in the phrase after them ("excluding [special items]"). */
const PREPOSITIONAL_PARTICIPLES = new Set(['including', 'excluding', 'involving', 'regarding', 'concerning']);

/**
 * "[operating profit]", "a [managing director]" whatever the parser made of
 * the participle; "excluding [special items]" with the preposition outside.
 */
function attachParticiples(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  let prevEnd = first;
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const before = p.start - 1;
    // the tag first: the lower-casing runs only on the few -ing words
    if (t.xpos[p.start] === 'VBG' && p.end - p.start >= 2 && PREPOSITIONAL_PARTICIPLES.has(lowerCase(t.tokens[p.start]))) phrases[k] = { start: p.start + 1, end: p.end, head: p.head };
    else if (before >= prevEnd && t.xpos[before] === 'VBG' && MODIFYING_PARTICIPLES.has(lowerCase(t.tokens[before])) && (t.upos[p.start] === 'NOUN' || t.upos[p.start] === 'ADJ')) {
      phrases[k] = { start: before, end: p.end, head: p.head };
    }
    prevEnd = phrases[k].end;
  }
  return phrases;
}

const FRACTION = /^\d+\/\d+$/;

/**
 * "rose [1 1/4]", "[8 11/16 %]": a whole number and its fraction (with a
 * percent sign after them) are one amount, in one phrase, however the
 * parser hung them.
 */
function joinMixedNumbers(t: TreeLayers, phrases: PhraseSpan[], first: number, last: number): PhraseSpan[] {
  let out = phrases;
  for (let k = first + 1; k < last; k++) {
    if (t.upos[k] !== 'NUM' || t.upos[k - 1] !== 'NUM' || !FRACTION.test(t.tokens[k]) || !DIGITS.test(t.tokens[k - 1])) continue;
    out = withMixedNumber(out, k - 1, t.tokens[k + 1] === '%' ? k + 2 : k + 1);
  }
  return out;
}

/**
 * The phrases with the amount over [start, end) and every phrase overlapping it made one (a function of its
 * own: closures over the amount inside joinMixedNumbers' loop would make every word's iteration allocate).
 */
function withMixedNumber(phrases: PhraseSpan[], start: number, end: number): PhraseSpan[] {
  const inside = phrases.filter((p) => p.end > start && p.start < end);
  if (inside.length === 1 && inside[0].start <= start && inside[0].end >= end) return phrases; // already one phrase
  for (const p of inside) {
    start = Math.min(start, p.start);
    end = Math.max(end, p.end);
  }
  const head = inside.length > 0 ? inside[inside.length - 1].head : end - 1;
  return [...phrases.filter((p) => p.end <= start || p.start >= end), { start, end, head }].sort((x, y) => x.start - y.start);
}

/**
 * "[East Rock Partners Limited Partnership]", "[Texas A&M University]",
 * "[T. Rowe Price]": two phrases that touch, with capitalised words on both
 * sides of the seam, are one name the parser (or the tagger, calling a name
 * word a common noun or an adjective) split — unless the second is a date
 * ("[Tokyo] [Friday]"), a pronoun, or hangs on the verb as a time or place
 * ("obl", "nmod:unmarked"), or the first is a determined phrase and the
 * second a subject ("as [The Way] [We] Were"), or the two are the bare
 * objects of one verb ("gave [Mary] [Boston]").
 */
function joinAdjacentNames(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  // in place: phrases[0 .. w) are the output so far
  let w = 0;
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const q = w > 0 ? phrases[w - 1] : undefined;
    if (q !== undefined && ((q.end === p.start && isNameSeam(t, q, p)) || isPlaceBased(t, q, p))) phrases[w - 1] = { start: q.start, end: p.end, head: p.head };
    else phrases[w++] = p;
  }
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

/** "[The Beverly Hills , Calif.-based company]": a town, a comma and its state's "-based" modifier describe one firm. */
function isPlaceBased(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  return q.end + 1 === p.start && t.tokens[q.end] === ',' && PLACE_BASED.test(t.tokens[p.start]) && isCapitalised(t.tokens[q.end - 1]);
}

function isNameSeam(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  const a = q.end - 1;
  const b = p.start;
  if (!isCapitalised(t.tokens[a]) || !isCapitalised(t.tokens[b]) || t.upos[b] === 'PRON' || t.upos[a] === 'PRON') return false;
  if (WEEKDAYS.test(t.tokens[b]) || MONTHS.test(t.tokens[b])) return false;
  const rel = t.deprel[b];
  if (rel.startsWith('obl') || rel === 'nmod:unmarked') return false;
  // the two objects of one verb ("gave [Mary] [Boston]"; a name split by the parser is mostly not two bare objects)
  if (t.head[q.head] === t.head[p.head] && t.deprel[q.head] === 'iobj' && t.deprel[p.head] === 'obj' && t.upos[q.start] !== 'DET') return false;
  return !(rel.startsWith('nsubj') && t.upos[q.start] === 'DET');
}

/** Common nouns (NN, NNS). */
function isCommonNoun(t: TreeLayers, k: number): boolean {
  return t.xpos[k] === 'NN' || t.xpos[k] === 'NNS';
}

/**
 * "[bankers] and [stock analysts]", "[retail trade] and [consumer demand]":
 * a coordination of common nouns whose second conjunct is a compound and
 * whose first is a compound too or a plural (which cannot be a modifier
 * shared with the second) is two phrases in the Penn Treebank, however flat
 * the parser made it. Shared pre-modifiers ("[aluminum sheet and foil
 * products]") are rarer in these shapes (6 of 31 on CoNLL-2000 1–7,936).
 */
function splitCompoundCoordinations(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  // a new list only once a phrase splits (most sentences have none): until then the phrases stay as they are
  let out: PhraseSpan[] | undefined;
  for (let j = 0; j < phrases.length; j++) {
    const p = phrases[j];
    let cc = -1;
    let nouns = true;
    for (let k = p.start; k < p.end && nouns; k++) {
      if (t.xpos[k] === 'CC') cc = cc < 0 ? k : -2;
      else nouns = isCommonNoun(t, k);
    }
    const split = nouns && cc > p.start && p.end - cc > 2 && (cc - p.start >= 2 || t.xpos[p.start] === 'NNS');
    if (split) (out ??= phrases.slice(0, j)).push({ start: p.start, end: cc, head: cc - 1 }, { start: cc + 1, end: p.end, head: p.head });
    else out?.push(p);
  }
  return out ?? phrases;
}

/**
 * "[hamburger and pizza outlets]", "[steak and seafood restaurants]": a
 * lone singular noun, and/or, and a compound of common nouns ending in a
 * plural is one phrase, the singular a modifier the plural head shares
 * (the counterpart of splitCompoundCoordinations, whose shapes it leaves
 * alone). Tuned on CoNLL-2000 train 1–7,936.
 */
function joinSharedHeadCoordinations(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  for (let k = 0; k + 1 < phrases.length; k++) {
    const a = phrases[k];
    const b = phrases[k + 1];
    const cc = a.end;
    if (a.end - a.start !== 1 || t.xpos[a.start] !== 'NN' || b.start !== cc + 1 || t.xpos[cc] !== 'CC') continue; // the cheap tests first
    const w = t.tokens[cc];
    if ((w !== 'and' && w !== 'or') || b.end - b.start < 2 || b.end - b.start > 3 || t.xpos[b.end - 1] !== 'NNS') continue;
    let nouns = true;
    for (let i = b.start; i < b.end - 1; i++) nouns &&= t.xpos[i] === 'NN';
    if (nouns) phrases.splice(k, 2, { start: a.start, end: b.end, head: b.head });
  }
  return phrases;
}

/** Whether every word of p from `from` on is a capitalised proper noun. */
function isNameFrom(t: TreeLayers, p: PhraseSpan, from: number): boolean {
  if (from >= p.end) return false;
  for (let i = from; i < p.end; i++) if (t.upos[i] !== 'PROPN' || !isCapitalised(t.tokens[i])) return false;
  return true;
}

/**
 * "[producers Peter Guber and Jon Peters]", "[economists James Bennett and
 * Thomas DiLorenzo]": a plural title noun before a name, "and", and a second
 * name are one phrase — the plural title covers both names.
 * Tuned on CoNLL-2000 train 1–7,936.
 */
function joinTitledNamePairs(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  for (let k = 0; k + 1 < phrases.length; k++) {
    const a = phrases[k];
    const b = phrases[k + 1];
    const cc = a.end;
    if (b.start !== cc + 1 || t.tokens[cc] !== 'and' || t.upos[cc - 1] !== 'PROPN') continue; // the cheap tests first
    let title = -1;
    for (let i = a.start; i < cc && title < 0; i++) if (t.xpos[i] === 'NNS' && t.upos[i] === 'NOUN') title = i;
    if (title < 0 || !isNameFrom(t, a, title + 1) || !isNameFrom(t, b, b.start)) continue;
    phrases.splice(k, 2, { start: a.start, end: b.end, head: b.head });
  }
  return phrases;
}

/** "Of [course]": the Penn Treebank brackets the idiom as a preposition and a noun phrase, where UD makes "course" a fixed part of an adverb. */
function addOfCourse(t: TreeLayers, phrases: PhraseSpan[], first: number, last: number): PhraseSpan[] {
  let out = phrases;
  for (let k = first + 1; k < last; k++) {
    if (t.tokens[k] !== 'course' || lowerCase(t.tokens[k - 1]) !== 'of' || covers(out, k)) continue;
    out = [...out, { start: k, end: k + 1, head: k }].sort((x, y) => x.start - y.start);
  }
  return out;
}

/** Whether a phrase holds word k. (A loop, not a closure over k: that would make each word's iteration allocate its context.) */
function covers(phrases: readonly PhraseSpan[], k: number): boolean {
  for (const p of phrases) if (p.start <= k && p.end > k) return true;
  return false;
}

/**
 * Fixed adverbial phrases whose second word is an adjective, adverb or
 * quantifier, not a noun phrase, in the Penn Treebank ("not at all", "as
 * usual", "work like crazy"), and an age's adjective ("[44 years] old").
 */
const ADVERBIAL_IDIOMS = new Set([
  'at all', 'at first', 'as usual', 'than usual', 'than ever', 'for long', 'for sure', 'and large', 'like crazy',
  'years old', 'months old', 'weeks old', 'days old',
]);

/**
 * Adverbs that stand as a noun phrase in the Penn Treebank ("until [then]",
 * "by [now]", "[much] of it"); any other adverb alone is no phrase unless
 * the parser made it a subject or object (where the tagger more likely
 * slipped): "for long", "rose tenfold", "for awhile".
 */
const ADVERBS_AS_PHRASES = new Set([
  'much', 'more', 'less', 'most', 'then', 'now', 'there', 'here', 'once', 'recently', 'elsewhere', 'sometime', 'above', 'below', 'second',
]);

/**
 * Drops the one-word phrase of an adverbial idiom ("[all]" of "at all"),
 * which the walk takes for a preposition's object, and of an adverb that
 * does not stand as a noun (ADVERBS_AS_PHRASES).
 * Tuned on CoNLL-2000 train 1–7,936: the adverbs dropped were right 0 times in 16.
 */
function dropAdverbialIdioms(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  // in place: the kept phrases move down over the dropped ones
  let w = 0;
  for (let k = 0; k < phrases.length; k++) if (keepsPhrase(t, phrases[k], first)) phrases[w++] = phrases[k];
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

/** Whether dropAdverbialIdioms keeps phrase p. */
function keepsPhrase(t: TreeLayers, p: PhraseSpan, first: number): boolean {
  if (p.end - p.start !== 1) return true;
  const x = t.xpos[p.start];
  if (x === 'LS') return false; // a list item's number: "[1] . Make sure …"
  if (NOMINAL_UPOS.has(t.upos[p.start])) return true;
  if ((x === 'RB' || x === 'RBR') && !CORE_ARGUMENTS.has(t.deprel[p.start]) && !ADVERBS_AS_PHRASES.has(lowerCase(t.tokens[p.start]))) return false;
  return p.start === first || !ADVERBIAL_IDIOMS.has(`${lowerCase(t.tokens[p.start - 1])} ${lowerCase(t.tokens[p.start])}`);
}

/** Opening and closing quotes as tokenised text and the WSJ spell them. */
const OPENING_QUOTES = new Set(['"', '“', '``']);

const CLOSING_QUOTES = new Set(['"', '”', "''"]);

/** Whether a word of p between its first and last is in `words`. */
function hasInside(t: TreeLayers, p: PhraseSpan, words: ReadonlySet<string>): boolean {
  for (let i = p.start + 1; i < p.end - 1; i++) if (words.has(t.tokens[i])) return true;
  return false;
}

const AND = new Set(['and']);

/**
 * Words before a phrase that open it in the Penn Treebank: an opening quote
 * whose closing one is inside the phrase ("into [" heavy " water]"),
 * "both" before a coordination ("[both stocks and bonds]"; "both [media
 * companies]" alone stays as it is), and the apostrophe of a plural
 * possessor, which starts the possessed phrase like "'s" does, when the
 * tagger took it for a quote ("[the banks] [' markets]").
 * Before a conjunct with a determiner or a name, "both" is a phrase of its
 * own ("on [both] [the facts] and …").
 * Tuned on CoNLL-2000 train 1–7,936: the quote belongs 17 times in 22,
 * "both" 13 in 14 (alone: 8 in 9), the apostrophe 14 in 14.
 */
function attachOpeningWords(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const o = p.start - 1;
    if (o < first || (k > 0 && phrases[k - 1].end > o)) continue;
    const w = t.tokens[o];
    if ((w === 'both' || w === 'Both') && (t.upos[p.start] === 'DET' || t.upos[p.start] === 'PROPN') && !hasInside(t, p, AND)) {
      // "with [both] [Frederick Smith] and …", "on [both] [the facts] and …": before a conjunct with a
      // determiner or a name, "both" stands as a phrase of its own
      phrases.splice(k, 0, { start: o, end: o + 1, head: o });
      k++;
    } else if (w === "'") {
      // a plural possessor's apostrophe the tagger took for a quote: "[the banks] [' markets]"
      if (k > 0 && phrases[k - 1].end === o && ENDS_IN_S.test(t.tokens[o - 1])) phrases[k] = { start: o, end: p.end, head: p.head };
    } else if (OPENING_QUOTES.has(w) ? hasInside(t, p, CLOSING_QUOTES) : (w === 'both' || w === 'Both') && hasInside(t, p, AND)) {
      phrases[k] = { start: o, end: p.end, head: p.head };
    }
  }
  return phrases;
}

/** The words that make an amount approximate after "or": "[10 % or more]", "[a year or so]". */
const APPROXIMATE_TAIL = /^(more|less|fewer|so)$/i;

/**
 * "[10 % or more]", "[$ 250,000 or more]", "[five years or less]", "[the
 * last year or so]": "or" with more/less/so after a phrase is part of it in
 * the Penn Treebank — unless a word it could compare follows ("or more
 * money", "or less than …", "or so-called").
 * Tuned on CoNLL-2000 train 1–7,936: inside the phrase 18 times in 20.
 */
function attachApproximateTails(t: TreeLayers, phrases: PhraseSpan[], last: number): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const e = p.end;
    if (e + 1 >= last || t.tokens[e] !== 'or' || !APPROXIMATE_TAIL.test(t.tokens[e + 1]) || APPROXIMATE_TAIL.test(t.tokens[e - 1])) continue; // "more or less" is an adverb
    if (k + 1 < phrases.length && phrases[k + 1].start < e + 2 && phrases[k + 1].end > e + 2) continue; // "or" opens a phrase that runs on
    const after = e + 2 < last ? e + 2 : -1;
    if (after >= 0 && (t.tokens[after] === 'than' || COMPARABLE_UPOS.has(t.upos[after]))) continue;
    const kept = k + 1 < phrases.length && phrases[k + 1].start <= e + 1 ? 2 : 1; // a phrase the walk made of "more" alone goes
    phrases.splice(k, kept, { start: p.start, end: e + 2, head: p.head });
  }
  return phrases;
}

/** "closed at [$ 38] , up [$ 1.875]": the direction of a change is an adverb before the amount, never in its phrase. */
function trimDirections(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    if (p.end - p.start >= 2 && isAmountWord(t, p.start + 1) && DIRECTION_WORD.test(t.tokens[p.start])) phrases[k] = { start: p.start + 1, end: p.end, head: p.head };
  }
  return phrases;
}

const AS_MUCH = /^(much|many|little|few|great|large|recently|early|late|far)$/i;

/**
 * "[as much as $ 5.42 billion]", "[as many as 100 stores]", "[fewer than
 * 4,000 employees]", "[up to 20 %]": the comparison bounding an amount is
 * part of its phrase in the Penn Treebank, however the parser hung it.
 */
function attachComparisons(t: TreeLayers, phrases: PhraseSpan[], first: number): PhraseSpan[] {
  // in place: phrases[0 .. w) are the output so far
  let w = 0;
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const s = isAmountWord(t, p.start) ? boundStart(t, p.start, first) : -1;
    if (s >= 0) {
      while (w > 0 && phrases[w - 1].end > s) w--;
      phrases[w++] = { start: s, end: p.end, head: p.head };
    } else phrases[w++] = p;
  }
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

const MORE_OR_LESS = /^(more|fewer|less)$/i;

/**
 * Where the words before an amount at k bound it, the first of them; -1 when
 * they do not: "as much as", "more than" / "fewer than" / "less than", and
 * "up to" unless a verb comes before ("edged up to [$ 8.9 billion]" is a
 * change; "settle for [up to $ 65.7 million]" a bound).
 */
function boundStart(t: TreeLayers, k: number, first: number): number {
  const s3 = k - 3;
  if (s3 >= first && lowerCase(t.tokens[s3]) === 'as' && AS_MUCH.test(t.tokens[s3 + 1]) && lowerCase(t.tokens[s3 + 2]) === 'as') return s3;
  const s2 = k - 2;
  if (s2 < first || lowerCase(t.tokens[s2 + 1]) !== (lowerCase(t.tokens[s2]) === 'up' ? 'to' : 'than')) return -1;
  if (MORE_OR_LESS.test(t.tokens[s2])) return s2;
  if (lowerCase(t.tokens[s2]) === 'up' && (s2 === first || (t.upos[s2 - 1] !== 'VERB' && t.upos[s2 - 1] !== 'AUX'))) return s2;
  return -1;
}

/**
 * "[a Greenwich , Conn. , investment firm]", "[The Palo Alto , Calif. ,
 * computer maker]": a determiner (or possessive pronoun), a place with its
 * state between commas and the noun they describe are one phrase in the
 * Penn Treebank, where the parser sees a place with two appositions, a list
 * or a coordination (so the tree's relations are not asked for).
 */
function joinPlaceDescriptions(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  // in place: phrases[0 .. w) are the output so far (w never passes k; the three phrases are read before a write)
  let w = 0;
  const len = phrases.length;
  for (let k = 0; k < len; k++) {
    const a = phrases[k];
    const b = k + 1 < len ? phrases[k + 1] : undefined;
    const c = k + 2 < len ? phrases[k + 2] : undefined;
    // the determiner may have been left outside, hung on the described noun ("a [Palo Alto] , …")
    const det = t.upos[a.start] === 'DET' || t.xpos[a.start] === 'PRP$' ? a.start : a.start > 0 && t.upos[a.start - 1] === 'DET' && t.head[a.start - 1] === c?.head ? a.start - 1 : -1;
    if (
      c !== undefined &&
      b !== undefined &&
      det >= 0 &&
      isCapitalised(t.tokens[a.end - 1]) &&
      t.tokens[a.end] === ',' &&
      b.start === a.end + 1 &&
      b.end - b.start <= 2 &&
      isCapitalised(t.tokens[b.start]) &&
      t.tokens[b.end] === ',' &&
      c.start === b.end + 1 &&
      t.upos[c.start] !== 'DET' &&
      t.xpos[c.start] !== 'PRP$' &&
      t.upos[c.head] === 'NOUN'
    ) {
      phrases[w++] = { start: det, end: c.end, head: c.head };
      k += 2;
    } else phrases[w++] = a;
  }
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

const WEEKDAYS = /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/** Month names as they open a date ("Nov. 1"); "May" only counts before a number, as the caller checks. */
const MONTHS = /^(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.$|^(january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Phrases that the parser glued together where the text has two: a day
 * of the week or a date after a noun or number ("made [a comeback] [Friday]",
 * "from [862 million] [Thursday]", "take [effect] [Nov. 1]"), a number after
 * a percent sign in a list of rates ("[8.525 %] [30 days]", "[Canada] [13.50 %]"),
 * the unit of a price ("[28 cents] [a share]"), the noun after a name
 * ending "X of Y" ("the Bank of [England] [governor]"), and a relative
 * "which" after a preposition and the subject it precedes ("in [which]
 * [holders] get").
 */
function splitRuns(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  // a new list only once a phrase splits (most sentences have none): until then the phrases stay as they are
  let out: PhraseSpan[] | undefined;
  for (let j = 0; j < phrases.length; j++) {
    const p = phrases[j];
    // "[August] ['s] 3.9 % [increase]", "[Qintex] ['s] $ 1.5 billion [pact]": after a possessive, an amount is an
    // adjective phrase of its own, outside both (13 of 14 times in CoNLL-2000 sentences 1–7,936)
    const pct = isPossessiveMarker(t, p.start) ? amountAfter(t, p.start + 1, p.end) : -1;
    if (pct > 0 && pct + 1 < p.end) {
      out ??= phrases.slice(0, j);
      out.push({ start: p.start, end: p.start + 1, head: p.start });
      out.push({ start: pct + 1, end: p.end, head: p.head > pct ? p.head : p.end - 1 });
      continue;
    }
    let start = p.start;
    for (let k = p.start + 1; k < p.end; k++) {
      const before = t.upos[k - 1] === 'NOUN' || t.upos[k - 1] === 'NUM' || t.upos[k - 1] === 'SYM' || t.tokens[k - 1] === '%';
      const day = before && (WEEKDAYS.test(t.tokens[k]) || (MONTHS.test(t.tokens[k]) && k + 1 < p.end && t.upos[k + 1] === 'NUM'));
      const rate = t.upos[k] === 'NUM' && (t.tokens[k - 1] === '%' || (k === p.start + 1 && t.upos[k - 1] === 'PROPN' && amountAfter(t, k, p.end) === p.end - 1));
      // "[28 cents] [a share]": a price's unit is a phrase of its own
      const per = t.upos[k - 1] === 'NOUN' && (t.tokens[k] === 'a' || t.tokens[k] === 'an');
      // "in [which] [holders] get": a relative "which" after a preposition is not the subject's determiner
      const relative = k === p.start + 1 && t.xpos[p.start] === 'WDT' && p.start > 0 && t.upos[p.start - 1] === 'ADP' && t.deprel[p.head].startsWith('nsubj');
      // "the University of [Utah] [chemists]": a name ending a name with "of" does not take the noun after it
      const ofName = t.upos[k] === 'NOUN' && t.upos[k - 1] === 'PROPN' && isLowerInitial(t.tokens[k]) && afterNameOf(t, p.start, k);
      if (!day && !rate && !relative && !per && !ofName) continue;
      (out ??= phrases.slice(0, j)).push({ start, end: k, head: p.head < k ? p.head : k - 1 });
      start = k;
    }
    if (start === p.start) out?.push(p);
    else out!.push({ start, end: p.end, head: p.head >= start ? p.head : p.end - 1 }); // a split made the list
  }
  return out ?? phrases;
}

/** Whether words [s, k) are capitalised names right after "of" that follows a capitalised name ("Bank of [England]"). */
function afterNameOf(t: TreeLayers, s: number, k: number): boolean {
  if (s < 2 || t.tokens[s - 1] !== 'of' || t.upos[s - 2] !== 'PROPN' || !isCapitalised(t.tokens[s - 2])) return false;
  for (let j = s; j < k; j++) if (t.upos[j] !== 'PROPN' || !isCapitalised(t.tokens[j])) return false;
  return true;
}

/** The last word of an amount starting at k — a percentage ("3.9 %", "7 1/2 %") or a sum ("$ 1.5 billion") — or -1. */
function amountAfter(t: TreeLayers, k: number, end: number): number {
  const currency = k < end && (t.xpos[k] === '$' || t.xpos[k] === '#');
  let j = currency ? k + 1 : k;
  while (j < end && t.upos[j] === 'NUM') j++;
  if (currency) return j > k + 1 ? j - 1 : -1;
  return j > k && j < end && t.tokens[j] === '%' ? j : -1;
}

/**
 * Neighbouring phrases that are one: "[J.P. Morgan] & [Co.]" (the
 * ampersand joins parts of a company name, never two phrases); two nominals
 * side by side that the parser gave the same head and relation ("[Sen.]
 * [Dodd] had", "[the state institute] [Istat] said": a title and a name, or a
 * name and its apposition without a comma); a time and its "a.m." ("[9:38
 * a.m.]"); a whole number and its fraction ("[34 3/4]"); "at least" and
 * the amount it bounds ("[at least five years]").
 */
function joinSplitNames(t: TreeLayers, phrases: PhraseSpan[]): PhraseSpan[] {
  // in place: phrases[0 .. w) are the output so far
  let w = 0;
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    const q = w > 0 ? phrases[w - 1] : undefined;
    if (q && belongTogether(t, q, p)) {
      phrases[w - 1] = { start: q.start, end: p.end, head: p.head };
      // a firm's name lists its partners before the ampersand: "[Bear , Stearns & Co.]", "[Milbank , Tweed , Hadley & McCloy]"
      if (t.tokens[q.end] === '&' || t.tokens[q.end] === ',') {
        while (w >= 2) {
          const r = phrases[w - 2];
          const m = phrases[w - 1];
          if (r.end + 1 !== m.start || t.tokens[r.end] !== ',' || !isBareName(t, r)) break;
          phrases[w - 2] = { start: r.start, end: m.end, head: m.head };
          w--;
        }
      }
    } else phrases[w++] = p;
  }
  if (w < phrases.length) phrases.length = w;
  return phrases;
}

/**
 * "[$ 35.50 to $ 36.50]", "[5 % to 10 %]", "[40 to 60]": two amounts with
 * "to" between are one phrase in the Penn Treebank when the parser linked
 * them (one hangs on the other). "gained [100] to [7,580]", where both hang
 * on the verb, is a change and a level: two phrases.
 */
function isRange(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  if (!isAmountWord(t, p.start) || lowerCase(t.tokens[q.end]) !== 'to') return false;
  // after a verb or "up"/"down" the first amount is a change: "rose [$ 1.75] to [$ 73]", "up [8 %] to [$ 5.44 billion]"
  const before = q.start - 1;
  if (before < 0 || t.upos[before] !== 'ADP' || CHANGE_BEFORE_RANGE.test(t.tokens[before])) return false;
  const e = q.end - 1;
  if (!isAmountWord(t, e) && !(t.upos[e] === 'NOUN' && q.start < e && isAmountWord(t, e - 1))) return false;
  for (let k = q.start; k < q.end; k++) if (t.head[k] >= p.start && t.head[k] < p.end) return true;
  for (let k = p.start; k < p.end; k++) if (t.head[k] >= q.start && t.head[k] < q.end) return true;
  return false;
}

/**
 * "[Sung] Won [Sohn]", "[Bankers] Trust [Co]": a capitalised name word the
 * parser hung elsewhere, between two parts of one name, is part of it.
 */
function isNameGap(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  const m = q.end;
  return isNameWord(t, m) && isNameWord(t, m - 1) && isNameWord(t, p.start) && t.upos[q.start] !== 'DET' && t.head[m] !== m - 1 && t.head[m] !== p.start && !isPossessiveMarker(t, p.start);
}

/** A capitalised proper noun tagged as one by both taggers' schemes. */
function isNameWord(t: TreeLayers, k: number): boolean {
  return t.upos[k] === 'PROPN' && t.xpos[k].startsWith('NNP') && isCapitalised(t.tokens[k]);
}

/**
 * "[the owner and developer]", "[fraud and abuse]": a phrase of at most two
 * words ending in a common noun, "and"/"or", and a lone common noun are one
 * coordinated phrase in the Penn Treebank (about three times in four in
 * CoNLL-2000 sentences 1–7,936), however the parser attached the second.
 */
function isBareNounPair(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  return (
    p.end - p.start === 1 &&
    q.end - q.start <= 2 &&
    t.upos[p.start] === 'NOUN' &&
    t.upos[q.end - 1] === 'NOUN' &&
    AND_OR.test(t.tokens[q.end]) &&
    !isPossessiveMarker(t, q.start) &&
    t.tokens[p.end] !== 'of' // "[glamorous women] and [lots] of sunshine": the second has a complement of its own
  );
}

/** "[Kidder , Peabody & Co.]": a one-word name, a comma, and a firm name with "&" the parser kept whole. */
function isFirmPartner(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  if (t.tokens[q.end] !== ',' || q.end - q.start !== 1 || !isBareName(t, q)) return false;
  for (let k = p.start + 1; k < p.end - 1; k++) if (t.tokens[k] === '&') return isCapitalised(t.tokens[p.start]);
  return false;
}

/** "[Fiat S.p . A.]": a company form the tokenizer cut at its inner period. */
function isSplitAbbreviation(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  return t.tokens[q.end] === '.' && ABBREVIATION_END.test(t.tokens[q.end - 1]) && INITIAL_WITH_PERIOD.test(t.tokens[p.start]) && p.end - p.start === 1;
}

/** A phrase that is a percentage and nothing more: "7 %", "7 1/2 %". */
function isPercentage(t: TreeLayers, q: PhraseSpan): boolean {
  return q.end - q.start >= 2 && t.tokens[q.end - 1] === '%' && amountAfter(t, q.start, q.end) === q.end - 1;
}

/** A number, a currency sign or a percent sign. */
export function isAmountWord(t: TreeLayers, k: number): boolean {
  return t.upos[k] === 'NUM' || t.xpos[k] === '$' || t.xpos[k] === '#' || t.tokens[k] === '%';
}

/** A phrase of capitalised proper nouns only ("Stearns", "Smith Barney"). */
function isBareName(t: TreeLayers, p: PhraseSpan): boolean {
  for (let i = p.start; i < p.end; i++) if (!isCapitalised(t.tokens[i]) || (t.upos[i] !== 'PROPN' && t.upos[i] !== 'NOUN')) return false;
  return true;
}

function belongTogether(t: TreeLayers, q: PhraseSpan, p: PhraseSpan): boolean {
  if (q.end + 1 === p.start) return (t.tokens[q.end] === '&' && t.upos[p.start] !== 'DET') || isFirmPartner(t, q, p) || isRange(t, q, p) || isNameGap(t, q, p) || isSplitAbbreviation(t, q, p) || isBareNounPair(t, q, p);
  if (q.end !== p.start) return false;
  if (CLOCK_SUFFIX.test(t.tokens[p.start])) return t.upos[q.end - 1] === 'NUM';
  // "[Walt] [Disney Co.]", "[Costa] [Rica]": two bare names side by side are one name the parser split
  // "[New Zealand financier Ron Brierley]": a title noun and the name it precedes, linked in the tree
  const dated = WEEKDAYS.test(t.tokens[p.start]) || MONTHS.test(t.tokens[p.start]);
  if (!dated && t.upos[q.end - 1] === 'NOUN' && isLowerInitial(t.tokens[q.end - 1]) && isBareName(t, p) && t.upos[p.start] === 'PROPN' && (t.head[p.head] === q.head || t.head[q.head] === p.head)) return true;
  // (not two arguments of one verb: "gave [Mary] [Boston]")
  const sameHead = t.head[q.head] === t.head[p.head];
  if (isBareName(t, q) && isBareName(t, p) && t.upos[q.end - 1] === 'PROPN' && t.upos[p.start] === 'PROPN' && !WEEKDAYS.test(t.tokens[p.start]) && !MONTHS.test(t.tokens[p.start]) && (!sameHead || t.deprel[q.head] === t.deprel[p.head])) return true;
  // a mixed number: "[34 3/4]"
  if (p.end - p.start === 1 && FRACTION.test(t.tokens[p.start])) return DIGITS.test(t.tokens[q.end - 1]);
  if (q.end - q.start === 2 && lowerCase(t.tokens[q.start]) === 'at' && LEAST_OR_MOST.test(t.tokens[q.start + 1])) {
    return t.upos[p.start] === 'NUM' || t.xpos[p.start] === '$';
  }
  return (
    !WEEKDAYS.test(t.tokens[p.start]) &&
    !MONTHS.test(t.tokens[p.start]) &&
    t.head[q.head] === t.head[p.head] &&
    t.deprel[q.head] === t.deprel[p.head] &&
    t.upos[p.head] === 'PROPN' &&
    (t.upos[q.head] === 'PROPN' || t.upos[q.head] === 'NOUN') &&
    t.upos[p.start] !== 'DET' &&
    !isPossessiveMarker(t, p.start)
  );
}

/**
 * A possessive 's that the tree left outside every phrase (an odd parse)
 * still starts the phrase right after it, as in CoNLL-2000; with no phrase
 * after it, it is a phrase alone (1,750 of CoNLL-2000's 1,769 possessive
 * markers start a phrase).
 */
function attachPossessiveMarkers(t: TreeLayers, phrases: PhraseSpan[], first: number, last: number): PhraseSpan[] {
  let k = 0;
  for (let i = first; i < last; i++) {
    if (!isPossessiveMarker(t, i)) continue;
    while (k < phrases.length && phrases[k].end <= i) k++;
    if (k < phrases.length && phrases[k].start === i + 1) phrases[k].start = i;
    // with no phrase after it ("[McDonald] ['s] has", "[Wendy] ['s] and") it is one, as in CoNLL-2000
    else if (k >= phrases.length || phrases[k].start > i) phrases.splice(k, 0, { start: i, end: i + 1, head: i });
  }
  return phrases;
}

/**
 * The possessive 's, or the bare apostrophe of a plural possessor ("analysts '
 * expectations"), which the tagger may call punctuation.
 */
export function isPossessiveMarker(t: TreeLayers, i: number): boolean {
  return t.xpos[i] === 'POS' || ((t.tokens[i] === "'" || t.tokens[i] === '’') && t.deprel[i] === 'case');
}
