/**
 * Universal Dependencies → Stanford basic dependencies (the uncollapsed typed
 * dependencies the spec's `relationToParent` reports), for English.
 *
 * The parser is trained on UD; this conversion is deterministic and local:
 *
 * 1. Prepositions head their objects. A word with a `case` dependent (other
 *    than the possessive 's) takes part in a prepositional phrase: the case
 *    word takes the word's place in the tree (its head; `prep` for UD
 *    obl/nmod, otherwise the word's own converted relation, e.g. `conj` or
 *    `root`), and the word attaches to it as `pobj` (or `pcomp` when it is a
 *    verb or adverb/adjective clause head). Several case words ("from under the
 *    bed") chain: prep(came, from) pcomp(from, under) pobj(under, bed).
 *    Multiword prepositions keep UD's first word as head and `fixed` becomes
 *    `mwe`: prep(cried, because) mwe(because, of) pobj(because, you).
 * 2. A copular predicate with a prepositional complement ("The cat is on the
 *    mat") is headed by the copula, as in Stanford basic: root(is),
 *    nsubj(is, cat), prep(is, on), pobj(on, mat). Other copular predicates
 *    keep the predicate as head with `cop`, which both schemes share.
 * 3. Proper-name sequences (UD `flat`) are headed by their last word, with
 *    `nn` from the others: nn(Clinton, Bill).
 * 4. Coordination: `cc` and the commas before a conjunct attach to the first
 *    conjunct, as Stanford does (UD attaches them to the following conjunct).
 * 5. Every remaining label is renamed with RELATION_MAP below.
 *
 * Heads are CoNLL-U style: 1-based word numbers within the sentence, 0 at
 * the root.
 */

export interface UdSentence {
  forms: readonly string[];
  upos: readonly string[];
  xpos: readonly string[];
  /** CoNLL-U HEAD: 1-based word number within the sentence, 0 at the root. */
  heads: readonly number[];
  /** UD relations, subtypes included ('nsubj:pass'); 'root' at the root. */
  deprels: readonly string[];
}

export interface DependencyTree {
  /** CoNLL-U HEAD: 1-based, 0 at the root. */
  heads: number[];
  deprels: string[];
}

/** UD relation → Stanford basic relation, for arcs that keep their shape. */
export const RELATION_MAP: Readonly<Record<string, string>> = {
  root: 'root',
  // arguments
  nsubj: 'nsubj',
  'nsubj:outer': 'nsubj',
  'nsubj:pass': 'nsubjpass',
  csubj: 'csubj',
  'csubj:outer': 'csubj',
  'csubj:pass': 'csubjpass',
  obj: 'dobj',
  iobj: 'iobj',
  ccomp: 'ccomp',
  xcomp: 'xcomp',
  expl: 'expl',
  // auxiliaries and markers
  aux: 'aux',
  'aux:pass': 'auxpass',
  cop: 'cop',
  mark: 'mark', // Stanford 3.x merged the older `complm` into `mark`
  // modifiers
  advmod: 'advmod', // `neg` for negation words, see NEGATION
  amod: 'amod',
  nummod: 'num',
  det: 'det',
  'det:predet': 'predet',
  'nmod:poss': 'poss',
  compound: 'nn',
  'compound:prt': 'prt',
  flat: 'nn',
  'flat:foreign': 'nn',
  fixed: 'mwe',
  appos: 'appos',
  'acl:relcl': 'rcmod',
  'advcl:relcl': 'rcmod',
  advcl: 'advcl',
  discourse: 'discourse',
  // nominal modifiers without a preposition (with one they become prep + pobj)
  obl: 'npadvmod',
  'obl:npmod': 'npadvmod',
  'obl:tmod': 'tmod',
  'obl:unmarked': 'npadvmod', // `tmod` for time words, see TIME_WORDS
  'obl:agent': 'npadvmod',
  nmod: 'npadvmod',
  'nmod:npmod': 'npadvmod',
  'nmod:tmod': 'tmod',
  'nmod:unmarked': 'npadvmod',
  // coordination
  cc: 'cc',
  'cc:preconj': 'preconj',
  conj: 'conj',
  // loose joining and the rest
  parataxis: 'parataxis',
  punct: 'punct',
  // Stanford basic has no counterpart for these: its catch-all `dep`
  vocative: 'dep',
  list: 'dep',
  dislocated: 'dep',
  goeswith: 'dep',
  reparandum: 'dep',
  orphan: 'dep',
  'nmod:desc': 'nn', // titles: "President Bush"
  dep: 'dep',
};

const NEGATION = new Set(['not', "n't", 'never', 'nt', 'n’t']);

/** Bare nouns that Stanford marks `tmod` rather than `npadvmod` ("I left yesterday", "each week"). */
const TIME_WORDS = new Set([
  'today', 'yesterday', 'tomorrow', 'tonight', 'now', 'day', 'days', 'week', 'weeks', 'weekend', 'weekends',
  'month', 'months', 'year', 'years', 'morning', 'mornings', 'afternoon', 'evening', 'evenings', 'night', 'nights',
  'time', 'times', 'hour', 'hours', 'minute', 'minutes', 'second', 'seconds', 'decade', 'decades', 'century',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'spring', 'summer', 'fall', 'autumn', 'winter', 'ago', 'season',
]);

/** Dependents that stay with a nominal predicate when its copula becomes the head. */
const NOMINAL_INTERNAL = new Set([
  'det', 'det:predet', 'amod', 'nummod', 'compound', 'flat', 'flat:foreign', 'nmod', 'nmod:poss', 'nmod:unmarked',
  'nmod:desc', 'acl', 'acl:relcl', 'case', 'fixed', 'appos', 'conj', 'cc', 'cc:preconj', 'goeswith',
]);

const OBLIQUE = /^(obl|nmod)(:|$)/;

export function udToStanford(sentence: UdSentence): DependencyTree {
  const n = sentence.forms.length;
  checkTree(sentence.heads, n);
  // 0-based internally, -1 at the root
  const heads = sentence.heads.map((h) => h - 1);
  const rels = [...sentence.deprels];

  // Each word's dependents, kept in step with every head change: scanning all
  // words per question made the conversion quadratic in the sentence's
  // length (~40 s for the 100k-word sentence of a 200 kB text without
  // punctuation).
  const children = new ChildLists(heads);
  const isPossessiveCase = (i: number): boolean =>
    sentence.xpos[i] === 'POS' || /^['’]s?$/i.test(sentence.forms[i]);

  // Labels are first renamed on the UD tree, so restructuring below can carry
  // a word's converted relation over to the preposition that replaces it.
  const out = rels.map((r, i) => renameRelation(r, i, sentence, children)); // still the UD tree's children here

  // 3. flat name sequences: last word heads.
  const isFlat = (d: number): boolean => rels[d] === 'flat' || rels[d] === 'flat:foreign';
  for (let i = 0; i < n; i++) {
    // most words head no name: look before copying the dependents
    if (rels[i] === 'flat' || !someChild(children, i, isFlat)) continue;
    const flat = children.of(i).filter(isFlat);
    const last = flat[flat.length - 1];
    if (last < i) continue;
    children.move(last, heads[i]);
    out[last] = out[i];
    rels[last] = rels[i];
    for (const d of children.of(i)) if (d !== last && d > i) children.move(d, last);
    children.move(i, last);
    out[i] = 'nn';
    rels[i] = 'flat';
    // modifiers before the name (det, amod, poss…) follow the new head
    for (const d of children.of(i)) if (d < i) children.move(d, last);
  }

  // 4. coordination: cc and preceding punctuation of a conjunct go to the first conjunct.
  for (let i = 0; i < n; i++) {
    if (rels[i] !== 'conj') continue;
    for (const d of children.of(i)) {
      if (d < i && (rels[d] === 'cc' || (rels[d] === 'punct' && d > heads[i]))) children.move(d, heads[i]);
    }
  }

  // 2 + 1. prepositional phrases.
  const isPreposition = (d: number, w: number): boolean => d < w && rels[d] === 'case' && !isPossessiveCase(d);
  for (let w = 0; w < n; w++) {
    // most words have no preposition: look before copying the dependents
    if (!someChild(children, w, (d) => isPreposition(d, w))) continue;
    const cases = children.of(w).filter((d) => isPreposition(d, w));
    let attach = heads[w];
    let attachRel = OBLIQUE.test(rels[w]) ? 'prep' : out[w];
    const cop = children.of(w).find((d) => rels[d] === 'cop');
    if (cop !== undefined) {
      // the copula heads the clause; clause-level dependents move to it
      children.move(cop, heads[w]);
      out[cop] = out[w];
      for (const d of children.of(w)) {
        if (d !== cop && !NOMINAL_INTERNAL.has(rels[d])) children.move(d, cop);
      }
      attach = cop;
      attachRel = 'prep';
    }
    cases.forEach((c, k) => {
      children.move(c, attach);
      out[c] = k === 0 ? attachRel : 'pcomp';
      // no longer a case marker of its new head: keeps later words from taking it as theirs
      rels[c] = 'prep';
      attach = c;
    });
    children.move(w, attach);
    out[w] = isClauseHead(w, sentence) ? 'pcomp' : 'pobj';
  }

  for (let i = 0; i < n; i++) if (heads[i] === -1) out[i] = 'root';
  return { heads: heads.map((h) => h + 1), deprels: out };
}

function renameRelation(rel: string, i: number, s: UdSentence, children: ChildLists): string {
  // the lower-cased form only for the few relations that read it (most words' labels are a lookup)
  if (rel === 'case') return s.xpos[i] === 'POS' || /^['’]s?$/i.test(s.forms[i]) ? 'possessive' : 'prep';
  if (rel === 'advmod' && NEGATION.has(s.forms[i].toLowerCase())) return 'neg';
  // infinitival "to" is an auxiliary in Stanford: aux(go, to)
  if (rel === 'mark' && s.xpos[i] === 'TO') return 'aux';
  if ((rel === 'obl:unmarked' || rel === 'nmod:unmarked' || rel === 'obl') && TIME_WORDS.has(s.forms[i].toLowerCase())) return 'tmod';
  if (rel === 'acl') return /^VB[GN]?$/.test(s.xpos[i]) && !hasFiniteMarker(i, s, children) ? 'vmod' : 'ccomp';
  const mapped = RELATION_MAP[rel] ?? RELATION_MAP[rel.split(':')[0]];
  return mapped ?? 'dep';
}

/** A clause introduced by "that"/"whether" or carrying a subject is finite for `acl`. */
function hasFiniteMarker(i: number, s: UdSentence, children: ChildLists): boolean {
  for (let d = children.first(i); d >= 0; d = children.next(d)) {
    if (/^(nsubj|csubj)/.test(s.deprels[d])) return true;
    if (s.deprels[d] === 'mark' && s.xpos[d] !== 'TO') return true;
  }
  return false;
}

/**
 * Every word's dependents as doubly linked lists in word order over 0-based
 * heads (-1: the root), updated as words move: typed arrays, so a short
 * sentence costs no more than the scans they replace. A move appends, or
 * walks from the list's last insertion (the conversion's moves into one
 * list come in word order), so a long sentence costs linear time.
 */
class ChildLists {
  /** Per head h at h + 1 (0: the root), its first dependent, or -1. */
  private readonly first1: Int32Array;
  /** Per head h at h + 1, its last dependent, or -1 (most moves append: they come in word order). */
  private readonly last1: Int32Array;
  /** Per word, the next dependent of the same head, or -1. */
  private readonly after: Int32Array;
  /** Per word, the previous dependent of the same head, or -1. */
  private readonly before: Int32Array;
  /** Per head h at h + 1, the dependent last inserted into its list (-1: none; stale once it moves away). */
  private readonly inserted1: Int32Array;

  constructor(private readonly heads: number[]) {
    const n = heads.length;
    this.first1 = new Int32Array(n + 1).fill(-1);
    this.last1 = new Int32Array(n + 1).fill(-1);
    this.after = new Int32Array(n).fill(-1);
    this.before = new Int32Array(n).fill(-1);
    this.inserted1 = new Int32Array(n + 1).fill(-1);
    for (let i = 0; i < n; i++) this.append(i, heads[i] + 1);
  }

  first(h: number): number {
    return this.first1[h + 1];
  }

  next(d: number): number {
    return this.after[d];
  }

  /** The dependents of h now, ascending: a copy, safe to iterate while heads change. */
  of(h: number): number[] {
    const out: number[] = [];
    for (let d = this.first1[h + 1]; d >= 0; d = this.after[d]) out.push(d);
    return out;
  }

  /** Gives word d the head h (and keeps the lists in word order). */
  move(d: number, h: number): void {
    const { first1, last1, after, before } = this;
    const from = this.heads[d] + 1;
    const a = after[d];
    const b = before[d];
    if (b >= 0) after[b] = a;
    else first1[from] = a;
    if (a >= 0) before[a] = b;
    else last1[from] = b;
    const to = h + 1;
    if (first1[to] < 0 || last1[to] < d) this.append(d, to);
    else {
      // p: the dependent d goes after (-1: the front), from the last insertion when it is still there and before d
      const hint = this.inserted1[to];
      let p: number;
      if (hint >= 0 && hint < d && this.heads[hint] + 1 === to) {
        p = hint;
        while (after[p] >= 0 && after[p] < d) p = after[p];
      } else {
        p = last1[to];
        while (p >= 0 && p > d) p = before[p];
      }
      const q = p >= 0 ? after[p] : first1[to];
      after[d] = q;
      before[d] = p;
      before[q] = d; // q ≥ 0: last1[to] > d
      if (p >= 0) after[p] = d;
      else first1[to] = d;
      this.inserted1[to] = d;
    }
    this.heads[d] = h;
  }

  private append(d: number, to: number): void {
    const last = this.last1[to];
    this.before[d] = last;
    this.after[d] = -1;
    if (last >= 0) this.after[last] = d;
    else this.first1[to] = d;
    this.last1[to] = d;
    this.inserted1[to] = d;
  }
}

/** Whether some dependent of h passes `test` (h's list as it is now, without a copy). */
function someChild(children: ChildLists, h: number, test: (d: number) => boolean): boolean {
  for (let d = children.first(h); d >= 0; d = children.next(d)) if (test(d)) return true;
  return false;
}

function isClauseHead(i: number, s: UdSentence): boolean {
  return s.upos[i] === 'VERB' || /^VB/.test(s.xpos[i]);
}

function checkTree(heads: readonly number[], n: number): void {
  for (const h of heads) {
    if (!Number.isInteger(h) || h < 0 || h > n) throw new RangeError(`head ${h} out of range for ${n} words`);
  }
}

/**
 * The Stanford basic tree of a parsed doc, sentence by sentence, in the Doc's
 * own layout: head token index within the doc (-1 at a root) and labels.
 * Needs the 'deps', 'upos' and 'xpos' layers.
 */
export function docToStanford(doc: {
  tokens: readonly string[];
  sentStart: ArrayLike<number>;
  sentEnd: ArrayLike<number>;
  upos?: readonly string[];
  xpos?: readonly string[];
  head?: ArrayLike<number>;
  deprel?: readonly string[];
}): { head: Int32Array; deprel: string[] } {
  const { upos, xpos, head, deprel } = doc;
  if (!upos || !xpos || !head || !deprel) throw new Error('docToStanford: the doc lacks tags or dependencies');
  const outHead = new Int32Array(doc.tokens.length);
  const outRel = new Array<string>(doc.tokens.length);
  for (let s = 0; s < doc.sentStart.length; s++) {
    const a = doc.sentStart[s];
    const z = doc.sentEnd[s];
    const heads: number[] = [];
    for (let i = a; i < z; i++) heads.push(head[i] < 0 ? 0 : head[i] - a + 1);
    const t = udToStanford({
      forms: doc.tokens.slice(a, z),
      upos: upos.slice(a, z),
      xpos: xpos.slice(a, z),
      heads,
      deprels: deprel.slice(a, z),
    });
    t.heads.forEach((h, k) => {
      outHead[a + k] = h === 0 ? -1 : a + h - 1;
      outRel[a + k] = t.deprels[k];
    });
  }
  return { head: outHead, deprel: outRel };
}
