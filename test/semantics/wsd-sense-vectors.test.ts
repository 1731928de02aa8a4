/**
 * The sense embeddings (wsd-sense-vectors.ts) and their term in the sense model (λ_sense): the file's
 * codec, and on a tiny model whose two senses point opposite ways in the shared vectors' space, that the
 * term moves a noun towards the sense its sentence lies near, only for the parts of speech that weigh it,
 * only in the layer's probabilities (the plain ones the entailments read leave it out), and not at all
 * without the embeddings.
 */
import { describe, expect, it } from 'vitest';
import { TargetContexts } from '../../src/semantics/disambiguate.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';
import { WsdModel, type WsdParams } from '../../src/semantics/wsd-model.js';
import { encodeSenseEmbeddings, SenseEmbeddings } from '../../src/semantics/wsd-sense-vectors.js';
import { COUNT_SCALE, type SenseWeights } from '../../src/semantics/wsd-weights.js';
import type { WordVectors as SharedWordVectors } from '../../src/models/word-vectors.js';

describe('the sense embeddings file', () => {
  const bytes = encodeSenseEmbeddings(Int32Array.of(3, 7, 20), 2, [3, 4, /* */ 0, -2, /* */ 0, 0]);

  it('gives each synset its unit row back, zeros for a synset it lacks', () => {
    const table = SenseEmbeddings.decode(bytes);
    expect(table.size).toBe(3);
    expect([table.rowOf(3), table.rowOf(7), table.rowOf(5), table.rowOf(21)]).toEqual([0, 1, -1, -1]);
    const rows = table.rowsOf([7, 5, 3]);
    expect(rows[0]).toBeCloseTo(0, 6);
    expect(rows[1]).toBeCloseTo(-1, 6);
    expect([rows[2], rows[3]]).toEqual([0, 0]);
    // int8 rounding, then scaled to unit length again
    expect(rows[4]).toBeCloseTo(0.6, 2);
    expect(rows[5]).toBeCloseTo(0.8, 2);
    expect(Math.hypot(rows[4], rows[5])).toBeCloseTo(1, 6);
    // a zero vector stays zero (it scores 0 for every context)
    expect([...table.rowsOf([20])]).toEqual([0, 0]);
  });

  it('reads bytes that do not start on a 4-byte boundary of their buffer', () => {
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    const table = SenseEmbeddings.decode(shifted.subarray(1));
    expect(table.rowOf(7)).toBe(1);
    expect(table.rowsOf([3])[1]).toBeCloseTo(0.8, 2);
  });

  it('refuses a file of the wrong length or with synsets out of order', () => {
    expect(() => SenseEmbeddings.decode(bytes.subarray(0, bytes.length - 1))).toThrow(/header says/);
    expect(() => encodeSenseEmbeddings(Int32Array.of(7, 3), 1, [1, 1])).toThrow(/ascending/);
  });
});

/** A shared table as src/models/word-vectors.ts gives it: row 0 is "no vector". */
function sharedTable(words: readonly string[], dim: number, values: readonly number[]): SharedWordVectors {
  const rowOfWord = new Map(words.map((w, i) => [w, i + 1]));
  return {
    meta: { name: 'test', file: 'vectors.bin', rows: words.length + 1, dim },
    row: (word) => rowOfWord.get(word.toLowerCase()) ?? 0,
    copyRow(row, out, at) {
      for (let d = 0; d < dim; d++) out[at + d] = row === 0 ? 0 : values[(row - 1) * dim + d];
    },
    addProjected() {
      throw new Error('not read by the senses');
    },
  };
}

/**
 * Two senses of "bank" with the same counts (the prior, one tag more for sense 0, decides without the
 * term). In the shared space "water" lies near sense 1's embedding, "cash" near sense 0's; "bank" itself
 * lies on sense 0's side, so a context that kept it would lean there.
 */
const VOCAB = ['bank', 'water', 'cash', 'seen'];
const SHARED = sharedTable(['bank', 'water', 'cash'], 2, [5, 0.2, /* */ 0.1, 3, /* */ 2, 0.1]);
const WEIGHTS: SenseWeights = {
  mass: Float32Array.of(5, 5),
  start: Uint32Array.of(0, 1, 2),
  feature: Uint32Array.of(3, 3),
  count: Uint16Array.of(5 * COUNT_SCALE, 5 * COUNT_SCALE),
};
const EMBEDDINGS = SenseEmbeddings.decode(encodeSenseEmbeddings(Int32Array.of(0, 1), 2, [1, 0, /* */ 0, 1]));
const PARAMS: WsdParams = { alpha: 0.5, lambdaBag: 1, lambdaCol: 1, mu: 1, window: 0, embIdf: 0 };
const SYNSETS = Int32Array.of(0, 1);
const TAGS = Float32Array.of(1, 0);
/** The tiny model; `embeddings` null: none. */
const model = (params: Partial<WsdParams>, embeddings: SenseEmbeddings | null = EMBEDDINGS) =>
  new WsdModel(VOCAB, Float64Array.of(10, 10, 10, 10), WEIGHTS, { ...PARAMS, ...params }, undefined, undefined, undefined, undefined, SHARED, embeddings ?? undefined);

const sentence = (other: string): ContextToken[] => [
  { lemma: 'bank', pos: 'n' },
  { lemma: 'bank', pos: 'v' },
  { lemma: other, pos: 'n' },
];

describe('the sense embeddings’ term', () => {
  it('moves a noun towards the sense its sentence lies near, for the parts of speech that weigh it', () => {
    const m = model({ byPos: { n: { lambdaSense: 4 } } });
    expect(m.readsSenseEmbeddingsFor('n')).toBe(true);
    expect(m.readsSenseEmbeddingsFor('v')).toBe(false);
    const contexts = new TargetContexts(m, [sentence('water')]);
    const noun = contexts.of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    const verb = contexts.of({ sentence: 0, first: 1, last: 1, lemma: 'bank', pos: 'v' }, SYNSETS);
    expect(noun.senseVector).toBeDefined();
    expect(verb.senseVector).toBeUndefined();
    const without = model({}).probabilities(SYNSETS, TAGS, noun, 'n');
    expect(without[0]).toBeGreaterThan(0.5);
    expect(m.probabilities(SYNSETS, TAGS, noun, 'n')[1]).toBeGreaterThan(0.5);
    // "cash" lies on sense 0's side: the term raises sense 0 above what the prior gives it
    const cash = new TargetContexts(m, [sentence('cash')]).of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    expect(m.probabilities(SYNSETS, TAGS, cash, 'n')[0]).toBeGreaterThan(without[0]);
  });

  it('leaves the target’s own lemma out of the sentence', () => {
    // "bank" (on sense 0's side, long) and "water" (sense 1's): with "bank" kept, sense 0 would win.
    const m = model({ byPos: { n: { lambdaSense: 4 } } });
    const ctx = new TargetContexts(m, [sentence('water')]).of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    const kept = m.probabilities(SYNSETS, TAGS, { ...ctx, exclude: -1 }, 'n');
    expect(kept[0]).toBeGreaterThan(0.5);
    expect(m.probabilities(SYNSETS, TAGS, ctx, 'n')[1]).toBeGreaterThan(0.5);
  });

  it('is a term of the layer only: the plain probabilities leave it out', () => {
    const m = model({ byPos: { n: { lambdaSense: 4 } } });
    const ctx = new TargetContexts(m, [sentence('water')]).of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    const out = new Float64Array(2);
    const plain = new Float64Array(2);
    m.probabilitiesInto(SYNSETS, TAGS, ctx, 'n', out, 0, plain);
    expect(out[1]).toBeGreaterThan(0.5);
    expect([...plain]).toEqual([...model({}).probabilities(SYNSETS, TAGS, ctx, 'n')]);
  });

  it('is off without the embeddings, and without a weight', () => {
    const none = model({ byPos: { n: { lambdaSense: 4 } } }, null);
    expect(none.readsSenseEmbeddingsFor('n')).toBe(false);
    const ctx = new TargetContexts(none, [sentence('water')]).of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    expect(ctx.senseVector).toBeUndefined();
    expect(model({}).readsSenseEmbeddingsFor('n')).toBe(false);
  });
});
