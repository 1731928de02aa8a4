/**
 * The entailments' vector terms (α, ν, the neighbours, β) read from a table that mixes the PPMI
 * lemma vectors with GloVe (models/vectors/), tried for issue #33 and not shipped
 * (models/senses/MODEL_CARD.md, "Pretrained vectors in the substitute ranking"): each word's row
 * is [√(1−m)·ppmi, √m·glove] (unit halves), so cos = (1−m)·cos_ppmi + m·cos_glove; m = 1 is
 * GloVe alone. The table is handed to the entailments as the sense model's word vectors (a view
 * of the model), which the plain posteriors they read do not use.
 *
 *   MIX=0,0.25,0.5,1 TRY='{"targetSim":2};{"neighbours":0}' node --import tsx training/senses/tune-lexsub-mix.ts
 *
 * MIX: the m to try; TRY: ';'-separated JSON changes to the entailment params (plus neighbours,
 * neighbourWeight, rho). Building the mixed table takes ~80 MB.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseLexsubData, parseLexsubGold, prepareLexsub, rankSubstitutes, scoreLexsub, type LexsubInstance, type PreparedLexsub } from '../../src/eval/lexsub.js';
import { clearEntailmentCaches, contextVectorsOf, DEFAULT_ENTAILMENT_PARAMS, NEIGHBOURS, type EntailmentParams } from '../../src/semantics/entailments.js';
import { isBagLemma } from '../../src/semantics/wsd-features.js';
import { denseVectors, type WordVectors } from '../../src/semantics/wsd-vectors.js';
import type { WsdModel } from '../../src/semantics/wsd-model.js';

const DATA = resolve(process.env.TEXTLENS_DATA ?? '../shared/data');
const sets = [
  ['ls07', 'lexsub/lst_trial.preprocessed', 'lexsub/gold.trial'],
  ['coinco', 'lexsub/coinco_dev.no_problematic.preprocessed', 'lexsub/coinco_trial.gold'],
];

// GloVe rows as unit float rows, by word (row order kept: commonest first).
const bytes = readFileSync('models/vectors/vectors.bin');
const meta = JSON.parse(readFileSync('models/vectors/meta.json', 'utf8')) as { rows: number; dim: number };
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const gWords = ['<zero>', ...new TextDecoder().decode(bytes.subarray(4 * meta.rows + meta.rows * meta.dim)).split('\n')];
const gDim = meta.dim;
const gRow = new Map<string, number>();
gWords.forEach((w, r) => r > 0 && gRow.set(w, r));
function gloveUnit(r: number, out: Float32Array, at: number, scale: number) {
  const s = view.getFloat32(4 * r, true);
  let n = 0;
  const from = 4 * meta.rows + r * gDim;
  for (let d = 0; d < gDim; d++) n += (bytes.readInt8(from + d) * s) ** 2;
  if (n === 0) return;
  const k = scale / Math.sqrt(n);
  for (let d = 0; d < gDim; d++) out[at + d] = bytes.readInt8(from + d) * s * k;
}

function mixed(ppmi: WordVectors, m: number): WordVectors {
  if (m === 0) return ppmi;
  const lemmas: string[] = m === 1 ? gWords.slice(1) : [...ppmi.lemmas, ...gWords.slice(1).filter((w) => !ppmi.lemmas.includes(w))];
  const pRow = new Map<string, number>();
  ppmi.lemmas.forEach((l, r) => pRow.set(l, r));
  const dim = m === 1 ? gDim : ppmi.dim + gDim;
  const values = new Float32Array(lemmas.length * dim);
  lemmas.forEach((w, i) => {
    const p = pRow.get(w);
    if (m < 1 && p !== undefined) {
      ppmi.copyRow(p, values, i * dim);
      for (let d = 0; d < ppmi.dim; d++) values[i * dim + d] *= Math.sqrt(1 - m);
    }
    const g = gRow.get(w);
    if (g !== undefined) gloveUnit(g, values, i * dim + (m === 1 ? 0 : ppmi.dim), Math.sqrt(m));
  });
  return denseVectors(lemmas, dim, values);
}

const loaded: Array<{ name: string; instances: LexsubInstance[]; gold: Map<string, Map<string, number>>; prep: PreparedLexsub }> = [];
for (const [name, data, gold] of sets) {
  const instances = parseLexsubData(readFileSync(join(DATA, data), 'latin1'));
  loaded.push({ name, instances, gold: parseLexsubGold(readFileSync(join(DATA, gold), 'utf8')), prep: await prepareLexsub(instances, undefined) });
}
const ppmi = loaded[0].prep.model.wordVectors!;
for (const m of (process.env.MIX ?? '0,0.5,1').split(',').map(Number)) {
  const table = mixed(ppmi, m);
  for (const tryText of (process.env.TRY ?? '{}').split(';')) {
    const t = JSON.parse(tryText) as Partial<EntailmentParams> & { neighbourWeight?: number; neighbours?: number; rho?: number };
    NEIGHBOURS.weight = t.neighbourWeight ?? 0.2;
    NEIGHBOURS.count = t.neighbours ?? 50;
    clearEntailmentCaches();
    const params: EntailmentParams = { ...DEFAULT_ENTAILMENT_PARAMS, ...t };
    const r = loaded.map((x) => {
      const model = Object.create(x.prep.model, { wordVectors: { get: () => table } }) as WsdModel;
      const sources = x.prep.sources.map((s, i) => {
        if (!s || params.contextSim === 0) return s;
        const sentence = x.prep.sentences[i];
        const p = x.instances[i].position;
        const [context] = contextVectorsOf(model, sentence.map((w) => w.lemma), (j) => isBagLemma(sentence[j]), [{ first: p, last: p }], t.rho ?? 1);
        return { ...s, context };
      });
      return scoreLexsub(x.instances, rankSubstitutes({ ...x.prep, model, sources }, params, 10, false), x.gold);
    });
    console.log(`mix ${m} ${tryText}  ${r.map((x, i) => `${loaded[i].name} ${(100 * x.p1).toFixed(1)} / ${(100 * x.r10).toFixed(2)}`).join('  ')}`);
  }
}
