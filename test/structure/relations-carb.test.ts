import { describe, expect, it } from 'vitest';
import { relationsOfDoc } from '../../src/structure/relation-layer.js';
import { toCarbTuple, tokenisedDoc } from '../../src/eval/relations-carb.js';

/** A one-sentence Doc with a hand-built UD parse: `form/UPOS/XPOS/head/deprel`, CoNLL-U heads. */
function parsed(spec: string) {
  const rows = spec.trim().split(/\s+/).map((t) => t.split('/'));
  const sentence = rows.map((r) => r[0]).join(' ');
  const doc = tokenisedDoc([sentence]);
  doc.upos = rows.map((r) => r[1]);
  doc.xpos = rows.map((r) => r[2]);
  doc.head = Int32Array.from(rows.map((r) => Number(r[3]) - 1));
  doc.deprel = rows.map((r) => r[4]);
  return { doc, sentence };
}

function tuples(spec: string): string[] {
  const { doc, sentence } = parsed(spec);
  return relationsOfDoc(doc).flatMap((r) => {
    const t = toCarbTuple(doc, r, sentence);
    return t ? [[t.relation, ...t.args].join(' | ')] : [];
  });
}

describe('toCarbTuple', () => {
  it("reads a later sentence's words: the records' positions are within their sentence", () => {
    const sentences = ['It rained .', 'He taught at the university .'];
    const doc = tokenisedDoc(sentences);
    doc.upos = ['PRON', 'VERB', 'PUNCT', 'PRON', 'VERB', 'ADP', 'DET', 'NOUN', 'PUNCT'];
    doc.xpos = ['PRP', 'VBD', '.', 'PRP', 'VBD', 'IN', 'DT', 'NN', '.'];
    // heads as doc token indices, -1 at a root
    doc.head = Int32Array.from([1, -1, 1, 4, -1, 7, 7, 4, 4]);
    doc.deprel = ['nsubj', 'root', 'punct', 'nsubj', 'root', 'case', 'det', 'obl', 'punct'];
    const taught = relationsOfDoc(doc).find((r) => r.sentence === 1)!;
    expect(taught.head).toBe(1);
    expect(taught.predicate).toEqual([1]);
    expect(taught.args.map((a) => a.words)).toEqual([[0], [2, 3, 4]]);
    const t = toCarbTuple(doc, taught, sentences[1])!;
    expect([t.relation, ...t.args].join(' | ')).toBe('taught at | He | the university');
  });

  it('moves the preposition of the first argument into the relation when there is no object', () => {
    expect(tuples('He/PRON/PRP/2/nsubj taught/VERB/VBD/0/root at/ADP/IN/5/case the/DET/DT/5/det university/NOUN/NN/2/obl')).toEqual([
      'taught at | He | the university',
    ]);
    expect(tuples('He/PRON/PRP/2/nsubj put/VERB/VBD/0/root it/PRON/PRP/2/obj on/ADP/IN/6/case the/DET/DT/6/det table/NOUN/NN/2/obl')).toEqual([
      'put | He | it | on the table',
    ]);
  });

  it('moves the "that" of a clausal object and the preposition of a copular predicate', () => {
    expect(tuples('He/PRON/PRP/2/nsubj said/VERB/VBD/0/root that/SCONJ/IN/5/mark prices/NOUN/NNS/5/nsubj rose/VERB/VBD/2/ccomp')).toEqual([
      'said that | He | prices rose',
      'rose | prices',
    ]);
    expect(tuples('The/DET/DT/2/det cat/NOUN/NN/5/nsubj is/AUX/VBZ/5/cop on/ADP/IN/5/case mat/NOUN/NN/0/root')).toEqual(['is on | The cat | mat']);
  });

  it('gives a participle modifier an implicit "be", and no tuple to a relation without a subject', () => {
    expect(tuples('an/DET/DT/2/det album/NOUN/NN/0/root released/VERB/VBN/2/acl in/ADP/IN/5/case 2000/NUM/CD/3/obl')).toEqual([
      'be released in | an album | 2000',
    ]);
    expect(tuples('Go/VERB/VB/0/root to/ADP/IN/3/case bed/NOUN/NN/1/obl')).toEqual([]);
  });
});
