import type { TreeLayers } from './tree-layers.js';
/**
 * Where the tagger and the parser disagree, the noun-phrase walk and the
 * chunker trust the parser. The tagger decides a word's tag from a window
 * of words; the parser sees the whole sentence and often attaches a word
 * the tagger called a noun as the verb it is ("the index rose/NN 101.98
 * points", "the company already markets/NNS a wide range"): the word gets
 * an object. A common noun never takes an object, so such a word is read
 * as a verb by the phrase layers — without changing the document's own
 * tags (the response's partOfSpeech stays the tagger's).
 *
 * A capitalised word tagged as an adjective that owns a possessive or is a
 * passive's agent is read as a name ("[Digital] 's target"): only nouns
 * own those (+20 correct phrases on CoNLL-2000 sentences 1–7,936);
 * and a word tagged as a base or present verb, a gerund or an adverb that
 * has a determiner or possessor but no clause of its own is read as a noun
 * ("a 9.4 % sales gain/VBP", "the LBO craze/VB"; +8).
 *
 * Tuned on CoNLL-2000 train sentences 1–7,936: of the words our tagger calls
 * NN/NNS, 177 have an object in our parse (132 are verbs in the file) and
 * 184 a subject without a copula or auxiliary (127 verbs); reading both
 * kinds as verbs took the chunker's NP F1 there from 93.27 to 93.39.
 */

/** The Penn tag a noun read as a verb gets, from its form. */
function verbTag(word: string, xpos: string): string {
  if (xpos === 'NNS') return 'VBZ';
  const w = word.toLowerCase();
  if (w.endsWith('ing')) return 'VBG';
  if (w.endsWith('ed')) return 'VBD';
  return 'VBP';
}

/**
 * Whether "that" at i, which the tagger made a determiner or relative
 * pronoun, opens a clause: the parser made it the clause's marker and a word
 * follows ("suggestions that/WDT much of the spending went …"; "that ," is
 * the pronoun), or the determiner of a plural ("noted that/DT large
 * increases …"; not "[that many new skiers]").
 */
function isComplementizer(t: TreeLayers, i: number, n: number): boolean {
  const next = i + 1 < n ? t.tokens[i + 1] : '';
  if (t.deprel[i] === 'mark') return next !== '' && t.upos[i + 1] !== 'PUNCT';
  const h = t.head[i];
  return t.deprel[i] === 'det' && h >= 0 && (t.xpos[h] === 'NNS' || t.xpos[h] === 'NNPS') && !/^(many|few)$/i.test(next);
}

/** Relations of a clause's head that a verb swallowed into its subject's phrase carries ("Mr. Ortiz claims/NNS that …" parsed as one noun phrase). */
const CLAUSE_HEAD_RELATIONS = new Set(['root', 'advcl', 'advcl:relcl', 'parataxis']);

/** Relations by which the subject's last word hangs on the verb the tagger made its head noun. */
const SWALLOWED_SUBJECT_RELATIONS = new Set(['compound', 'amod', 'flat', 'nmod:desc']);

/**
 * Whether the common noun v is a verb the tagger and parser took for the
 * head of its own subject ("[Consolidated Freightways plans] to raise",
 * "[Hewlett-Packard claims] that …", "…, [the firm estimates] ."): the
 * word before it is a noun hanging on it as a compound or modifier, v heads
 * a clause (root, adverbial clause, parenthetical), and the words after it
 * are what a verb takes and a noun does not: "to" and a bare verb, a
 * clause's "that", a determiner or pronoun opening an object, or — for a
 * parenthetical plural — the end of the clause. A singular noun counts only
 * before "that" ("dealers caution that …"): "the approval to begin" and
 * "a plan the company …" are nouns far more often.
 * Tuned on CoNLL-2000 train 1–7,936: 22 such words, all verbs in the file's
 * chunks; the same test without the right context finds 18 verbs among 72.
 */
function isSwallowingVerb(t: TreeLayers, v: number, n: number): boolean {
  const p = v - 1;
  if (p < 0 || v + 1 >= n || t.head[p] !== v || !SWALLOWED_SUBJECT_RELATIONS.has(t.deprel[p])) return false;
  if (t.upos[p] !== 'NOUN' && t.upos[p] !== 'PROPN' && t.upos[p] !== 'PRON') return false;
  const rel = t.deprel[v];
  const next = t.tokens[v + 1];
  if (next === 'that' && t.deprel[v + 1] === 'mark' && t.head[v + 1] > v + 1) return rel === 'root' || rel === 'advcl';
  if (t.xpos[v] !== 'NNS') return false;
  if (rel === 'parataxis') return next === '.' || next === ',';
  if (rel !== 'root' && rel !== 'advcl' && rel !== 'advcl:relcl') return false;
  if (next === 'to') return v + 2 < n && t.xpos[v + 2] === 'VB';
  const nx = t.xpos[v + 1];
  return nx === 'DT' || nx === 'PRP$' || nx === 'PRP';
}

/** Tags of words a determiner or possessor shows to be nouns when they head no clause. */
const NOUNLIKE_SLIPS = new Set(['VB', 'VBP', 'VBG', 'RB']);

/** Dependents only a clause's head has. */
const CLAUSE_DEPENDENTS = new Set(['nsubj', 'nsubj:pass', 'obj', 'iobj', 'aux', 'aux:pass', 'cop', 'mark', 'expl', 'csubj', 'ccomp', 'xcomp']);

/** How far from a word its clause dependents are looked for. */
const CLAUSE_WINDOW = 64;

/** Relations that make a nominal head a predicate without being a verb ("X is a bank", "X has been a bank"). */
const COPULA_LIKE = new Set(['cop', 'aux', 'aux:pass']);


/**
 * The layers with every common noun (NN, NNS) that the tree treats as a
 * verb read as one (UPOS VERB, a verb's XPOS): a noun with an object, or
 * with a subject but no copula or auxiliary, or one that swallowed its
 * subject (isSwallowingVerb; the subject's last word then becomes its
 * nsubj, with the subject's modifiers on it); a capitalised adjective that
 * owns a possessive or is an agent read as a name (PROPN, NNP); a verb or
 * adverb with a determiner or possessor and no clause of its own read as a
 * noun (NOUN, NN); and a "that" tagged as a determiner that opens a clause
 * (isComplementizer) read as the complementizer it is (SCONJ, IN, mark).
 * Returns the given layers themselves when nothing changes.
 */
export function layersTrustingTree(t: TreeLayers): TreeLayers {
  const n = t.tokens.length;
  let copula: Uint8Array | undefined;
  let upos: string[] | undefined;
  let xpos: string[] | undefined;
  const read = (h: number): void => {
    if (upos === undefined || xpos === undefined) {
      upos = t.upos.slice();
      xpos = t.xpos.slice();
    }
    upos[h] = 'VERB';
    xpos[h] = verbTag(t.tokens[h], t.xpos[h]);
  };
  // One pass for three readings (they change disjoint words: a noun heading an object or subject, an adjective,
  // and later the words the determiners mark). A common noun (NN, NNS) that heads an object, or a subject
  // without a copula or auxiliary, is a verb. A capitalised word tagged as an adjective that owns a possessive
  // or is a passive's agent is a name ("[Digital] 's target", "set by [Transatlantic]"): only nouns own those.
  // A word tagged as a base or present verb, a gerund or an adverb that has a determiner or possessor and no
  // clause of its own (subject, object, auxiliary, copula, marker) is a noun: "a 9.4 % sales gain/VBP", "the
  // LBO craze/VB", "Olivetti 's restructuring/VBG", "a … right/RB" (marked here, checked for a clause below).
  const determined: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = t.deprel[i];
    if (r === 'obj' || r === 'nsubj') {
      const h = t.head[i];
      if (h >= 0 && t.upos[h] === 'NOUN' && (t.xpos[h] === 'NN' || t.xpos[h] === 'NNS')) {
        if (r === 'nsubj' && copula === undefined) {
          copula = new Uint8Array(n);
          for (let j = 0; j < n; j++) if (t.head[j] >= 0 && COPULA_LIKE.has(t.deprel[j])) copula[t.head[j]] = 1;
        }
        if (r === 'obj' || !copula![h]) read(h);
      }
    }
    if (t.xpos[i] === 'JJ') {
      const owns = i + 1 < n && t.xpos[i + 1] === 'POS' && t.head[i + 1] === i; // "Standard & Poor/JJ 's"
      const c = t.tokens[i].charCodeAt(0);
      if ((owns || r === 'nmod:poss' || r === 'obl:agent') && c >= 65 && c <= 90) {
        if (upos === undefined || xpos === undefined) {
          upos = t.upos.slice();
          xpos = t.xpos.slice();
        }
        upos[i] = 'PROPN';
        xpos[i] = 'NNP';
      }
    }
    if (r !== 'det' && r !== 'nmod:poss') continue;
    const h = t.head[i];
    if (h >= 0 && NOUNLIKE_SLIPS.has(t.xpos[h]) && !(t.xpos[h] === 'VBG' && t.deprel[h] === 'amod')) determined.push(h);
  }
  // These words are rare, so each looks for a clause dependent among the words near it (a sentence's
  // dependents lie within CLAUSE_WINDOW words of their head but for rare long lists) rather than the
  // whole document being scanned again.
  for (const h of determined) {
    let clause = false;
    for (let j = Math.max(0, h - CLAUSE_WINDOW); j < Math.min(n, h + CLAUSE_WINDOW) && !clause; j++) clause = t.head[j] === h && CLAUSE_DEPENDENTS.has(t.deprel[j]);
    if (clause) continue;
    if (upos === undefined || xpos === undefined) {
      upos = t.upos.slice();
      xpos = t.xpos.slice();
    }
    upos[h] = 'NOUN';
    xpos[h] = 'NN';
  }
  let deprel: string[] | undefined;
  let head: Int32Array | undefined;
  for (let v = 1; v < n; v++) {
    // the cheap tests first: most words do not head the word before them, nor are a common noun heading a clause
    if (t.head[v - 1] !== v || (t.xpos[v] !== 'NNS' && t.xpos[v] !== 'NN') || t.upos[v] !== 'NOUN' || !CLAUSE_HEAD_RELATIONS.has(t.deprel[v]) || !isSwallowingVerb(t, v, n)) continue;
    read(v);
    // The word before becomes the subject's head, and the verb's other left dependents (the subject's
    // modifiers, contiguous up to it) hang on that word instead.
    head ??= new Int32Array(t.head); // a copy (a typed array copies at memory speed)
    deprel ??= t.deprel.slice();
    const subject = v - 1;
    head[subject] = v;
    deprel[subject] = 'nsubj';
    for (let j = subject - 1; j >= 0 && head[j] >= j && head[j] <= v; j--) if (head[j] === v) head[j] = subject;
  }
  for (let i = 0; i < n; i++) {
    // only a marker or a determiner can be a complementizer (isComplementizer): the word itself is read after that
    const r = t.deprel[i];
    if (r !== 'mark' && r !== 'det') continue;
    const w = t.tokens[i];
    if ((w !== 'that' && w !== 'That' && w !== 'THAT') || (t.deprel[i] === 'mark' && t.xpos[i] === 'IN') || !isComplementizer(t, i, n)) continue;
    if (upos === undefined || xpos === undefined) {
      upos = t.upos.slice();
      xpos = t.xpos.slice();
    }
    deprel ??= t.deprel.slice();
    upos[i] = 'SCONJ';
    xpos[i] = 'IN';
    deprel[i] = 'mark';
  }
  if (upos === undefined || xpos === undefined) return t;
  const repaired: TreeLayers = deprel === undefined ? { ...t, upos, xpos } : { ...t, upos, xpos, deprel };
  return head === undefined ? repaired : { ...repaired, head };
}
