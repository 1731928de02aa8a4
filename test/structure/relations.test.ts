import { describe, expect, it } from 'vitest';
import { argumentMarkers, extractRelations, type ParsedSentence, type SentenceRelation } from '../../src/structure/relations.js';

/**
 * A hand-built UD tree: one token per entry, `form/UPOS/XPOS/head/deprel`
 * with CoNLL-U heads (1-based, 0 = root). Trees are written as the EWT
 * guidelines annotate these sentences.
 */
function tree(spec: string): ParsedSentence {
  const rows = spec.trim().split(/\s+/).map((t) => t.split('/'));
  return {
    forms: rows.map((r) => r[0]),
    upos: rows.map((r) => r[1]),
    xpos: rows.map((r) => r[2]),
    heads: Int32Array.from(rows.map((r) => Number(r[3]) - 1)),
    deprels: rows.map((r) => r[4]),
  };
}

/** The sentence as argumentMarkers reads it (its own layers: word i at index i). */
const at0 = (s: ParsedSentence) => ({ ...s, at: 0, n: s.forms.length });

/** Each relation as `predicate | ROLE: words | …`. */
function show(s: ParsedSentence, rels: SentenceRelation[] = extractRelations(s)): string[] {
  const words = (ws: number[]): string => ws.map((w) => s.forms[w]).join(' ');
  return rels.map((r) => [words(r.predicate), ...r.args.map((a) => `${a.role}: ${words(a.words)}`)].join(' | '));
}

describe('extractRelations', () => {
  it('reads subject, object and a prepositional OTHER off a simple clause', () => {
    const s = tree(`
      The/DET/DT/2/det cat/NOUN/NN/3/nsubj chased/VERB/VBD/0/root the/DET/DT/5/det mouse/NOUN/NN/3/obj
      into/ADP/IN/8/case the/DET/DT/8/det garden/NOUN/NN/3/obl ./PUNCT/./3/punct`);
    expect(show(s)).toEqual(['chased | SUBJECT: The cat | OBJECT: the mouse | OTHER: into the garden']);
    const [r] = extractRelations(s);
    expect(argumentMarkers(at0(s), r.args[2].head)).toEqual([5]);
    expect(r.copular).toBe(false);
  });

  it('keeps auxiliaries, negation and particles in the predicate', () => {
    const s = tree(`
      She/PRON/PRP/5/nsubj would/AUX/MD/5/aux not/PART/RB/5/advmod have/AUX/VB/5/aux given/VERB/VBN/0/root up/ADP/RP/5/compound:prt
      ./PUNCT/./5/punct`);
    expect(show(s)).toEqual(['would not have given up | SUBJECT: She']);
  });

  it('takes the surface subject of a passive as SUBJECT and the by-agent as OTHER', () => {
    const s = tree(`
      The/DET/DT/2/det workers/NOUN/NNS/4/nsubj:pass were/AUX/VBD/4/aux:pass addressed/VERB/VBN/0/root
      by/ADP/IN/7/case the/DET/DT/7/det leaders/NOUN/NNS/4/obl:agent ./PUNCT/./4/punct`);
    expect(show(s)).toEqual(['were addressed | SUBJECT: The workers | OTHER: by the leaders']);
  });

  it('splits coordinated subjects into one relation each', () => {
    const s = tree(`
      John/PROPN/NNP/4/nsubj and/CCONJ/CC/3/cc Mary/PROPN/NNP/1/conj bought/VERB/VBD/0/root a/DET/DT/6/det house/NOUN/NN/4/obj ./PUNCT/./4/punct`);
    expect(show(s)).toEqual(['bought | SUBJECT: John | OBJECT: a house', 'bought | SUBJECT: Mary | OBJECT: a house']);
  });

  it('gives the relations split from one predicate its predicate array and their common arguments, shared', () => {
    const s = tree(`
      John/PROPN/NNP/4/nsubj and/CCONJ/CC/3/cc Mary/PROPN/NNP/1/conj bought/VERB/VBD/0/root a/DET/DT/6/det car/NOUN/NN/4/obj
      in/ADP/IN/8/case Paris/PROPN/NNP/4/obl ./PUNCT/./4/punct`);
    const [john, mary] = extractRelations(s);
    expect(show(s, [john, mary])).toEqual(['bought | SUBJECT: John | OBJECT: a car | OTHER: in Paris', 'bought | SUBJECT: Mary | OBJECT: a car | OTHER: in Paris']);
    expect(mary.predicate).toBe(john.predicate);
    expect(mary.args[1]).toBe(john.args[1]);
    expect(mary.args[2]).toBe(john.args[2]);
    expect(mary.args[0]).not.toBe(john.args[0]);
    expect(mary.args[2].words).toEqual([6, 7]);
  });

  it('splits coordinated objects, keeping shared modifiers with the first conjunct', () => {
    const s = tree(`
      He/PRON/PRP/2/nsubj sells/VERB/VBZ/0/root fresh/ADJ/JJ/4/amod apples/NOUN/NNS/2/obj ,/PUNCT/,/6/punct pears/NOUN/NNS/4/conj
      and/CCONJ/CC/8/cc plums/NOUN/NNS/4/conj`);
    expect(show(s)).toEqual([
      'sells | SUBJECT: He | OBJECT: fresh apples',
      'sells | SUBJECT: He | OBJECT: pears',
      'sells | SUBJECT: He | OBJECT: plums',
    ]);
  });

  it('gives coordinated verbs their own relations, sharing the subject and a following object', () => {
    const s = tree(`
      They/PRON/PRP/2/nsubj bought/VERB/VBD/0/root and/CCONJ/CC/4/cc sold/VERB/VBD/2/conj houses/NOUN/NNS/2/obj`);
    expect(show(s)).toEqual(['bought | SUBJECT: They | OBJECT: houses', 'sold | SUBJECT: They | OBJECT: houses']);
  });

  it('lets a verb right before its coordinated verb share that verb\'s object (right-node raising), and no other', () => {
    const raised = tree(`
      The/DET/DT/2/det committee/NOUN/NN/3/nsubj approved/VERB/VBD/0/root and/CCONJ/CC/5/cc published/VERB/VBD/3/conj
      the/DET/DT/7/det report/NOUN/NN/5/obj`);
    expect(show(raised)).toEqual(['approved | SUBJECT: The committee | OBJECT: the report', 'published | SUBJECT: The committee | OBJECT: the report']);
    // something between the first verb and the coordinator: its own clause ends there
    const apart = tree(`
      She/PRON/PRP/2/nsubj left/VERB/VBD/0/root early/ADV/RB/2/advmod and/CCONJ/CC/5/cc sold/VERB/VBD/2/conj
      the/DET/DT/7/det car/NOUN/NN/5/obj`);
    expect(show(apart)).toEqual(['left early | SUBJECT: She', 'sold | SUBJECT: She | OBJECT: the car']);
    // a coordinated verb with a subject of its own is a clause of its own
    const ownSubject = tree(`
      She/PRON/PRP/2/nsubj sang/VERB/VBD/0/root and/CCONJ/CC/5/cc he/PRON/PRP/5/nsubj played/VERB/VBD/2/conj
      the/DET/DT/7/det piano/NOUN/NN/5/obj`);
    expect(show(ownSubject)).toEqual(['sang | SUBJECT: She', 'played | SUBJECT: he | OBJECT: the piano']);
  });

  it('splits coordinated copular complements into relations of their own, and leaves a conjunct clause its own', () => {
    const s = tree(`
      Her/PRON/PRP$/2/nmod:poss brother/NOUN/NN/6/nsubj is/AUX/VBZ/6/cop a/DET/DT/6/det talented/ADJ/JJ/6/amod
      musician/NOUN/NN/0/root and/CCONJ/CC/10/cc a/DET/DT/10/det great/ADJ/JJ/10/amod cook/NOUN/NN/6/conj`);
    expect(show(s)).toEqual(['is | SUBJECT: Her brother | OBJECT: a talented musician', 'is | SUBJECT: Her brother | OBJECT: a great cook']);
    const own = tree(`
      She/PRON/PRP/3/nsubj is/AUX/VBZ/3/cop smart/ADJ/JJ/0/root and/CCONJ/CC/7/cc he/PRON/PRP/7/nsubj is/AUX/VBZ/7/cop
      funny/ADJ/JJ/3/conj`);
    expect(show(own)).toEqual(['is | SUBJECT: She | OBJECT: smart', 'is | SUBJECT: he | OBJECT: funny']);
  });

  it('leaves a clause adverb before the copula out of the copular complement ("However, the breakfast was overpriced")', () => {
    const s = tree(`
      However/ADV/RB/6/advmod ,/PUNCT/,/6/punct the/DET/DT/4/det breakfast/NOUN/NN/6/nsubj was/AUX/VBD/6/cop
      overpriced/ADJ/JJ/0/root`);
    expect(show(s)).toEqual(['was | SUBJECT: the breakfast | OBJECT: overpriced']);
    // an adverb between the copula and its complement is the complement's only, not also the predicate's
    const very = tree(`The/DET/DT/2/det food/NOUN/NN/5/nsubj was/AUX/VBD/5/cop very/ADV/RB/5/advmod cold/ADJ/JJ/0/root`);
    expect(show(very)).toEqual(['was | SUBJECT: The food | OBJECT: very cold']);
    // an adverb after the copula stays ("a rather good deal")
    const after = tree(`
      The/DET/DT/2/det food/NOUN/NN/7/nsubj was/AUX/VBD/7/cop a/DET/DT/7/det rather/ADV/RB/7/advmod good/ADJ/JJ/7/amod
      deal/NOUN/NN/0/root`);
    expect(show(after)).toEqual(['was | SUBJECT: The food | OBJECT: a rather good deal']);
  });

  it('reads an adjective with a passive auxiliary as the participle the tagger missed ("can be relieved/JJ by …")', () => {
    const s = tree(`
      They/PRON/PRP/4/nsubj:pass can/AUX/MD/4/aux be/AUX/VB/4/aux:pass relieved/ADJ/JJ/0/root by/SCONJ/IN/6/mark
      changing/VERB/VBG/4/advcl that/DET/DT/8/det system/NOUN/NN/6/obj`);
    expect(show(s)).toEqual(['can be relieved | SUBJECT: They | OTHER: by changing that system', 'changing | SUBJECT: They | OBJECT: that system']);
    // an adjective without one stays an adjective
    const plain = tree(`They/PRON/PRP/3/nsubj were/AUX/VBD/3/cop relieved/ADJ/JJ/0/root`);
    expect(show(plain)).toEqual(['were | SUBJECT: They | OBJECT: relieved']);
  });

  it('gives split common-noun conjuncts the first one\'s possessor, a name or a determined noun none', () => {
    const s = tree(`
      John/PROPN/NNP/3/nmod:poss 's/PART/POS/1/case car/NOUN/NN/9/nsubj:pass and/CCONJ/CC/5/cc house/NOUN/NN/3/conj
      and/CCONJ/CC/7/cc Tom/PROPN/NNP/3/conj were/AUX/VBD/9/aux:pass sold/VERB/VBN/0/root`);
    expect(show(s)).toEqual(['were sold | SUBJECT: John \'s car', 'were sold | SUBJECT: John \'s house', 'were sold | SUBJECT: Tom']);
    const determined = tree(`
      John/PROPN/NNP/3/nmod:poss 's/PART/POS/1/case car/NOUN/NN/8/nsubj:pass and/CCONJ/CC/6/cc a/DET/DT/6/det
      boat/NOUN/NN/3/conj were/AUX/VBD/8/aux:pass sold/VERB/VBN/0/root`);
    expect(show(determined)).toEqual(['were sold | SUBJECT: John \'s car', 'were sold | SUBJECT: a boat']);
  });

  it('keeps an OTHER\'s coordinated nouns in it, where a SUBJECT\'s or OBJECT\'s are split', () => {
    const s = tree(`
      She/PRON/PRP/2/nsubj traveled/VERB/VBD/0/root to/ADP/IN/4/case Paris/PROPN/NNP/2/obl and/CCONJ/CC/6/cc
      Rome/PROPN/NNP/4/conj`);
    expect(show(s)).toEqual(['traveled | SUBJECT: She | OTHER: to Paris and Rome']);
    const objects = tree(`She/PRON/PRP/2/nsubj visited/VERB/VBD/0/root Paris/PROPN/NNP/2/obj and/CCONJ/CC/5/cc Rome/PROPN/NNP/3/conj`);
    expect(show(objects)).toEqual(['visited | SUBJECT: She | OBJECT: Paris', 'visited | SUBJECT: She | OBJECT: Rome']);
  });

  it('makes a bare time the parser took for an object an OTHER ("last summer", "every Monday"), not "the summer"', () => {
    const s = tree(`
      I/PRON/PRP/2/nsubj read/VERB/VBD/0/root it/PRON/PRP/2/obj last/ADJ/JJ/5/amod summer/NOUN/NN/2/obj`);
    expect(show(s)).toEqual(['read | SUBJECT: I | OBJECT: it | OTHER: last summer']);
    const every = tree(`We/PRON/PRP/2/nsubj meet/VERB/VBP/0/root every/DET/DT/4/det Monday/PROPN/NNP/2/obj`);
    expect(show(every)).toEqual(['meet | SUBJECT: We | OTHER: every Monday']);
    const spent = tree(`She/PRON/PRP/2/nsubj spent/VERB/VBD/0/root the/DET/DT/4/det summer/NOUN/NN/2/obj`);
    expect(show(spent)).toEqual(['spent | SUBJECT: She | OBJECT: the summer']);
  });

  it('shares the first verb\'s auxiliaries with a coordinated participle, not with a finite verb', () => {
    const passive = tree(`
      The/DET/DT/2/det plan/NOUN/NN/4/nsubj:pass was/AUX/VBD/4/aux:pass approved/VERB/VBN/0/root and/CCONJ/CC/6/cc implemented/VERB/VBN/4/conj`);
    expect(show(passive)).toEqual(['was approved | SUBJECT: The plan', 'was implemented | SUBJECT: The plan']);
    const finite = tree(`
      He/PRON/PRP/3/nsubj:pass was/AUX/VBD/3/aux:pass elected/VERB/VBN/0/root but/CCONJ/CC/5/cc died/VERB/VBD/3/conj`);
    expect(show(finite)).toEqual(['was elected | SUBJECT: He', 'died | SUBJECT: He']);
  });

  it('makes the antecedent of a subject relative clause its SUBJECT, without the clause', () => {
    const s = tree(`
      The/DET/DT/2/det man/NOUN/NN/8/nsubj:pass who/PRON/WP/4/nsubj bought/VERB/VBD/2/acl:relcl the/DET/DT/6/det car/NOUN/NN/4/obj
      was/AUX/VBD/8/aux:pass arrested/VERB/VBN/0/root ./PUNCT/./8/punct`);
    expect(show(s)).toEqual([
      'bought | SUBJECT: The man | OBJECT: the car',
      'was arrested | SUBJECT: The man who bought the car',
    ]);
  });

  it('makes the antecedent of an object relative clause its OBJECT', () => {
    const s = tree(`
      I/PRON/PRP/2/nsubj saw/VERB/VBP/0/root the/DET/DT/4/det car/NOUN/NN/2/obj that/PRON/WDT/7/obj John/PROPN/NNP/7/nsubj bought/VERB/VBD/4/acl:relcl`);
    expect(show(s)).toContain('bought | SUBJECT: John | OBJECT: the car');
  });

  it('reads a reduced relative clause ("the car John bought") as being about its antecedent', () => {
    const s = tree(`
      the/DET/DT/2/det car/NOUN/NN/0/root John/PROPN/NNP/4/nsubj bought/VERB/VBD/2/acl:relcl`);
    expect(show(s)).toEqual(['bought | SUBJECT: John | OBJECT: the car']);
  });

  it('leaves the antecedent\'s preposition out of a relative clause\'s subject', () => {
    const s = tree(`
      He/PRON/PRP/2/nsubj worked/VERB/VBD/0/root for/ADP/IN/4/case artists/NOUN/NNS/2/obl which/PRON/WDT/6/nsubj became/VERB/VBD/4/acl:relcl
      famous/ADJ/JJ/6/xcomp`);
    expect(show(s)).toEqual(['worked | SUBJECT: He | OTHER: for artists which became famous', 'became | SUBJECT: artists | OBJECT: famous']);
  });

  it('reads a copular clause: the copula is the predicate, the nominal its OBJECT', () => {
    const s = tree(`
      Barclays/PROPN/NNP/4/nsubj is/AUX/VBZ/4/cop a/DET/DT/4/det bank/NOUN/NN/0/root in/ADP/IN/6/case London/PROPN/NNP/4/nmod ./PUNCT/./4/punct`);
    expect(show(s)).toEqual(['is | SUBJECT: Barclays | OBJECT: a bank in London']);
    expect(extractRelations(s)[0].copular).toBe(true);
  });

  it('keeps a copular predicate\'s preposition as a marker ("is on the mat")', () => {
    const s = tree(`
      The/DET/DT/2/det cat/NOUN/NN/6/nsubj is/AUX/VBZ/6/cop not/PART/RB/6/advmod on/ADP/IN/6/case mat/NOUN/NN/0/root`);
    const [r] = extractRelations(s);
    expect(show(s, [r])).toEqual(['is not | SUBJECT: The cat | OBJECT: on mat']);
    expect(argumentMarkers(at0(s), r.args[1].head)).toEqual([4]);
  });

  it('gives an argument\'s markers with the rest of a multiword preposition, not a possessive \'s or an infinitive to', () => {
    const s = tree(`
      He/PRON/PRP/2/nsubj left/VERB/VBD/0/root because/ADP/IN/5/case of/ADP/IN/3/fixed rain/NOUN/NN/2/obl
      for/ADP/IN/9/case John/PROPN/NNP/9/nmod:poss 's/PART/POS/7/case sake/NOUN/NN/2/obl`);
    const [r] = extractRelations(s);
    expect(show(s, [r])).toEqual(["left | SUBJECT: He | OTHER: because of rain | OTHER: for John 's sake"]);
    expect(argumentMarkers(at0(s), 4)).toEqual([2, 3]);
    expect(argumentMarkers(at0(s), 8)).toEqual([5]);
    expect(argumentMarkers(at0(s), 6)).toEqual([]);
    expect(argumentMarkers(at0(s), 0)).toEqual([]);
  });

  it('makes a clausal complement the OBJECT and gives the inner clause its own relation', () => {
    const s = tree(`
      He/PRON/PRP/2/nsubj said/VERB/VBD/0/root that/SCONJ/IN/5/mark prices/NOUN/NNS/5/nsubj rose/VERB/VBD/2/ccomp`);
    expect(show(s)).toEqual(['said | SUBJECT: He | OBJECT: that prices rose', 'rose | SUBJECT: prices']);
    expect(argumentMarkers(at0(s), extractRelations(s)[0].args[1].head)).toEqual([2]);
  });

  it('joins "want to buy" into one predicate, with the object of the complement', () => {
    const s = tree(`
      John/PROPN/NNP/2/nsubj wants/VERB/VBZ/0/root to/PART/TO/4/mark buy/VERB/VB/2/xcomp a/DET/DT/6/det car/NOUN/NN/4/obj`);
    expect(show(s)).toEqual(['wants to buy | SUBJECT: John | OBJECT: a car']);
  });

  it('gives an xcomp after an object its own relation, with that object as SUBJECT', () => {
    const s = tree(`
      She/PRON/PRP/2/nsubj persuaded/VERB/VBD/0/root him/PRON/PRP/2/obj to/PART/TO/5/mark leave/VERB/VB/2/xcomp the/DET/DT/7/det city/NOUN/NN/5/obj`);
    expect(show(s)).toEqual(['persuaded | SUBJECT: She | OBJECT: him', 'leave | SUBJECT: him | OBJECT: the city']);
  });

  it('makes a participle modifier a relation about the noun it modifies', () => {
    const s = tree(`
      Boats/NOUN/NNS/4/nsubj built/VERB/VBN/1/acl here/ADV/RB/2/advmod float/VERB/VBP/0/root`);
    expect(show(s)).toEqual(['built | SUBJECT: Boats | OTHER: here', 'float | SUBJECT: Boats built here']);
  });

  it('takes a plain adverb next to the verb into the predicate, not a linking one', () => {
    const s = tree(`
      However/ADV/RB/5/advmod ,/PUNCT/,/1/punct language/NOUN/NN/5/nsubj still/ADV/RB/5/advmod influences/VERB/VBZ/0/root others/NOUN/NNS/5/obj`);
    expect(show(s)).toEqual(['still influences | SUBJECT: language | OBJECT: others']);
  });

  it('gives a participle on a predicate nominal the copula\'s subject', () => {
    const s = tree(`
      Crybaby/PROPN/NNP/4/nsubj is/AUX/VBZ/4/cop an/DET/DT/4/det album/NOUN/NN/0/root ,/PUNCT/,/6/punct released/VERB/VBN/4/acl
      in/ADP/IN/8/case 2000/NUM/CD/6/obl`);
    expect(show(s)).toEqual(['is | SUBJECT: Crybaby | OBJECT: an album', 'released | SUBJECT: Crybaby | OTHER: in 2000']);
  });

  it('lets a coordinated verb share the obliques that open the sentence', () => {
    const s = tree(`
      In/ADP/IN/2/case 1879/NUM/CD/6/obl ,/PUNCT/,/2/punct he/PRON/PRP/6/nsubj:pass was/AUX/VBD/6/aux:pass elected/VERB/VBN/0/root but/CCONJ/CC/8/cc died/VERB/VBD/6/conj`);
    expect(show(s)).toEqual(['was elected | SUBJECT: he | OTHER: In 1879', 'died | SUBJECT: he | OTHER: In 1879']);
  });

  it('counts an adverbial clause opened by a preposition ("by adding …") as OTHER', () => {
    const s = tree(`
      It/PRON/PRP/3/nsubj:pass is/AUX/VBZ/3/aux:pass cleared/VERB/VBN/0/root by/SCONJ/IN/5/mark adding/VERB/VBG/3/advcl salt/NOUN/NN/5/obj`);
    expect(show(s)).toEqual(['is cleared | SUBJECT: It | OTHER: by adding salt', 'adding | SUBJECT: It | OBJECT: salt']);
  });

  it('keeps an apposition inside its argument', () => {
    const t = tree(`
      Cook/PROPN/NNP/6/nsubj ,/PUNCT/,/4/punct the/DET/DT/4/det chief/NOUN/NN/1/appos ,/PUNCT/,/4/punct left/VERB/VBD/0/root Apple/PROPN/NNP/6/obj`);
    expect(show(t)).toEqual(['left | SUBJECT: Cook , the chief | OBJECT: Apple']);
  });

  it('makes an adverb of place or time an OTHER param', () => {
    const s = tree(`He/PRON/PRP/2/nsubj left/VERB/VBD/0/root him/PRON/PRP/2/obj there/ADV/RB/2/advmod`);
    expect(show(s)).toEqual(['left | SUBJECT: He | OBJECT: him | OTHER: there']);
  });

  it('skips adjectival participles', () => {
    const s = tree(`the/DET/DT/3/det said/VERB/VBN/3/amod lap/NOUN/NN/0/root`);
    expect(extractRelations(s)).toEqual([]);
  });

  it('returns nothing for an empty sentence and a verbless word', () => {
    expect(extractRelations({ forms: [], upos: [], xpos: [], heads: [], deprels: [] })).toEqual([]);
    expect(extractRelations(tree('Hello/INTJ/UH/0/root'))).toEqual([]);
  });

  it('gives no relation for a predicate without params (a one-word imperative)', () => {
    expect(show(tree('Go/VERB/VB/0/root'))).toEqual([]);
    expect(show(tree('Go/VERB/VB/0/root quickly/ADV/RB/1/advmod'))).toEqual([]);
    expect(show(tree('Go/VERB/VB/0/root home/ADV/RB/1/advmod'))).toEqual(['Go | OTHER: home']);
    expect(show(tree('Go/VERB/VB/0/root to/ADP/IN/3/case bed/NOUN/NN/1/obl'))).toEqual(['Go | OTHER: to bed']);
  });

  it('does not take a verb-tagged word in a noun slot for a predicate', () => {
    const s = tree('Apple/PROPN/NNP/2/nsubj bought/VERB/VBD/0/root Beats/VERB/VBZ/2/obj');
    expect(show(s)).toEqual(['bought | SUBJECT: Apple | OBJECT: Beats']);
  });

  it('handles a non-projective tree (an extraposed relative clause)', () => {
    // "A man came in who knew": the relative clause hangs from "man" across "came in"
    const s = tree(`
      A/DET/DT/2/det man/NOUN/NN/3/nsubj came/VERB/VBD/0/root in/ADV/RB/3/advmod who/PRON/WP/6/nsubj knew/VERB/VBD/2/acl:relcl`);
    expect(show(s)).toEqual(['came in | SUBJECT: A man who knew', 'knew | SUBJECT: A man']);
  });

  it('gives an argument\'s words in order where its own subtree crosses its head ("a better book than that")', () => {
    // "than that" hangs from "better", across "book": the walk meets "book" after them and must still list it in place
    const s = tree(`
      She/PRON/PRP/2/nsubj wrote/VERB/VBD/0/root a/DET/DT/5/det better/ADJ/JJR/5/amod book/NOUN/NN/2/obj than/ADP/IN/7/case that/PRON/DT/4/obl`);
    const [r] = extractRelations(s);
    expect(r.args[1].words).toEqual([2, 3, 4, 5, 6]);
    expect(show(s)).toEqual(['wrote | SUBJECT: She | OBJECT: a better book than that']);
  });

  it('uses the parser\'s head probabilities for confidence, lower for subjects found elsewhere', () => {
    const base = tree(`They/PRON/PRP/2/nsubj left/VERB/VBD/0/root and/CCONJ/CC/4/cc returned/VERB/VBD/2/conj`);
    const sure = extractRelations({ ...base, arcProb: [1, 1, 1, 1] });
    const unsure = extractRelations({ ...base, arcProb: [0.5, 1, 1, 0.6] });
    expect(sure[0].confidence).toBeGreaterThan(unsure[0].confidence);
    expect(sure[1].confidence).toBeLessThan(sure[0].confidence);
    for (const r of [...sure, ...unsure]) {
      expect(r.confidence).toBeGreaterThan(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('survives a very deep tree and a malformed one with a cycle', () => {
    // "a b c … verb": each word modifies the next, 20,000 deep
    const n = 20000;
    const forms = Array.from({ length: n }, (_, i) => (i === n - 1 ? 'ran' : `w${i}`));
    const upos = forms.map((_, i) => (i === n - 1 ? 'VERB' : i === n - 2 ? 'NOUN' : 'ADJ'));
    const heads = forms.map((_, i) => (i === n - 1 ? -1 : i + 1));
    const deprels = forms.map((_, i) => (i === n - 1 ? 'root' : i === n - 2 ? 'nsubj' : 'amod'));
    const [r] = extractRelations({ forms, upos, xpos: upos, heads, deprels });
    expect(r.args[0].words).toHaveLength(n - 1);
    const cyclic = tree('a/NOUN/NN/2/nsubj b/VERB/VBD/3/conj c/VERB/VBD/2/conj');
    expect(() => extractRelations(cyclic)).not.toThrow();
    const xcompCycle = tree('He/PRON/PRP/2/nsubj wants/VERB/VBZ/3/xcomp go/VERB/VB/2/xcomp');
    expect(() => extractRelations(xcompCycle)).not.toThrow();
  });

  it('walks a very long sentence quickly', () => {
    // 2,000 clauses "he came ," chained by parataxis
    const n = 2000;
    const forms: string[] = [];
    const upos: string[] = [];
    const heads: number[] = [];
    const deprels: string[] = [];
    for (let k = 0; k < n; k++) {
      const at = 3 * k;
      forms.push('he', 'came', ',');
      upos.push('PRON', 'VERB', 'PUNCT');
      heads.push(at + 1, k === 0 ? -1 : 1, at + 1);
      deprels.push('nsubj', k === 0 ? 'root' : 'parataxis', 'punct');
    }
    const t0 = performance.now();
    const rels = extractRelations({ forms, upos, xpos: upos, heads, deprels });
    expect(rels).toHaveLength(n);
    expect(rels[n - 1].args[0].words).toEqual([3 * (n - 1)]);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
