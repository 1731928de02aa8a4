/**
 * Tunes the entailment scores (src/semantics/entailments.ts) on the
 * lexical-substitution dev files, LS07 trial and the CoInCo dev part jointly:
 * γ, λ, κ, the word-vector factors α (targetSim) and β (contextSim), the
 * nearest-neighbour candidates (NEIGHBOURS.count, .weight; with `glove` true,
 * the default as in eval lexsub, the tail's neighbours come from the shared GloVe
 * vectors instead: GLOVE_NEIGHBOURS, src/semantics/substitute-glove.ts) and the
 * context vector's closeness exponent ρ. Objective: the sum of P@1 and R@10 over both.
 *
 *   node --import tsx training/senses/tune-entailments.ts           coordinate search from the defaults
 *   node --import tsx training/senses/tune-entailments.ts --table   the variants of the model card's table
 *   node --import tsx training/senses/tune-entailments.ts --try '{"kappa":50}' …   the defaults with these changes
 *     (a key "weights" changes RELATION_WEIGHTS: '{"weights":{"sister":0.1}}')
 *
 * TEXTLENS_DATA for the data directory. Each line prints the setting and P@1 / R@10 on both sets.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseLexsubData, parseLexsubGold, prepareLexsub, rankSubstitutes, scoreLexsub, type LexsubInstance, type PreparedLexsub } from '../../src/eval/lexsub.js';
import { clearEntailmentCaches, CONTEXT_RHO, DEFAULT_ENTAILMENT_PARAMS, NEIGHBOURS, RELATION_WEIGHTS, type EntailmentParams } from '../../src/semantics/entailments.js';
import { GLOVE_NEIGHBOURS } from '../../src/semantics/substitute-glove.js';

const DATA = resolve(process.env.TEXTLENS_DATA ?? '../shared/data');
const sets = [
  ['ls07', 'lexsub/lst_trial.preprocessed', 'lexsub/gold.trial'],
  ['coinco', 'lexsub/coinco_dev.no_problematic.preprocessed', 'lexsub/coinco_trial.gold'],
];

interface Setting extends EntailmentParams {
  weights?: Partial<typeof RELATION_WEIGHTS>;
  neighbours: number;
  neighbourWeight: number;
  searchRows: number;
  rho: number;
  /** The tail's neighbours from GloVe (GLOVE_NEIGHBOURS: count, weight ν, targetSim α) rather than the PPMI vectors. */
  glove: boolean;
  gloveCount: number;
  gloveWeight: number;
  gloveTargetSim: number;
}

const loaded = sets.map(([name, data, gold]) => ({
  name,
  instances: parseLexsubData(readFileSync(join(DATA, data), 'latin1')),
  gold: parseLexsubGold(readFileSync(join(DATA, gold), 'utf8')),
}));
/** Prepared sets per ρ (the context vectors depend on it; the rest does not). */
const preparedByRho = new Map<number, Array<{ name: string; instances: LexsubInstance[]; gold: Map<string, Map<string, number>>; prep: PreparedLexsub }>>();
async function prepared(rho: number) {
  let p = preparedByRho.get(rho);
  if (p === undefined) {
    p = [];
    for (const s of loaded) p.push({ ...s, prep: await prepareLexsub(s.instances, undefined, rho) });
    preparedByRho.set(rho, p);
  }
  return p;
}

const shippedWeights = { ...RELATION_WEIGHTS };
let weightsKey = JSON.stringify(shippedWeights);

async function evaluate(s: Setting) {
  const weights = { ...shippedWeights, ...s.weights };
  if (JSON.stringify(weights) !== weightsKey) {
    Object.assign(RELATION_WEIGHTS, weights);
    weightsKey = JSON.stringify(weights);
    clearEntailmentCaches();
  }
  if (NEIGHBOURS.count !== s.neighbours || NEIGHBOURS.weight !== s.neighbourWeight || NEIGHBOURS.searchRows !== s.searchRows) {
    NEIGHBOURS.count = s.neighbours;
    NEIGHBOURS.weight = s.neighbourWeight;
    NEIGHBOURS.searchRows = s.searchRows;
    clearEntailmentCaches();
  }
  Object.assign(GLOVE_NEIGHBOURS, { count: s.gloveCount, weight: s.gloveWeight, targetSim: s.gloveTargetSim });
  const params: EntailmentParams = { gamma: s.gamma, lambda: s.lambda, kappa: s.kappa, targetSim: s.targetSim, contextSim: s.contextSim };
  return (await prepared(s.rho)).map((x) => ({ name: x.name, ...scoreLexsub(x.instances, rankSubstitutes(x.prep, params, 10, s.glove), x.gold) }));
}
const objective = (r: Awaited<ReturnType<typeof evaluate>>) => r.reduce((z, x) => z + x.p1 + x.r10, 0);
const show = (s: Setting, r: Awaited<ReturnType<typeof evaluate>>) =>
  `${JSON.stringify(s)} ${r.map((x) => `${x.name} P@1 ${(100 * x.p1).toFixed(1)} R@10 ${(100 * x.r10).toFixed(2)}`).join(', ')}`;

const defaults: Setting = {
  ...DEFAULT_ENTAILMENT_PARAMS,
  neighbours: NEIGHBOURS.count,
  neighbourWeight: NEIGHBOURS.weight,
  searchRows: NEIGHBOURS.searchRows,
  rho: CONTEXT_RHO,
  glove: true,
  gloveCount: GLOVE_NEIGHBOURS.count,
  gloveWeight: GLOVE_NEIGHBOURS.weight,
  gloveTargetSim: GLOVE_NEIGHBOURS.targetSim,
};

if (process.argv[2] === '--try') {
  for (const change of process.argv.slice(3)) {
    const s = { ...defaults, ...(JSON.parse(change) as Partial<Setting>) };
    console.log(show(s, await evaluate(s)));
  }
} else if (process.argv.includes('--table')) {
  const none = { ...defaults, targetSim: 0, contextSim: 0, neighbours: 0, neighbourWeight: 0, glove: false };
  const ppmi = { ...defaults, glove: false };
  const variants: Array<[string, Setting]> = [
    ['without vectors', none],
    ['+ target factor α', { ...none, targetSim: defaults.targetSim }],
    ['+ ν·cos added to every candidate', { ...none, targetSim: defaults.targetSim, neighbourWeight: defaults.neighbourWeight }],
    ['+ PPMI neighbours as candidates', ppmi],
    ['GloVe neighbours instead of the PPMI ones (shipped)', defaults],
    ['+ context factor β 0.25 (not shipped)', { ...defaults, contextSim: 0.25 }],
    ['+ context factor β 1 (not shipped)', { ...defaults, contextSim: 1 }],
    ['neighbours without α (not shipped)', { ...defaults, targetSim: 0 }],
  ];
  for (const [name, s] of variants) {
    const r = await evaluate(s);
    console.log(`${name}: ${show(s, r)}`);
  }
} else {
  let best = { ...defaults };
  let bestScore = objective(await evaluate(best));
  console.log('start', show(best, await evaluate(best)));
  const grid: Partial<Record<keyof Setting, number[]>> = {
    targetSim: [0, 0.5, 1, 2, 3, 5],
    contextSim: [0, 0.5, 1, 2, 3, 5],
    neighbours: [0, 10, 20, 50, 100],
    neighbourWeight: [0.02, 0.05, 0.1, 0.2, 0.3],
    gloveCount: [10, 20, 50],
    gloveWeight: [0.01, 0.02, 0.05, 0.1],
    gloveTargetSim: [0, 1, 2, 3],
    rho: [0, 0.5, 1, 2],
    kappa: [30, 50, 70, 100],
    gamma: [0.1, 0.15, 0.2, 0.3],
    lambda: [0.7, 0.8, 0.9],
  };
  for (let pass = 0; pass < 2; pass++) {
    for (const key of Object.keys(grid) as (keyof Setting)[]) {
      for (const v of grid[key]!) {
        const s = { ...best, [key]: v };
        const r = await evaluate(s);
        const score = objective(r);
        console.log(show(s, r));
        if (score > bestScore) {
          best = s;
          bestScore = score;
          console.log('best so far');
        }
      }
    }
  }
  console.log('best', show(best, await evaluate(best)));
}
