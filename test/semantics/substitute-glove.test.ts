import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLexsubData, prepareLexsub, rankSubstitutes } from '../../src/eval/lexsub.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';
import { DEFAULT_ENTAILMENT_PARAMS, ENTAILMENT_FLOOR, entailedWords, NEIGHBOUR_SCORE_MAX } from '../../src/semantics/entailments.js';
import { GLOVE_NEIGHBOURS, GloveNeighbours, gloveNeighbourWords } from '../../src/semantics/substitute-glove.js';
import { SynsetStore } from '../../src/semantics/synsets.js';
import { WsdModel } from '../../src/semantics/wsd-model.js';

/** A shared-vectors directory in memory, laid out as models/vectors/vectors.bin (scales, int8 rows, words). */
function vectorsLoader(words: string[], rows: number[][]): ResourceLoader {
  const dim = rows[0].length;
  const all = [new Array<number>(dim).fill(0), ...rows];
  const text = new TextEncoder().encode(words.join('\n'));
  const bin = new Uint8Array(4 * all.length + all.length * dim + text.length);
  const view = new DataView(bin.buffer);
  all.forEach((row, r) => {
    view.setFloat32(4 * r, 1, true);
    row.forEach((v, d) => view.setInt8(4 * all.length + r * dim + d, v));
  });
  bin.set(text, 4 * all.length + all.length * dim);
  const files: Record<string, Uint8Array> = {
    'vectors/meta.json': new TextEncoder().encode(JSON.stringify({ name: 'test', file: 'vectors.bin', rows: all.length, dim })),
    'vectors/vectors.bin': bin,
  };
  return {
    bytes: async (p) => files[p],
    text: async (p) => new TextDecoder().decode(files[p]),
    exists: async (p) => p in files,
  };
}

// car's neighbours by cosine: automobile (WordNet relates it), cars (its inflection), truck, quickly (no noun),
// bus; lorry points away from car (negative cosine) and is listed last, past a three-row search.
const WORDS = ['car', 'automobile', 'cars', 'truck', 'quickly', 'bus', 'lorry'];
const ROWS = [
  [100, 0, 0],
  [98, 20, 0],
  [97, 25, 0],
  [90, 40, 0],
  [85, 50, 10],
  [60, 80, 0],
  [-50, 80, 0],
];

describe('GloveNeighbours', () => {
  it('names the shared vectors\' rows by their words', async () => {
    const vectors = await loadWordVectors(vectorsLoader(WORDS, ROWS));
    expect(vectors.word!(vectors.row('automobile'))).toBe('automobile');
    expect(vectors.word!(7)).toBe('lorry');
    expect(vectors.word!(0)).toBe('');
    expect(vectors.word!(8)).toBe('');
  });

  it('finds the accepted rows nearest to a word, best first, never the word itself nor a negative cosine', async () => {
    const glove = new GloveNeighbours(await loadWordVectors(vectorsLoader(WORDS, ROWS)));
    const all = glove.nearest('car', 10, () => true, 'all');
    expect(all.words).toEqual(['automobile', 'cars', 'truck', 'quickly', 'bus']);
    for (let j = 1; j < all.cosines.length; j++) expect(all.cosines[j]).toBeLessThan(all.cosines[j - 1]);
    expect(all.cosines[0]).toBeCloseTo(98 / Math.hypot(98, 20), 6);
    expect(glove.nearest('car', 2, (w) => w !== 'automobile', 'two').words).toEqual(['cars', 'truck']);
    expect(glove.nearest('nosuchword', 5, () => true, 'none').words).toEqual([]);
  });

  it('reads only the rows of the pool it is given', async () => {
    const glove = new GloveNeighbours(await loadWordVectors(vectorsLoader(WORDS, ROWS)));
    const noCars = { name: 'no-cars', admit: (w: string) => w !== 'cars' };
    expect(glove.nearest('car', 10, () => true, 'pool', noCars).words).toEqual(['automobile', 'truck', 'quickly', 'bus']);
    // The target need not be in the pool.
    expect(glove.nearest('car', 1, () => true, 'pool1', { name: 'bus', admit: (w: string) => w === 'bus' }).words).toEqual(['bus']);
  });

  it('searches only the commonest rows it is given', async () => {
    const glove = new GloveNeighbours(await loadWordVectors(vectorsLoader(WORDS, ROWS)), 4); // rows 1-3: car, automobile, cars
    expect(glove.nearest('car', 10, () => true, 'k').words).toEqual(['automobile', 'cars']);
  });
});

describe('the GloVe neighbours of a full substitute ranking', () => {
  it('are single-word WordNet lemmas of the part of speech WordNet does not already rank, scored under the floor', async () => {
    const models = fileLoader();
    const [store, model] = await Promise.all([SynsetStore.load(models), WsdModel.load(models)]);
    const glove = new GloveNeighbours(await loadWordVectors(vectorsLoader(WORDS, ROWS)));
    const target = { lemma: 'car', pos: 'n' as const };
    const settings = { ...GLOVE_NEIGHBOURS, count: 10 };
    const words = gloveNeighbourWords(glove, store, model, target, new Set(['automobile']), DEFAULT_ENTAILMENT_PARAMS, settings);
    // automobile is ranked already, cars is car's inflection, quickly has no noun sense.
    expect(words.map((w) => w.word)).toEqual(['truck', 'bus']);
    const near = glove.nearest('car', 10, () => true, 'cos');
    for (const w of words) {
      const cos = near.cosines[near.words.indexOf(w.word)];
      expect(w.relation).toBe('neighbour');
      expect(w.synset).toBe(store.senses(w.word, 'n')!.synsets[0]);
      expect(w.priorScore).toBeCloseTo(settings.weight * cos, 12);
      expect(w.score).toBeLessThanOrEqual(NEIGHBOUR_SCORE_MAX);
      expect(w.score).toBeCloseTo(DEFAULT_ENTAILMENT_PARAMS.lambda * w.contextScore + (1 - DEFAULT_ENTAILMENT_PARAMS.lambda) * w.priorScore, 12);
    }
    // α scales the context score by exp(α·(cos − 1)), nothing else.
    const flat = gloveNeighbourWords(glove, store, model, target, new Set(['automobile']), DEFAULT_ENTAILMENT_PARAMS, { ...settings, targetSim: 0 });
    words.forEach((w, j) => {
      const cos = near.cosines[near.words.indexOf(w.word)];
      expect(w.contextScore).toBeCloseTo(flat[j].contextScore * Math.exp(settings.targetSim * (cos - 1)), 12);
      expect(w.priorScore).toBe(flat[j].priorScore);
    });
    expect(words[0].contextScore).toBeLessThan(flat[0].contextScore);
  });
});

describe('eval lexsub with the shared GloVe vectors', () => {
  it('keeps the ranking over the floor and takes the tail\'s vector words from GloVe instead of the PPMI vectors', async () => {
    const data = fileURLToPath(new URL('../fixtures/senses/coinco-dev-first20.preprocessed', import.meta.url));
    const prep = await prepareLexsub(parseLexsubData(readFileSync(data, 'latin1')), undefined);
    expect(prep.glove).toBeDefined();
    const withGlove = rankSubstitutes(prep, DEFAULT_ENTAILMENT_PARAMS, 1000);
    const withPpmi = rankSubstitutes(prep, DEFAULT_ENTAILMENT_PARAMS, 1000, false);
    let gloveOnly = 0;
    prep.sources.forEach((source, i) => {
      if (!source) return;
      const full = entailedWords(prep.store, prep.relations, prep.model, source);
      const head = [...new Set(full.filter((w) => w.score >= ENTAILMENT_FLOOR).map((w) => w.word.toLowerCase()))].filter((w) => w !== source.lemma);
      // The words the response can hold come first in both rankings, in the same order.
      expect(withGlove[i].slice(0, head.length)).toEqual(head);
      expect(withPpmi[i].slice(0, head.length)).toEqual(head);
      const wordNet = new Set(full.filter((w) => w.relation !== 'neighbour').map((w) => w.word.toLowerCase()));
      // The neighbours the ranking read: remembered under the key gloveNeighbourWords names them by (the filter is not run again).
      const near = prep.glove!.nearest(source.lemma, GLOVE_NEIGHBOURS.count, () => false, `${source.pos}:${GLOVE_NEIGHBOURS.count}:${source.lemma}`);
      for (const w of withGlove[i]) {
        if (wordNet.has(w)) continue;
        expect(near.words).toContain(w);
        gloveOnly++;
      }
    });
    expect(gloveOnly).toBeGreaterThan(20);
  }, 60_000);
});
