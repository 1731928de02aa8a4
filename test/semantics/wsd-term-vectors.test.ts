/**
 * The sense term's two tables of word vectors (wsd-term-vectors.ts): the own
 * PPMI vectors and the shared GloVe vectors, read in place. A tiny model whose
 * two tables point opposite ways shows which one each part of speech reads;
 * the shared table's rows count as unit vectors whatever their length; the
 * vocabulary gives back its feature strings; the shipped model reads the
 * shared table for verbs and its own for nouns.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TargetContexts } from '../../src/semantics/disambiguate.js';
import type { ContextToken } from '../../src/semantics/wsd-features.js';
import { WsdModel, type WsdParams } from '../../src/semantics/wsd-model.js';
import { sharedTermVectors } from '../../src/semantics/wsd-term-vectors.js';
import { decodeVectors, encodeVectors } from '../../src/semantics/wsd-vectors.js';
import { indexVocab, listVocabulary, COUNT_SCALE, type SenseWeights } from '../../src/semantics/wsd-weights.js';
import { gunzipBytes } from '../../src/semantics/gzip.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { WordVectors as SharedWordVectors } from '../../src/models/word-vectors.js';

/** A shared table as src/models/word-vectors.ts gives it: row 0 is "no vector", rows of any length. */
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
 * Two senses, each of which has seen one feature: sense 0 "money", sense 1 "river". "water" is a known
 * feature neither saw. In the own table "water" lies near "money"; in the shared table near "river", and
 * the shared rows are long (GloVe's lengths vary): the term reads their directions only.
 */
const VOCAB = ['bank', 'money', 'river', 'water', '<the'];
const OWN = decodeVectors(encodeVectors(['money', 'river', 'water'], 2, [1, 0, /* */ 0, 1, /* */ 0.95, 0.1]));
const SHARED = sharedTable(['money', 'river', 'water', 'the'], 2, [30, 0, /* */ 0, 0.5, /* */ 0.2, 4, /* */ 5, 5]);
const WEIGHTS: SenseWeights = {
  mass: Float32Array.of(5, 5),
  start: Uint32Array.of(0, 1, 2),
  feature: Uint32Array.of(1, 2),
  count: Uint16Array.of(5 * COUNT_SCALE, 5 * COUNT_SCALE),
};
const PARAMS: WsdParams = { alpha: 0.5, lambdaBag: 1, lambdaCol: 1, mu: 1, window: 0, embIdf: 0 };
const SYNSETS = Int32Array.of(0, 1);
const TAGS = Float32Array.of(0, 0);
const model = (params: Partial<WsdParams>) =>
  new WsdModel(VOCAB, Float64Array.of(10, 10, 10, 10, 10), WEIGHTS, { ...PARAMS, ...params }, undefined, OWN, undefined, undefined, SHARED);

describe('the shared vectors as the sense term’s table', () => {
  it('maps the bag’s features to their rows, not collocation features, and adds unit rows', () => {
    const term = sharedTermVectors(SHARED, listVocabulary(VOCAB));
    expect(VOCAB.map((_, id) => term.row(id))).toEqual([-1, 1, 2, 3, -1]); // "bank" has no row; "<the" is a collocation, not the word "the"
    const out = new Float64Array(2);
    term.add(1, 2, out, 0, 2); // money: (30, 0) read as (1, 0)
    term.add(3, 1, out, 0, 2); // water: (0.2, 4) read as its unit vector
    const n = Math.hypot(0.2, 4);
    // float32 rows and lengths, as the shared table holds them
    expect(out[0]).toBeCloseTo(2 + 0.2 / n, 6);
    expect(out[1]).toBeCloseTo(4 / n, 6);
  });

  it('is read by the parts of speech that ask for it, the own table by the others', () => {
    const m = model({ byPos: { n: { lambdaEmb: 4 }, v: { lambdaEmb: 4, embVectors: 'shared' } } });
    expect(m.vectorSourceFor('n')).toBe('own');
    expect(m.vectorSourceFor('v')).toBe('shared');
    expect(m.vectorSourceFor('a')).toBeUndefined();
    const sentence: ContextToken[] = [
      { lemma: 'bank', pos: 'n' },
      { lemma: 'bank', pos: 'v' },
      { lemma: 'water', pos: 'n' },
    ];
    const contexts = new TargetContexts(m, [sentence]);
    const noun = contexts.of({ sentence: 0, first: 0, last: 0, lemma: 'bank', pos: 'n' }, SYNSETS);
    const verb = contexts.of({ sentence: 0, first: 1, last: 1, lemma: 'bank', pos: 'v' }, SYNSETS);
    expect([...noun.bagVector!]).toEqual([...m.contextVector(noun.bag, 'own')!]);
    expect([...verb.bagVector!]).toEqual([...m.contextVector(verb.bag, 'shared')!]);
    // Without the term the prior (sense 0 first) decides for both; with it, the noun follows the own table
    // ("water" near "money": sense 0), the verb the shared one ("water" near "river": sense 1).
    const plain = model({}).probabilities(SYNSETS, TAGS, { bag: noun.bag, exclude: -1, collocations: [] });
    expect(plain[0]).toBeGreaterThan(plain[1]);
    expect(m.probabilities(SYNSETS, TAGS, noun, 'n')[0]).toBeGreaterThan(plain[0]);
    expect(m.probabilities(SYNSETS, TAGS, verb, 'v')[1]).toBeGreaterThan(0.5);
  });

  it('needs the table it reads: without the shared vectors that part of speech has no term', () => {
    const params = { ...PARAMS, byPos: { v: { lambdaEmb: 4, embVectors: 'shared' as const } } };
    const without = new WsdModel(VOCAB, Float64Array.of(10, 10, 10, 10, 10), WEIGHTS, params, undefined, OWN);
    expect(without.readsVectors()).toBe(false);
    expect(without.vectorSourceFor('v')).toBeUndefined();
  });
});

describe('the feature vocabulary', () => {
  it('gives back each id’s feature string, from the shipped file’s bytes as from a list', async () => {
    const lines = ['bank', '<of', 'río', 'ice_cream'];
    const { vocab } = indexVocab(await gunzipBytes(gzipSync(lines.map((f, i) => `${f}\t${i + 1}`).join('\n') + '\n')));
    expect(Array.from({ length: vocab.size }, (_, i) => vocab.feature(i))).toEqual(lines);
    expect(listVocabulary(lines).feature(2)).toBe('río');
  });
});

describe('the shipped model', () => {
  it('reads the shared vectors for verbs and its own for nouns', async () => {
    const m = await WsdModel.load(fileLoader());
    expect(m.vectorSourceFor('v')).toBe('shared');
    expect(m.vectorSourceFor('n')).toBe('own');
    // "bank" in a sentence about a river, as a verb: the shared table gives its sentence a vector.
    const sentence: ContextToken[] = [
      { lemma: 'they', pos: undefined },
      { lemma: 'bank', pos: 'v' },
      { lemma: 'the', pos: undefined },
      { lemma: 'fire', pos: 'n' },
      { lemma: 'before', pos: undefined },
      { lemma: 'night', pos: 'n' },
    ];
    const ctx = new TargetContexts(m, [sentence]).of({ sentence: 0, first: 1, last: 1, lemma: 'bank', pos: 'v' }, Int32Array.of(0, 1));
    expect(ctx.bagVector).toHaveLength(100);
  });
});
