import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTagger, loadPosTagger, type PosTagger, type TaggerMeta } from '../../src/annotators/tagger.js';
import type { AnnotateContext, Annotator } from '../../src/annotators/annotator.js';
import { Doc, type TokenSpan } from '../../src/doc/doc.js';
import { parseConllu } from '../../src/eval/conllu.js';
import { parseRequest } from '../../src/request.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';

interface FixtureSentence {
  words: string[];
  xpos: string[];
  upos: string[];
  firstWordEmb?: number[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/tagger/parity.json', import.meta.url), 'utf8')) as {
  sentences: FixtureSentence[];
};
const loader = fileLoader();
const ctx: AnnotateContext = { language: 'eng', request: parseRequest('text'), warn: () => undefined };

/** A Doc over whitespace-separated tokens; sentences end after each token listed in `ends`. */
function docOf(text: string, sentenceEnds: number[] = []): Doc {
  const spans: TokenSpan[] = [];
  for (const m of text.matchAll(/\S+/g)) spans.push({ start: m.index, end: m.index + m[0].length });
  return new Doc(text, spans, sentenceEnds);
}

describe('POS tagger (models/tagger)', () => {
  let tagger: PosTagger;
  beforeAll(async () => {
    tagger = await loadPosTagger(loader);
  });

  it('ships its lexical code tables: WordNet classes and a sorted cluster file inside the table', () => {
    const lex = tagger.meta.embedding.lexical;
    expect(lex?.wordnet).toBe(true);
    expect(lex?.tables.map((t) => t.name)).toEqual(['wordnetParts', 'wordnetDominant', 'clusterCoarse', 'clusterFine']);
    const last = lex!.tables.at(-1)!;
    expect(last.offset + last.rows).toBe(tagger.meta.embedding.rows);
    const bytes = readFileSync(new URL(`../../models/tagger/${lex!.clusters!.file}`, import.meta.url));
    const n = bytes.byteLength / 6;
    expect(Number.isInteger(n)).toBe(true);
    const ids = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 4 * n));
    for (let i = 1; i < n; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    const fine = new Uint16Array(bytes.buffer.slice(bytes.byteOffset + 4 * n, bytes.byteOffset + 6 * n));
    expect(Math.max(...fine)).toBeLessThan(last.rows);
    expect(Math.min(...fine)).toBeGreaterThan(0);
  });

  it('reads the shared word vectors through its own projection', async () => {
    const vec = tagger.meta.embedding.vectors;
    expect(vec?.dir).toBe('vectors');
    const shared = JSON.parse(readFileSync(new URL('../../models/vectors/meta.json', import.meta.url), 'utf8')) as { rows: number; dim: number };
    expect([vec?.rows, vec?.dim]).toEqual([shared.rows, shared.dim]);
    const proj = readFileSync(new URL(`../../models/tagger/${vec!.projection}`, import.meta.url));
    expect(proj.byteLength).toBe(2 * shared.dim * tagger.meta.embedding.width);
  });

  it('gives a vector only to words whose norm training never saw (unknownNormsOnly)', async () => {
    expect(tagger.meta.embedding.vectors?.unknownNormsOnly).toBe(true);
    // The same models with every vector scaled to zero: same rows and dim, so the tagger loads.
    const zeroed: ResourceLoader = {
      exists: (p) => loader.exists(p),
      text: (p) => loader.text(p),
      bytes: async (p) => {
        const bytes = await loader.bytes(p);
        if (p !== 'vectors/vectors.bin') return bytes;
        const rows = (JSON.parse(await loader.text('vectors/meta.json')) as { rows: number }).rows;
        const copy = bytes.slice();
        copy.fill(0, 0, 4 * rows);
        return copy;
      },
    };
    const without = await loadPosTagger(zeroed);
    // a tagger of its own: embedding words would number them in the shared one's word-type ids
    const withVectors = await loadPosTagger(loader);
    // "the" is known to training: its embedding does not read the vectors; "glaciers" is not, and has one.
    expect(Array.from(await without.embed('the'))).toEqual(Array.from(await withVectors.embed('the')));
    expect(Array.from(await without.embed('glaciers'))).not.toEqual(Array.from(await withVectors.embed('glaciers')));
  });

  it('refuses word vectors other than those it was trained with, and says what to do', async () => {
    /** The shipped models with some files' text replaced (undefined: the file is missing). */
    const replacing = (files: Record<string, string | undefined>): ResourceLoader => ({
      bytes: (p) => loader.bytes(p),
      exists: async (p) => (p in files ? files[p] !== undefined : loader.exists(p)),
      text: async (p) => (p in files && files[p] !== undefined ? files[p] : loader.text(p)),
    });
    const meta = JSON.parse(await loader.text('tagger/meta.json')) as TaggerMeta;
    meta.embedding.vectors!.rows += 1;
    await expect(loadPosTagger(replacing({ 'tagger/meta.json': JSON.stringify(meta) }))).rejects.toThrow(
      /trained with word vectors of .*retrain the tagger/,
    );
    await expect(loadPosTagger(replacing({ 'vectors/meta.json': undefined }))).rejects.toThrow(/npm run train -- vectors/);
  });

  it('reproduces PyTorch labels (onnxruntime-node), padding and odd characters included', async () => {
    const tags = await tagger.tagSentences(fixture.sentences.map((s) => s.words));
    expect(tags.map((t) => t.xpos)).toEqual(fixture.sentences.map((s) => s.xpos));
    expect(tags.map((t) => t.upos)).toEqual(fixture.sentences.map((s) => s.upos));
  });

  it('computes word vectors (hashing, float16 table, char CNN) as PyTorch does', async () => {
    for (const s of fixture.sentences) {
      const vec = Array.from(await tagger.embed(s.words[0]));
      expect(vec).toHaveLength(s.firstWordEmb?.length ?? -1);
      vec.forEach((v, j) => expect(v).toBeCloseTo(s.firstWordEmb?.[j] ?? NaN, 4));
    }
  });

  it('labels come from the label sets in meta.json', async () => {
    const xpos = new Set(tagger.meta.xposLabels);
    const upos = new Set(tagger.meta.uposLabels);
    expect(xpos.has('NN') && xpos.has('VBD') && upos.has('NOUN')).toBe(true);
    const tags = await tagger.tagSentences([['The', 'cat', 'sat', 'on', 'the', 'mat', '.']]);
    expect(tags[0].xpos.every((t) => xpos.has(t))).toBe(true);
    expect(tags[0].upos.every((t) => upos.has(t))).toBe(true);
    expect(tags[0].xpos).toEqual(['DT', 'NN', 'VBD', 'IN', 'DT', 'NN', '.']);
  });

  it('gives the same labels whether sentences are batched together or tagged one by one', async () => {
    const long = Array.from({ length: 120 }, (_, i) => (i % 2 ? 'and' : 'cats'));
    const sentences = [...fixture.sentences.map((s) => s.words), long, []];
    const together = await tagger.tagSentences(sentences);
    const alone = await Promise.all(sentences.map(async (s) => (await tagger.tagSentences([s]))[0]));
    expect(together).toEqual(alone);
    expect(together[together.length - 1]).toEqual({ xpos: [], upos: [], wordTypes: new Int32Array(0) });
  });

  it('numbers word types: one id per string, the same in every call, shared by the doc', async () => {
    const fresh = await loadPosTagger(loader);
    const [a, b] = await fresh.tagSentences([['the', 'cat', 'saw', 'the', 'Cat'], ['a', 'cat', '𝒳𝓎']]);
    expect([...a.wordTypes]).toEqual([0, 1, 2, 0, 3]);
    expect([...b.wordTypes]).toEqual([4, 1, 5]);
    const [c] = await fresh.tagSentences([['𝒳𝓎', 'dog', 'the']]);
    expect([...c.wordTypes]).toEqual([5, 6, 0]);
    // the ids do not change the tags
    expect(c.xpos).toEqual((await tagger.tagSentences([['𝒳𝓎', 'dog', 'the']]))[0].xpos);
    const doc = docOf('the dog saw the cat');
    await (await createTagger(loader)).run(doc, ctx);
    const ids = doc.wordTypes?.ids ?? new Int32Array(0);
    expect(ids.length).toBe(5);
    expect(ids[0]).toBe(ids[3]);
    expect(new Set(ids).size).toBe(4);
  });

  it('keeps the vectors of word types past its first slab of 1,024 as they were computed', async () => {
    const fresh = await loadPosTagger(loader);
    const words = Array.from({ length: 2500 }, (_, i) => `w${i}x`);
    const probe = ['w3x', 'w1023x', 'w1024x', 'w2049x'];
    // computed before the word is cached (ids 1,023 and 1,024 straddle the first slab's end), then read from the cache
    const before = await Promise.all(probe.map(async (w) => Array.from(await tagger.embed(w))));
    const first = await fresh.tagSentences([words]);
    expect(first[0].wordTypes[2049]).toBe(2049);
    const again = await fresh.tagSentences([words]);
    expect(again).toEqual(first);
    expect(await Promise.all(probe.map(async (w) => Array.from(await fresh.embed(w))))).toEqual(before);
  });

  it('splits a long document into several calls without changing labels', async () => {
    const sentence = fixture.sentences[0].words;
    const copies = Array.from({ length: 1500 }, () => sentence); // 1,500 × (7 + 1 gap) > 1,024 positions per call
    const tags = await tagger.tagSentences(copies);
    const one = (await tagger.tagSentences([sentence]))[0];
    expect(tags.every((t) => JSON.stringify(t) === JSON.stringify(one))).toBe(true);
  });

  it('WASM backend gives the same labels as the native one', async () => {
    const wasm = await loadPosTagger(loader, { backend: 'wasm' });
    const sentences = fixture.sentences.map((s) => s.words);
    expect(await wasm.tagSentences(sentences)).toEqual(await tagger.tagSentences(sentences));
  });
});

describe('tagger annotator', () => {
  let annotator: Annotator;
  beforeAll(async () => {
    annotator = await createTagger(loader);
  });

  it('tags every token of a doc', async () => {
    const doc = docOf('She writes code . He reads books .', [4]);
    await annotator.run(doc, ctx);
    expect(doc.xpos).toEqual(['PRP', 'VBZ', 'NN', '.', 'PRP', 'VBZ', 'NNS', '.']);
    expect(doc.upos).toEqual(['PRON', 'VERB', 'NOUN', 'PUNCT', 'PRON', 'VERB', 'NOUN', 'PUNCT']);
  });

  it('handles an empty doc', async () => {
    const doc = docOf('');
    await annotator.run(doc, ctx);
    expect(doc.xpos).toEqual([]);
    expect(doc.upos).toEqual([]);
  });

  it('handles astral characters (emoji) as tokens', async () => {
    const doc = docOf('I love 😀 and 𝒳 pizza !');
    await annotator.run(doc, ctx);
    expect(doc.xpos).toHaveLength(7);
    expect(doc.xpos?.every((t) => typeof t === 'string' && t.length > 0)).toBe(true);
    expect(doc.xpos?.[0]).toBe('PRP');
    expect(doc.xpos?.[5]).toBe('NN');
  });
});

const ewtDev = fileURLToPath(new URL('../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu', import.meta.url));
const haveData = existsSync(ewtDev);
if (!haveData) console.warn(`tagger accuracy test skipped: ${ewtDev} not found (../shared/data is not in fresh clones)`);

describe.skipIf(!haveData)('tagger accuracy on EWT dev (gold tokens)', () => {
  it('stays above the floor on the first 600 sentences', async () => {
    // Syntactic words only (parseConllu leaves out multiword ranges and empty nodes).
    const sentences: FixtureSentence[] = parseConllu(readFileSync(ewtDev, 'utf8'))
      .slice(0, 600)
      .map((s) => ({ words: s.words.map((w) => w.form), xpos: s.words.map((w) => w.xpos), upos: s.words.map((w) => w.upos) }));
    const tagger = await loadPosTagger(loader);
    const tags = await tagger.tagSentences(sentences.map((s) => s.words));
    let n = 0;
    let cx = 0;
    let cu = 0;
    sentences.forEach((s, i) =>
      s.words.forEach((_, t) => {
        n++;
        if (tags[i].xpos[t] === s.xpos[t]) cx++;
        if (tags[i].upos[t] === s.upos[t]) cu++;
      }),
    );
    console.log(`EWT dev slice: XPOS ${((100 * cx) / n).toFixed(2)} UPOS ${((100 * cu) / n).toFixed(2)}`);
    expect((100 * cx) / n).toBeGreaterThan(XPOS_FLOOR);
    expect((100 * cu) / n).toBeGreaterThan(UPOS_FLOOR);
  });
});

/** About two points under the shipped model on this slice (95.2 / 95.6; full dev in models/tagger/MODEL_CARD.md). */
const XPOS_FLOOR = 92.8;
const UPOS_FLOOR = 93.4;
