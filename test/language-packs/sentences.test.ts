/**
 * The language packs' sentence models (models/<code>/sentences/): the analyzer
 * splits text in a pack's language with the pack's model, other text with the
 * English one, and the pack's model gets right what the English one got wrong
 * on the languages' treebanks.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { createSegmenter } from '../../src/doc/sentences.js';
import { createLanguageSegmenter, hasPackSentences, packSentencesDir } from '../../src/language-packs/sentences.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';

const models = fileURLToPath(new URL('../../models/', import.meta.url));

/** A file loader that records the paths read. */
function recording(): { loader: ResourceLoader; read: string[] } {
  const base = fileLoader(models);
  const read: string[] = [];
  return {
    read,
    loader: {
      bytes: (p) => (read.push(p), base.bytes(p)),
      text: (p) => (read.push(p), base.text(p)),
      exists: (p) => base.exists(p),
      filePath: (p) => (read.push(p), base.filePath!(p)),
    },
  };
}

/** The sentences of a text, as strings. */
function sentences(text: string, ends: number[], tokens: { start: number; end: number }[]): string[] {
  let from = 0;
  return ends.map((e) => {
    const s = text.slice(tokens[from]!.start, tokens[e - 1]!.end);
    from = e;
    return s;
  });
}

// From the treebanks' dev portions, where the English model and the pack's disagree.
const PORTUGUESE = 'Segundo Conceição, tem existido certa indiferença da polícia local em relação ao caso. «Sou uma estrangeira na França e você sabe como são as coisas aqui.»';
const GERMAN = 'Das gesamte medizinische Personal war bewaffnet, nur ich nicht. Cotton wurde am 31. Oktober 1832 in einem Dorf in der Nähe von Sunderland geboren.';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({});
});

describe('language pack sentence models', () => {
  it('each pack has its model folder; other languages have none', async () => {
    const loader = fileLoader(models);
    for (const code of ['fra', 'por', 'spa', 'deu']) {
      expect(packSentencesDir(code)).toBe(`${code}/sentences`);
      expect(await hasPackSentences(loader, code)).toBe(true);
    }
    expect(packSentencesDir('eng')).toBeUndefined();
    expect(packSentencesDir('ita')).toBeUndefined();
  });

  it("reads the pack's model for its language and the English model for any other", async () => {
    const por = recording();
    expect((await createLanguageSegmenter(por.loader, 'por')).kind).toBe('model');
    expect(por.read.filter((p) => p.includes('sentences/'))).toEqual(expect.arrayContaining(['por/sentences/meta.json']));
    expect(por.read.some((p) => p.startsWith('sentences/'))).toBe(false);
    const ita = recording();
    await createLanguageSegmenter(ita.loader, 'ita');
    expect(ita.read).toContain('sentences/meta.json');
    expect(ita.read.some((p) => p.startsWith('por/') || p.startsWith('ita/'))).toBe(false);
  });

  it('splits Portuguese before a quotation in guillemets, where the English model does not', async () => {
    const english = await createSegmenter(fileLoader(models));
    const en = await english.segment(PORTUGUESE);
    expect(en.sentenceEnds).toHaveLength(1);
    const doc = await analyzer.segment(PORTUGUESE, 'por');
    expect(doc.sentenceCount).toBe(2);
    expect(doc.tokens[doc.sentStart[1]!]).toBe('«');
  });

  it('keeps a German date with an ordinal period in its sentence, where the English model cuts it', async () => {
    const english = await createSegmenter(fileLoader(models));
    const en = await english.segment(GERMAN);
    expect(sentences(GERMAN, en.sentenceEnds, en.tokens)).toHaveLength(3);
    const de = await (await createLanguageSegmenter(fileLoader(models), 'deu')).segment(GERMAN);
    expect(sentences(GERMAN, de.sentenceEnds, de.tokens)).toEqual([
      'Das gesamte medizinische Personal war bewaffnet, nur ich nicht.',
      'Cotton wurde am 31. Oktober 1832 in einem Dorf in der Nähe von Sunderland geboren.',
    ]);
  });

  it('English text is split as before: the English model', async () => {
    const text = 'Dr. Smith arrived at 5 p.m. on Monday. He left soon after.';
    const english = await createSegmenter(fileLoader(models));
    const doc = await analyzer.segment(text, 'eng');
    expect(Array.from(doc.sentEnd)).toEqual((await english.segment(text)).sentenceEnds);
  });
});
