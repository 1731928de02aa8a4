import { describe, expect, it } from 'vitest';
import { Doc } from '../../src/doc/doc.js';
import { runRules } from '../../src/rules/index.js';

/** A two-word doc with a hand-made senses layer: the facts read it as it is. */
function docWithSenses(): Doc {
  const doc = new Doc('river bank', [{ start: 0, end: 5 }, { start: 6, end: 10 }], [2]);
  doc.senses = [
    [{ synset: 'river.n.01', score: 1 }],
    [
      { synset: 'bank.n.01', score: 0.75 },
      { synset: 'depository_financial_institution.n.01', score: 0.25 },
    ],
  ];
  return doc;
}

describe('sense facts for rules', () => {
  it('sense/3 gives the best sense, sense/4 every sense with its score', async () => {
    const rules = `
      best(P, S) :- sense(0, P, S).
      all(S, X) :- sense(0, 1, S, X).
      likely(S) :- sense(0, 1, S, X), X > 0.5.`;
    const r = await runRules(docWithSenses(), rules, ['best', 'all', 'likely']);
    const bindings = (name: string) => r.matchingRules.find((m) => m.name === name)!.bindings;
    expect(bindings('best')).toEqual([[0, 'river.n.01'], [1, 'bank.n.01']]);
    expect(bindings('all')).toEqual([['bank.n.01', 0.75], ['depository_financial_institution.n.01', 0.25]]);
    expect(bindings('likely')).toEqual([['bank.n.01']]);
  });

  it('has no facts when the senses layer is absent', async () => {
    const doc = new Doc('river bank', [{ start: 0, end: 5 }, { start: 6, end: 10 }], [2]);
    const r = await runRules(doc, 'any(S) :- sense(_, _, S).', ['any']);
    expect(r.matchingRules[0].bindings).toEqual([]);
  });
});
