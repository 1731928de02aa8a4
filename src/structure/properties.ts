/**
 * Properties (part of the `relations` extractor): is-a and has-a relations
 * between a focus and its property, read off the UD tree.
 *
 * | construction | example | focus | property |
 * |---|---|---|---|
 * | copula (is-a, or an adjective) | "Barclays is a bank", "The phone is fast" | Barclays, The phone | a bank, fast |
 * | apposition (is-a) | "Tim Cook, the chief executive" | Tim Cook | the chief executive |
 * | title before a name (is-a) | "Apple CEO Tim Cook", "dictator Manuel Noriega" | Tim Cook | Apple CEO |
 * | possessive (has-a) | "Obama's wife" | Obama | wife |
 * | `of` a name (has-a) | "the wife of Obama" | Obama | the wife |
 * | have / own / possess (has-a) | "the car has four doors" | the car | four doors |
 * | attributive adjective | "a red car" | a red car | red |
 *
 * Spans: a focus or a nominal property is the base noun phrase of its head
 * word (as the `phrases` extractor gives it), without a possessive 's and
 * without the possessor inside it; an adjective property is the adjective
 * with the adverbs before it ("very fast"). For a title before a name the
 * focus is the name's words and the property the words before them.
 *
 * Choices the spec leaves open: negated statements ("is not a bank",
 * "has no doors") give nothing; a relative pronoun stands for the noun its
 * clause modifies ("Barclays, which is a bank" → Barclays); coordinated
 * subjects, predicates and objects each give their own property; a focus
 * or possessor that is a pronoun is kept only for copulas and `have`
 * (there is no coreference to tell whom "his" means, so "his car" gives
 * nothing); `of` gives has-a only with a proper-noun owner ("the capital
 * of France"), since "a cup of tea" or "the number of
 * cars" are not has-a; attributive adjectives give a property unless they
 * are comparative, superlative, ordinal or non-intersective ("former",
 * "alleged", "main", …: a former president is not a president).
 */
import { lowerCase } from '../lexicon/lower-case.js';
import { childIndex, childIndexScratch, type ChildIndex } from './tree-index.js';
import { WordSet } from './word-set.js';
import type { PhraseSpan } from '../doc/layers.js';
import type { PropertyRecord } from '../doc/layers.js';

export interface PropertyLayers {
  readonly tokens: readonly string[];
  readonly upos: readonly string[];
  readonly xpos: readonly string[];
  readonly lemma: readonly string[];
  readonly head: ArrayLike<number>;
  readonly deprel: readonly string[];
}


/** Verbs whose subject has what their object names. */
const HAVE_LEMMAS = new WordSet(['have', 'own', 'possess']);

/** Verbs that link their subject to a predicate the way a copula does. */
const LINKING_LEMMAS = new WordSet(['become', 'remain', 'seem', 'appear', 'feel', 'look', 'sound', 'stay', 'prove']);

/** Adjectives that do not state a property of their noun (a former president is not a president). */
const NON_PROPERTY_ADJECTIVES = new WordSet([
  'former', 'alleged', 'so-called', 'would-be', 'future', 'potential', 'possible', 'likely', 'probable', 'supposed',
  'fake', 'false', 'mock', 'pseudo', 'main', 'other', 'same', 'such', 'certain', 'only', 'own', 'next', 'last',
  'previous', 'past', 'many', 'few', 'several', 'various', 'more', 'most', 'much', 'less', 'least', 'whole',
  'entire', 'total', 'overall', 'particular', 'specific', 'general', 'key', 'major', 'minor', 'primary',
  'further', 'additional', 'extra', 'recent', 'current', 'present', 'late', 'early', 'first', 'second', 'third',
  'final', 'initial', 'original', 'usual', 'typical', 'actual', 'real', 'very', 'mere', 'sheer', 'whatever',
  'chief', 'vice', 'deputy', 'acting', 'senior', 'junior', 'executive',
]);

/** Honorifics before names: not a property of the person. */
const HONORIFICS = new WordSet(['mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'miss', 'mx', 'mx.', 'sir', 'dame', 'madam', 'mister']);

const NEGATIONS = new WordSet(['not', "n't", 'never', 'no', 'nt']);

const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/** ':' before a relation's subtype ('nsubj:pass'). */
const COLON = 58;

/** Whether relation r is `rel` or a subtype of it ('nsubj:pass' for 'nsubj'). */
function isRelation(r: string, rel: string): boolean {
  return r === rel || (r.length > rel.length && r.charCodeAt(rel.length) === COLON && r.startsWith(rel));
}

/**
 * The properties of the sentence over tokens [first, last), in order of
 * their focus, from its noun phrases phrases[from .. to) (a doc's whole list
 * can be passed with the sentence's range: no copy per sentence). Positions
 * are within the sentence (token first is position 0); `sentence` is the
 * records' sentence index.
 */
export function sentenceProperties(
  t: PropertyLayers,
  phrases: readonly PhraseSpan[],
  first: number,
  last: number,
  from = 0,
  to = phrases.length,
  sentence = 0,
): PropertyRecord[] {
  const out: PropertyRecord[] = [];
  readProperties(t, phrases, first, last, from, to, sentence, out);
  return out;
}

/** Appends the sentence's properties to `out`, in order of their focus (the records before them are left as they are). */
type PropertyReader = (
  t: PropertyLayers,
  phrases: readonly PhraseSpan[],
  first: number,
  last: number,
  from: number,
  to: number,
  sentence: number,
  out: PropertyRecord[],
) => void;

/** What the properties reader holds between sentences instead of the last caller's layers. */
const NO_LAYERS: PropertyLayers = { tokens: [], upos: [], xpos: [], lemma: [], head: [], deprel: [] };
const NO_PHRASES: readonly PhraseSpan[] = [];
/** Held between calls, never added to: each call appends to the list its caller passes. */
const NO_PROPERTIES: PropertyRecord[] = [];

/** sentenceProperties' walk, made once (see propertyReader). */
const readProperties = propertyReader();

/**
 * The walk of sentenceProperties. The sentence it reads is held in variables of this function, set for each
 * sentence, and the helpers that ask about it are made once here: made per sentence, a dozen closures and
 * their context were most of this walk's garbage. (The walk never runs inside itself.) Most words start no
 * property: what only a property needs (the word-to-phrase map, the children index) is built on the first
 * question of a sentence, and the lists the walk makes are made at their length.
 */
function propertyReader(): PropertyReader {
  let t!: PropertyLayers;
  let phrases!: readonly PhraseSpan[];
  let first = 0;
  let last = 0;
  let n = 0;
  let sentence = 0;
  let phrasesFrom = 0;
  let phrasesTo = 0;
  // phraseOf[k]: the phrase holding word first+k, or -1 (refilled on a sentence's first question, grown as needed)
  let phraseOf = new Int32Array(256);
  let phrasesMapped = false;
  // A word's dependents, ascending; the index is built on the first question of a sentence (the rarer constructions ask)
  let index: ChildIndex | undefined;
  let indexArrays: ChildIndex = childIndexScratch();
  let out: PropertyRecord[] = NO_PROPERTIES;
  // a phrase's words, gathered before they are copied to a list of their number
  let gathered = new Int32Array(64);
  // the coordinated verbs of the sentence, in order: the shared-subject "have" rule reads only them
  let conjVerbs = new Int32Array(64);

  const children = (): ChildIndex => (index ??= indexArrays = childIndex(t.head, first, last, indexArrays));
  /** The phrase holding word w, or -1. */
  const phraseAt = (w: number): number => {
    if (!phrasesMapped) {
      if (phraseOf.length < n) phraseOf = new Int32Array(Math.max(n, 2 * phraseOf.length));
      phraseOf.fill(-1, 0, n);
      for (let k = phrasesFrom; k < phrasesTo; k++) {
        const p = phrases[k];
        for (let i = Math.max(p.start, first); i < Math.min(p.end, last); i++) phraseOf[i - first] = k;
      }
      phrasesMapped = true;
    }
    return phraseOf[w - first];
  };
  /** Whether h has a dependent of relation `rel` (or a subtype of it). */
  const hasKid = (h: number, rel: string): boolean => {
    const { kidAt, kidList } = children();
    for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) if (isRelation(t.deprel[kidList[q]], rel)) return true;
    return false;
  };
  const negated = (h: number): boolean => {
    const { kidAt, kidList } = children();
    for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) {
      const k = kidList[q];
      if ((t.deprel[k] === 'advmod' || t.deprel[k] === 'det') && NEGATIONS.has(t.tokens[k])) return true;
    }
    return false;
  };
  /** The conjunct a word of a coordinated phrase belongs to: the nearest ancestor that is a conjunct, else the phrase head. */
  const conjunctOf = (w: number, phraseHead: number): number => {
    let k = w;
    for (let steps = 0; k !== phraseHead && t.deprel[k] !== 'conj' && steps < n; steps++) {
      const h = t.head[k];
      if (h < first || h >= last) break;
      k = h;
    }
    return k;
  };
  /**
   * The word's noun phrase without a possessive 's; in a coordinated phrase
   * ("Google and Microsoft") only the word's own conjunct. (It and the other lists below that a property is
   * made of are made in sentence positions, the records': the walk reads doc indices.)
   */
  const nounPhrase = (w: number): number[] => {
    const k = phraseAt(w);
    if (k < 0) return [w - first];
    const p = phrases[k];
    const own = conjunctOf(w, p.head);
    if (gathered.length < p.end - p.start) gathered = new Int32Array(Math.max(p.end - p.start, 2 * gathered.length));
    let len = 0;
    for (let i = p.start; i < p.end; i++) {
      if (t.xpos[i] === 'POS' || t.upos[i] === 'CCONJ' || (t.upos[i] === 'PUNCT' && i !== w)) continue;
      const c = conjunctOf(i, p.head);
      if (c !== own && !(own !== p.head && c === p.head && t.upos[i] === 'DET' && i < own)) continue;
      gathered[len++] = i;
    }
    if (len === 0) return [w - first];
    const words = new Array<number>(len);
    for (let j = 0; j < len; j++) words[j] = gathered[j] - first;
    return words;
  };
  /** An adjective with the adverbs right before it ("very fast"). */
  const adjectivePhrase = (a: number): number[] => {
    let s = a;
    while (s > first && t.head[s - 1] === a && t.deprel[s - 1] === 'advmod' && !NEGATIONS.has(t.tokens[s - 1])) s--;
    return range(s - first, a + 1 - first);
  };
  /** A noun with its compound nouns and the rest of its name, the focus of an attributive adjective ("sports car"). */
  const nounCore = (w: number): number[] => {
    let s = w;
    while (s > first && t.head[s - 1] === w && (t.deprel[s - 1] === 'compound' || t.deprel[s - 1] === 'flat')) s--;
    let e = w + 1;
    while (e < last && t.head[e] === w && t.deprel[e] === 'flat') e++;
    return range(s - first, e - first);
  };
  /** A subject, or the noun a relative pronoun stands for. */
  const resolve = (s: number, clause: number): number => {
    if (t.deprel[clause] === 'acl:relcl' && (t.xpos[s] === 'WDT' || t.xpos[s] === 'WP' || lowerCase(t.tokens[s]) === 'that')) {
      const h = t.head[clause];
      if (h >= first && h < last) return h;
    }
    return s;
  };
  /** A word and the words coordinated with it ("Apple and Google"). */
  const withConjuncts = (w: number): number[] => {
    const { kidAt, kidList } = children();
    const words = [w];
    for (let q = kidAt[w - first]; q < kidAt[w - first + 1]; q++) {
      const c = kidList[q];
      if (isRelation(t.deprel[c], 'conj') && (t.upos[c] === t.upos[w] || NOMINAL.has(t.upos[c]))) words.push(c);
    }
    return words;
  };

  /** Records a property from two lists of sentence positions (each made for it by the helpers above). */
  const add = (focus: number[], property: number[], kind: PropertyRecord['kind']): void => {
    if (focus.length === 0 || property.length === 0 || overlap(focus, property)) return;
    out.push({ sentence, focus, property, kind });
  };

  /** Copula or linking verb h with predicate p: "Barclays is a bank", "Emma became a lawyer", "The phone is fast". */
  const copulaProperties = (subject: number, p: number): void => {
    if (NOMINAL.has(t.upos[p]) && t.upos[p] !== 'PRON') add(nounPhrase(subject), nounPhrase(p), 'copula');
    else if (t.upos[p] === 'ADJ') add(nounPhrase(subject), adjectivePhrase(p), 'copula');
  };

  return (sentenceLayers, sentencePhrases, sentenceFirst, sentenceLast, from, to, sentenceIndex, sentenceOut) => {
    t = sentenceLayers;
    phrases = sentencePhrases;
    first = sentenceFirst;
    last = sentenceLast;
    sentence = sentenceIndex;
    n = last - first;
    if (n <= 0) return;
    phrasesFrom = from;
    phrasesTo = to;
    phrasesMapped = false;
    index = undefined;
    out = sentenceOut;
    const begin = out.length;
    let conjVerbCount = 0;
    if (conjVerbs.length < n) conjVerbs = new Int32Array(Math.max(n, 2 * conjVerbs.length));
    // (the layers every word is asked about, in locals: each is read once per word)
    const { head, deprel, upos } = t;
    for (let i = first; i < last; i++) {
      const h = head[i];
      const inSentence = h >= first && h < last;
      const rel = deprel[i];
      const tag = upos[i];
      if (rel === 'conj' && tag === 'VERB') conjVerbs[conjVerbCount++] = i;

      // Copula: "Barclays is a bank", "The phone is very fast and cheap".
      if (rel === 'cop' && inSentence && !negated(h) && !hasKid(h, 'case')) {
        const { kidAt, kidList } = children();
        const predicates = [h];
        for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) {
          const c = kidList[q];
          if (isRelation(t.deprel[c], 'conj') && !hasKid(c, 'nsubj') && !hasKid(c, 'case') && !negated(c)) predicates.push(c);
        }
        for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) {
          const s = kidList[q];
          if (!isRelation(t.deprel[s], 'nsubj')) continue;
          for (const subject of withConjuncts(resolve(s, h))) {
            if (t.xpos[subject] === 'WP' || t.xpos[subject] === 'WDT' || t.upos[subject] === 'VERB') continue;
            for (let m = 0; m < predicates.length; m++) copulaProperties(subject, predicates[m]);
          }
        }
      }

      if (!inSentence) continue;

      // Apposition: "Tim Cook, the chief executive"; the name is the focus whichever comes first.
      if (rel === 'appos' && isNominalHead(t, i, hasKid) && isNominalHead(t, h, hasKid) && phraseAt(i) !== phraseAt(h)) {
        const nameFirst = t.upos[h] !== 'PROPN' && t.upos[i] === 'PROPN';
        add(nounPhrase(nameFirst ? i : h), nounPhrase(nameFirst ? h : i), 'apposition');
      }

      // A title before a name inside one phrase: "Apple CEO Tim Cook", "dictator Manuel Noriega".
      // (titledName finds a name only through these labels: most nouns are passed over without the call)
      if (tag === 'NOUN' && (rel === 'compound' || rel === 'nmod:desc' || (i + 1 < last && deprel[i + 1] === 'appos'))) {
        const name = titledName(t, i, last);
        // the honorific test (a lower-casing) last: few nouns stand before a name in their phrase
        if (name >= 0 && phraseAt(i) >= 0 && phraseAt(i) === phraseAt(name) && !HONORIFICS.has(t.tokens[i])) {
          const p = phrases[phraseAt(i)];
          const nameStart = firstNameWord(t, name, i, p);
          const title: number[] = [];
          for (let k = p.start; k < nameStart; k++) if (t.upos[k] !== 'DET' && t.upos[k] !== 'PUNCT' && t.xpos[k] !== 'POS') title.push(k - first);
          const names: number[] = [];
          for (let k = nameStart; k < p.end; k++) if (t.upos[k] === 'PROPN') names.push(k - first);
          add(names, title, 'title');
        }
      }

      // Possessive: "Obama's wife" (a pronoun possessor has no referent here).
      if (rel === 'nmod:poss' && (t.upos[i] === 'PROPN' || t.upos[i] === 'NOUN') && isNoun(t, h)) {
        add(nounPhrase(i), nounPhrase(h), 'possessive');
      }

      // "the wife of Obama", "the capital of France".
      if (rel === 'nmod' && t.upos[i] === 'PROPN' && t.upos[h] === 'NOUN' && i > h && hasOf(i)) {
        add(nounPhrase(i), nounPhrase(h), 'of');
      }

      // Attributive adjective: "a red car".
      if (rel === 'amod' && i < h && t.upos[i] === 'ADJ' && isNoun(t, h) && t.xpos[i] === 'JJ' && !NON_PROPERTY_ADJECTIVES.has(t.lemma[i])) {
        add(nounCore(h), adjectivePhrase(i), 'adjective');
      }

      // Linking verbs: "Emma became a lawyer", "The keyboard feels cheap".
      if (rel === 'xcomp' && t.upos[h] === 'VERB' && LINKING_LEMMAS.has(t.lemma[h]) && !negated(h) && !hasKid(i, 'mark')) {
        const { kidAt, kidList } = children();
        for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) {
          const s = kidList[q];
          if (!isRelation(t.deprel[s], 'nsubj')) continue;
          for (const subject of withConjuncts(resolve(s, h))) {
            if (t.xpos[subject] === 'WP' || t.xpos[subject] === 'WDT') continue;
            copulaProperties(subject, i);
          }
        }
      }

      // have / own / possess: "the car has four doors and a red roof".
      if (rel === 'obj' && t.upos[h] === 'VERB' && HAVE_LEMMAS.has(t.lemma[h]) && !negated(h) && !negated(i)) {
        const { kidAt, kidList } = children();
        for (let q = kidAt[h - first]; q < kidAt[h - first + 1]; q++) {
          const s = kidList[q];
          if (!isRelation(t.deprel[s], 'nsubj') || t.deprel[s] === 'nsubj:pass') continue;
          for (const subject of withConjuncts(resolve(s, h))) {
            if (t.xpos[subject] === 'WP' || t.xpos[subject] === 'WDT') continue;
            for (const o of withConjuncts(i)) if (NOMINAL.has(t.upos[o])) add(nounPhrase(subject), nounPhrase(o), 'have');
          }
        }
      }
    }
    // A subject shared by coordinated "have" verbs ("owns a car and has a bike") comes from the first verb.
    for (let c = 0; c < conjVerbCount; c++) {
      const v = conjVerbs[c];
      if (!HAVE_LEMMAS.has(t.lemma[v]) || hasKid(v, 'nsubj') || negated(v)) continue;
      const g = t.head[v];
      if (g < first || g >= last) continue;
      const { kidAt, kidList } = children();
      for (let q = kidAt[g - first]; q < kidAt[g - first + 1]; q++) {
        const s = kidList[q];
        if (!isRelation(t.deprel[s], 'nsubj') || t.deprel[s] === 'nsubj:pass') continue;
        for (let qo = kidAt[v - first]; qo < kidAt[v - first + 1]; qo++) {
          const objectHead = kidList[qo];
          if (!isRelation(t.deprel[objectHead], 'obj')) continue;
          for (const o of withConjuncts(objectHead)) if (NOMINAL.has(t.upos[o])) add(nounPhrase(resolve(s, g)), nounPhrase(o), 'have');
        }
      }
    }
    // sorted only when out of order (the walk mostly finds them in order), in place
    if (!inOrder(out, begin)) sortByFocus(out, begin);
    // the reader keeps no reference to the caller's layers, phrases or result once it has read them
    t = NO_LAYERS;
    phrases = NO_PHRASES;
    out = NO_PROPERTIES;
  };

  /** Whether word i has an `of` among its case markers. */
  function hasOf(i: number): boolean {
    const { kidAt, kidList } = children();
    for (let q = kidAt[i - first]; q < kidAt[i - first + 1]; q++) {
      const c = kidList[q];
      if (isRelation(t.deprel[c], 'case') && lowerCase(t.tokens[c]) === 'of') return true;
    }
    return false;
  }
}

const byFocus = (a: PropertyRecord, b: PropertyRecord): number => a.focus[0] - b.focus[0] || a.property[0] - b.property[0];

/**
 * Sorts props[from ..] by byFocus in place, stable (the order Array.prototype.sort gives): an insertion
 * sort, since a sentence has a few, and the built-in sort with a comparator copies its list into a work
 * array.
 */
function sortByFocus(props: PropertyRecord[], from: number): void {
  for (let i = from + 1; i < props.length; i++) {
    const v = props[i];
    let j = i - 1;
    while (j >= from && byFocus(props[j], v) > 0) {
      props[j + 1] = props[j];
      j--;
    }
    props[j + 1] = v;
  }
}

/** Whether props[from ..] are sorted by byFocus already (a stable sort would leave them as they are). */
function inOrder(props: readonly PropertyRecord[], from: number): boolean {
  for (let k = from + 1; k < props.length; k++) if (byFocus(props[k - 1], props[k]) > 0) return false;
  return true;
}

/** A noun, or a word the tagger called an adjective that has a determiner ("the chief executive"). */
function isNominalHead(t: PropertyLayers, i: number, hasKid: (h: number, rel: string) => boolean): boolean {
  return isNoun(t, i) || (t.upos[i] === 'ADJ' && hasKid(i, 'det'));
}

function isNoun(t: PropertyLayers, i: number): boolean {
  return t.upos[i] === 'NOUN' || t.upos[i] === 'PROPN';
}

/** The proper noun that title word i stands before ("CEO" → "Tim"), or -1. */
function titledName(t: PropertyLayers, i: number, last: number): number {
  const h = t.head[i];
  const rel = t.deprel[i];
  // The title modifies the name: compound or nmod:desc, with the name after it.
  if ((rel === 'compound' || rel === 'nmod:desc') && h > i && h < last && t.upos[h] === 'PROPN') return h;
  // The name is an apposition glued to the title ("dictator Manuel Noriega").
  if (i + 1 < last && t.deprel[i + 1] === 'appos' && t.head[i + 1] === i && t.upos[i + 1] === 'PROPN') return i + 1;
  return -1;
}

/** Where the name's words begin: the first proper noun after the title word. */
function firstNameWord(t: PropertyLayers, name: number, title: number, p: PhraseSpan): number {
  let s = title + 1;
  while (s < name && t.upos[s] !== 'PROPN') s++;
  return Math.min(s, p.end);
}

/** Whether the two lists share a word. */
function overlap(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (b.includes(a[i])) return true;
  return false;
}

/** from, from + 1, … to - 1, in a list of their number. */
function range(from: number, to: number): number[] {
  if (to - from === 1) return [from];
  const out = new Array<number>(Math.max(0, to - from));
  for (let i = from; i < to; i++) out[i - from] = i;
  return out;
}

/** Every sentence's properties, in document order; empty without a parse, lemmas or phrases. */
export function propertiesOfDoc(doc: {
  readonly tokens: readonly string[];
  readonly upos?: readonly string[];
  readonly xpos?: readonly string[];
  readonly lemma?: readonly string[];
  readonly head?: Int32Array;
  readonly deprel?: readonly string[];
  readonly nounPhrases?: readonly PhraseSpan[];
  readonly sentStart: Uint32Array;
  readonly sentEnd: Uint32Array;
}): PropertyRecord[] {
  const { tokens, upos, xpos, lemma, head, deprel, nounPhrases } = doc;
  if (!upos || !xpos || !lemma || !head || !deprel || !nounPhrases) return [];
  const layers: PropertyLayers = { tokens, upos, xpos, lemma, head, deprel };
  const out: PropertyRecord[] = [];
  let k = 0;
  for (let s = 0; s < doc.sentStart.length; s++) {
    const first = doc.sentStart[s];
    const last = doc.sentEnd[s];
    const from = k;
    while (k < nounPhrases.length && nounPhrases[k].start < last) k++;
    readProperties(layers, nounPhrases, first, last, from, k, s, out);
  }
  return out;
}
