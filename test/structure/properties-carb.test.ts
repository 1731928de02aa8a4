import { describe, expect, it } from 'vitest';
import { PROPERTY_CONFIDENCE, propertyToCarbTuple } from '../../src/eval/properties-carb.js';
import { tokenisedDoc } from '../../src/eval/relations-carb.js';
import type { PropertyRecord } from '../../src/doc/layers.js';

const sentences = ['The novel follows Cashel Byron , a world champion prizefighter .', "Mr. Achenbaum 's move follows the announcement ."];
const doc = tokenisedDoc(sentences);
const range = (a: number, b: number): number[] => Array.from({ length: b - a }, (_, k) => a + k);

function tuple(p: PropertyRecord): string | undefined {
  const t = propertyToCarbTuple(doc, p, sentences);
  return t && `${t.confidence} ${t.relation} | ${t.args.join(' | ')} @ ${sentences.indexOf(t.sentence)}`;
}

describe('propertyToCarbTuple', () => {
  it('states an is-a property with the relation "be", which matches any form of be in CaRB gold', () => {
    expect(tuple({ kind: 'apposition', sentence: 0, focus: [3, 4], property: range(6, 10) })).toBe(
      `${PROPERTY_CONFIDENCE.apposition} be | Cashel Byron | a world champion prizefighter @ 0`,
    );
  });

  it('states a possessive as (owner; has; possessed), in the sentence that holds it', () => {
    // positions within the second sentence ("Mr." is its 0, the doc's token 11)
    expect(tuple({ kind: 'possessive', sentence: 1, focus: [0, 1], property: [3] })).toBe(`${PROPERTY_CONFIDENCE.possessive} has | Mr. Achenbaum | move @ 1`);
  });

  it('gives nothing for copula and have properties, which the relations already state', () => {
    expect(tuple({ kind: 'copula', sentence: 0, focus: [3, 4], property: [9] })).toBeUndefined();
    expect(tuple({ kind: 'have', sentence: 0, focus: [3, 4], property: [9] })).toBeUndefined();
  });

  it('ranks appositions and titles above the kinds CaRB annotates less often', () => {
    const c = PROPERTY_CONFIDENCE;
    for (const low of [c.adjective, c.possessive, c.of]) {
      expect(low).toBeDefined();
      expect(low!).toBeLessThan(c.apposition!);
      expect(low!).toBeLessThan(c.title!);
    }
  });
});
