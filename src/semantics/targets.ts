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
 * when the first word is a verb, an adverb when the last word is an adverb.
 * The expression's senses are attached to its first word; its other words get
 * none.
 *
 * Proper nouns (NNP, NNPS) get only senses whose WordNet member is written
 * capitalized ("New_York", "Einstein"): the common-noun senses of a name
 * ("John", a toilet) are not what a name means.
 */
import { wordNetPos, type WordNetPos } from '../lexicon/penn.js';
import type { SenseTarget } from './disambiguate.js';
import type { SynsetStore } from './synsets.js';
import type { ContextToken } from './wsd-features.js';
import type { Doc } from '../doc/doc.js';

export const MAX_MWE_WORDS = 4;

export interface TaggedSentence {
  forms: readonly string[];
  lemmas: readonly string[];
  xpos: readonly string[];
  upos?: readonly string[];
}

export interface FoundTarget extends SenseTarget {
  /** Keep only synsets with a capitalized member (proper nouns). */
  properName: boolean;
}

const HAS_LETTER = /\p{L}/u;

/** Context tokens of a sentence: lower-case lemmas and WordNet parts of speech (auxiliaries have none). */
export function contextTokens(s: TaggedSentence): ContextToken[] {
  return s.lemmas.map((lemma, i) => ({ lemma: lemma.toLowerCase(), pos: openClassPos(s, i) }));
}

function openClassPos(s: TaggedSentence, i: number): WordNetPos | undefined {
  if (s.upos && s.upos[i] === 'AUX') return undefined;
  if (s.xpos[i] === 'MD') return undefined;
  return wordNetPos(s.xpos[i]);
}

/** The targets of one sentence (index `sentence` in the document), in token order. */
export function findTargets(store: SynsetStore, s: TaggedSentence, sentence: number): FoundTarget[] {
  const out: FoundTarget[] = [];
  const n = s.forms.length;
  // Lower-cased once per sentence: the multiword filter reads each token twice.
  const forms = s.forms.map((f) => f.toLowerCase());
  const lemmas = s.lemmas.map((l) => l.toLowerCase());
  for (let i = 0; i < n; ) {
    const mwe = i + 1 < n && startsMultiword(store.multiwordStarts, forms, lemmas, i) ? matchMultiword(store, s, i) : undefined;
    if (mwe) {
      out.push({ sentence, first: i, last: mwe.last, lemma: mwe.lemma, pos: mwe.pos, properName: isProperName(s, i, mwe.last) });
      i = mwe.last + 1;
      continue;
    }
    const pos = openClassPos(s, i);
    if (pos !== undefined && HAS_LETTER.test(s.forms[i])) {
      const lemma = lemmas[i].includes(' ') ? lemmas[i].replaceAll(' ', '_') : lemmas[i];
      if (store.sensesOf(lemma, pos)) out.push({ sentence, first: i, last: i, lemma, pos, properName: isProperName(s, i, i) });
    }
    i++;
  }
  return out;
}

function isProperName(s: TaggedSentence, first: number, last: number): boolean {
  for (let i = first; i <= last; i++) if (s.xpos[i] === 'NNP' || s.xpos[i] === 'NNPS') return true;
  return false;
}

/** Whether tokens i, i+1 (as written or lemmatized) begin some WordNet multiword lemma. */
function startsMultiword(
  starts: ReadonlyMap<string, ReadonlySet<string>>,
  forms: readonly string[],
  lemmas: readonly string[],
  i: number,
): boolean {
  const f2 = forms[i + 1];
  const l2 = lemmas[i + 1];
  for (const seconds of [starts.get(forms[i]), lemmas[i] === forms[i] ? undefined : starts.get(lemmas[i])]) {
    if (seconds && (seconds.has(f2) || seconds.has(l2))) return true;
  }
  return false;
}

function matchMultiword(store: SynsetStore, s: TaggedSentence, first: number): { last: number; lemma: string; pos: WordNetPos } | undefined {
  const maxLast = Math.min(s.forms.length - 1, first + MAX_MWE_WORDS - 1);
  for (let last = maxLast; last > first; last--) {
    const lemmaJoined = joined(s.lemmas, first, last, last);
    const lastPos = wordNetPos(s.xpos[last]);
    const firstPos = wordNetPos(s.xpos[first]);
    if (lastPos === 'n') {
      // "ice creams" → ice_cream: every word as written, the last one lemmatized.
      const candidate = joined(s.forms, first, last, last, s.lemmas);
      if (store.senses(candidate, 'n')) return { last, lemma: candidate, pos: 'n' };
      if (store.senses(lemmaJoined, 'n')) return { last, lemma: lemmaJoined, pos: 'n' };
    }
    if (firstPos === 'v' && openClassPos(s, first) === 'v') {
      // "took off" → take_off: the verb lemmatized, the rest as written.
      const candidate = joined(s.forms, first, last, first, s.lemmas);
      if (store.senses(candidate, 'v')) return { last, lemma: candidate, pos: 'v' };
    }
    if (lastPos === 'r') {
      const candidate = joined(s.forms, first, last, -1);
      if (store.senses(candidate, 'r')) return { last, lemma: candidate, pos: 'r' };
    }
  }
  return undefined;
}

/** Tokens [first, last] lower-cased and joined with '_', token `lemmaAt` taken from `lemmas` when given. */
function joined(words: readonly string[], first: number, last: number, lemmaAt: number, lemmas?: readonly string[]): string {
  let out = '';
  for (let i = first; i <= last; i++) {
    const w = lemmas && i === lemmaAt ? lemmas[i] : words[i];
    out += (i === first ? '' : '_') + w.toLowerCase();
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
    sentences.push(contextTokens(tagged));
    for (const t of findTargets(store, tagged, s)) targets.push(t);
  }
  return { sentences, targets };
}
