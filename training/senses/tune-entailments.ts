/**
 * Tunes the entailment scores' γ, λ and κ (src/semantics/entailments.ts) on
 * the lexical-substitution dev files: LS07 trial and the CoInCo dev part.
 * `node --import tsx training/senses/tune-entailments.ts` (TEXTLENS_DATA for the data directory).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  parseLexsubData,
  parseLexsubGold,
  prepareLexsub,
  rankSubstitutes,
  scoreLexsub,
  type LexsubInstance,
  type PreparedLexsub,
} from '../../src/eval/lexsub.js';
import { DEFAULT_ENTAILMENT_PARAMS, type EntailmentParams } from '../../src/semantics/entailments.js';

const DATA = resolve(process.env.TEXTLENS_DATA ?? '../shared/data');
const sets = [
  ['ls07', 'lexsub/lst_trial.preprocessed', 'lexsub/gold.trial'],
  ['coinco', 'lexsub/coinco_dev.no_problematic.preprocessed', 'lexsub/coinco_trial.gold'],
];
const prepared: Array<{ name: string; instances: LexsubInstance[]; gold: Map<string, Map<string, number>>; prep: PreparedLexsub }> = [];
for (const [name, data, gold] of sets) {
  const instances = parseLexsubData(readFileSync(join(DATA, data), 'latin1'));
  prepared.push({ name, instances, gold: parseLexsubGold(readFileSync(join(DATA, gold), 'utf8')), prep: await prepareLexsub(instances, undefined) });
}
const evaluate = (p: EntailmentParams) =>
  prepared.map((s) => ({ name: s.name, ...scoreLexsub(s.instances, rankSubstitutes(s.prep, p), s.gold) }));
const objective = (r: ReturnType<typeof evaluate>) => r.reduce((z, x) => z + x.p1 + x.r10, 0);
let best = { ...DEFAULT_ENTAILMENT_PARAMS };
let bestScore = objective(evaluate(best));
const grid: Partial<Record<keyof EntailmentParams, number[]>> = {
  kappa: [10, 30, 50, 70, 100, 300],
  gamma: [0, 0.1, 0.15, 0.2, 0.3],
  lambda: [0.6, 0.7, 0.8, 0.9, 1],
};
for (let pass = 0; pass < 2; pass++) {
  for (const key of Object.keys(grid) as (keyof EntailmentParams)[]) {
    for (const v of grid[key]!) {
      const p = { ...best, [key]: v };
      const r = evaluate(p);
      const score = objective(r);
      if (score > bestScore) {
        best = p;
        bestScore = score;
        console.log(JSON.stringify(best), r.map((x) => `${x.name} P@1 ${(100 * x.p1).toFixed(1)} R@10 ${(100 * x.r10).toFixed(1)}`).join(', '));
      }
    }
  }
}
console.log('best', JSON.stringify(best), JSON.stringify(evaluate(best)));
