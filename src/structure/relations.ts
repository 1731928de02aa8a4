/**
 * Relations from a dependency tree: each predicate with its SUBJECT,
 * OBJECT and OTHER arguments, read off one sentence's UD tree.
 *
 * What a relation is (the choices the spec leaves open are marked ▸):
 *
 * - Predicate: a verb (UPOS VERB) or a copular predicate (a word with a `cop`
 *   dependent). Its words are the verb, its auxiliaries (`aux`, `aux:pass`),
 *   the copula, negation (not, n't, never), verb particles (`compound:prt`)
 *   and adverbs that sit between the first and last of those words ("is
 *   usually"). ▸ Participles used as adjectives (`amod`) and verbs inside
 *   compounds are not predicates; an adjective with a passive auxiliary is
 *   (the participle the tagger missed: "can be relieved/JJ by …").
 * - Chains: a verb with an open clausal complement (`xcomp`) and no object of
 *   its own takes the complement in: "wants to buy a car" is one predicate
 *   `wants to buy` with OBJECT `a car`. With an object ("persuaded him to
 *   leave") the complement is its own relation, whose SUBJECT is that object.
 * - SUBJECT: the `nsubj` / `csubj` (any subtype). ▸ Passives: the surface
 *   subject (`nsubj:pass`) is the SUBJECT, as in CaRB's gold tuples ("the
 *   workers | were addressed | by …"); the `by` agent (`obl:agent`, or `obl`
 *   with `by`) is an OTHER param. A predicate without a subject of its own
 *   takes one from its context: a coordinated verb from the first conjunct,
 *   a relative clause or participle modifier from the noun it modifies ("the
 *   man who bought X": SUBJECT `the man`), an adverbial clause from the
 *   governing clause, an `xcomp` from the governing verb's object.
 * - OBJECT: `obj`, `iobj`, a clausal complement (`ccomp`, "said that …"),
 *   a non-verbal `xcomp` ("became a justice"), and for a copular predicate the
 *   predicate nominal or adjective itself ("Barclays | is | a bank"), without
 *   the adverbs before the copula, which are the clause's ("However, …").
 * - OTHER: obliques (`obl` and its subtypes: prepositional, temporal,
 *   locative, agents), with their preposition; adverbs of place and time
 *   ("left him there"); adverbial clauses opened by a preposition-like
 *   subordinator ("by adding salt"); a time the parser took for an object
 *   ("read it last summer", "meet every Monday": a time noun after last,
 *   next, this, every or each).
 * - Coordination: coordinated subjects and objects are split, one relation
 *   per combination ("John and Mary bought X" gives two; a common-noun
 *   conjunct with no determiner or possessor takes the first one's possessor:
 *   "John's car and house"), and so are
 *   coordinated copular complements ("is a musician and a cook"); an OTHER
 *   keeps its coordinated nouns ("to Paris and Rome"); coordinated verbs
 *   are separate predicates that share the subject (and the first verb's
 *   auxiliaries and following object when they have none); a verb followed
 *   only by the coordinator and its coordinated verb shares that verb's
 *   object ("approved and published the report").
 * - An argument's words: the subtree of its head, without the head's own
 *   conjuncts (split above; an OTHER's nominal ones stay), loosely attached material (parataxis, discourse
 *   words) and any part that holds the predicate itself (a relative clause's
 *   antecedent stops before the clause); punctuation at either edge is
 *   dropped. ▸ Appositions stay in ("Tim Cook, the chief executive, said …":
 *   SUBJECT `Tim Cook , the chief executive`): CaRB's annotators keep them
 *   more often than not (dev F1 +0.3 with them). ▸ These spans are computed here,
 *   not taken from the noun-phrase module: base noun phrases as arguments
 *   scored lower on CaRB dev (SUBJECTs only: F1 54.11 / AUC 37.99 against
 *   55.09 / 39.52; all arguments: 49.84 / 33.76), since CaRB's arguments
 *   keep their prepositional phrases and clauses.
 */

import { lowerCase } from '../lexicon/lower-case.js';
import { WordSet } from './word-set.js';
import type { RelationRole } from '../doc/layers.js';


/** One sentence's parse, positions 0-based within the sentence. */
export interface ParsedSentence {
  forms: readonly string[];
  upos: readonly string[];
  xpos: readonly string[];
  /** Head position, -1 at the root. */
  heads: ArrayLike<number>;
  /** UD relations with subtypes ('nsubj:pass'), 'root' at the root. */
  deprels: readonly string[];
  /** Probability the parser gave each word's chosen head, when it exposes one (0..1). */
  arcProb?: ArrayLike<number>;
}

export interface RelationArgument {
  role: RelationRole;
  /** The head word of the argument. */
  head: number;
  /** Its words, ascending (the preposition of an OTHER included). Its markers: argumentMarkers. */
  words: number[];
}

export interface SentenceRelation {
  /** The predicate's head word. */
  head: number;
  /** The predicate's words, ascending. */
  predicate: number[];
  /** SUBJECT first, then OBJECTs, then OTHERs, each group in sentence order. */
  args: RelationArgument[];
  /** 0..1, for ranking. */
  confidence: number;
  /** True when the predicate is copular ("is a bank"). */
  copular: boolean;
}

const NEGATION = new WordSet(['not', "n't", 'never', 'nt', 'n’t']);
const RELATIVE_WORDS = new WordSet(['who', 'whom', 'which', 'that']);
/** Dependents of a copular predicate that belong to the clause, not to the predicate nominal. */
const CLAUSE_LEVEL = /^(nsubj|csubj|cop|aux|obl|advcl|conj|cc|punct|mark|parataxis|ccomp|xcomp|expl|discourse|vocative|dislocated|obj|iobj|dep|list|reparandum|orphan)(:|$)/;
/** Dependents never part of an argument's words. */
const NOT_IN_ARGUMENT = /^(parataxis|reparandum|discourse|vocative)(:|$)/;
const MAX_SPLIT = 4;
/** Word classes whose coordinated arguments are split into relations of their own. */
const SPLIT_UPOS = new Set(['NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ']);
/** Base and participle forms: a coordinated verb of these shares the first conjunct's auxiliaries. */
const NON_FINITE_XPOS = new Set(['VB', 'VBN', 'VBG']);
/** Adverbs that say where or when, as an oblique would ("left him there", "arrived home"). */
const PLACE_TIME_ADVERBS = new WordSet(['there', 'here', 'home', 'abroad', 'overseas', 'downtown', 'ago', 'today', 'yesterday', 'tomorrow', 'tonight', 'recently', 'later', 'earlier', 'soon', 'now', 'then']);
/** Nouns of a span of time: with a TIME_DETERMINERS word before them, an `obj` of these is a time, not an object. */
const TIME_NOUNS = new WordSet([
  'day', 'week', 'weekend', 'month', 'year', 'decade', 'century', 'morning', 'afternoon', 'evening', 'night', 'season',
  'spring', 'summer', 'autumn', 'winter', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'january', 'february', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
]);
const TIME_DETERMINERS = new WordSet(['last', 'next', 'this', 'every', 'each']);
/** Markers of adverbial clauses that CaRB counts as arguments of the governing verb ("by adding …"). */
const ADVERBIAL_MARKERS = new WordSet(['by', 'after', 'before', 'until', 'without']);
/** Sentence adverbs that link to the discourse rather than modify the predicate. */
const LINKING_ADVERBS = new WordSet(['however', 'also', 'thus', 'therefore', 'then', 'so', 'too', 'instead', 'meanwhile', 'moreover', 'furthermore', 'hence', 'nevertheless', 'nonetheless', 'indeed', 'otherwise', 'though', 'yet', 'now', 'here', 'there', 'where', 'when', 'why', 'how']);
/** Relations to the head that a verb form holds only as a noun, adjective or function word. */
const NOMINAL_SLOT = /^(nsubj|obj|iobj|obl|nmod|appos|compound|amod|flat|fixed|case|mark|det|nummod|goeswith|aux|cop)(:|$)/;

const base = (rel: string): string => {
  const c = rel.indexOf(':');
  return c < 0 ? rel : rel.slice(0, c);
};

/**
 * Numbers for the labels the walk compares words' labels with (L_…, the whole label) and their base relations
 * (B_…): the walk asks them of every child it passes, and comparing two small numbers read from a byte array
 * costs less than comparing strings. 0: any other label.
 */
const L_AUX = 1;
const L_AUX_PASS = 2;
const L_COP = 3;
const L_COMPOUND_PRT = 4;
const L_MARK = 5;
const L_OBJ = 6;
const L_IOBJ = 7;
const L_XCOMP = 8;
const L_CONJ = 9;
const L_CC = 10;
const L_CC_PRECONJ = 11;
const L_CASE = 12;
const L_ACL = 13;
const L_FIXED = 14;
const L_ADVMOD = 15;
const L_DET = 16;
const L_DET_POSS = 17;
const L_NMOD_POSS = 18;
const B_ADVMOD = 1;
const B_AUX = 2;
const B_OBL = 3;
const B_CCOMP = 4;
const B_ADVCL = 5;
const B_NSUBJ = 6;
const B_CSUBJ = 7;
const LABEL_CODES = new Map<string, number>([['aux', L_AUX], ['aux:pass', L_AUX_PASS], ['cop', L_COP], ['compound:prt', L_COMPOUND_PRT], ['mark', L_MARK], ['obj', L_OBJ], ['iobj', L_IOBJ], ['xcomp', L_XCOMP], ['conj', L_CONJ], ['cc', L_CC], ['cc:preconj', L_CC_PRECONJ], ['case', L_CASE], ['acl', L_ACL], ['fixed', L_FIXED], ['advmod', L_ADVMOD], ['det', L_DET], ['det:poss', L_DET_POSS], ['nmod:poss', L_NMOD_POSS]]);
const BASE_CODES = new Map<string, number>([['advmod', B_ADVMOD], ['aux', B_AUX], ['obl', B_OBL], ['ccomp', B_CCOMP], ['advcl', B_ADVCL], ['nsubj', B_NSUBJ], ['csubj', B_CSUBJ]]);

/** Facts about a relation label, worked out once per label (there are a few dozen) rather than per word. */
interface LabelFacts {
  /** The label these are the facts of. */
  label: string;
  /** L_… for the whole label, B_… for its base relation (0: neither is one the walk compares with). */
  code: number;
  baseCode: number;
  /** F_… bits, copied into a byte per word for the walk. */
  flags: number;
  /** The confidence factor of a predicate with this relation to its head (CLAUSE_FACTOR). */
  clauseFactor: number;
}
/** LabelFacts.flags: NOT_IN_ARGUMENT matches the label, CLAUSE_LEVEL does, NOMINAL_SLOT does, it names a relative clause ('acl:relcl'). */
const F_NOT_IN_ARGUMENT = 1;
const F_CLAUSE_LEVEL = 2;
const F_NOMINAL_SLOT = 4;
const F_RELCL = 8;
const LABELS = new Map<string, LabelFacts>();
/**
 * The facts of every word's label are asked once per word: a table of 256 slots, indexed by a hash of the
 * label's length, first letter and last two letters, answers most of them with one comparison (the parser's few dozen labels
 * each get a slot of their own; a label that finds its slot taken goes to the map and takes it).
 */
const LABEL_SLOTS: (LabelFacts | undefined)[] = new Array<LabelFacts | undefined>(256).fill(undefined);
function labelFacts(rel: string): LabelFacts {
  // (an empty label hashes to 0: charCodeAt gives NaN, and NaN & 255 is 0)
  const slot = (rel.length * 2 + rel.charCodeAt(0) * 48 + rel.charCodeAt(rel.length - 1) + (rel.charCodeAt(rel.length - 2) | 0) * 3) & 255;
  const cached = LABEL_SLOTS[slot];
  if (cached !== undefined && cached.label === rel) return cached;
  const f = labelFactsOf(rel);
  LABEL_SLOTS[slot] = f;
  return f;
}
function labelFactsOf(rel: string): LabelFacts {
  let f = LABELS.get(rel);
  if (!f) {
    const b = base(rel);
    const flags =
      (NOT_IN_ARGUMENT.test(rel) ? F_NOT_IN_ARGUMENT : 0) | (CLAUSE_LEVEL.test(rel) ? F_CLAUSE_LEVEL : 0) | (NOMINAL_SLOT.test(rel) ? F_NOMINAL_SLOT : 0) | (rel.includes('relcl') ? F_RELCL : 0);
    f = { label: rel, code: LABEL_CODES.get(rel) ?? 0, baseCode: BASE_CODES.get(b) ?? 0, flags, clauseFactor: CLAUSE_FACTOR[b] ?? 0.6 };
    // labels come from the parser's fixed inventory; the bound only guards against odd input
    if (LABELS.size < 1000) LABELS.set(rel, f);
  }
  return f;
}

/**
 * relationsInto's per-word working arrays, refilled for each sentence (entries
 * past its length are stale) and grown as needed: relationsInto never runs
 * inside itself.
 */
const work = {
  /** Each word's label and base relation as L_… and B_… numbers, and its label's F_… flags. */
  code: new Uint8Array(256),
  flags: new Uint8Array(256),
  baseCode: new Uint8Array(256),
  /** 1 where a word has a copula. */
  copular: new Uint8Array(256),
  /** The first subject of each word, or -1. */
  subjectChild: new Int32Array(256),
  /** 1 where a word is a predicate. */
  pred: new Uint8Array(256),
  /** The governor an xcomp joins, or -1. */
  absorbedBy: new Int32Array(256),
  /** Each word's head as a sentence position, -1 at the root. */
  heads: new Int32Array(256),
  /** The words that may be predicates (verbs, words with a copula; some twice) and the xcomp words, gathered by the first pass. */
  candidates: new Int32Array(512),
  xcomps: new Int32Array(256),
  /** The predicate being read: its chain (the head and the xcomps it absorbed), its words. */
  chain: new Int32Array(64),
  predicate: new Int32Array(16),
  /** An argument's walk: the words to visit, the words visited. */
  stack: new Int32Array(64),
  words: new Int32Array(64),
  /** A head and its conjuncts (at most MAX_SPLIT). */
  conj: new Int32Array(MAX_SPLIT),
  /** subjectOf's memo: 1 where known, the subject's head (-1: none), the relative word it came through (-1: none). */
  memoKnown: new Uint8Array(64),
  memoHead: new Int32Array(64),
  memoVia: new Int32Array(64),
};

/** `a` when it holds at least n entries, else a new array of max(n, 2 × a.length) with a's first `keep` entries. */
function ensureInts(a: Int32Array<ArrayBuffer>, n: number, keep = 0): Int32Array<ArrayBuffer> {
  if (a.length >= n) return a;
  const b = new Int32Array(Math.max(n, 2 * a.length));
  b.set(a.subarray(0, keep));
  return b;
}
function ensureBytes(a: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> {
  return a.length >= n ? a : new Uint8Array(Math.max(n, 2 * a.length));
}

/**
 * Arguments a[from .. to) in order of their heads, sorted in place (stable, as Array.prototype.sort): an
 * insertion sort, since a predicate has a handful of arguments, and the built-in sort with a comparator
 * copies the list into a work array and calls back for every comparison.
 */
function sortByHead(a: RelationArgument[], from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= from && a[j].head > v.head) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/** Sorts a[0 .. len) ascending in place: insertion sort for the short runs most are, the built-in numeric sort beyond. */
function sortInts(a: Int32Array, len: number): void {
  if (len > 64) a.subarray(0, len).sort();
  else insertionSort(a, len);
}

/** Insertion sort of a[0 .. len) ascending, in place: no comparator calls, for the short lists of word positions. */
function insertionSort(a: Int32Array, len: number): void {
  for (let i = 1; i < len; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * a[from .. to) as a plain array of its length. The short ones most are (a predicate's one to three words,
 * an argument's few) as array literals, which the optimising compiler allocates inline; `new Array(n)` of a
 * length it does not know is a call.
 */
function intsToArray(a: Int32Array, from: number, to: number): number[] {
  switch (to - from) {
    case 0:
      return [];
    case 1:
      return [a[from]];
    case 2:
      return [a[from], a[from + 1]];
    case 3:
      return [a[from], a[from + 1], a[from + 2]];
    case 4:
      return [a[from], a[from + 1], a[from + 2], a[from + 3]];
    default: {
      const out = new Array<number>(to - from);
      for (let k = from; k < to; k++) out[k - from] = a[k];
      return out;
    }
  }
}

/** Which dependents an argument's walk leaves out (relationsInto's wordsBelow): an argument's, or a copular complement's. */
const SKIP_ARGUMENT = 0;
const SKIP_COMPLEMENT = 1;
/** What the readers hold between sentences instead of the last caller's layers. */
const NO_LABELS: readonly string[] = [];
function grow(n: number): void {
  const size = Math.max(n, 2 * work.subjectChild.length);
  work.copular = new Uint8Array(size);
  work.subjectChild = new Int32Array(size);
  work.pred = new Uint8Array(size);
  work.absorbedBy = new Int32Array(size);
  work.heads = new Int32Array(size);
  work.code = new Uint8Array(size);
  work.flags = new Uint8Array(size);
  work.baseCode = new Uint8Array(size);
  work.candidates = new Int32Array(2 * size);
  work.xcomps = new Int32Array(size);
}


/**
 * Relations of one parsed sentence, positions (heads, words) within it. The
 * relations split from one predicate share its predicate array and the
 * arguments they have in common.
 */
export function extractRelations(s: ParsedSentence): SentenceRelation[] {
  const out: PlacedRelation[] = [];
  relationsInto({ forms: s.forms, upos: s.upos, xpos: s.xpos, heads: s.heads, deprels: s.deprels, arcProb: s.arcProb, at: 0, n: s.forms.length }, 0, out);
  return out;
}

/**
 * The marker(s) that introduce the argument headed by h, ascending: the preposition before h ("on" in "on
 * the table") with the rest of a multiword one ("because of"), not the possessive 's; for a clause, its
 * subordinator ("that", "by" in "by adding"). Word i of the sentence is at index `at + i` of the layers, whose
 * heads are in their own positions (negative at a root), as in SentenceView; positions within the sentence.
 * Not kept in the relations: only the CaRB conversion asks, for one argument of a relation, and an argument's
 * walk that gathered them for every argument spent a sixteenth of its time on them.
 */
export function argumentMarkers(t: Pick<SentenceView, 'heads' | 'deprels' | 'xpos' | 'at' | 'n'>, h: number): number[] {
  const { heads, deprels, xpos, at, n } = t;
  const isChildOf = (k: number, g: number): boolean => k !== g && heads[at + k] >= 0 && heads[at + k] - at === g;
  const out: number[] = [];
  for (let k = 0; k < h && k < n; k++) {
    if (!isChildOf(k, h)) continue;
    const label = deprels[at + k];
    if (!((label === 'case' && xpos[at + k] !== 'POS') || (label === 'mark' && xpos[at + k] !== 'TO'))) continue;
    out.push(k);
    for (let f = 0; f < n; f++) if (deprels[at + f] === 'fixed' && isChildOf(f, k)) out.push(f);
  }
  return out.sort((a, b) => a - b);
}

/**
 * One sentence inside layers that may hold more (a doc's): word i of the
 * sentence is at index `at + i` of forms, upos, xpos, heads, deprels and
 * arcProb; heads are in the layers' positions (the sentence position of word
 * i's head is heads[at + i] - at), negative at the root.
 */
export interface SentenceView {
  readonly forms: readonly string[];
  readonly upos: readonly string[];
  readonly xpos: readonly string[];
  readonly deprels: readonly string[];
  readonly arcProb?: ArrayLike<number>;
  readonly heads: ArrayLike<number>;
  readonly at: number;
  readonly n: number;
}

/** A relation with the index of its sentence in the doc (0 from extractRelations). */
export interface PlacedRelation extends SentenceRelation {
  sentence: number;
}

/**
 * Appends the relations of one sentence to `out`, positions within the
 * sentence, each tagged with `sentence` — what relationsOfDoc needs, read
 * straight from the doc's layers (no per-sentence copies of them).
 */
export function relationsInto(v: SentenceView, sentence: number, out: PlacedRelation[]): void {
  readRelations(v, sentence, out);
}

type RelationReader = (v: SentenceView, sentence: number, out: PlacedRelation[]) => void;

/** relationsInto's walk, made once (see relationReader). */
const readRelations = relationReader();

/** Whether a relation label is a subject's or an object's. */
const isSubjectOrObject = (r: string): boolean => r.startsWith('nsubj') || r.startsWith('csubj') || r === 'obj';
const isObject = (r: string): boolean => r === 'obj' || r === 'iobj' || r.startsWith('ccomp');

/**
 * The walk of relationsInto. The sentence it reads is held in variables of this function, set for each
 * sentence, and the helpers that ask about it are made once here: made per sentence, two dozen closures and
 * their context were a third of this walk's garbage. (The walk never runs inside itself.)
 */
function relationReader(): RelationReader {
  let forms: readonly string[] = [];
  let upos: readonly string[] = [];
  let xpos: readonly string[] = [];
  let rel: readonly string[] = [];
  /** The sentence's heads as sentence positions (-1 at the root), in the module's array. */
  let heads = work.heads;
  let at = 0;
  let n = 0;
  // Per-word facts read once (the walk below asks them many times): label and base relation codes, label flags,
  // heads; the module's arrays, refilled (allocating them per sentence cost more than filling them)
  let { code, baseCode, flags } = work;
  let { copular, subjectChild, pred, absorbedBy } = work;
  // Children, ascending, in two flat arrays (no list per word): word h's are kidList[kidAt[h] .. kidAt[h + 1]).
  // Built for each sentence by a counting sort by head, as tree-index.ts's childIndex (which the properties use)
  // builds it, with its clearing and counting folded into the passes over the words below.
  let kidAt = new Int32Array(258);
  let kidList = new Int32Array(256);
  let { memoKnown, memoHead, memoVia } = work;
  // the predicate's words are gathered here, then copied to an array of their number
  let predicateBuf = work.predicate;
  let predicateLen = 0;
  // an argument's walk (wordsBelow): the words to visit, the words visited; made long enough for each sentence
  let stack = work.stack;
  let words = work.words;

  // A word's lower case, kept for the sentence once asked (a word may be asked about in several of the loops below):
  // loweredIn[i] is the number of the sentence lowered[i] was computed in, so that nothing is cleared per sentence.
  let lowered: string[] = [];
  let loweredIn = new Int32Array(256);
  let sentenceNumber = 0;
  const lower = (i: number): string => {
    if (loweredIn[i] === sentenceNumber) return lowered[i];
    loweredIn[i] = sentenceNumber;
    return (lowered[i] = lowerCase(forms[at + i]));
  };
  /** Whether word i, lowered, is in the set: most words are ruled out by their first letter, without lowering them. */
  const isIn = (set: WordSet, i: number): boolean => set.mayHave(forms[at + i]) && set.hasLowered(lower(i));
  /** A bare time the parser took for an object ("read it last summer", "meets every Monday"): an OTHER param. */
  const isTimeObject = (k: number): boolean => {
    if (!isIn(TIME_NOUNS, k)) return false;
    for (let q = kidAt[k]; q < kidAt[k + 1]; q++) if (kidList[q] < k && isIn(TIME_DETERMINERS, kidList[q])) return true;
    return false;
  };
  const hasChild = (h: number, test: (r: string) => boolean): boolean => {
    for (let q = kidAt[h]; q < kidAt[h + 1]; q++) if (test(rel[at + kidList[q]])) return true;
    return false;
  };
  const isCopular = (i: number): boolean => copular[i] === 1;
  const isPredicate = (i: number): boolean => {
    if (isCopular(i)) return true;
    // an adjective with a passive auxiliary is a participle the tagger missed ("can be relieved/JJ by …")
    if (upos[at + i] === 'ADJ' && hasPassiveAuxiliary(i)) return true;
    if (upos[at + i] !== 'VERB') return false;
    // a "verb" in a nominal or function-word slot is a participle adjective or a tagging slip
    // ("Apple bought Beats"), unless it governs a subject or object of its own (a gerund clause)
    if ((flags[i] & F_NOMINAL_SLOT) === 0) return true;
    return hasChild(i, isSubjectOrObject);
  };
  const hasOwnSubject = (i: number): boolean => subjectChild[i] >= 0;

  // The predicate's chain, in a buffer of the module's (it never leaves the loop over predicates below).
  const chainOf = (p: number): number => {
    const chain = (work.chain = ensureInts(work.chain, n + 1));
    chain[0] = p;
    let len = 1;
    for (let k = 0; k < len && len <= n; k++) {
      for (let q = kidAt[chain[k]]; q < kidAt[chain[k] + 1]; q++) {
        const c = kidList[q];
        if (absorbedBy[c] === chain[k] && c !== p && len <= n) chain[len++] = c;
      }
    }
    return len;
  };

  /**
   * The words of the subtree of `h`, ascending, without punctuation at either edge, as a new array of their
   * number. `skip` says which dependents are left out with their subtrees: an
   * argument's (skipsInArgument) or a copular complement's (skipsInComplement); the last three parameters
   * are an argument's. The walk is in order (a word's left dependents, the word, its right dependents;
   * iterative, as trees can be deep), which gives the words ascending wherever the subtree is projective:
   * only a subtree that is not (a few in a hundred sentences) is sorted afterwards. (A pre-order walk
   * gave them out of order, and sorting them was a tenth of this walk.)
   */
  const wordsBelow = (h: number, skip: number, dropCase: boolean, nominalOnly: boolean, predicateAncestors: AncestorMarks): number[] => {
    // the stack holds words to expand (w) and words to emit (~w, negative); a word is pushed at most twice
    stack[0] = h;
    let top = 1;
    let len = 0;
    let expanded = 0;
    let sorted = true;
    // (the bounds stop a malformed tree with a cycle)
    while (top > 0 && len <= n && expanded <= n) {
      const e = stack[--top];
      if (e < 0) {
        const w = ~e;
        if (len > 0 && w < words[len - 1]) sorted = false;
        words[len++] = w;
        continue;
      }
      expanded++;
      const q0 = kidAt[e];
      let q = kidAt[e + 1] - 1;
      if (q < q0) {
        // a word without dependents (most are) is listed at once
        if (len > 0 && e < words[len - 1]) sorted = false;
        words[len++] = e;
        continue;
      }
      if (top + q - q0 + 3 > stack.length) stack = work.stack = ensureInts(stack, 2 * (top + q - q0 + 3), top);
      // pushed in reverse: the right dependents from the last, the word, the left dependents from the last
      for (; q >= q0; q--) {
        const k = kidList[q];
        if (k < e) break;
        if (!(skip === SKIP_ARGUMENT ? skipsInArgument(k, h, dropCase, nominalOnly, predicateAncestors) : skipsInComplement(k, h))) stack[top++] = k;
      }
      stack[top++] = ~e;
      for (; q >= q0; q--) {
        const k = kidList[q];
        if (!(skip === SKIP_ARGUMENT ? skipsInArgument(k, h, dropCase, nominalOnly, predicateAncestors) : skipsInComplement(k, h))) stack[top++] = k;
      }
    }
    if (!sorted) sortInts(words, len);
    let a = 0;
    let z = len;
    while (a < z && upos[at + words[a]] === 'PUNCT') a++;
    while (z > a && upos[at + words[z - 1]] === 'PUNCT') z--;
    return intsToArray(words, a, z);
  };
  /** What an argument headed by h leaves out: its own conjuncts, loose attachments and the predicate's part. */
  const skipsInArgument = (k: number, h: number, dropCase: boolean, nominalOnly: boolean, predicateAncestors: AncestorMarks): boolean =>
    // (a SUBJECT's or OBJECT's conjuncts are relations of their own; an OTHER keeps its nominal ones: "served with laksa and tauhu")
    (heads[k] === h && (((code[k] === L_CONJ || code[k] === L_CC || code[k] === L_CC_PRECONJ) && (dropCase || upos[at + k] === 'VERB' || pred[k] === 1)) || (dropCase && code[k] === L_CASE && xpos[at + k] !== 'POS'))) ||
    (flags[k] & F_NOT_IN_ARGUMENT) !== 0 ||
    predicateAncestors.has(k) ||
    (nominalOnly && heads[k] === h && (flags[k] & F_CLAUSE_LEVEL) !== 0);
  /** What a copular complement p leaves out: the clause's own dependents ("an album, released in 2000" is a relation of its own, about the subject). */
  const skipsInComplement = (k: number, p: number): boolean =>
    (heads[k] === p && ((flags[k] & F_CLAUSE_LEVEL) !== 0 || code[k] === L_ACL || (baseCode[k] === B_ADVMOD && (isIn(NEGATION, k) || opensClause(k, p))))) ||
    (flags[k] & F_NOT_IN_ARGUMENT) !== 0;
  /** Whether adverb k of copular predicate p stands before its copula: the clause's ("However, the food was cold"), not the complement's. */
  const opensClause = (k: number, p: number): boolean => {
    if (k > p) return false;
    for (let q = kidAt[p]; q < kidAt[p + 1]; q++) if (code[kidList[q]] === L_COP) return k < kidList[q];
    return false;
  };

  /** An argument headed by h: its words without its own conjuncts, loose attachments or the predicate's part. */
  const argument = (role: RelationRole, h: number, predicateAncestors: AncestorMarks): RelationArgument => {
    // a SUBJECT or OBJECT taken from elsewhere (a relative clause's antecedent) leaves its preposition behind;
    // an antecedent that is itself a copular predicate ("X was the only ship [to conduct …]") keeps only its nominal words
    const words = wordsBelow(h, SKIP_ARGUMENT, role !== 'OTHER', isCopular(h) && predicateAncestors.has(h), predicateAncestors);
    return { role, head: h, words };
  };

  /** The head and its conjuncts, for splitting coordinated nominal arguments, into work.conj; their number. */
  const conjuncts = (h: number): number => {
    const out = work.conj;
    out[0] = h;
    let len = 1;
    if (!SPLIT_UPOS.has(upos[at + h])) return len;
    for (let k = 0; k < len && len < MAX_SPLIT; k++) {
      for (let qC = kidAt[out[k]], qCEnd = kidAt[out[k] + 1]; qC < qCEnd; qC++) {
        const c = kidList[qC];
        if (code[c] === L_CONJ && upos[at + c] !== 'VERB' && len < MAX_SPLIT) out[len++] = c;
      }
    }
    return len;
  };
  /** The arguments of `role` headed by h and its conjuncts, written to list[from ..]; the index past them. */
  const coordinatedInto = (list: RelationArgument[], from: number, role: RelationRole, h: number, predicateAncestors: AncestorMarks): number => {
    const len = conjuncts(h);
    for (let k = 0; k < len; k++) list[from + k] = argument(role, work.conj[k], predicateAncestors); // (argument() does not touch work.conj)
    if (len > 1) {
      // the first conjunct's possessor before it is every common-noun conjunct's ("Dangaioh 's characters , mecha
      // and storyline elements"), where the conjunct has no determiner or possessor of its own ("Mary 's brother and
      // Tom" leaves Tom alone)
      let owner = -1;
      for (let q = kidAt[h]; q < kidAt[h + 1] && owner < 0; q++) if (kidList[q] < h && code[kidList[q]] === L_NMOD_POSS) owner = kidList[q];
      if (owner >= 0) {
        const ownerWords = wordsBelow(owner, SKIP_ARGUMENT, false, false, predicateAncestors);
        for (let k = 1; k < len; k++) {
          const c = work.conj[k];
          let own = upos[at + c] !== 'NOUN';
          for (let q = kidAt[c]; q < kidAt[c + 1] && !own; q++) {
            const r = code[kidList[q]];
            own = kidList[q] < c && (r === L_DET || r === L_NMOD_POSS || r === L_DET_POSS);
          }
          if (!own) list[from + k] = { ...list[from + k], words: [...ownerWords, ...list[from + k].words].sort((a, b) => a - b) };
        }
      }
    }
    return from + len;
  };

  // A predicate's arguments as they are found, in lists of the reader's reused for every predicate (lists made per
  // predicate, and grown by push, were a quarter of this walk's garbage). Entries past the counts are stale: an
  // earlier predicate's arguments, which its relations hold anyway. Objects come in groups (an object with its
  // conjuncts, or one clausal object): group g is objects[objectStart[g] .. objectEnd(g)).
  const subjects: RelationArgument[] = [];
  let subjectCount = 0;
  const objects: RelationArgument[] = [];
  let objectCount = 0;
  let objectStart = new Int32Array(16);
  let objectGroups = 0;
  const others: RelationArgument[] = [];
  let otherCount = 0;
  const openObjectGroup = (): void => {
    if (objectGroups === objectStart.length) objectStart = ensureInts(objectStart, 2 * objectGroups, objectGroups);
    objectStart[objectGroups++] = objectCount;
  };
  const objectEnd = (g: number): number => (g + 1 < objectGroups ? objectStart[g + 1] : objectCount);
  /** A group of one object. */
  const addObjectGroup = (a: RelationArgument): void => {
    openObjectGroup();
    objects[objectCount++] = a;
  };
  /** A group of the object headed by h and its conjuncts. */
  const addCoordinatedObjects = (h: number, predicateAncestors: AncestorMarks): void => {
    openObjectGroup();
    objectCount = coordinatedInto(objects, objectCount, 'OBJECT', h, predicateAncestors);
  };

  // Subjects, resolved lazily through coordination, relative clauses and control: per predicate, its subject's
  // head (-1: none) and the relative word it came through (-1: none), in arrays of the module's.
  /** The head of p's subject (-1: none); memoVia[p] then holds the relative word it came through (-1: none). */
  const subjectOf = (p: number, depth = 0): number => {
    if (memoKnown[p]) return memoHead[p];
    let head = -1;
    let via = -1;
    const own = subjectChild[p];
    const h = heads[p];
    const r = code[p];
    if (own >= 0) {
      if ((flags[p] & F_RELCL) !== 0 && h >= 0 && isIn(RELATIVE_WORDS, own)) {
        head = h;
        via = own;
      } else head = own;
    } else if (depth < 8 && h >= 0) {
      if ((flags[p] & F_RELCL) !== 0) {
        // "the car that John bought": the antecedent is the object, unless the clause lacks a subject
        head = h;
      } else if (r === L_ACL) {
        // a participle on a predicate nominal describes the copula's subject ("X is an album, released in 2000")
        head = isCopular(h) && subjectChild[h] >= 0 ? subjectChild[h] : h;
      } else if (r === L_CONJ && pred[h]) {
        head = subjectOf(h, depth + 1);
        via = head >= 0 ? memoVia[h] : -1;
      } else if (r === L_XCOMP) {
        let obj = -1;
        for (let q = kidAt[h]; q < kidAt[h + 1] && obj < 0; q++) if (code[kidList[q]] === L_OBJ || code[kidList[q]] === L_IOBJ) obj = kidList[q];
        if (obj >= 0) head = obj;
        else if (pred[h]) {
          head = subjectOf(h, depth + 1);
          via = head >= 0 ? memoVia[h] : -1;
        }
      } else if (baseCode[p] === B_ADVCL && pred[h]) {
        head = subjectOf(h, depth + 1);
        via = head >= 0 ? memoVia[h] : -1;
      }
    }
    memoKnown[p] = 1;
    memoHead[p] = head;
    memoVia[p] = via;
    return head;
  };

  const addPredicate = (k: number): void => {
    if (predicateLen === predicateBuf.length) predicateBuf = work.predicate = ensureInts(predicateBuf, 2 * predicateLen, predicateLen);
    predicateBuf[predicateLen++] = k;
  };
  const inPredicate = (k: number): boolean => {
    for (let j = 0; j < predicateLen; j++) if (predicateBuf[j] === k) return true;
    return false;
  };
  return (v, sentence, out) => {
    if (v.n <= 0) return;
    ({ forms, upos, xpos, at, n } = v);
    rel = v.deprels;
    if (loweredIn.length < n) loweredIn = new Int32Array(Math.max(n, 2 * loweredIn.length));
    if (++sentenceNumber === 0x7fffffff) {
      // (after two thousand million sentences: the numbers start again, from an array no sentence has marked)
      loweredIn.fill(0);
      lowered = [];
      sentenceNumber = 1;
    }
    if (work.subjectChild.length < n) grow(n);
    if (kidList.length < n) {
      kidList = new Int32Array(Math.max(n, 2 * kidList.length));
      kidAt = new Int32Array(kidList.length + 2);
    }
    // an argument's walk: the stack holds each word at most twice (see wordsBelow), the list each word once
    stack = work.stack = ensureInts(work.stack, 2 * n + 2);
    words = work.words = ensureInts(work.words, n + 1);
    ({ copular, subjectChild, pred, absorbedBy, heads, code, baseCode, flags } = work);
    const { candidates, xcomps } = work;
    memoKnown = work.memoKnown = ensureBytes(work.memoKnown, n);
    memoHead = work.memoHead = ensureInts(work.memoHead, n);
    memoVia = work.memoVia = ensureInts(work.memoVia, n);
    // One pass over the words clears their entries and reads what the walk asks of each: label facts, head, and
    // the few words the next passes look at (the words that may be predicates, the xcomps): those passes then
    // skip the rest of the sentence. (Clearing here, not with a fill per array: five calls per sentence cost
    // more than the stores.)
    const layerHeads = v.heads;
    let candidateCount = 0;
    let xcompCount = 0;
    kidAt[0] = kidAt[1] = 0;
    for (let i = 0; i < n; i++) {
      kidAt[i + 2] = 0;
      copular[i] = 0;
      subjectChild[i] = -1;
      pred[i] = 0;
      absorbedBy[i] = -1;
      memoKnown[i] = 0;
      const f = labelFacts(rel[at + i]);
      flags[i] = f.flags;
      code[i] = f.code;
      baseCode[i] = f.baseCode;
      const layerHead = layerHeads[at + i];
      heads[i] = layerHead < 0 ? -1 : layerHead - at;
      if (upos[at + i] === 'VERB') candidates[candidateCount++] = i;
      if (f.code === L_XCOMP) xcomps[xcompCount++] = i;
    }
    // copulas and first subjects, written at their heads (cleared by the pass above), and the children counted
    for (let i = 0; i < n; i++) {
      const h = heads[i];
      if (h < 0 || h >= n || h === i) continue;
      kidAt[h + 2]++;
      if (code[i] === L_COP) {
        copular[h] = 1;
        candidates[candidateCount++] = h;
      }
      // a passive auxiliary on an adjective: a participle the tagger missed (isPredicate)
      if (code[i] === L_AUX_PASS && upos[at + h] === 'ADJ') candidates[candidateCount++] = h;
      if ((baseCode[i] === B_NSUBJ || baseCode[i] === B_CSUBJ) && subjectChild[h] < 0) subjectChild[h] = i;
    }
    // kidAt[k + 1] is now where word k's children start; filling moves it to where they end, word k + 1's start
    for (let k = 0; k < n; k++) kidAt[k + 2] += kidAt[k + 1];
    for (let i = 0; i < n; i++) {
      const h = heads[i];
      if (h >= 0 && h < n && h !== i) kidList[kidAt[h + 1]++] = i;
    }
    // a predicate is a verb or a word with a copula (isPredicate): only those are asked
    for (let c = 0; c < candidateCount; c++) if (isPredicate(candidates[c])) pred[candidates[c]] = 1;
    // xcomp chains: the complement joins its governor's predicate when the governor has no object.
    for (let c = 0; c < xcompCount; c++) {
      const i = xcomps[c];
      const h = heads[i];
      if (!pred[i] || h < 0 || !pred[h] || isCopular(h)) continue;
      if (hasOwnSubject(i) || hasChild(h, isObject)) continue;
      absorbedBy[i] = h;
    }
    const ancestors = sharedAncestors.reset(heads, n);
    predicateBuf = work.predicate;
    for (let p = 0; p < n; p++) {
      if (!pred[p] || absorbedBy[p] >= 0) continue;
      const chainLen = chainOf(p);
      const chain = work.chain;
      const copular = isCopular(p);

      // predicate words
      predicateLen = 0;
      // whether the chain has an adverb among its children (most have none: the two adverb passes below then have nothing to add)
      let adverbs = false;
      for (let m = 0; m < chainLen; m++) {
        const c = chain[m];
        if (!isCopular(c)) addPredicate(c);
        for (let qK = kidAt[c], qKEnd = kidAt[c + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          const r = code[k];
          if (baseCode[k] === B_ADVMOD) adverbs = true;
          if (r === L_AUX || r === L_AUX_PASS || r === L_COP || r === L_COMPOUND_PRT) addPredicate(k);
          else if (baseCode[k] === B_ADVMOD && isIn(NEGATION, k)) addPredicate(k);
          else if (c !== p && r === L_MARK && xpos[at + k] === 'TO') addPredicate(k);
        }
      }
      // a coordinated non-finite verb without auxiliaries shares the first conjunct's ("was approved and implemented")
      if (code[p] === L_CONJ && heads[p] >= 0 && NON_FINITE_XPOS.has(xpos[at + p]) && !hasOwnSubject(p) && !hasAuxiliary(p)) {
        for (let qK = kidAt[heads[p]], qKEnd = kidAt[heads[p] + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          if (baseCode[k] === B_AUX && k < heads[p]) addPredicate(k);
        }
      }
      sortInts(predicateBuf, predicateLen);
      if (predicateLen === 0) continue;
      // adverbs inside the predicate's stretch ("would usually go", "is usually")
      const lo = predicateBuf[0];
      const hi = predicateBuf[predicateLen - 1];
      for (let m = 0; adverbs && m < chainLen; m++) {
        const c = chain[m];
        for (let qK = kidAt[c], qKEnd = kidAt[c + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          if (k > lo && k < hi && baseCode[k] === B_ADVMOD && !inPredicate(k)) addPredicate(k);
        }
      }
      // and a plain adverb right next to it ("still influences", "closed finally", "remained together")
      for (let m = 0; adverbs && m < chainLen; m++) {
        const c = chain[m];
        for (let qK = kidAt[c], qKEnd = kidAt[c + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          if (code[k] !== L_ADVMOD || xpos[at + k] !== 'RB' || kidAt[k + 1] > kidAt[k] || inPredicate(k)) continue;
          if ((LINKING_ADVERBS.mayHave(forms[at + k]) || PLACE_TIME_ADVERBS.mayHave(forms[at + k])) && (LINKING_ADVERBS.hasLowered(lower(k)) || PLACE_TIME_ADVERBS.hasLowered(lower(k)))) continue;
          // (between a copula and its complement an adverb is the complement's: "was very cold")
          if (isCopular(c) && k < c && !opensClause(k, c)) continue;
          if (inPredicate(k + 1) || inPredicate(k - 1)) addPredicate(k);
        }
      }
      if (adverbs) sortInts(predicateBuf, predicateLen);
      const predicate = intsToArray(predicateBuf, 0, predicateLen);
      // the confidence factor of the predicate's clause (its label's: asked again here, per predicate, not kept per word)
      const clauseFactor = labelFacts(rel[at + p]).clauseFactor;
      // the predicate's head and everything above it: no argument may contain those
      const predicateSet = ancestors.of(p);

      // subject
      const subjectHead = subjectOf(p);
      const subjectVia = subjectHead >= 0 ? memoVia[p] : -1;
      subjectCount = subjectHead >= 0 ? coordinatedInto(subjects, 0, 'SUBJECT', subjectHead, predicateSet) : 0;

      // objects and others
      objectGroups = objectCount = otherCount = 0;
      const isRelativeClause = (flags[p] & F_RELCL) !== 0;
      const relativeObject = isRelativeClause && subjectHead >= 0 && subjectVia < 0 && hasOwnSubject(p) && heads[p] >= 0;
      for (let m = 0; m < chainLen; m++) if (isCopular(chain[m])) addCopularComplements(chain[m], predicateSet);
      for (let m = 0; m < chainLen; m++) {
        const c = chain[m];
        for (let qK = kidAt[c], qKEnd = kidAt[c + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          const r = code[k];
          if (isRelativeClause && isIn(RELATIVE_WORDS, k)) {
            // the relative word stands for the antecedent
            if (r === L_OBJ && heads[p] >= 0) addCoordinatedObjects(heads[p], predicateSet);
            continue;
          }
          if (r === L_OBJ && isTimeObject(k)) others[otherCount++] = argument('OTHER', k, predicateSet);
          else if (r === L_OBJ || r === L_IOBJ) addCoordinatedObjects(k, predicateSet);
          else if (baseCode[k] === B_CCOMP) addObjectGroup(argument('OBJECT', k, predicateSet));
          else if (r === L_XCOMP && absorbedBy[k] < 0 && !pred[k]) addObjectGroup(argument('OBJECT', k, predicateSet));
          else if (baseCode[k] === B_OBL || (code[k] === L_ADVMOD && isIn(PLACE_TIME_ADVERBS, k) && !inPredicate(k))) others[otherCount++] = argument('OTHER', k, predicateSet);
          else if (baseCode[k] === B_ADVCL && hasAdverbialMarker(k)) others[otherCount++] = argument('OTHER', k, predicateSet);
        }
      }
      if (relativeObject && objectGroups === 0 && heads[p] >= 0) {
        // "the car John bought": a relative clause with its own subject and no object is about its antecedent
        addObjectGroup(argument('OBJECT', heads[p], predicateSet));
      }
      // a coordinated verb with no object shares the first conjunct's object when it follows both verbs
      if (!copular && objectGroups === 0 && code[p] === L_CONJ && heads[p] >= 0) {
        for (let qK = kidAt[heads[p]], qKEnd = kidAt[heads[p] + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          if ((code[k] === L_OBJ || baseCode[k] === B_CCOMP) && k > p) addObjectGroup(argument('OBJECT', k, predicateSet));
        }
      }
      // right-node raising: a verb with nothing after it but a coordinator and its coordinated verb shares that
      // verb's object ("approved and published the report")
      if (!copular && objectGroups === 0 && otherCount === 0) {
        for (let qK = kidAt[p], qKEnd = kidAt[p + 1]; qK < qKEnd; qK++) {
          const c = kidList[qK];
          if (code[c] !== L_CONJ || c <= p || !pred[c] || isCopular(c) || hasOwnSubject(c)) continue;
          let adjacent = true;
          for (let j = p + 1; j < c && adjacent; j++) adjacent = heads[j] === c && (code[j] === L_CC || code[j] === L_AUX);
          if (!adjacent) break;
          for (let cK = kidAt[c], cKEnd = kidAt[c + 1]; cK < cKEnd; cK++) {
            const k = kidList[cK];
            if (code[k] === L_OBJ && k > c) addObjectGroup(argument('OBJECT', k, predicateSet));
          }
          break;
        }
      }
      // and the obliques that open the sentence before both ("In 1879, he was elected … but died")
      if (code[p] === L_CONJ && heads[p] >= 0 && pred[heads[p]]) {
        const first = heads[p];
        const subjectAt = subjectChild[first] >= 0 ? subjectChild[first] : first;
        for (let qK = kidAt[first], qKEnd = kidAt[first + 1]; qK < qKEnd; qK++) {
          const k = kidList[qK];
          if (baseCode[k] === B_OBL && k < subjectAt && k < first) others[otherCount++] = argument('OTHER', k, predicateSet);
        }
      }

      // one relation per combination of coordinated subject and member of the first object group (none: one
      // relation without), each with the later object groups' members and the others
      const subjectChoices = subjectCount > 0 ? subjectCount : 1;
      const firstEnd = objectGroups > 0 ? objectEnd(0) : 0;
      const objectChoices = objectGroups > 0 ? firstEnd : 1;
      const restCount = objectCount - firstEnd;
      if (otherCount > 1) sortByHead(others, 0, otherCount);
      for (let si = 0; si < subjectChoices; si++) {
        const sa = subjectCount > 0 ? subjects[si] : undefined;
        for (let oi = 0; oi < objectChoices; oi++) {
          const oa = objectGroups > 0 ? objects[oi] : undefined;
          // made at its length: subject, objects (ordered by their heads when there are later groups), others
          const args = new Array<RelationArgument>((sa ? 1 : 0) + (oa ? 1 : 0) + restCount + otherCount);
          let w = 0;
          if (sa) args[w++] = sa;
          const objectsAt = w;
          if (oa) args[w++] = oa;
          for (let m = firstEnd; m < objectCount; m++) args[w++] = objects[m];
          if (restCount > 0) sortByHead(args, objectsAt, w);
          for (let m = 0; m < otherCount; m++) args[w++] = others[m];
          // a predicate with no params at all says nothing a caller can use
          if (w > 0) out.push({ sentence, head: p, predicate, args, confidence: relationConfidence(v, p, args, clauseFactor), copular });
        }
      }
    }
    // the reader keeps no reference to the caller's layers once it has read them
    forms = upos = xpos = rel = NO_LABELS;
  };

  /** The predicate nominal/adjective of a copular clause, without the clause's own dependents. */
  function copularComplement(p: number, predicateAncestors: AncestorMarks): RelationArgument {
    return { role: 'OBJECT', head: p, words: wordsBelow(p, SKIP_COMPLEMENT, false, false, predicateAncestors) };
  }
  /**
   * The copular complement p and its coordinated complements as one object group, split into relations of their
   * own ("is a talented musician and a great cook"); a conjunct with a copula or subject of its own is a clause of
   * its own, and a verb is a coordinated predicate.
   */
  function addCopularComplements(p: number, predicateAncestors: AncestorMarks): void {
    openObjectGroup();
    objects[objectCount++] = copularComplement(p, predicateAncestors);
    if (!SPLIT_UPOS.has(upos[at + p])) return;
    for (let q = kidAt[p], qEnd = kidAt[p + 1]; q < qEnd && objectCount - objectStart[objectGroups - 1] < MAX_SPLIT; q++) {
      const c = kidList[q];
      if (code[c] !== L_CONJ || c < p || !SPLIT_UPOS.has(upos[at + c]) || isCopular(c) || hasOwnSubject(c) || pred[c]) continue;
      objects[objectCount++] = copularComplement(c, predicateAncestors);
    }
  }
  /** Whether a passive auxiliary hangs on word i. */
  function hasPassiveAuxiliary(i: number): boolean {
    for (let q = kidAt[i]; q < kidAt[i + 1]; q++) if (code[kidList[q]] === L_AUX_PASS) return true;
    return false;
  }
  /** Whether an auxiliary hangs on word i. */
  function hasAuxiliary(i: number): boolean {
    for (let q = kidAt[i]; q < kidAt[i + 1]; q++) if (rel[at + kidList[q]].startsWith('aux')) return true;
    return false;
  }
  /** Whether an adverbial clause k has a marker that makes it an argument ("by adding …"). */
  function hasAdverbialMarker(k: number): boolean {
    for (let q = kidAt[k]; q < kidAt[k + 1]; q++) {
      const m = kidList[q];
      if (code[m] === L_MARK && isIn(ADVERBIAL_MARKERS, m)) return true;
    }
    return false;
  }
}

/**
 * A predicate's head and every word above it (no argument may contain those),
 * as marks in one array: `of(p)` marks p's path to the root with a stamp of
 * its own, so that `has(k)` is an array read (it runs for every word an
 * argument's walk visits). The array and the stamps are shared by every
 * sentence (a typed array costs more to allocate than a sentence's walk
 * costs to mark), so a stamp is never reused until they wrap.
 */
class AncestorMarks {
  private static marks = new Int32Array(256);
  private static lastStamp = 0;
  private stamp = 0;
  private heads: ArrayLike<number> = [];
  private n = 0;

  /** Sets the sentence (heads of its n words) whose predicates are marked next. */
  reset(heads: ArrayLike<number>, n: number): this {
    this.heads = heads;
    this.n = n;
    if (AncestorMarks.marks.length < n) AncestorMarks.marks = new Int32Array(Math.max(n, 2 * AncestorMarks.marks.length));
    return this;
  }

  /** Marks p and its ancestors; the marks of the previous predicate are gone. */
  of(p: number): this {
    if (AncestorMarks.lastStamp === 0x7fffffff) {
      AncestorMarks.marks.fill(0);
      AncestorMarks.lastStamp = 0;
    }
    this.stamp = ++AncestorMarks.lastStamp;
    const marks = AncestorMarks.marks;
    for (let j = p, steps = 0; j >= 0 && j < this.n && steps < this.n; j = this.heads[j], steps++) marks[j] = this.stamp;
    return this;
  }

  has(k: number): boolean {
    return AncestorMarks.marks[k] === this.stamp;
  }
}

/** The marks relationsInto uses, one object for every sentence (it never runs inside itself). */
const sharedAncestors = new AncestorMarks();

/** How often a clause of each kind gives a good tuple, relative to a main clause (read off CaRB dev). */
const CLAUSE_FACTOR: Readonly<Record<string, number>> = {
  root: 1,
  conj: 0.95,
  parataxis: 0.8,
  ccomp: 0.8,
  acl: 0.75,
  xcomp: 0.75,
  advcl: 0.7,
};

/**
 * Confidence of a relation, 0..1: how sure the parser was of the arcs it
 * rests on (the predicate's head and the subject's), times factors for what
 * makes a tuple less reliable on CaRB dev: an embedded clause (relative,
 * adverbial: its subject is borrowed), no argument besides the subject, and
 * very long arguments. Without head probabilities the arcs count as sure.
 */
function relationConfidence(v: SentenceView, p: number, args: readonly RelationArgument[], clauseFactor: number): number {
  // (plain loops: this runs for every relation)
  let subject: RelationArgument | undefined;
  for (let k = 0; k < args.length; k++) {
    if (args[k].role !== 'SUBJECT') continue;
    subject = args[k];
    break;
  }
  let c = v.arcProb ? v.arcProb[v.at + p] * (subject ? v.arcProb[v.at + subject.head] : 1) : 1;
  c *= clauseFactor;
  if (!subject) c *= 0.3;
  let rest = 0;
  let restWords = 0;
  for (let k = 0; k < args.length; k++) {
    const a = args[k];
    if (a === subject) continue;
    rest++;
    restWords += a.words.length;
  }
  if (rest === 0) c *= 0.85;
  if (restWords > 20) c *= 0.9;
  return c;
}
