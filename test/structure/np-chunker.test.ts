import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../src/analyzer.js';
import { AnalysisError } from '../../src/errors.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { CHUNKER_FORMAT, loadChunker, weightsFromBytes, weightsToBytes, type ChunkerMeta } from '../../src/structure/chunker-model.js';
import { B, ChunkFeaturizer, FEATURES_PER_WORD, I, O, chunkSentence, ruleTags, sentenceFeatures, spansOfTags, viterbi, type ChunkerWeights } from '../../src/structure/np-chunker.js';
import { goldTags, quantize, trainChunker, type ChunkExample } from '../../src/structure/np-chunker-train.js';
import { texts, tree, type Row } from './tree-helpers.js';

const BUCKETS = 1 << 12;

/** "The big bank sold shares of its unit to investors ." with a plain UD tree. */
const SENTENCE: Row[] = [
  ['The', 'DET', 'DT', 3, 'det'],
  ['big', 'ADJ', 'JJ', 3, 'amod'],
  ['bank', 'NOUN', 'NN', 4, 'nsubj'],
  ['sold', 'VERB', 'VBD', 0, 'root'],
  ['shares', 'NOUN', 'NNS', 4, 'obj'],
  ['of', 'ADP', 'IN', 8, 'case'],
  ['its', 'PRON', 'PRP$', 8, 'nmod:poss'],
  ['unit', 'NOUN', 'NN', 5, 'nmod'],
  ['to', 'ADP', 'IN', 10, 'case'],
  ['investors', 'NOUN', 'NNS', 4, 'obl'],
  ['.', 'PUNCT', '.', 4, 'punct'],
];

/** "Mr. Smith 's firm grew ." as the parser gives it. */
const POSSESSIVE: Row[] = [
  ['Mr.', 'PROPN', 'NNP', 2, 'nmod:desc'],
  ['Smith', 'PROPN', 'NNP', 4, 'nmod:poss'],
  ["'s", 'PART', 'POS', 2, 'case'],
  ['firm', 'NOUN', 'NN', 5, 'nsubj'],
  ['grew', 'VERB', 'VBD', 0, 'root'],
  ['.', 'PUNCT', '.', 5, 'punct'],
];

describe('goldTags: IOB2 chunk tags as conlleval reads them', () => {
  it('maps B-NP/I-NP to B/I, other chunks to O, and an I-NP after a non-NP to B', () => {
    expect(Array.from(goldTags(['B-NP', 'I-NP', 'B-VP', 'I-NP', 'I-NP', 'O', 'B-PP']))).toEqual([B, I, O, B, I, O, O]);
  });
});

describe('viterbi', () => {
  it('never puts I-NP after O or at the start, however the weights push it', () => {
    const w: ChunkerWeights = { buckets: BUCKETS, emission: new Float32Array(BUCKETS * 3), scale: 1, transition: new Float32Array(12) };
    // every feature votes I-NP strongly; O → I and START → I are forbidden, so the best legal path is B I I …
    for (let b = 0; b < BUCKETS; b++) w.emission[b * 3 + I] = 1;
    const t = tree(SENTENCE);
    const tags = viterbi(w, sentenceFeatures(t, 0, SENTENCE.length, BUCKETS), SENTENCE.length);
    expect(tags[0]).toBe(B);
    for (let k = 1; k < tags.length; k++) expect(!(tags[k] === I && tags[k - 1] === O)).toBe(true);
  });

  it('returns no tags for an empty sentence', () => {
    const w: ChunkerWeights = { buckets: BUCKETS, emission: new Float32Array(BUCKETS * 3), scale: 1, transition: new Float32Array(12) };
    expect(viterbi(w, new Int32Array(0), 0).length).toBe(0);
  });
});

describe('sentenceFeatures', () => {
  it('gives FEATURES_PER_WORD bucket indexes per word, all within the table', () => {
    const t = tree(SENTENCE);
    const f = sentenceFeatures(t, 0, SENTENCE.length, BUCKETS);
    expect(f.length).toBe(SENTENCE.length * FEATURES_PER_WORD);
    for (const b of f) expect(b >= 0 && b < BUCKETS).toBe(true);
  });

  it('depends on the sentence only, not on where it sits in the doc', () => {
    // "Hi ." before the sentence: the same words at doc positions 2… give the same features
    const rows: Row[] = [['Hi', 'INTJ', 'UH', 0, 'root'], ['.', 'PUNCT', '.', 1, 'punct'], ...SENTENCE.map((r): Row => [r[0], r[1], r[2], r[3] === 0 ? 0 : r[3] + 2, r[4]])];
    const t = tree(rows);
    const alone = sentenceFeatures(tree(SENTENCE), 0, SENTENCE.length, BUCKETS);
    expect(Array.from(sentenceFeatures(t, 2, rows.length, BUCKETS))).toEqual(Array.from(alone));
  });
});

describe('ChunkFeaturizer', () => {
  it('gives the same features however many sentences, long or short, it saw before (its memo and buffers carry nothing over)', () => {
    const long = tree(Array.from({ length: 30 }, (_, k): Row => [k % 2 ? 'old' : 'houses', k % 2 ? 'ADJ' : 'NOUN', k % 2 ? 'JJ' : 'NNS', k === 0 ? 0 : 1, k === 0 ? 'root' : 'conj']));
    const used = new ChunkFeaturizer(BUCKETS);
    used.sentence(long, 0, 30);
    used.sentence(tree(POSSESSIVE), 0, POSSESSIVE.length);
    const t = tree(SENTENCE);
    expect(Array.from(used.sentence(t, 0, SENTENCE.length))).toEqual(Array.from(new ChunkFeaturizer(BUCKETS).sentence(t, 0, SENTENCE.length)));
  });
});

describe('spansOfTags', () => {
  it('reads phrases off B/I runs, each with the word whose head is outside it as its head', () => {
    const t = tree(SENTENCE);
    const tags = Uint8Array.from([B, I, I, O, B, O, B, I, O, B, O]);
    const spans = spansOfTags(t, tags, 0);
    expect(texts(t, spans)).toEqual(['The big bank', 'shares', 'its unit', 'investors']);
    expect(spans.map((s) => s.head)).toEqual([2, 4, 7, 9]);
  });
});

describe('trainChunker', () => {
  // A convention the rule walk does not follow: the possessive 's closes the possessor's phrase ("[Mr. Smith 's] [firm]").
  const possessiveGold = Uint8Array.from([B, I, I, B, O, O]);
  const sentences: ChunkExample[] = [
    { layers: tree(SENTENCE), gold: Uint8Array.from([B, I, I, O, B, O, B, I, O, B, O]) },
    { layers: tree(POSSESSIVE), gold: possessiveGold },
  ];

  it('learns a convention the rules do not follow, and reproduces its training data', () => {
    expect(Array.from(ruleTags(tree(POSSESSIVE), 0, POSSESSIVE.length))).toEqual([B, I, B, I, O, O]);
    const w = trainChunker(sentences, { buckets: BUCKETS, epochs: 5 });
    for (const e of sentences) {
      const n = e.gold.length;
      expect(Array.from(viterbi(w, sentenceFeatures(e.layers, 0, n, BUCKETS), n))).toEqual(Array.from(e.gold));
    }
    expect(texts(tree(POSSESSIVE), chunkSentence(w, tree(POSSESSIVE), 0, POSSESSIVE.length, new ChunkFeaturizer(BUCKETS)))).toEqual(["Mr. Smith 's", 'firm']);
  });

  it('is deterministic: the same data and seed give the same weights', () => {
    const a = trainChunker(sentences, { buckets: BUCKETS, epochs: 3, seed: 7 });
    const b = trainChunker(sentences, { buckets: BUCKETS, epochs: 3, seed: 7 });
    expect(Buffer.from(weightsToBytes(quantize(a))).equals(Buffer.from(weightsToBytes(quantize(b))))).toBe(true);
    expect(Array.from(a.emission)).toEqual(Array.from(b.emission));
  });

  it('refuses a bucket count that is not a power of two', () => {
    expect(() => trainChunker(sentences, { buckets: 1000, epochs: 1 })).toThrow(/power of two/);
  });
});

describe('weights.bin', () => {
  it('round-trips int8 weights and their scale through bytes', () => {
    const w = quantize({ buckets: 4, emission: Float32Array.from({ length: 12 }, (_, k) => (k - 6) / 3), scale: 1, transition: Float32Array.from({ length: 12 }, (_, k) => -k / 7) });
    expect(w.emission[0]).toBe(-127); // the largest weight, -2, maps to -127
    const back = weightsFromBytes(weightsToBytes(w), 4, w.scale, 'w.bin');
    expect(Array.from(back.emission)).toEqual(Array.from(w.emission));
    expect(Array.from(back.transition)).toEqual(Array.from(w.transition));
    expect(back.scale).toBe(w.scale);
  });

  it('decodes as the float weights did, after int8 quantization', () => {
    const examples: ChunkExample[] = [{ layers: tree(SENTENCE), gold: Uint8Array.from([B, I, I, O, B, O, B, I, O, B, O]) }];
    const w = trainChunker(examples, { buckets: BUCKETS, epochs: 3 });
    const f = sentenceFeatures(tree(SENTENCE), 0, SENTENCE.length, BUCKETS);
    expect(Array.from(viterbi(quantize(w), f, SENTENCE.length))).toEqual(Array.from(viterbi(w, f, SENTENCE.length)));
  });

  it('fails with a 500 naming the file when its size does not match the buckets', () => {
    let err: unknown;
    try {
      weightsFromBytes(new Uint8Array(40), 4, 1, 'chunker/weights.bin');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).status).toBe(500);
    expect((err as AnalysisError).message).toMatch(/chunker\/weights\.bin: 40 bytes, expected 60 for 4 buckets.*npm run train -- chunker/);
  });
});

const models = fileURLToPath(new URL('../../models', import.meta.url));

describe('a chunker trained here, installed in a models directory', () => {
  // No trained weights are needed from the repository: a tiny model is trained on the two sentences above,
  // written as models/chunker/ files beside links to the shipped tagger and parser, and served by the analyzer.
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chunker-models-'));
    for (const d of readdirSync(models)) if (d !== 'chunker') symlinkSync(join(models, d), join(dir, d));
    const examples: ChunkExample[] = [
      { layers: tree(SENTENCE), gold: Uint8Array.from([B, I, I, O, B, O, B, I, O, B, O]) },
      { layers: tree(POSSESSIVE), gold: Uint8Array.from([B, I, I, B, O, O]) },
    ];
    const w = quantize(trainChunker(examples, { buckets: BUCKETS, epochs: 5 }));
    mkdirSync(join(dir, 'chunker'));
    writeFileSync(join(dir, 'chunker/weights.bin'), weightsToBytes(w));
    const meta: ChunkerMeta = { format: CHUNKER_FORMAT, buckets: BUCKETS, emissionScale: w.scale, weights: 'weights.bin', clusters: null, training: { data: 'two test sentences' } };
    writeFileSync(join(dir, 'chunker/meta.json'), JSON.stringify(meta));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads from the files and decodes as the weights it was written from', async () => {
    const c = await loadChunker(fileLoader(dir));
    expect(texts(tree(POSSESSIVE), chunkSentence(c.weights, tree(POSSESSIVE), 0, POSSESSIVE.length, c.featurizer))).toEqual(["Mr. Smith 's", 'firm']);
  });

  it('refuses a meta.json of another format with a 500 naming the file', async () => {
    const other = mkdtempSync(join(tmpdir(), 'chunker-bad-'));
    mkdirSync(join(other, 'chunker'));
    writeFileSync(join(other, 'chunker/meta.json'), JSON.stringify({ format: 'something-else' }));
    await expect(loadChunker(fileLoader(other))).rejects.toThrow(/chunker\/meta\.json: format something-else, expected textlens-np-chunker-1/);
    rmSync(other, { recursive: true, force: true });
  });

  it('is what the phrases extractor serves when the models directory has it (modelsDir / --models)', async () => {
    const withModel = await createAnalyzer({ modelsDir: dir });
    const r = await withModel.analyze("Mr. Smith's firm grew.", { extractors: ['phrases', 'words'] });
    const p = r.response!;
    const phrases = p.nounPhrases!.map((x) => x.wordPositions.map((i) => p.sentences![x.sentencePosition].words[i].token).join(' '));
    // the rule walk would give [Mr. Smith] ['s firm]; the model learned the CoNLL-2000 split
    expect(phrases).toEqual(["Mr. Smith 's", 'firm']);
  });
});

describe.skipIf(!existsSync(`${models}/chunker/meta.json`))('the shipped chunker (models/chunker, trained on UD English-EWT)', () => {
  it('loads and chunks a plain sentence as the CoNLL-2000 convention does', async () => {
    const c = await loadChunker(fileLoader(models));
    const t = tree(SENTENCE);
    expect(texts(t, chunkSentence(c.weights, t, 0, SENTENCE.length, c.featurizer))).toEqual(['The big bank', 'shares', 'its unit', 'investors']);
  });
});
