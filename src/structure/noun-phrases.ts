/**
 * Base noun phrases from the dependency tree (the `phrases` extractor).
 *
 * Definition (CoNLL-2000 base NP, read off a UD tree): a phrase is a nominal
 * head — noun, proper noun, pronoun, number, `$`/`%`, a determiner or an
 * adjective standing alone as a noun — with the pre-modifiers that hang on it
 * and sit next to it: determiners and predeterminers, possessive pronouns,
 * adjectives (with their degree adverbs: "a very large company"), numbers
 * (with quantity words: "about 30 million", "at least two"), compound nouns,
 * titles and the parts of a flat name, and the year of a date ("Oct. 19,
 * 1987"). Post-modifiers (prepositional phrases, relative clauses,
 * appositions) are phrases of their own, except a name glued to its title
 * noun ("dictator Manuel Noriega"). A possessor noun is its own phrase and
 * the possessive `'s` starts the possessed one ("[Nigel Lawson] ['s restated
 * commitment]"), as in CoNLL-2000. Nouns used as adverbs ("yesterday", "last
 * year") and bare numbers ("in 1989") are phrases like any other. A
 * coordination the Penn Treebank keeps flat is one phrase ("[stocks and
 * bonds]", "[Stockholm, Brussels and Milan]"); conjuncts with modifiers or
 * determiners of their own, multi-word names and lists without a
 * conjunction are separate ("[the bank] and [the thrift]", "[Columbia] ,
 * [Md.]"). Negation and sentence adverbs stay outside ("is not [the
 * capital]"). Bracketing conventions of the Penn Treebank that no single
 * tree relation decides — ranges, amounts after a possessive, names the
 * parser split, "as much as", "[operating profit]" … — are applied to the
 * phrases afterwards (`pennConventions` in penn-conventions.ts, also run over the trained
 * chunker's phrases); they were tuned on CoNLL-2000 sentences 1–7,936.
 *
 * The walk is linear in the sentence: each word is either absorbed by its
 * head (a pre-modifier relation) or owns a phrase; a phrase is the contiguous
 * run of words around its owner that the owner absorbed, directly or not.
 */
import { trustedLayersOf, type ParsedLayers } from './trusted-layers.js';
import { lowerCase } from '../lexicon/lower-case.js';
import type { PhraseSpan } from '../doc/layers.js';
import type { TreeLayers } from './tree-layers.js';
import { CORE_ARGUMENTS, isAmountWord, isPossessiveMarker, LEAST_OR_MOST, NOMINAL_UPOS, pennConventions } from './penn-conventions.js';

/** Relations by which a word is part of its head's phrase, whichever side it is on. */
const ALWAYS_ABSORBED = new Set(['det', 'det:predet', 'compound', 'nummod', 'flat', 'fixed', 'goeswith']);

/** Nouns that name a share, quantities like numbers: "[about half]", "[about one-third]". */
const FRACTION_NOUNS = /^(half|quarter|third|thirds|one-half|one-third|two-thirds|one-quarter|one-fourth|three-quarters|one-fifth)$/i;

/**
 * Adverbs that belong to the phrase they modify — quantity, degree and
 * focus words: "[about 30 million]", "[only $ 1.8 billion]", "[earlier this
 * month]". Others ("also", "up", "not", "even") stay outside.
 */
const ADVERBS_IN_PHRASE = new Set([
  'about', 'only', 'more', 'most', 'nearly', 'very', 'earlier', 'much', 'almost', 'less', 'as', 'previously', 'early',
  'too', 'roughly', 'around', 'over', 'newly', 'relatively', 'highly', 'just', 'approximately', 'exactly', 'precisely',
  'virtually', 'some', 'least', 'fewer', 'fully', 'later', 'once', 'even', 'pretty', 'quite', 'late',
]);

/** -ly adverbs that comment on the sentence rather than grade an adjective. */
const SENTENCE_ADVERBS = new Set(['especially', 'particularly', 'mostly', 'primarily', 'currently', 'generally', 'mainly', 'largely', 'partly', 'probably', 'really', 'only', 'reportedly', 'apparently', 'usually', 'likely', 'finally', 'recently', 'originally', 'eventually']);

/** The longest stretch between the first and a later conjunct of a flat coordination. */
const COORDINATION_WINDOW = 64;

/** Relations of arguments: an adjective or adverb in one stands as a noun ("little", "much"). */
const NOMINAL_RELATIONS = new Set(['nsubj', 'nsubj:pass', 'obj', 'iobj', 'obl', 'nmod', 'obl:unmarked', 'nmod:unmarked']);

const CLAUSE_DEPENDENT_RELATION = /^(nsubj|csubj|obj|iobj|aux|mark|cop|xcomp|ccomp|expl)(:|$)/;

/** LEAST_OR_MOST.test(w), its length tested first: most words that reach the test are not four or five letters long, and a test of the pattern costs more. */
function isLeastOrMost(w: string): boolean {
  return (w.length === 5 || w.length === 4) && LEAST_OR_MOST.test(w);
}

/**
 * The walk's per-word working arrays, one of each kind, refilled for each
 * sentence (allocating a typed array costs more than filling it for a
 * sentence of twenty words) and grown as needed. Each is valid until the
 * next sentence: the walk never runs inside itself.
 */
const work = {
  absorbedBy: new Int32Array(256),
  bareNoun: new Uint8Array(256),
  covered: new Uint8Array(256),
  owner: new Int32Array(256),
  flat: new Uint8Array(256),
  seen: new Uint8Array(256),
  hasCc: new Uint8Array(256),
  years: new Int32Array(256),
  path: new Int32Array(256),
};

type WorkArray = { [K in keyof typeof work]: (typeof work)[K] extends Int32Array ? K : never }[keyof typeof work];

type WorkBytes = { [K in keyof typeof work]: (typeof work)[K] extends Uint8Array ? K : never }[keyof typeof work];

/** work[key], at least n long, its first n entries set to `value` (entries past n are stale). */
function ints(key: WorkArray, n: number, value: number): Int32Array {
  if (work[key].length < n) work[key] = new Int32Array(Math.max(n, 2 * work[key].length));
  return work[key].fill(value, 0, n);
}

function bytes(key: WorkBytes, n: number, value: number): Uint8Array {
  if (work[key].length < n) work[key] = new Uint8Array(Math.max(n, 2 * work[key].length));
  return work[key].fill(value, 0, n);
}

/** Base noun phrases of the sentence over tokens [first, last), in order. */
export function baseNounPhrases(t: TreeLayers, first: number, last: number): PhraseSpan[] {
  if (last <= first) return [];
  return pennConventions(t, walkedNounPhrases(t, first, last), first, last);
}

/**
 * The walk's phrases of the sentence over tokens [first, last), in order,
 * before the Penn conventions (baseNounPhrases applies them; the chunker
 * applies them to its own phrases too).
 */
export function walkedNounPhrases(t: TreeLayers, first: number, last: number): PhraseSpan[] {
  const n = last - first;
  if (n <= 0) return [];
  // absorbedBy[k]: the word (doc index) whose phrase word first+k joins, or -1 when it owns itself.
  const absorbedBy = ints('absorbedBy', n, -1);
  // bareNoun[k]: word first+k has no determiner or possessor of its own (may join a coordination).
  const bareNoun = bytes('bareNoun', n, 1);
  for (let i = first; i < last; i++) {
    const h = t.head[i];
    const r = t.deprel[i];
    if (h >= first && h < last && (r === 'det' || r === 'nmod:poss' || r === 'det:predet' || r === 'nummod')) bareNoun[h - first] = 0;
  }
  const flat = flatCoordinations(t, first, last, bareNoun);
  const years = yearsOfDates(t, first, last);

  for (let i = first; i < last; i++) {
    const h = t.head[i];
    if (h < first || h >= last) continue;
    if (years[i - first] >= 0) absorbedBy[i - first] = years[i - first];
    else if (absorbs(t, i, h, first, last, flat)) absorbedBy[i - first] = possessiveTarget(t, i, h, first, last);
  }
  let out = phrasesOfOwners(t, first, last, absorbedBy, bareNoun);
  // A nominal its head absorbed but could not reach — words between them belong to neither — heads a phrase
  // of its own rather than vanishing: "[Dow Jones industrials] [2689.14] , up [5.94]" (5.94 hung on
  // "industrials"). Rare, so the second pass costs nothing on most sentences.
  const covered = bytes('covered', n, 0);
  for (const p of out) covered.fill(1, p.start - first, p.end - first);
  let orphans = false;
  for (let k = 0; k < n; k++) {
    const i = first + k;
    if (covered[k] || absorbedBy[k] < 0 || t.upos[i] !== 'NUM' || i === first || !(t.upos[i - 1] === 'VERB' || t.upos[i - 1] === 'ADV' || t.upos[i - 1] === 'ADJ' || t.xpos[i - 1] === 'RP')) continue;
    absorbedBy[k] = -1;
    orphans = true;
  }
  if (orphans) out = phrasesOfOwners(t, first, last, absorbedBy, bareNoun);
  return out;
}

/** The phrases of the owners (the words absorbed by no one) once each word's absorbing head is known. */
function phrasesOfOwners(t: TreeLayers, first: number, last: number, absorbedBy: Int32Array, bareNoun: Uint8Array): PhraseSpan[] {
  const n = last - first;
  // owner[k]: the word at the top of word k's absorption chain.
  const owner = ints('owner', n, -1);
  // Each word's chain is climbed until a word whose owner is known (or that owns itself), then every word
  // climbed gets that owner. A word is marked as its own owner when first climbed: a cycle in a malformed
  // tree stops there. (A loop with a path buffer, not a recursive closure per sentence.)
  const path = ints('path', n, 0);
  for (let i = first; i < last; i++) {
    if (owner[i - first] >= 0) continue;
    let len = 0;
    let j = i;
    let o: number;
    for (;;) {
      const k = j - first;
      if (owner[k] >= 0) {
        o = owner[k];
        break;
      }
      owner[k] = j;
      path[len++] = j;
      const up = absorbedBy[k];
      if (up < 0) {
        o = j;
        break;
      }
      j = up;
    }
    for (let m = 0; m < len; m++) owner[path[m] - first] = o;
  }

  const out: PhraseSpan[] = [];
  for (let i = first; i < last; i++) {
    if (owner[i - first] !== i || !isNominalOwner(t, i, bareNoun[i - first] === 0 && hasDeterminer(t, i, first, last))) continue;
    let s = i;
    while (s > first && owner[s - 1 - first] === i) s--;
    s = bridgeGap(t, owner, i, s, first);
    let e = i + 1;
    while (e < last && owner[e - first] === i) e++;
    // a conjunction opening the phrase is outside it, multiword ones too ("as well as", "rather than")
    while (s < i && (t.upos[s] === 'PUNCT' || t.upos[s] === 'CCONJ' || t.deprel[s] === 'cc' || (t.deprel[s] === 'fixed' && t.deprel[t.head[s]] === 'cc'))) s++;
    out.push({ start: s, end: e, head: i });
  }
  // the owners come in order, so their phrases mostly do too: sort (stable, so an ordered list stays as it is) only when not
  let ordered = true;
  for (let k = 1; k < out.length && ordered; k++) ordered = out[k - 1].start <= out[k].start;
  if (!ordered) out.sort((a, b) => a.start - b.start);
  return out;
}

/**
 * Where a phrase starts when a pre-modifier it absorbed sits beyond words it
 * did not absorb: "[an especially strong incentive]", "[a larger , world-wide
 * process]", "[those " plain vanilla " funds]". The run from the farthest
 * absorbed word is the phrase's when every word in the gap hangs below the
 * head and owns no phrase of its own; otherwise the phrase starts at `s`.
 */
/** Words that may sit between a phrase's pre-modifiers without ending it: adverbs, adjectives, participles, quotes, commas. */
const GAP_WORDS = new Set(['ADV', 'ADJ', 'VERB', 'PUNCT']);

function bridgeGap(t: TreeLayers, owner: Int32Array, head: number, s: number, first: number): number {
  let far = s;
  for (let k = s - 2; k >= Math.max(first, head - 12); k--) if (owner[k - first] === head && t.upos[k] !== 'PUNCT' && t.upos[k] !== 'CCONJ') far = k;
  if (far === s) return s;
  for (let k = far; k < s; k++) {
    if (owner[k - first] === head) continue;
    if (!GAP_WORDS.has(t.upos[k]) || t.deprel[k] === 'case' || t.deprel[k] === 'mark') return s;
    if (owner[k - first] === k && NOMINAL_UPOS.has(t.upos[k])) return s;
    if (!descendsFrom(t, k, head, far)) return s;
  }
  return far;
}

/** Whether word k hangs below head through words inside [lo, head]. */
function descendsFrom(t: TreeLayers, k: number, head: number, lo: number): boolean {
  let w = k;
  for (let steps = 0; steps < 8; steps++) {
    const h = t.head[w];
    if (h === head) return true;
    if (h < lo || h > head) return false;
    w = h;
  }
  return false;
}

/** Whether word i (with head h in the same sentence) is part of h's phrase. */
function absorbs(t: TreeLayers, i: number, h: number, first: number, last: number, flat: Uint8Array): boolean {
  const rel = t.deprel[i];
  // A name part after a comma is a parse slip for an apposition or an age ("[Mr. Black] , [61]").
  if (rel === 'flat' && i > h && commaBetween(t, h, i)) return false;
  if (ALWAYS_ABSORBED.has(rel)) return true;
  const left = i < h;
  // Anything before a number that modifies a noun: "[at least two] competitors", "[about 30] million".
  if (left && rel !== 'case' && rel !== 'punct' && rel !== 'cc' && isNumberPremodifier(t, h, first, last)) {
    return rel !== 'advmod' || ADVERBS_IN_PHRASE.has(lowerCase(t.tokens[i]));
  }
  // "In [composite trading]": a noun right before a noun, with a preposition before both and none of the head's own,
  // is its compound, whatever relation the parser gave it.
  if ((rel === 'obl' || rel === 'nmod') && i === h - 1 && t.upos[i] === 'NOUN' && t.upos[h] === 'NOUN' && !hasCaseChild(t, h, first, last)) return true;
  switch (rel) {
    case 'amod':
    case 'nmod:desc': // "Mr. Lawson", "Sen. Boren": titles before a name
    case 'nmod:unmarked': // "[Oct. 19] letter"
      return left || (rel === 'nmod:unmarked' && t.upos[i] === 'NUM' && t.upos[h] === 'PROPN' && i === h + 1); // "October 1988"
    case 'nmod:poss':
      // "his", "its", "whose" belong to the possessed phrase; a possessor noun is its own phrase.
      return t.upos[i] === 'PRON' || t.xpos[i] === 'PRP$' || t.xpos[i] === 'WP$';
    case 'case': {
      // The possessive 's starts the possessed phrase (handled by possessiveTarget).
      if (isPossessiveMarker(t, i)) return isPossessor(t, h, first, last);
      const w = lowerCase(t.tokens[i]);
      // "[at least 50 %]", "[about $ 5]", "[about half]": quantity words before a number or a share.
      if (w === 'at' && i === h - 1) return LEAST_OR_MOST.test(t.tokens[h]);
      return w === 'about' && i === h - 1 && (t.upos[h] === 'NUM' || t.xpos[h] === '$' || t.tokens[h] === '%' || isNumberPremodifier(t, h, first, last) || FRACTION_NOUNS.test(t.tokens[h]));
    }
    case 'advmod':
      // Adverbs of pre-modifiers ("a [very large] company") and of nominal heads ("[only $ 1.8 billion]").
      if (!left) return false;
      {
        const w = lowerCase(t.tokens[i]);
        if (ADVERBS_IN_PHRASE.has(w)) return isPremodifier(t, h, first, last) || NOMINAL_UPOS.has(t.upos[h]) || t.upos[h] === 'SYM' || (t.upos[h] === 'ADJ' && NOMINAL_RELATIONS.has(t.deprel[h])); // "[too many] of"
        // Degree adverbs of adjectives: "a [highly profitable] unit".
        return w.endsWith('ly') && !SENTENCE_ADVERBS.has(w) && t.deprel[h] === 'amod' && isPremodifier(t, h, first, last);
      }
    case 'conj':
      // Coordinated pre-modifiers ("a [dramatic and broad-based] upturn") and bare coordinated nouns.
      if (!(h < i)) return false;
      if (isPremodifier(t, h, first, last)) return true;
      return flat[h - first] === 1;
    case 'appos':
      // "dictator [Manuel Noriega]" with no comma between: one phrase.
      return i === h + 1 && t.upos[i] === 'PROPN' && t.upos[h] === 'NOUN';
    case 'cc:preconj': // "[both rail and truck]"
      return left;
    case 'cc':
    case 'punct':
      // Inside a coordination that the phrase absorbs; leading punctuation is trimmed afterwards.
      return left;
    default:
      return false;
  }
}

/** The word that a possessive 's joins: the possessed noun; any other absorbed word joins its head. */
function possessiveTarget(t: TreeLayers, i: number, h: number, first: number, last: number): number {
  if (t.deprel[i] === 'case' && isPossessiveMarker(t, i)) {
    const possessed = t.head[nameHead(t, h, first, last)];
    if (possessed >= first && possessed < last) return possessed;
  }
  return h;
}

/** The head of the name a word is part of ("Goldsmith" in "Sir James Goldsmith" → "Sir"), or the word itself. */
function nameHead(t: TreeLayers, p: number, first: number, last: number): number {
  let k = p;
  for (let steps = 0; steps < 8 && (t.deprel[k] === 'flat' || t.deprel[k] === 'compound'); steps++) {
    const h = t.head[k];
    if (h < first || h >= last) break;
    k = h;
  }
  return k;
}

function isPossessor(t: TreeLayers, word: number, first: number, last: number): boolean {
  const p = nameHead(t, word, first, last);
  const g = t.head[p];
  return t.deprel[p] === 'nmod:poss' && g >= first && g < last && g > p;
}

/**
 * Heads whose coordination the Penn Treebank keeps flat: every conjunct of
 * one word class (nouns, or names) with no determiner or adjective of its
 * own, separated only by commas and a conjunction — "[Stockholm, Brussels
 * and Milan]", "[hesitation and uncertainty]". A list with no conjunction
 * ("Columbia, Md.") and a list where one conjunct has modifiers of its own
 * ("speed, flexibility and maximum performance") stay separate phrases.
 * Returns, per word of the sentence, 1 where it heads such a coordination.
 */
function flatCoordinations(t: TreeLayers, first: number, last: number, bareNoun: Uint8Array): Uint8Array {
  const n = last - first;
  const ok = bytes('flat', n, 0);
  const seen = bytes('seen', n, 0);
  const hasCc = bytes('hasCc', n, 0);
  for (let c = first; c < last; c++) {
    if (t.deprel[c] !== 'conj') continue;
    const h = t.head[c];
    if (h < first || h >= c) continue;
    const k = h - first;
    const simple = isSimpleConjunct(t, c, h, bareNoun, first);
    ok[k] = seen[k] ? ok[k] & (simple ? 1 : 0) : simple ? 1 : 0;
    seen[k] = 1;
  }
  for (let i = first; i < last; i++) {
    if (t.deprel[i] !== 'cc') continue;
    const c = t.head[i];
    if (c < first || c >= last || t.deprel[c] !== 'conj') continue;
    const h = t.head[c];
    if (h >= first && h < last) hasCc[h - first] = 1;
  }
  for (let k = 0; k < n; k++) ok[k] &= hasCc[k];
  return ok;
}

/** A conjunct c of h that may sit in a flat coordination (see flatCoordinations). */
function isSimpleConjunct(t: TreeLayers, c: number, h: number, bareNoun: Uint8Array, first: number): boolean {
  // A name coordinated with a common noun is one more noun ("[the House and Senate]", "[Revenue and sales]").
  const nameAsNoun = t.upos[c] === 'NOUN' || t.upos[h] === 'NOUN';
  const cls = (k: number): string => (t.upos[k] === 'PROPN' ? (nameAsNoun ? 'N' : 'P') : t.upos[k] === 'NOUN' ? 'N' : t.upos[k] === 'NUM' ? 'D' : '');
  if (cls(c) === '' || cls(c) !== cls(h) || bareNoun[c - first] === 0 || c - h > COORDINATION_WINDOW) return false;
  // Names with a pre-modifier are phrases of their own: "[New York] and [Tokyo]", "[Mr. Guber] and [Mr. Peters]".
  if (cls(c) === 'P' && (hasPremodifier(t, h, first) || hasPremodifier(t, c, first))) return false;
  // So are names of more than one word, or a first name with a determiner:
  // "[Frederick Smith] and [James Barksdale]", "[the U.S.] and [Europe]".
  if (cls(c) === 'P') {
    const multiword = t.deprel[c - 1] === 'flat' || t.deprel[c - 1] === 'compound' || (c + 1 < t.deprel.length && t.deprel[c + 1] === 'flat') || (h + 1 < c && t.deprel[h + 1] === 'flat');
    if (multiword || bareNoun[h - first] === 0) return false;
  }
  for (let k = h + 1; k < c; k++) {
    const u = t.upos[k];
    const hk = t.head[k];
    if (u === 'CCONJ' || (u === 'PUNCT' && t.tokens[k] === ',')) continue;
    if (cls(k) === cls(c) && (hk === c || hk === h || t.deprel[k] === 'flat' || t.deprel[k] === 'compound' || (t.deprel[k] === 'conj' && hk === h))) continue;
    return false;
  }
  return true;
}

/** Whether word w has an adjective, title or compound modifier right before it. */
function hasPremodifier(t: TreeLayers, w: number, first: number): boolean {
  for (let k = w - 1; k >= Math.max(first, w - 4); k--) {
    const r = t.deprel[k];
    if (t.head[k] === w && (r === 'amod' || r === 'nmod:desc' || r === 'compound')) return true;
    if (t.upos[k] === 'PUNCT' || t.upos[k] === 'CCONJ') break;
  }
  return false;
}

function commaBetween(t: TreeLayers, a: number, b: number): boolean {
  for (let k = a + 1; k < b; k++) if (t.tokens[k] === ',') return true;
  return false;
}

const YEAR = /^(1[5-9]|20)\d\d$/;

/**
 * The year of a date and its comma are part of the date's phrase:
 * "[Oct. 19 , 1987]". Gives, per word of the sentence, the day (or month)
 * that a year right after "day ," and that comma join, else -1.
 */
function yearsOfDates(t: TreeLayers, first: number, last: number): Int32Array {
  const out = ints('years', last - first, -1);
  for (let y = first + 2; y < last; y++) {
    const h = t.head[y];
    // the cheap tests first: the regex runs only on the rare word two after its head, behind a comma
    if (h !== y - 2 || t.tokens[y - 1] !== ',' || !YEAR.test(t.tokens[y]) || (t.upos[h] !== 'NUM' && t.upos[h] !== 'PROPN')) continue;
    out[y - first] = h;
    out[y - 1 - first] = h;
  }
  return out;
}

function isNumberPremodifier(t: TreeLayers, h: number, first: number, last: number): boolean {
  const g = t.head[h];
  return (t.deprel[h] === 'nummod' || (t.upos[h] === 'NUM' && t.deprel[h] === 'compound')) && g >= first && g < last;
}

function isPremodifier(t: TreeLayers, h: number, first: number, last: number): boolean {
  const g = t.head[h];
  if (g < first || g >= last) return false;
  const rel = t.deprel[h];
  return (rel === 'amod' && h < g) || rel === 'nummod' || rel === 'det' || rel === 'det:predet';
}

/** Whether word w has a case marker (a preposition) among its dependents. */
function hasCaseChild(t: TreeLayers, w: number, first: number, last: number): boolean {
  for (let k = Math.max(first, w - 8); k < Math.min(last, w + 8); k++) if (t.head[k] === w && t.deprel[k] === 'case') return true;
  return false;
}

/** Whether word i has a determiner child; looked for only next to it (a determiner precedes its head closely). */
function hasDeterminer(t: TreeLayers, i: number, first: number, last: number): boolean {
  for (let k = Math.max(first, i - 8); k < Math.min(last, i + 8); k++) if (t.head[k] === i && t.deprel[k] === 'det') return true;
  return false;
}

/** Whether an owner heads a noun phrase: a nominal, `$`/`%`, or a determiner or adjective standing as a noun. */
function isNominalOwner(t: TreeLayers, i: number, determined: boolean): boolean {
  const u = t.upos[i];
  // a word the parser made a clause's marker is a complementizer, whatever its tag ("fears [that] Wall Street …")
  if (t.deprel[i] === 'mark') return false;
  if (NOMINAL_UPOS.has(u)) return true;
  // "at least" with no amount after it is an adverb: "rise [at least] as fast", "[at least two]" is absorbed by its number
  if (i > 0 && isLeastOrMost(t.tokens[i]) && lowerCase(t.tokens[i - 1]) === 'at' && !(i + 1 < t.upos.length && isAmountWord(t, i + 1))) return false;
  const x = t.xpos[i];
  if (x === '$' || x === '#' || t.tokens[i] === '%') return true;
  if (u === 'DET') return true;
  if ((u === 'ADJ' || u === 'ADV') && NOMINAL_RELATIONS.has(t.deprel[i])) return true;
  // A noun the tagger took for a verb ("the Treasury 's [look] at"), or a gerund used as a noun ("[accelerated buying]"):
  // a verb in an argument slot with no clause of its own.
  if (u === 'VERB' && NOMINAL_RELATIONS.has(t.deprel[i]) && !governsClause(t, i)) return true;
  // A relative "that" the tagger took for a conjunction, as a subject or object.
  if (u === 'SCONJ' && CORE_ARGUMENTS.has(t.deprel[i])) return true;
  if (u === 'ADJ') {
    // "the rich", "the latest": an adjective with a determiner of its own.
    return determined;
  }
  return false;
}

/** Whether a verb has dependents only a clause has: a subject, object, auxiliary, marker or copula. */
function governsClause(t: TreeLayers, v: number): boolean {
  for (let k = Math.max(0, v - 12); k < Math.min(t.head.length, v + 12); k++) {
    if (t.head[k] === v && CLAUSE_DEPENDENT_RELATION.test(t.deprel[k])) return true;
  }
  return false;
}

/** Every sentence's base noun phrases, in document order; empty when the doc has no parse. */
export function nounPhrasesOfDoc(doc: ParsedLayers & { readonly sentStart: Uint32Array; readonly sentEnd: Uint32Array }): PhraseSpan[] {
  const layers = trustedLayersOf(doc);
  if (layers === undefined) return [];
  const out: PhraseSpan[] = [];
  for (let s = 0; s < doc.sentStart.length; s++) out.push(...baseNounPhrases(layers, doc.sentStart[s], doc.sentEnd[s]));
  return out;
}
