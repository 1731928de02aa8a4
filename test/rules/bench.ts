/**
 * Speed of the rules stage over a synthetic 5,000-token document (every
 * layer filled), one thread. Run: npx tsx test/rules/bench.ts
 *
 * Prints, per rule, the median of 5 runs of runRules (sandbox creation,
 * consult, query, JSON bindings), and the cost of an empty program (the
 * fixed cost of the stage).
 */
import { runRules } from '../../src/rules/index.js';
import { syntheticDoc } from './synthetic.js';

const doc = syntheticDoc(5_000);
const cases: Array<[string, string, string]> = [
  ['empty program', 'noop.', 'noop'],
  ['one sentence, S bound', 'r(P, T) :- word(7, P, T).', 'r'],
  ['token bound (index)', "r(S, P) :- word(S, P, 'company').", 'r'],
  ['scan all words', 'r(S, P, T) :- word(S, P, T).', 'r'],
  ['words joined with pos and lemma', "r(S, P, L) :- pos(S, P, 'VBD'), lemma(S, P, L).", 'r'],
  ['subject-verb pairs (dependency join)', 'r(S, V, N) :- dependency(S, C, H, nsubj), word(S, C, N), lemma(S, H, V).', 'r'],
  ['entities with a type', "r(Id, T) :- entity_type(Id, 'Company'), entity(Id, _, _, _, T).", 'r'],
  ['count words with findall', 'r(N) :- findall(T, word(_, _, T), L), length(L, N).', 'r'],
];

console.log(`doc: ${doc.length} tokens, ${doc.sentenceCount} sentences, ${doc.entities?.length} entities`);
for (const [label, rules, name] of cases) {
  const times: number[] = [];
  let solutions = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const result = await runRules(doc, rules, [name], { timeoutMs: 60_000, maxSolutions: 100_000, maxValues: 10_000_000 });
    times.push(performance.now() - t0);
    solutions = result.matchingRules[0]?.bindings.length ?? 0;
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(40)} ${times[2].toFixed(1).padStart(8)} ms  ${String(solutions).padStart(6)} solutions`);
}
