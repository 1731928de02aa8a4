/**
 * Which words of a tagged, lemmatized document get senses: open-class words
 * WordNet knows (nouns, verbs, adjectives, adverbs by the tagger; not
 * auxiliaries), and WordNet multiword expressions found in the text, which
 * take the place of their words.
 *
 * Multiword expressions ("ice cream", "New York", "take off", "in fact") are
 * matched longest first, up to MAX_MWE_WORDS tokens inside one sentence: the
 * words' lemmas (or forms) joined with '_' must be a WordNet lemma of the part
 * of speech the tagger suggests — a noun when the last word is a noun, a verb
 * when the first word is a verb, an adverb when the last word is an adverb or
 * the first a preposition ("at least", "of course", whose last words the
 * tagger calls an adjective and a noun). The expression's senses are attached
 * to its first word; its other words get none. Two kinds of word pair are left
 * as two words: the two-word lemmas SemCor's annotators mostly read apart
 * (models/senses/multiwords-apart.tsv: "lives in" is not live_in, "do it" not
 * do_it, "paid for" not pay_for, "in this" not in_this), and
 * noun lemmas that begin with a determiner unless the next word is
 * capitalized ("the Hague" is the_hague, "the street" is not the_street).
 *
 * Proper nouns (NNP, NNPS) get only senses whose WordNet member is written
 * capitalized ("New_York", "Einstein"): the common-noun senses of a name
 * ("John", a toilet) are not what a name means. A proper noun next to another
 * one, in a name WordNet does not list as a whole, gets none: the "Cook" of
 * "Tim Cook" is not James Cook, nor the "Paris" of "Paris Hilton" the city.
 */
import { wordNetPos, type WordNetPos } from '../lexicon/penn.js';
import type { SenseTarget } from './disambiguate.js';
import type { LemmaEntry, LemmaSenses, SynsetStore } from './synsets.js';
import type { ContextToken } from './wsd-features.js';
import type { Doc } from '../doc/doc.js';
import { lowerCase } from '../lexicon/lower-case.js';

export const MAX_MWE_WORDS = 4;

export interface TaggedSentence {
  forms: readonly string[];
  lemmas: readonly string[];
  xpos: readonly string[];
  upos?: readonly string[];
}

export interface FoundTarget extends SenseTarget {
  /** The lemma's senses under its part of speech (found while matching). */
  senses: LemmaSenses;
  /** Keep only synsets with a capitalized member (proper nouns). */
  properName: boolean;
}

const HAS_LETTER = /\p{L}/u;

/** Context tokens of a sentence: lower-case lemmas and WordNet parts of speech (auxiliaries have none). */
export function contextTokens(s: TaggedSentence): ContextToken[] {
  return s.lemmas.map((lemma, i) => ({ lemma: lowerCase(lemma), pos: openClassPos(s, i) }));
}

function openClassPos(s: TaggedSentence, i: number): WordNetPos | undefined {
  if (s.upos && s.upos[i] === 'AUX') return undefined;
  if (s.xpos[i] === 'MD') return undefined;
  return wordNetPos(s.xpos[i]);
}

/**
 * The targets of one sentence (index `sentence` in the document), in token
 * order. `lower` gives the forms and lemmas already lower-cased, when the
 * caller has them.
 */
export function findTargets(store: SynsetStore, s: TaggedSentence, sentence: number, lower?: { forms: readonly string[]; lemmas: readonly string[] }): FoundTarget[] {
  const out: FoundTarget[] = [];
  const n = s.forms.length;
  // Lower-cased once per sentence: the multiword filter reads each token twice.
  const forms = lower?.forms ?? s.forms.map(lowerCase);
  const lemmas = lower?.lemmas ?? s.lemmas.map(lowerCase);
  for (let i = 0; i < n; ) {
    // One map read per distinct string: the form's entry, and the lemma's when it differs.
    const formEntry = store.entry(forms[i]);
    const lemmaEntry = lemmas[i] === forms[i] ? formEntry : store.entry(lemmas[i]);
    const mwe =
      i + 1 < n && startsMultiword(formEntry, lemmaEntry, forms[i + 1], lemmas[i + 1])
        ? matchMultiword(store, s, i, startsLongMultiword(formEntry, lemmaEntry, forms[i + 1], lemmas[i + 1]) ? MAX_MWE_WORDS : 2)
        : undefined;
    if (mwe) {
      out.push({ sentence, first: i, last: mwe.last, lemma: mwe.lemma, pos: mwe.pos, senses: mwe.senses, properName: isProperName(s, i, mwe.last) });
      i = mwe.last + 1;
      continue;
    }
    const pos = openClassPos(s, i);
    if (pos !== undefined && HAS_LETTER.test(s.forms[i]) && !inLongerName(s, i)) {
      const spaced = lemmas[i].includes(' ');
      const lemma = spaced ? lemmas[i].replaceAll(' ', '_') : lemmas[i];
      const senses = spaced ? store.sensesOf(lemma, pos) : lemmaEntry?.[pos];
      if (senses) out.push({ sentence, first: i, last: i, lemma, pos, senses, properName: isProperName(s, i, i) });
    }
    i++;
  }
  return out;
}

function isProperName(s: TaggedSentence, first: number, last: number): boolean {
  for (let i = first; i <= last; i++) if (isProperTag(s.xpos[i])) return true;
  return false;
}

const isProperTag = (xpos: string | undefined): boolean => xpos === 'NNP' || xpos === 'NNPS';

/** Whether token i is a proper noun beside another one (a name of several words, not matched whole). */
function inLongerName(s: TaggedSentence, i: number): boolean {
  return isProperTag(s.xpos[i]) && (isProperTag(s.xpos[i - 1]) || isProperTag(s.xpos[i + 1]));
}

/** Whether a token (its form's and lemma's entries) and the next one (form, lemma) begin some WordNet multiword lemma. */
function startsMultiword(formEntry: LemmaEntry | undefined, lemmaEntry: LemmaEntry | undefined, f2: string, l2: string): boolean {
  const a = formEntry?.seconds;
  if (a !== undefined && (a.has(f2) || a.has(l2))) return true;
  const b = lemmaEntry === formEntry ? undefined : lemmaEntry?.seconds;
  return b !== undefined && (b.has(f2) || b.has(l2));
}

/**
 * Whether the two tokens may begin a WordNet lemma of three words or more:
 * they begin one of the token's long multiword lemmas, or the next token has
 * a space or '_' inside (then its words are not what the entries index).
 */
function startsLongMultiword(formEntry: LemmaEntry | undefined, lemmaEntry: LemmaEntry | undefined, f2: string, l2: string): boolean {
  const a = formEntry?.longSeconds;
  if (a !== undefined && (a.has(f2) || a.has(l2))) return true;
  const b = lemmaEntry === formEntry ? undefined : lemmaEntry?.longSeconds;
  if (b !== undefined && (b.has(f2) || b.has(l2))) return true;
  return SPACE_OR_UNDERSCORE.test(f2) || SPACE_OR_UNDERSCORE.test(l2);
}

const SPACE_OR_UNDERSCORE = /[ _]/;

/** The longest multiword expression of at most `maxWords` words beginning at token `first`, if any. */
function matchMultiword(store: SynsetStore, s: TaggedSentence, first: number, maxWords: number): { last: number; lemma: string; pos: WordNetPos; senses: LemmaSenses } | undefined {
  const maxLast = Math.min(s.forms.length - 1, first + maxWords - 1);
  const verb = wordNetPos(s.xpos[first]) === 'v' && openClassPos(s, first) === 'v';
  // The candidates are in WordNet's spelling (joined lower-cases, '_' between words): one map read each.
  for (let last = maxLast; last > first; last--) {
    const lastPos = wordNetPos(s.xpos[last]);
    if (lastPos === 'n' && !(s.xpos[first] === 'DT' && !startsUpper(s.forms[first + 1]))) {
      // "ice creams" → ice_cream: every word as written, the last one lemmatized.
      const candidate = joined(s.forms, first, last, last, s.lemmas);
      const asWritten = store.sensesOf(candidate, 'n');
      if (asWritten && !store.readApart(candidate, 'n')) return { last, lemma: candidate, pos: 'n', senses: asWritten };
      const lemmaJoined = joined(s.lemmas, first, last, last);
      const lemmatized = store.sensesOf(lemmaJoined, 'n');
      if (lemmatized && !store.readApart(lemmaJoined, 'n')) return { last, lemma: lemmaJoined, pos: 'n', senses: lemmatized };
    }
    if (verb) {
      // "took off" → take_off: the verb lemmatized, the rest as written.
      const candidate = joined(s.forms, first, last, first, s.lemmas);
      const senses = store.sensesOf(candidate, 'v');
      if (senses && !store.readApart(candidate, 'v')) return { last, lemma: candidate, pos: 'v', senses };
    }
    if (lastPos === 'r' || s.xpos[first] === 'IN') {
      // "in fact", "of course", "at least": a preposition opens most adverb lemmas whose last word is no adverb
      const candidate = joined(s.forms, first, last, -1);
      const senses = store.sensesOf(candidate, 'r');
      if (senses && !store.readApart(candidate, 'r')) return { last, lemma: candidate, pos: 'r', senses };
    }
  }
  return undefined;
}

/** Whether a word begins with an upper-case letter ("Hague", "Netherlands"). */
function startsUpper(word: string): boolean {
  const c = word.charAt(0);
  return c !== c.toLowerCase();
}

/**
 * Tokens [first, last] in WordNet's spelling (lower case, a space inside a
 * token as '_') joined with '_', token `lemmaAt` taken from `lemmas` when given.
 */
function joined(words: readonly string[], first: number, last: number, lemmaAt: number, lemmas?: readonly string[]): string {
  let out = '';
  for (let i = first; i <= last; i++) {
    const w = lowerCase(lemmas && i === lemmaAt ? lemmas[i] : words[i]);
    out += (i === first ? '' : '_') + (w.includes(' ') ? w.replaceAll(' ', '_') : w);
  }
  return out;
}

/**
 * Every sentence's context tokens and the sense targets of a tagged and
 * lemmatized doc (the senses annotator's input; the entailments annotator
 * rebuilds it when the senses layer came from elsewhere).
 */
export function docTargets(store: SynsetStore, doc: Doc): { sentences: ContextToken[][]; targets: FoundTarget[] } {
  const sentences: ContextToken[][] = [];
  const targets: FoundTarget[] = [];
  for (let s = 0; s < doc.sentenceCount; s++) {
    const from = doc.sentStart[s];
    const to = doc.sentEnd[s];
    const tagged: TaggedSentence = {
      forms: doc.tokens.slice(from, to),
      lemmas: doc.lemma!.slice(from, to),
      xpos: doc.xpos!.slice(from, to),
      upos: doc.upos?.slice(from, to),
    };
    // Lower case without a copy of a word that is already (most are): the store's map then reads the
    // string's cached hash instead of hashing a new one.
    const n = to - from;
    const lower = { forms: new Array<string>(n), lemmas: new Array<string>(n) };
    const context = new Array<ContextToken>(n);
    for (let i = 0; i < n; i++) {
      lower.forms[i] = lowerCase(tagged.forms[i]);
      lower.lemmas[i] = lowerCase(tagged.lemmas[i]);
      context[i] = { lemma: lower.lemmas[i], pos: openClassPos(tagged, i) };
    }
    sentences.push(context);
    for (const t of findTargets(store, tagged, s, lower)) targets.push(t);
  }
  return { sentences, targets };
}
