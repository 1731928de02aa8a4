import { describe, expect, it } from 'vitest';
import { trustedLayersOf } from '../../src/structure/trusted-layers.js';

/** "If it rains , we stay": the tagger's rains/NNS heads a subject and no copula, so the repair reads it as a verb. */
function parsed() {
  return {
    tokens: ['If', 'it', 'rains', ',', 'we', 'stay'],
    upos: ['SCONJ', 'PRON', 'NOUN', 'PUNCT', 'PRON', 'VERB'],
    xpos: ['IN', 'PRP', 'NNS', ',', 'PRP', 'VBP'],
    head: Int32Array.from([2, 2, 5, 2, 5, -1]),
    deprel: ['mark', 'nsubj', 'advcl', 'punct', 'nsubj', 'root'],
  };
}

describe('trustedLayersOf', () => {
  it('repairs the tagger\'s slips once per parse and hands the same layers to every reader', () => {
    const doc = parsed();
    const layers = trustedLayersOf(doc)!;
    expect(layers.upos[2]).toBe('VERB');
    expect(doc.upos[2]).toBe('NOUN'); // the doc's own layers are left as they are
    expect(trustedLayersOf(doc)).toBe(layers);
    // a new parse of the same doc is repaired anew
    Object.assign(doc, { head: Int32Array.from(doc.head), deprel: [...doc.deprel] });
    expect(trustedLayersOf(doc)).not.toBe(layers);
  });

  it('is undefined for a doc without a parse', () => {
    expect(trustedLayersOf({ tokens: ['a'] })).toBeUndefined();
  });
});
