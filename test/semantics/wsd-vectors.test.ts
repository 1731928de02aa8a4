/**
 * The word vectors' soft context match (WsdParams.lambdaEmb): the file codec,
 * and the term on a tiny hand-made model where the answer is known — a
 * context word no sense has seen moves the posterior towards the sense whose
 * words its vector is close to, the target's own lemma does not count, and a
 * weight of 0 scores exactly as a model without vectors.
 */
import { describe, expect, it } from 'vitest';
import { TargetContexts } from '../../src/semantics/disambiguate.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';
import { WsdModel, type FeatureContext, type WsdParams } from '../../src/semantics/wsd-model.js';
import { decodeVectors, denseVectors, encodeVectors, vectorRow } from '../../src/semantics/wsd-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';
import { COUNT_SCALE, type SenseWeights } from '../../src/semantics/wsd-weights.js';

describe('wsd-vectors.bin', () => {
  it('round-trips lemmas and unit vectors through int8', () => {
    const lemmas = ['bank', 'río', 'ice_cream'];
    const values = [3, 4, 0, /* */ -1, 0, 0, /* */ 0.6, -0.8, 0.01];
    const decoded = decodeVectors(encodeVectors(lemmas, 3, values));
    expect(decoded.dim).toBe(3);
    expect(decoded.lemmas).toEqual(lemmas);
    for (let r = 0; r < 3; r++) {
      const row = [...vectorRow(decoded, r)];
      expect(Math.hypot(...row)).toBeCloseTo(1, 6);
      const norm = Math.hypot(...values.slice(3 * r, 3 * r + 3));
      row.forEach((v, d) => expect(v).toBeCloseTo(values[3 * r + d] / norm, 2));
    }
  });

  it('reads the int8 rows to the same bits as a decoded float32 table would hold, at any byte offset', () => {
    const lemmas = ['a', 'b', 'c', 'd'];
    const raw = Array.from({ length: 4 * 7 }, (_, i) => Math.sin(i * 1.7) * (1 + (i % 5)));
    const file = encodeVectors(lemmas, 7, raw);
    // The loader may hand the bytes as a view at an odd offset of a larger buffer.
    const shifted = new Uint8Array(file.length + 1);
    shifted.set(file, 1);
    const quantized = decodeVectors(shifted.subarray(1));
    const table = new Float32Array(4 * 7);
    for (let r = 0; r < 4; r++) quantized.copyRow(r, table, 7 * r);
    const dense = denseVectors(lemmas, 7, table);
    const probe = Float32Array.from({ length: 7 }, (_, d) => d - 3);
    for (let a = 0; a < 4; a++) {
      expect(quantized.dotWith(a, probe)).toBe(dense.dotWith(a, probe));
      for (let b = 0; b < 4; b++) expect(quantized.dot(a, b)).toBe(dense.dot(a, b));
      const x = new Float64Array(9).fill(0.25);
      const y = new Float64Array(9).fill(0.25);
      quantized.addTo(a, 0.3, x, 2, 5);
      dense.addTo(a, 0.3, y, 2, 5);
      expect([...x]).toEqual([...y]);
      expect(x[7]).toBe(0.25);
    }
    expect(quantized.dot(2, 2)).toBeCloseTo(1, 6);
  });

  it('refuses a file of another kind or a truncated one', () => {
    const bytes = encodeVectors(['a', 'b'], 2, [1, 0, 0, 1]);
    expect(() => decodeVectors(bytes.subarray(0, bytes.length - 1))).toThrow(/bytes, the header says/);
    const wrong = bytes.slice();
    wrong[0] ^= 0xff;
    expect(() => decodeVectors(wrong)).toThrow(/not a WSV1 vectors file/);
  });
});

/**
 * Two senses of "bank": sense 0 has seen "money" (and is first in WordNet's
 * order), sense 1 has seen "river". "cash" and "water" are known features that
 * neither sense saw; their vectors lie near "money" and "river".
 */
const VOCAB = ['bank', 'money', 'river', 'cash', 'water'];
const VECTORS = decodeVectors(
  encodeVectors(['bank', 'money', 'river', 'cash', 'water'], 3, [0.7, 0.7, 0.1, /* */ 1, 0, 0.1, /* */ 0, 1, 0.1, /* */ 0.95, 0.1, 0.1, /* */ 0.1, 0.95, 0.1]),
);
const WEIGHTS: SenseWeights = {
  mass: Float32Array.of(5, 5),
  start: Uint32Array.of(0, 1, 2),
  feature: Uint32Array.of(1, 2),
  count: Uint16Array.of(5 * COUNT_SCALE, 5 * COUNT_SCALE),
};
const PARAMS: WsdParams = { alpha: 0.5, lambdaBag: 1, lambdaCol: 1, mu: 1, window: 0, embIdf: 0 };
const SYNSETS = Int32Array.of(0, 1);
const TAGS = Float32Array.of(0, 0);
const model = (params: Partial<WsdParams>, vectors = true) =>
  new WsdModel(VOCAB, Float64Array.of(10, 10, 10, 10, 10), WEIGHTS, { ...PARAMS, ...params }, undefined, vectors ? VECTORS : undefined);

function context(m: WsdModel, words: string[], exclude = -1): FeatureContext {
  const bag = Int32Array.from(words.map((w) => m.featureId(w))).sort();
  return { bag, exclude, collocations: [], bagVector: m.contextVector(bag) };
}

describe('the vector term', () => {
  it('lets a word no sense has seen choose the sense whose words it is close to', () => {
    const off = model({});
    const on = model({ lambdaEmb: 4 });
    // Without the term, "water" is unseen by both senses: the prior (sense 0 first) decides.
    const plain = off.probabilities(SYNSETS, TAGS, context(off, ['water']));
    expect(plain[0]).toBeGreaterThan(plain[1]);
    const water = on.probabilities(SYNSETS, TAGS, context(on, ['water']));
    expect(water[1]).toBeGreaterThan(0.5);
    const cash = on.probabilities(SYNSETS, TAGS, context(on, ['cash']));
    expect(cash[0]).toBeGreaterThan(plain[0]);
    expect(water[0] + water[1]).toBeCloseTo(1, 12);
  });

  it('adds λ·cos(context, sense) to the naive-Bayes score', () => {
    const on = model({ lambdaEmb: 2 });
    const off = model({});
    const ctx = context(on, ['water']);
    const p = on.probabilities(SYNSETS, TAGS, ctx);
    const q = off.probabilities(SYNSETS, TAGS, context(off, ['water']));
    // Sense vectors are the unit vectors of the one feature each has seen (money, river).
    const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v));
    const c = unit([...vectorRow(VECTORS, 4)]);
    const cos = [unit([...vectorRow(VECTORS, 1)]), unit([...vectorRow(VECTORS, 2)])].map((s) => s.reduce((sum, x, d) => sum + x * c[d], 0));
    const logit = Math.log(p[1] / p[0]) - Math.log(q[1] / q[0]);
    expect(logit).toBeCloseTo(2 * (cos[1] - cos[0]), 5);
  });

  it('reads only the leading embDims dimensions when asked (the cosines over that prefix)', () => {
    const two = model({ lambdaEmb: 2, embDims: 2 });
    const off = model({});
    const p = two.probabilities(SYNSETS, TAGS, context(two, ['water']));
    const q = off.probabilities(SYNSETS, TAGS, context(off, ['water']));
    const unit = (v: number[]) => v.map((x) => x / Math.hypot(...v));
    const prefix = (r: number) => unit([...vectorRow(VECTORS, r).subarray(0, 2)]);
    const c = prefix(4);
    const cos = [prefix(1), prefix(2)].map((s) => s.reduce((sum, x, d) => sum + x * c[d], 0));
    expect(Math.log(p[1] / p[0]) - Math.log(q[1] / q[0])).toBeCloseTo(2 * (cos[1] - cos[0]), 5);
    expect(two.contextVector(Int32Array.of(two.featureId('water')))).toHaveLength(2);
    // 0, absent or at least the vectors' size: all of them
    expect(model({ lambdaEmb: 2, embDims: 7 }).contextVector(Int32Array.of(1))).toHaveLength(3);
  });

  it('leaves the target’s own lemma out of the context vector', () => {
    const on = model({ lambdaEmb: 4 });
    const bank = on.featureId('bank');
    // The bag holds only the target itself: nothing is left, so the prior alone decides.
    const got = on.probabilities(SYNSETS, TAGS, context(on, ['bank'], bank));
    const prior = on.prior(TAGS);
    got.forEach((p, k) => expect(p).toBeCloseTo(prior[k], 12));
  });

  it('scores as a model without vectors when its weight is 0, and builds no context vector then', () => {
    const zero = model({ lambdaEmb: 0 });
    expect(zero.readsVectors()).toBe(false);
    expect(zero.contextVector(Int32Array.of(1, 3))).toBeUndefined();
    const without = model({ lambdaEmb: 4 }, false);
    expect(without.readsVectors()).toBe(false);
    const ctx: FeatureContext = { bag: Int32Array.of(1, 4), exclude: -1, collocations: [] };
    expect([...zero.probabilities(SYNSETS, TAGS, ctx)]).toEqual([...without.probabilities(SYNSETS, TAGS, ctx)]);
  });

  it('gets its context vector from TargetContexts once per sentence, shared by the sentence’s targets', () => {
    const on = model({ lambdaEmb: 4 });
    const sentence: ContextToken[] = [
      { lemma: 'bank', pos: 'n' },
      { lemma: 'water', pos: 'n' },
      { lemma: 'cash', pos: 'n' },
    ];
    const contexts = new TargetContexts(on, [sentence]);
    // the term is the senses layer's: a target asked without its candidates (the entailments' path) gets no vector
    expect(contexts.of({ sentence: 0, first: 0, last: 0, lemma: 'bank' }).bagVector).toBeUndefined();
    const a = contexts.of({ sentence: 0, first: 0, last: 0, lemma: 'bank' }, SYNSETS);
    const b = contexts.of({ sentence: 0, first: 1, last: 1, lemma: 'water' }, SYNSETS);
    expect(a.bagVector).toBeDefined();
    expect(b.bagVector).toBe(a.bagVector);
    expect([...a.bagVector!]).toEqual([...on.contextVector(a.bag)!]);
  });

  it('is left out of the plain posteriors (what the entailments read), which equal the scores without it', () => {
    const on = model({ lambdaEmb: 4 });
    const ctx = context(on, ['water']);
    const out = new Float64Array(2);
    const plain = new Float64Array(2);
    on.probabilitiesInto(SYNSETS, TAGS, ctx, undefined, out, 0, plain);
    expect(out[1]).toBeGreaterThan(0.5); // the term moved the layer's posterior …
    const without = on.probabilities(SYNSETS, TAGS, { ...ctx, bagVector: undefined });
    expect([...plain]).toEqual([...without]); // … and not the plain one
    expect(plain[0]).toBeGreaterThan(plain[1]);
  });
});

describe('loading the shipped vectors', () => {
  /** The shipped models, recording which files are read. */
  function recordingLoader(): { loader: ResourceLoader; read: string[] } {
    const files = fileLoader();
    const read: string[] = [];
    return {
      read,
      loader: {
        bytes: (path) => (read.push(path), files.bytes(path)),
        text: (path) => (read.push(path), files.text(path)),
        exists: (path) => files.exists(path),
      },
    };
  }

  it('reads them once for the senses, whose shipped parameters weigh them for nouns, and shares that model with their other readers', async () => {
    const { loader, read } = recordingLoader();
    const model = await WsdModel.load(loader);
    expect(model.params.byPos?.n?.lambdaEmb).toBeGreaterThan(0);
    // verbs weigh the shared pretrained vectors instead (wsd-term-vectors.test.ts)
    expect(model.params.byPos?.v?.embVectors).toBe('shared');
    expect(model.readsVectors()).toBe(true);
    expect(model.wordVectors?.dim).toBeGreaterThan(0);

    const [a, b] = await Promise.all([WsdModel.loadWithVectors(loader), WsdModel.loadWithVectors(loader)]);
    expect(a).toBe(model); // the same shared model, not a second copy of its weights
    expect(b).toBe(model);
    expect(read.filter((p) => p.endsWith('wsd-vectors.bin'))).toHaveLength(1);
  });

  it('attaches them once, without turning the sense term on, to a model whose parameters do not weigh them', async () => {
    const { loader, read } = recordingLoader();
    const dir = 'senses';
    const plainMeta = async (path: string) => {
      const text = await loader.text(path);
      if (path !== `${dir}/meta.json`) return text;
      const meta = JSON.parse(text) as { params: WsdParams };
      const { lambdaEmb: _, lambdaSense: ___, ...n } = meta.params.byPos?.n ?? {};
      const { lambdaEmb: __, ...v } = meta.params.byPos?.v ?? {};
      return JSON.stringify({ ...meta, params: { ...meta.params, byPos: { ...meta.params.byPos, n, v } } });
    };
    const noTerm: ResourceLoader = { bytes: loader.bytes, text: plainMeta, exists: loader.exists };
    const model = await WsdModel.load(noTerm, dir);
    expect(model.readsVectors()).toBe(false);
    expect(model.wordVectors).toBeUndefined();
    expect(read.some((p) => p.endsWith('wsd-vectors.bin'))).toBe(false);
    const [a, b] = await Promise.all([WsdModel.loadWithVectors(noTerm, dir), WsdModel.loadWithVectors(noTerm, dir)]);
    expect(a).toBe(model);
    expect(b).toBe(model);
    expect(model.wordVectors?.dim).toBeGreaterThan(0);
    expect(read.filter((p) => p.endsWith('wsd-vectors.bin'))).toHaveLength(1);
    expect(model.readsVectors()).toBe(false); // attaching does not turn the sense term on
  });
});
