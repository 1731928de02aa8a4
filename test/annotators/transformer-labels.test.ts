import { describe, expect, it } from 'vitest';
import { labelSpans, labelsOf, parseLabel } from '../../src/annotators/transformer-labels.js';

const spans = (tags: string[]) => labelSpans(tags.map(parseLabel)).map((s) => `${s.start}-${s.end}:${s.type}`);

describe('transformer labels', () => {
  it('maps the common class names onto PER/ORG/LOC/MISC and keeps the others', () => {
    expect(parseLabel('B-PERSON')).toEqual({ prefix: 'B', type: 'PER' });
    expect(parseLabel('I-GPE')).toEqual({ prefix: 'I', type: 'LOC' });
    expect(parseLabel('U-ORGANIZATION')).toEqual({ prefix: 'S', type: 'ORG' });
    expect(parseLabel('L-norp')).toEqual({ prefix: 'E', type: 'MISC' });
    expect(parseLabel('B_corporation')).toEqual({ prefix: 'B', type: 'ORG' });
    expect(parseLabel('B-DRUG')).toEqual({ prefix: 'B', type: 'DRUG' });
    expect(parseLabel('DATE')).toEqual({ prefix: 'I', type: 'DATE' });
    expect(parseLabel('O')).toEqual({ prefix: 'O', type: '' });
  });

  it('decodes BIO, IOB1, BIOES, BILOU and plain labels by conlleval rules', () => {
    expect(spans(['B-PER', 'I-PER', 'O', 'B-LOC', 'B-LOC'])).toEqual(['0-2:PER', '3-4:LOC', '4-5:LOC']);
    // IOB1: I- starts a mention; B- only splits two adjacent same-type mentions.
    expect(spans(['I-ORG', 'I-ORG', 'B-ORG', 'O', 'I-PER'])).toEqual(['0-2:ORG', '2-3:ORG', '4-5:PER']);
    expect(spans(['B-PER', 'E-PER', 'S-LOC', 'B-ORG', 'I-ORG', 'E-ORG'])).toEqual(['0-2:PER', '2-3:LOC', '3-6:ORG']);
    expect(spans(['U-PERSON', 'B-GPE', 'L-GPE'])).toEqual(['0-1:PER', '1-3:LOC']);
    expect(spans(['PER', 'PER', 'O', 'LOC', 'ORG'])).toEqual(['0-2:PER', '3-4:LOC', '4-5:ORG']);
    // A type change inside a run starts a new mention.
    expect(spans(['B-PER', 'I-ORG', 'I-ORG'])).toEqual(['0-1:PER', '1-3:ORG']);
    expect(spans([])).toEqual([]);
  });

  it('reads id2label by class id and refuses maps that are not 0..n-1', () => {
    expect(labelsOf({ '1': 'B-PER', '0': 'O' })).toEqual([{ prefix: 'O', type: '' }, { prefix: 'B', type: 'PER' }]);
    expect(() => labelsOf(undefined)).toThrow(/no id2label/);
    expect(() => labelsOf({})).toThrow(/empty id2label/);
    expect(() => labelsOf({ '0': 'O', '2': 'B-PER' })).toThrow(/not 0\.\.1/);
    expect(() => labelsOf({ '0': 3 })).toThrow(/non-string/);
  });
});
