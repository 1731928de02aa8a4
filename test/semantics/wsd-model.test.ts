/**
 * The WSD model's fast paths against the definitions they replace: context
 * features by id (TargetContexts) against the feature strings training uses
 * (wsd-features), and the per-lemma scoring tables against the naive-Bayes
 * formula computed straight from the weights. Reads the committed models/senses.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TargetContexts, type SenseTarget } from '../../src/semantics/disambiguate.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { bagOfLemmas, collocationFeatures, type ContextToken } from '../../src/semantics/wsd-features.js';
import { WsdModel, type FeatureContext } from '../../src/semantics/wsd-model.js';
import { readFileSync } from 'node:fs';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { COUNT_SCALE, decodeWeights } from '../../src/semantics/wsd-weights.js';

/** The weights decoded whole (the model reads its entries from the file's bytes as it builds a lemma's table). */
const weights = decodeWeights(new Uint8Array(readFileSync(`${defaultModelsDir}senses/wsd-weights.bin`)));

let store: SynsetStore;
let model: WsdModel;
beforeAll(async () => {
  const loader = fileLoader();
  [store, model] = await Promise.all([SynsetStore.load(loader), WsdModel.load(loader)]);
}, 60_000);

/** "She sat on the bank of the river and took off her ice_cream shoes ." as context tokens. */
const SENTENCE: ContextToken[] = [
  ['she', undefined],
  ['sit', 'v'],
  ['on', undefined],
  ['the', undefined],
  ['bank', 'n'],
  ['of', undefined],
  ['the', undefined],
  ['river', 'n'],
  ['and', undefined],
  ['take_off', 'v'],
  ['her', undefined],
  ['ice_cream', 'n'],
  ['shoe', 'n'],
  ['.', undefined],
].map(([lemma, pos]) => ({ lemma: lemma!, pos: pos as ContextToken['pos'] }));

/** "The loan earned interest ." */
const LOANS: ContextToken[] = [
  ['the', undefined],
  ['loan', 'n'],
  ['earn', 'v'],
  ['interest', 'n'],
  ['.', undefined],
].map(([lemma, pos]) => ({ lemma: lemma!, pos: pos as ContextToken['pos'] }));

/** What the feature strings give: the bag without the target's lemma, the collocations, as sorted ids. */
function fromStrings(sentences: ContextToken[][], t: SenseTarget): { bag: number[]; collocations: number[] } {
  const bag = [...bagOfLemmas(sentences, t.sentence, t.sentence + 1)].filter((w) => w !== t.lemma);
  const ctx = model.context(bag, collocationFeatures(sentences[t.sentence], t.first, t.last));
  return { bag: [...ctx.bag], collocations: [...ctx.collocations] };
}

/** The ids a context counts (its bag less the excluded feature). */
function counted(ctx: FeatureContext): { bag: number[]; collocations: number[] } {
  return { bag: [...ctx.bag].filter((f) => f !== ctx.exclude), collocations: [...ctx.collocations] };
}

/** The naive-Bayes probabilities straight from the weights: every entry of every sense scanned. */
function reference(synsets: Int32Array, tagCounts: Float32Array, ctx: FeatureContext, pos: 'n' | 'v'): number[] {
  // α·p(f) from the model's background counts: p(f) = (count(f) + 1) / norm.
  const smoothing = (model as unknown as { smoothing: { background: Float64Array; alpha: number; norm: number } }).smoothing;
  const alphaP = Float64Array.from(smoothing.background, (count) => (smoothing.alpha * (count + 1)) / smoothing.norm);
  const { lambdaBag, lambdaCol, mu, alpha, lambdaDoc } = model.paramsFor(pos);
  const bag = new Set(counted(ctx).bag);
  const col = new Set(ctx.collocations);
  // The other sentences' content lemmas: the document's bag less the sentence's (and less the target).
  const others = new Set([...(ctx.doc ?? [])].filter((f) => f !== ctx.exclude && !bag.has(f)));
  let priorTotal = 0;
  synsets.forEach((_, k) => (priorTotal += tagCounts[k] + mu / (k + 1)));
  const scores = [...synsets].map((s, k) => {
    let b = 0;
    let c = 0;
    let d = 0;
    for (let e = weights.start[s]; e < weights.start[s + 1]; e++) {
      const f = weights.feature[e];
      const gain = Math.log((weights.count[e] * (1 - alpha)) / (COUNT_SCALE * Math.max(weights.mass[s], 1e-9)) + alphaP[f]) - Math.log(alphaP[f]);
      if (bag.has(f)) b += gain;
      if (col.has(f)) c += gain;
      if (others.has(f)) d += gain;
    }
    return Math.log((tagCounts[k] + mu / (k + 1)) / priorTotal) + lambdaBag * b + lambdaCol * c + (lambdaDoc ?? 0) * d + vectorTerm(s, ctx, pos);
  });
  const best = Math.max(...scores);
  const z = scores.reduce((sum, x) => sum + Math.exp(x - best), 0);
  return scores.map((x) => Math.exp(x - best) / z);
}

/**
 * λ_emb · cos(context vector, sense vector) from the definitions: the sense's
 * vector the gain-weighted sum of its features' word vectors (kept as float32,
 * as the model keeps it), the context's the weighted sum over the bag less
 * the target's lemma, plus embDoc × the document's bag less the target.
 */
function vectorTerm(s: number, ctx: FeatureContext, pos: 'n' | 'v'): number {
  const lambdaEmb = model.paramsFor(pos).lambdaEmb ?? 0;
  // A context built by hand without a vector (as the tests below do) gets no vector term.
  if (lambdaEmb === 0 || ctx.bagVector === undefined) return 0;
  const inner = model as unknown as {
    alphaP: Float64Array;
    vectors: { dim: number; values: Float32Array };
    vectorRow: Int32Array;
    vectorWeight: Float64Array;
  };
  const { alphaP, vectorRow, vectorWeight } = inner;
  const { dim, values } = inner.vectors;
  const { alpha, embDoc } = model.paramsFor(pos);
  const sense = new Float64Array(dim);
  for (let e = weights.start[s]; e < weights.start[s + 1]; e++) {
    const f = weights.feature[e];
    if (vectorRow[f] < 0) continue;
    const gain = Math.log((weights.count[e] * (1 - alpha)) / (COUNT_SCALE * Math.max(weights.mass[s], 1e-9)) + alphaP[f]) - Math.log(alphaP[f]);
    for (let d = 0; d < dim; d++) sense[d] += gain * values[vectorRow[f] * dim + d];
  }
  const senseNorm = Math.hypot(...sense);
  const unit = sense.map((x) => (senseNorm > 0 ? Math.fround(x / senseNorm) : 0));
  const c = new Float64Array(dim);
  const addAll = (features: ArrayLike<number>, weight: number) => {
    for (const f of Array.from(features)) {
      if (f === ctx.exclude || vectorRow[f] < 0) continue;
      for (let d = 0; d < dim; d++) c[d] += weight * vectorWeight[f] * values[vectorRow[f] * dim + d];
    }
  };
  addAll(ctx.bag, 1);
  if ((embDoc ?? 0) > 0 && ctx.doc !== undefined) addAll(ctx.doc, embDoc!);
  const norm = Math.hypot(...c);
  if (norm === 0) return 0;
  return (lambdaEmb * unit.reduce((sum, x, d) => sum + x * c[d], 0)) / norm;
}

describe('context features by id', () => {
  it('are the ids of the feature strings training uses (single words, multiword units, sentence edges)', () => {
    const sentences = [SENTENCE, SENTENCE.slice(0, 5)];
    const contexts = new TargetContexts(model, sentences);
    const targets: SenseTarget[] = [
      { sentence: 0, first: 1, last: 1, lemma: 'sit', pos: 'v' },
      { sentence: 0, first: 4, last: 4, lemma: 'bank', pos: 'n' },
      { sentence: 0, first: 9, last: 9, lemma: 'take_off', pos: 'v' },
      { sentence: 0, first: 11, last: 12, lemma: 'ice_cream_shoe', pos: 'n' },
      { sentence: 0, first: 12, last: 12, lemma: 'shoe', pos: 'n' },
      { sentence: 1, first: 0, last: 0, lemma: 'she', pos: 'n' },
      { sentence: 1, first: 4, last: 4, lemma: 'bank', pos: 'n' },
    ];
    for (const t of targets) {
      const ctx = contexts.of(t);
      expect(counted(ctx), `${t.lemma} in sentence ${t.sentence}`).toEqual(fromStrings(sentences, t));
      // Sorted ascending: the order the gains are summed in.
      expect([...ctx.bag]).toEqual([...ctx.bag].sort((a, b) => a - b));
      expect([...ctx.collocations]).toEqual([...ctx.collocations].sort((a, b) => a - b));
    }
    // "bank" leaves itself out of the bag; "river" stays.
    const bank = contexts.of(targets[1]);
    expect(bank.exclude).toBe(model.featureId('bank'));
    expect(counted(bank).bag).toContain(model.featureId('river'));
    expect(counted(bank).bag).not.toContain(model.featureId('bank'));
  });
});

describe('scoring tables', () => {
  it('give the naive-Bayes posterior computed from the weights, for polysemous nouns and verbs', () => {
    // A second sentence, so that the document's other sentences count too (the shipped model weighs them).
    const contexts = new TargetContexts(model, [SENTENCE, LOANS]);
    expect(model.paramsFor('n').lambdaDoc).toBeGreaterThan(0);
    const cases: Array<[string, 'n' | 'v', number]> = [
      ['bank', 'n', 4],
      ['sit', 'v', 1],
      ['river', 'n', 7],
      ['take_off', 'v', 9],
    ];
    let compared = 0;
    for (const [lemma, pos, at] of cases) {
      const senses = store.senses(lemma, pos)!;
      const ctx = contexts.of({ sentence: 0, first: at, last: at, lemma });
      const got = model.probabilities(senses.synsets, senses.tagCounts, ctx, pos);
      const want = reference(senses.synsets, senses.tagCounts, ctx, pos);
      expect(got.length).toBe(want.length);
      got.forEach((p, k) => expect(p).toBeCloseTo(want[k], 12));
      if (senses.synsets.length > 1) compared++;
      // One sense read alone is the same number as in the whole distribution.
      for (let k = 0; k < got.length; k++) expect(model.probabilityOf(k, senses.synsets, senses.tagCounts, ctx, pos)).toBe(got[k]);
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it('count a truncated document bag as the other sentences: its features less the sentence’s, whichever are in it', () => {
    const bank = store.senses('bank', 'n')!;
    const ids = ['money', 'loan', 'river', 'water', 'deposit', 'account', 'fish'].map((w) => model.featureId(w));
    expect(ids.every((f) => f >= 0)).toBe(true);
    // The sentence has money, loan, river; the document's top features are loan, water, deposit, account (not money, river).
    const bag = Int32Array.from(ids.slice(0, 3)).sort();
    const doc = Int32Array.from([ids[1], ids[3], ids[4], ids[5]]).sort();
    const docSet = new Uint8Array(model.vocabularySize);
    for (const f of doc) docSet[f] = 1;
    const ctx: FeatureContext = { bag, exclude: model.featureId('bank'), collocations: [], doc, docSet };
    const got = model.probabilities(bank.synsets, bank.tagCounts, ctx, 'n');
    const want = reference(bank.synsets, bank.tagCounts, ctx, 'n');
    got.forEach((p, k) => expect(p).toBeCloseTo(want[k], 12));
    // Read as an untruncated bag (no table), the sentence's money and river would be taken out of the document's sums though never in them.
    const wrong = model.withParams(model.params).probabilities(bank.synsets, bank.tagCounts, { ...ctx, docSet: undefined }, 'n');
    expect(Math.max(...got.map((p, k) => Math.abs(p - wrong[k])))).toBeGreaterThan(1e-6);
  });

  it('find every feature’s row whatever the order the context lists them in', () => {
    const bank = store.senses('bank', 'n')!;
    const ids = ['money', 'loan', 'river', 'water', 'deposit', 'account', 'fish', 'shore'].map((w) => model.featureId(w));
    expect(ids.every((f) => f >= 0)).toBe(true);
    const ascending = Int32Array.from(ids).sort();
    const descending = ascending.slice().reverse();
    const shuffled = Int32Array.from([ascending[3], ascending[0], ascending[7], ascending[1], ascending[5], ascending[2], ascending[6], ascending[4]]);
    const exclude = model.featureId('bank');
    const want = reference(bank.synsets, bank.tagCounts, { bag: ascending, exclude, collocations: [] }, 'n');
    for (const bag of [ascending, descending, shuffled]) {
      const got = model.probabilities(bank.synsets, bank.tagCounts, { bag, exclude, collocations: [...bag].reverse() }, 'n');
      const sorted = model.probabilities(bank.synsets, bank.tagCounts, { bag: ascending, exclude, collocations: [...ascending] }, 'n');
      got.forEach((p, k) => expect(p).toBeCloseTo(sorted[k], 12));
    }
    // And the bag alone matches the reference computed from the weights.
    const got = model.probabilities(bank.synsets, bank.tagCounts, { bag: shuffled, exclude, collocations: [] }, 'n');
    got.forEach((p, k) => expect(p).toBeCloseTo(want[k], 12));
  });

  it('scores an empty context by the prior alone, and a lemma of one sense as certain', () => {
    const bank = store.senses('bank', 'n')!;
    const empty: FeatureContext = { bag: new Int32Array(0), exclude: -1, collocations: [] };
    const got = model.probabilities(bank.synsets, bank.tagCounts, empty, 'n');
    const prior = model.prior(bank.tagCounts, 'n');
    got.forEach((p, k) => expect(p).toBeCloseTo(prior[k], 12));
    const one = store.senses('river', 'n')!;
    expect(one.synsets.length).toBe(1);
    expect([...model.probabilities(one.synsets, one.tagCounts, empty, 'n')]).toEqual([1]);
  });
});

describe('the prior’s sense rank', () => {
  it('follows WordNet’s order, or with rankByCounts (dev evaluation only) the tag counts, ties in WordNet’s order', () => {
    const synsets = store.senses('bank', 'n')!.synsets.slice(0, 4);
    const tags = Float32Array.of(0, 5, 1, 1);
    const empty: FeatureContext = { bag: new Int32Array(0), exclude: -1, collocations: [] };
    const mu = model.paramsFor('n').mu;
    const normalised = (xs: number[]) => xs.map((x) => x / xs.reduce((a, b) => a + b, 0));
    const byOrder = model.probabilities(synsets, tags, empty, 'n');
    normalised([0 + mu / 1, 5 + mu / 2, 1 + mu / 3, 1 + mu / 4]).forEach((p, k) => expect(byOrder[k]).toBeCloseTo(p, 12));
    // by counts: sense 1 first, senses 2 and 3 tie (WordNet's order between them), sense 0 last
    const byCounts = model.withParams({ ...model.params, rankByCounts: true }).probabilities(synsets, tags, empty, 'n');
    normalised([0 + mu / 4, 5 + mu / 1, 1 + mu / 2, 1 + mu / 3]).forEach((p, k) => expect(byCounts[k]).toBeCloseTo(p, 12));
    expect(model.params.rankByCounts).toBeUndefined(); // never in the shipped meta.json
  });
});
