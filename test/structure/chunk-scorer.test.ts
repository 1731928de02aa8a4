/**
 * The fast chunker (chunk-scorer.ts) must tag exactly as the reference path
 * training uses (ChunkFeaturizer + viterbi in np-chunker.ts): it regroups the
 * same integer sums, so any difference is a bug in a template.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConllu } from '../../src/eval/conllu.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { ChunkScorer } from '../../src/structure/chunk-scorer.js';
import { loadChunker } from '../../src/structure/chunker-model.js';
import { ChunkFeaturizer, chunkSentence, type ChunkerWeights } from '../../src/structure/np-chunker.js';
import { layersTrustingTree } from '../../src/structure/tag-slips.js';
import type { TreeLayers } from '../../src/structure/tree-layers.js';

const models = fileURLToPath(new URL('../../models', import.meta.url));
const slice = fileURLToPath(new URL('../fixtures/doc/ewt-dev-slice.conllu', import.meta.url));

/** The fixture's gold trees as one doc: layers over all tokens, and each sentence's [first, last). */
function fixtureDoc(): { layers: TreeLayers; sentences: [number, number][] } {
  const tokens: string[] = [];
  const upos: string[] = [];
  const xpos: string[] = [];
  const head: number[] = [];
  const deprel: string[] = [];
  const sentences: [number, number][] = [];
  for (const s of parseConllu(readFileSync(slice, 'utf8'))) {
    const first = tokens.length;
    for (const w of s.words) {
      tokens.push(w.form);
      upos.push(w.upos);
      xpos.push(w.xpos);
      head.push(w.head ? first + w.head - 1 : -1);
      deprel.push(w.deprel);
    }
    sentences.push([first, tokens.length]);
  }
  return { layers: { tokens, upos, xpos, head: Int32Array.from(head), deprel }, sentences };
}

/** A deterministic pseudo-random int8 table: every template then moves the scores. */
function randomWeights(buckets: number, seed: number): ChunkerWeights & { emission: Int8Array } {
  let s = seed;
  const next = (): number => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const emission = new Int8Array(buckets * 3);
  for (let j = 0; j < emission.length; j++) emission[j] = (next() >>> 8) % 255 - 127;
  const transition = new Float32Array(12);
  for (let j = 0; j < 12; j++) transition[j] = ((next() >>> 8) % 2001) / 100 - 10;
  return { buckets, emission, scale: 0.37, transition };
}

function sameAsReference(w: ChunkerWeights & { emission: Int8Array }, layers: TreeLayers, sentences: [number, number][]): number {
  const scorer = new ChunkScorer(w);
  const featurizer = new ChunkFeaturizer(w.buckets);
  let phrases = 0;
  for (const [first, last] of sentences) {
    const fast = scorer.sentence(layers, first, last);
    expect(fast).toEqual(chunkSentence(w, layers, first, last, featurizer));
    phrases += fast.length;
  }
  return phrases;
}

describe('ChunkScorer', () => {
  const { layers, sentences } = fixtureDoc();

  it('tags every fixture sentence as the reference path, with random weights (every template counts)', () => {
    for (const seed of [1, 2, 3]) expect(sameAsReference(randomWeights(1 << 12, seed), layers, sentences)).toBeGreaterThan(50);
  });

  it('does the same over the tag-slip layers the annotator reads, and on an empty sentence', () => {
    const w = randomWeights(1 << 10, 7);
    sameAsReference(w, layersTrustingTree(layers), sentences);
    expect(new ChunkScorer(w).sentence(layers, 3, 3)).toEqual([]);
  });

  it('falls back to the reference path for labels beyond its tables', () => {
    // 200 distinct XPOS tags: more than the scorer's label ids
    const n = 200;
    const odd: TreeLayers = {
      tokens: Array.from({ length: n }, (_, i) => `w${i % 17}`),
      upos: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 'DET' : 'NOUN')),
      xpos: Array.from({ length: n }, (_, i) => `X${i}`),
      head: Int32Array.from({ length: n }, (_, i) => (i % 3 === 0 ? i + 1 : -1)),
      deprel: Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 'det' : 'root')),
    };
    const w = randomWeights(1 << 10, 9);
    sameAsReference(w, odd, [[0, n]]);
    // and the tables still serve ordinary sentences afterwards
    sameAsReference(w, layers, sentences.slice(0, 20));
  });

  it('tags the same when the doc brings word-type ids, from one id space or two', () => {
    const w = randomWeights(1 << 12, 11);
    const scorer = new ChunkScorer(w);
    const featurizer = new ChunkFeaturizer(w.buckets);
    // ids as a tagger numbers them: by first appearance, one per distinct string
    const number = (tokens: readonly string[], order: 1 | -1): Int32Array => {
      const seen = new Map<string, number>();
      const words = order === 1 ? tokens : [...tokens].reverse();
      for (const t of words) if (!seen.has(t)) seen.set(t, seen.size);
      return Int32Array.from(tokens, (t, i) => (i % 13 === 5 ? -1 : (seen.get(t) as number))); // some words without an id
    };
    const spaceA = { ids: number(layers.tokens, 1), space: {} };
    // another tagger's numbering of the same words: reading it with space A's memo would give other words' entries
    const spaceB = { ids: number(layers.tokens, -1), space: {} };
    for (const types of [spaceA, spaceB, spaceA]) {
      for (const [first, last] of sentences) expect(scorer.sentence(layers, first, last, types)).toEqual(chunkSentence(w, layers, first, last, featurizer));
    }
  });

  it.skipIf(!existsSync(`${models}/chunker/meta.json`))('tags as the reference path with the shipped model', async () => {
    const c = await loadChunker(fileLoader(models));
    for (const [first, last] of sentences) {
      expect(c.scorer.sentence(layers, first, last)).toEqual(chunkSentence(c.weights, layers, first, last, c.featurizer));
    }
  });
});
