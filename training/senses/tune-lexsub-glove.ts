/**
 * The GloVe vectors (models/vectors/) as a factor on the entailments' full ranking, tried for
 * issue #33 and not shipped (models/senses/MODEL_CARD.md, "Pretrained vectors in the substitute
 * ranking"): on both lexical-substitution dev files,
 *
 *   score' = λ·contextScore·exp(a·(gT − 1) + b·(gC − 1)) + (1 − λ)·priorScore
 *
 * gT = cos(candidate, target), gC = mean cos(candidate, context word) over the content words
 * within W tokens of the target (W 2 and the whole sentence; Melamud et al. 2015's add and
 * baladd weigh the target and the context as points of this a, b plane do). Vector-only words
 * stay under NEIGHBOUR_SCORE_MAX.
 *
 *   node --import tsx training/senses/tune-lexsub-glove.ts
 *
 * AS, BS: comma lists of a and b; GATE=floor applies the factor only to candidates under the
 * response's floor, GATE=tail only to hyponyms, sister terms and neighbours; FORMS=1 reads the
 * context words' forms instead of their lemmas. One line per setting: P@1 / R@10 on both files.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseLexsubData, parseLexsubGold, prepareLexsub, scoreLexsub, type LexsubInstance, type PreparedLexsub } from '../../src/eval/lexsub.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { DEFAULT_ENTAILMENT_PARAMS, entailedWords, NEIGHBOUR_SCORE_MAX } from '../../src/semantics/entailments.js';
import { isBagLemma } from '../../src/semantics/wsd-features.js';

const DATA = resolve(process.env.TEXTLENS_DATA ?? '../shared/data');
const sets = [
  ['ls07', 'lexsub/lst_trial.preprocessed', 'lexsub/gold.trial'],
  ['coinco', 'lexsub/coinco_dev.no_problematic.preprocessed', 'lexsub/coinco_trial.gold'],
];
const glove = await loadWordVectors(fileLoader(undefined));
const dim = glove.meta.dim;
const unitCache = new Map<string, Float32Array | null>();
function unit(word: string): Float32Array | null {
  let u = unitCache.get(word);
  if (u !== undefined) return u;
  const r = glove.row(word);
  if (r <= 0) u = null;
  else {
    u = new Float32Array(dim);
    glove.copyRow(r, u, 0);
    let n = 0;
    for (let d = 0; d < dim; d++) n += u[d] * u[d];
    n = Math.sqrt(n);
    for (let d = 0; d < dim; d++) u[d] /= n;
  }
  unitCache.set(word, u);
  return u;
}
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let d = 0; d < dim; d++) s += a[d] * b[d];
  return s;
};

interface Cand { word: string; score: number; relation: string; context: number; prior: number; neighbour: boolean; gT: number; gC: Float64Array }
const WINDOWS = [2, 100];
const loaded: Array<{ name: string; instances: LexsubInstance[]; gold: Map<string, Map<string, number>>; prep: PreparedLexsub; cands: Cand[][] }> = [];
for (const [name, data, gold] of sets) {
  const instances = parseLexsubData(readFileSync(join(DATA, data), 'latin1'));
  const g = parseLexsubGold(readFileSync(join(DATA, gold), 'utf8'));
  const prep = await prepareLexsub(instances, undefined);
  const cands: Cand[][] = prep.sources.map((source, i) => {
    if (!source) return [];
    const sentence = prep.sentences[i];
    const pos = instances[i].position;
    const useForms = process.env.FORMS === '1';
    const ctx: { u: Float32Array; dist: number }[] = [];
    sentence.forEach((t, j) => {
      if (j === pos || !isBagLemma(t)) return;
      const u = unit(useForms ? instances[i].tokens[j].toLowerCase() : t.lemma);
      if (u) ctx.push({ u, dist: Math.abs(j - pos) });
    });
    const tu = unit(source.lemma);
    return entailedWords(prep.store, prep.relations, prep.model, source, DEFAULT_ENTAILMENT_PARAMS).map((w) => {
      const cu = unit(w.word.toLowerCase());
      const gC = new Float64Array(WINDOWS.length);
      WINDOWS.forEach((W, k) => {
        let s = 0;
        let n = 0;
        for (const c of ctx) if (c.dist <= W) {
          s += cu ? dot(cu, c.u) : 0;
          n++;
        }
        gC[k] = n ? s / n : 0;
      });
      return { word: w.word, score: w.score, relation: w.relation, context: w.contextScore, prior: w.priorScore, neighbour: w.relation === 'neighbour', gT: cu && tu ? dot(cu, tu) : 0, gC };
    });
  });
  loaded.push({ name, instances, gold: g, prep, cands });
}

const GATE = process.env.GATE ?? 'all';
const TAIL = new Set(['hyponym', 'sister', 'neighbour']);
function rank(cands: Cand[], lemma: string, a: number, b: number, k: number, lambda: number): string[] {
  const scored = cands.map((c) => {
    if ((GATE === 'floor' && c.score >= 0.1) || (GATE === 'tail' && !TAIL.has(c.relation))) return { w: c.word, s: c.score };
    let s = lambda * c.context * Math.exp(a * (c.gT - 1) + b * (c.gC[k] - 1)) + (1 - lambda) * c.prior;
    if (c.neighbour && s > NEIGHBOUR_SCORE_MAX) s = NEIGHBOUR_SCORE_MAX;
    return { w: c.word, s };
  });
  scored.sort((x, y) => y.s - x.s || (x.w < y.w ? -1 : 1));
  const out: string[] = [];
  for (const { w } of scored) {
    const lower = w.toLowerCase();
    if (lower !== lemma && !out.includes(lower)) out.push(lower);
    if (out.length === 10) break;
  }
  return out;
}
const lambda = DEFAULT_ENTAILMENT_PARAMS.lambda;
const as = (process.env.AS ?? '0,0.5,1,1.5,2,3').split(',').map(Number);
const bs = (process.env.BS ?? '0,0.25,0.5,1,2').split(',').map(Number);
for (let k = 0; k < WINDOWS.length; k++) {
  for (const a of as) for (const b of bs) {
    if (b === 0 && k > 0) continue;
    const r = loaded.map((x) => scoreLexsub(x.instances, x.cands.map((c, i) => rank(c, x.prep.sources[i]?.lemma ?? '', a, b, k, lambda)), x.gold));
    console.log(`W ${WINDOWS[k]} a ${a} b ${b}  ${r.map((x, i) => `${loaded[i].name} ${(100 * x.p1).toFixed(1)} / ${(100 * x.r10).toFixed(2)}`).join('  ')}`);
  }
}
