import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLabelledJsonl } from '../../src/classify/data.js';
import { DocumentVectorizer, type DocumentVectorSettings } from '../../src/classify/document-vector.js';
import { loadClassifier, MODEL_VERSION, VECTORS_MODEL_VERSION } from '../../src/classify/model.js';
import { saveClassifier } from '../../src/classify/save-node.js';
import { trainClassifier, type TrainedClassifier } from '../../src/classify/train.js';
import { loadWordVectors, type WordVectors } from '../../src/models/word-vectors.js';
import { fileLoader } from '../../src/resources/file-loader.js';

/** Three-dimensional vectors for a few words (row 0: none). */
function fakeVectors(table: Record<string, number[]>): WordVectors {
  const words = Object.keys(table);
  return {
    meta: { name: 'fake', file: '', rows: words.length + 1, dim: 3 },
    row: (w) => words.indexOf(w) + 1,
    copyRow: (r, out, at) => (r === 0 ? [0, 0, 0] : table[words[r - 1]]).forEach((v, d) => (out[at + d] = v)),
    addProjected: () => undefined,
  };
}

describe('DocumentVectorizer', () => {
  const vectors = fakeVectors({ rain: [1, 0, 0], snow: [0, 1, 0], the: [0, 0, 1] });
  const idf: Record<string, number> = { rain: 2, the: 0.5 };
  const idfOf = (t: string) => idf[t];
  const documentVector = (tokens: string[], weights: number[] | undefined, settings: DocumentVectorSettings) =>
    new DocumentVectorizer(vectors, idfOf, settings).vector(tokens, weights);

  it('is the idf-weighted mean of the words with a vector, at norm `scale`; unknown idf for words the model lacks', () => {
    const v = documentVector(['rain', 'the', 'snow', 'zzz', '#n'], undefined, { pooling: 'mean', scale: 2, unknownIdf: 4 });
    // 2·rain + 0.5·the + 4·snow, normalized to 2.
    const n = Math.hypot(2, 4, 0.5);
    expect([...v].map((x) => +x.toFixed(5))).toEqual([(2 * 2) / n, (2 * 4) / n, (2 * 0.5) / n].map((x) => +x.toFixed(5)));
  });

  it('scales each word by its token weight, and zero-weight words drop out', () => {
    const v = documentVector(['rain', 'snow'], [1, 0], { pooling: 'mean', scale: 1, unknownIdf: 4 });
    expect([...v]).toEqual([1, 0, 0]);
  });

  it('counts a word again from zero in the next text (its lookup is remembered, its weight is not)', () => {
    const v = new DocumentVectorizer(vectors, idfOf, { pooling: 'mean', scale: 1, unknownIdf: 4 });
    const first = [...v.vector(['rain', 'rain', 'rain', 'snow'])];
    expect([...v.vector(['rain', 'snow'])]).not.toEqual(first);
    expect([...v.vector(['rain', 'rain', 'rain', 'snow'])]).toEqual(first);
    expect([...v.vector(['rain', 'snow'])]).toEqual([...documentVector(['rain', 'snow'], undefined, { pooling: 'mean', scale: 1, unknownIdf: 4 })]);
  });

  it('appends the per-dimension max under mean-max, and gives zeros without any vector', () => {
    const v = documentVector(['rain', 'snow'], undefined, { pooling: 'mean-max', scale: 1, unknownIdf: 2 });
    expect(v).toHaveLength(6);
    expect([...v.subarray(3)].map((x) => +x.toFixed(5))).toEqual([0.70711, 0.70711, 0]);
    expect([...documentVector(['zzz', '#nnnn'], undefined, { pooling: 'mean-max', scale: 1, unknownIdf: 2 })]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('a classifier with word vectors', () => {
  const toy = parseLabelledJsonl(readFileSync(fileURLToPath(new URL('../fixtures/classify/toy.jsonl', import.meta.url)), 'utf8'), 'toy');
  const models = fileLoader();
  let vectors: WordVectors;
  let dir: string;
  let plain: TrainedClassifier;
  let withVectors: TrainedClassifier;

  beforeAll(async () => {
    vectors = await loadWordVectors(models);
    dir = mkdtempSync(join(tmpdir(), 'textlens-docvec-'));
    plain = trainClassifier(toy, { minDf: 1, epochs: 20 });
    withVectors = trainClassifier(toy, { minDf: 1, epochs: 20, documentVectors: { vectors } });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('classifies texts whose every word training never saw, by their neighbours', () => {
    const weather = 'blizzard, sleet, monsoon';
    const food = 'spaghetti, noodles, pancakes';
    // Without vectors these texts have no known feature: both get the priors, the same ranking.
    expect(plain.classifier.vectorize(weather).sparse.index.length).toBe(0);
    expect(plain.classifier.predict(weather)[0].categoryId).toBe(plain.classifier.predict(food)[0].categoryId);
    expect(withVectors.classifier.predict(weather)[0].categoryId).toBe('weather');
    expect(withVectors.classifier.predict(food)[0].categoryId).toBe('food');
  });

  it('is saved as a version-2 model naming its vectors, and scores the same after loading', async () => {
    const out = join(dir, 'docvec');
    saveClassifier(out, withVectors);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    expect(meta.version).toBe(VECTORS_MODEL_VERSION);
    expect(meta.vectors).toMatchObject({ dir: 'vectors', name: vectors.meta.name, rows: vectors.meta.rows, dim: 100, pooling: 'mean', scale: 1 });
    const loaded = await loadClassifier(fileLoader(out), '', 'docvec', models);
    for (const text of ['blizzard, sleet, monsoon', 'Bake bread in the snow.', '']) {
      expect([...loaded.scores(text)]).toEqual([...withVectors.classifier.scores(text)]);
    }
    // A plain model stays version 1, loads without any models directory, and scores as before saving.
    expect(plain.classifier.meta.version).toBe(MODEL_VERSION);
    expect(plain.classifier.meta.vectors).toBeUndefined();
    saveClassifier(join(dir, 'plain'), plain);
    const plainLoaded = await loadClassifier(fileLoader(join(dir, 'plain')), '', 'plain');
    expect([...plainLoaded.scores('Bake bread in the snow.')]).toEqual([...plain.classifier.scores('Bake bread in the snow.')]);
  });

  it('refuses to load without its vectors or with other ones: a 400 that says what to do', async () => {
    const out = join(dir, 'docvec2');
    saveClassifier(out, withVectors);
    await expect(loadClassifier(fileLoader(out), '', 'docvec2')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/reads the word vectors vectors\/ .*models directory beside its own/),
    });
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    writeFileSync(join(out, 'meta.json'), JSON.stringify({ ...meta, vectors: { ...meta.vectors, rows: 5 } }));
    await expect(loadClassifier(fileLoader(out), '', 'docvec2', models)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/trained with the word vectors .*\(5×100\).*retrain it/),
    });
    writeFileSync(join(out, 'meta.json'), JSON.stringify({ ...meta, version: 1 }));
    await expect(loadClassifier(fileLoader(out), '', 'docvec2', models)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/not a textlens-classifier v1 or v2/) });
  });

  it('trains byte-identical models for the same data and seed', () => {
    const again = trainClassifier(toy, { minDf: 1, epochs: 20, documentVectors: { vectors } });
    const a = withVectors.classifier.serialize(withVectors.hashes);
    const b = again.classifier.serialize(again.hashes);
    expect(Buffer.from(b.weights).equals(Buffer.from(a.weights))).toBe(true);
    expect(b.meta.replace(/"seconds": [\d.]+/, '')).toBe(a.meta.replace(/"seconds": [\d.]+/, ''));
  });
});
