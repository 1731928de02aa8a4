/**
 * The language packs' NER (models/<code>/ner/, training/ner-ud/): the
 * corpora's file layouts as `eval ner --iob` reads them, the exported models
 * against PyTorch, entities through the analyzer (linked by the English
 * linker), and mention trimming that keeps a bracket closed inside a name.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { loadEntityRecognizer } from '../../src/annotators/ner.js';
import { nameMentions } from '../../src/annotators/mention-filter.js';
import { nounColumns, writeNounColumns } from '../../src/annotators/ner-nouns.js';
import { evalCommand } from '../../src/cli/eval.js';
import { Doc } from '../../src/doc/doc.js';
import { iobSpans } from '../../src/eval/ner.js';
import { normalizeTag, parseNerLayouts } from '../../src/eval/ner-layouts.js';
import { packNerDir, packNerResources } from '../../src/language-packs/ner.js';
import { languagePack } from '../../src/language-packs/packs.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { ResourceLoader } from '../../src/resources/loader.js';

const models = fileURLToPath(new URL('../../models/', import.meta.url));
const loader = fileLoader(models);
/** The packs whose NER model is in the models directory. */
const WITH_NER = ['fra', 'por', 'spa', 'deu'].filter((c) => existsSync(join(models, c, 'ner', 'ner.onnx')));

afterEach(() => vi.restoreAllMocks());

/** A Doc over words joined by single spaces, one sentence. */
function docOf(words: string[]): Doc {
  const tokens: { start: number; end: number }[] = [];
  let text = '';
  for (const w of words) {
    if (text) text += ' ';
    tokens.push({ start: text.length, end: text.length + w.length });
    text += w;
  }
  return new Doc(text, tokens, [tokens.length]);
}

describe('eval ner layouts', () => {
  // Each written for this test in the corpus's layout (not corpus text).
  it('WikiANN: the language prefix is dropped, each sentence is a document', () => {
    const docs = parseNerLayouts('fr:Parti\tB-ORG\nfr:libéral\tI-ORG\nfr:du\tI-ORG\nfr:Québec\tI-ORG\n\nfr:Après\tO\nfr:Guingamp\tB-ORG\nfr::\tO\n');
    expect(docs).toHaveLength(2);
    expect(docs[0]!.sentences[0]!.words).toEqual(['Parti', 'libéral', 'du', 'Québec']);
    expect(docs[1]!.sentences[0]!.words).toEqual(['Après', 'Guingamp', ':']);
    expect(iobSpans(docs[0]!.sentences[0]!.tags)).toEqual([{ start: 0, end: 4, type: 'ORG' }]);
  });

  it('indexed columns (WikiANN es, GermEval, UNER): token and tag from the second and third columns, # lines skipped', () => {
    const germeval = [
      '#\thttp://example.org/a\t[2010-07-04]',
      '1\tDie\tO\tO',
      '2\tdeutsche\tB-LOCderiv\tO',
      '3\tBahn\tB-ORG\tO',
      '4\tfährt\tO\tO',
      '5\tnach\tO\tO',
      '6\t"\tO\tO',
      '7\tEcce\tB-OTH\tO',
      '8\thomo\tI-OTH\tO',
      '9\t"\tO\tO',
      '',
      '# sent_id = x-1',
      '# text = 1990 in Lyon',
      '1\t1990\tO\t-\t-',
      '2\tin\tO\t-\t-',
      '3\tLyon\tB-LOC\t-\t-',
      '',
    ].join('\n');
    const docs = parseNerLayouts(germeval);
    expect(docs.map((d) => d.sentences[0]!.words)).toEqual([['Die', 'deutsche', 'Bahn', 'fährt', 'nach', '"', 'Ecce', 'homo', '"'], ['1990', 'in', 'Lyon']]);
    expect(docs[0]!.sentences[0]!.tags).toEqual(['O', 'O', 'B-ORG', 'O', 'O', 'O', 'B-MISC', 'I-MISC', 'O']);
  });

  it('normalizes tags: OTH is MISC, derived and part-of-word names are O', () => {
    expect(['B-PER', 'I-OTH', 'B-LOCderiv', 'I-ORGpart', 'O'].map(normalizeTag)).toEqual(['B-PER', 'I-MISC', 'O', 'O', 'O']);
  });

  it('Europeana: a running text without breaks is cut into sentences after . ! ? and grouped into documents', () => {
    const lines: string[] = [];
    for (let s = 0; s < 50; s++) lines.push('Der O', 'Kaiser O', 'reiste O', 'nach O', 'Wien B-LOC', '. O', '# O');
    const docs = parseNerLayouts(lines.join('\n') + '\n');
    const sentences = docs.flatMap((d) => d.sentences);
    expect(sentences[0]!.words).toEqual(['Der', 'Kaiser', 'reiste', 'nach', 'Wien', '.']);
    // the '#' token with its tag is a token, not a comment
    expect(sentences[1]!.words[0]).toBe('#');
    expect(docs.length).toBeGreaterThan(1);
    expect(docs[0]!.sentences.length).toBeLessThanOrEqual(20);
  });

  it('CoNLL files with -DOCSTART- keep their documents', () => {
    const docs = parseNerLayouts('-DOCSTART- -X- O O\n\nEU B-ORG\nrejects O\n\nPeter B-PER\n\n-DOCSTART- -X- O O\n\nLondon B-LOC\n');
    expect(docs.map((d) => d.sentences.length)).toEqual([2, 1]);
  });
});

describe('mention trimming', () => {
  it('keeps a closing bracket whose opening one is inside the mention, trims a dangling one', () => {
    const doc = docOf(['Saint-Jean', '(', 'Québec', ')', 'et', '(', 'Reuters', ')']);
    const kept = nameMentions(doc, [
      { start: 0, end: 4, label: 'LOC', score: 0.9, source: 'ner' },
      { start: 5, end: 8, label: 'ORG', score: 0.9, source: 'ner' },
    ]);
    expect(kept.map((m) => [m.start, m.end])).toEqual([
      [0, 4],
      [6, 7],
    ]);
  });
});

describe('common-noun columns (a model-declared NER feature)', () => {
  // A list written for this test; training/ner-ud/train.py's noun_columns gives the same masks for these words.
  const columns = nounColumns(new Set(['Regierung', 'Kommission', 'Müller', 'Burg', 'Ärzte', 'Ei']), { minModifier: 3, minHead: 4 });

  it('known: a capitalized listed form; head: a listed noun after a modifier; nothing else', () => {
    const words = ['Müller', 'Ärzte', 'Bundesregierung', 'EU-Kommission', 'Hamburg', 'Berlin', 'müller', 'MÜLLER', 'Regierungs', 'Frühstücksei', 'Burg'];
    expect(words.map(columns)).toEqual([1, 1, 2, 2, 2, 0, 0, 0, 0, 0, 1]);
  });

  it('the modifier and the head have their minimum lengths', () => {
    // 'Ab|burg': modifier 2 < 3; 'Flug|Ei': head shorter than 4.
    expect(['Abburg', 'Abcburg', 'FlugEi'].map(columns)).toEqual([0, 2, 0]);
  });

  it('writes its two columns after the shared ones, at each token slot', () => {
    const dim = 25;
    const out = new Float32Array(8 * dim);
    writeNounColumns([['Die', 'Bundesregierung'], ['Müller']], columns, out, [0, 5], dim, 23);
    const set = [...out.keys()].filter((k) => out[k] !== 0);
    expect(set).toEqual([1 * dim + 24, 5 * dim + 23]);
  });

  it('a model whose meta.json declares them must have room for them in its dense input', async () => {
    const meta = { version: 'test', denseDim: 23, commonNouns: { file: 'common-nouns.txt.gz', columns: ['known', 'head'], minModifier: 3, minHead: 4 } };
    const fake: ResourceLoader = {
      exists: async () => true,
      text: async () => JSON.stringify(meta),
      bytes: async () => new Uint8Array(),
    };
    await expect(loadEntityRecognizer(fake, { dir: 'x/ner' })).rejects.toThrow(/expects 23 dense features, runtime has 25/);
  });
});

describe.runIf(WITH_NER.length > 0)('language pack NER models', () => {
  it('each pack reads its model from models/<code>/ner/', () => {
    const pack = languagePack('deu')!;
    expect(packNerDir(pack)).toBe('deu/ner');
    expect(packNerResources(pack)).toEqual(['deu/ner/ner.onnx', 'deu/ner/meta.json', 'deu/ner/lexicon.json']);
  });

  it.each(WITH_NER)('%s: reproduces PyTorch emissions and labels, types PER/LOC/ORG', async (code) => {
    const fixture = JSON.parse(readFileSync(new URL(`../fixtures/ner-ud/${code}-parity.json`, import.meta.url), 'utf8')) as {
      sentences: { words: string[]; emissions: number[][]; spans: [number, number, string][] }[];
    };
    const ner = await loadEntityRecognizer(loader, { dir: `${code}/ner` });
    expect(ner.meta.vectors).toBeNull();
    const words = fixture.sentences.map((s) => s.words);
    const em = await ner.emissions(words);
    fixture.sentences.forEach((s, i) => {
      const flat = s.emissions.flat();
      expect(em[i]!.length).toBe(flat.length);
      let maxDiff = 0;
      flat.forEach((v, k) => (maxDiff = Math.max(maxDiff, Math.abs(v - em[i]![k]!))));
      expect(maxDiff).toBeLessThan(1e-3);
    });
    const found = await ner.recognize(words);
    expect(found.map((ms) => ms.map((m) => [m.start, m.end, m.label]))).toEqual(fixture.sentences.map((s) => s.spans));
    for (const m of found.flat()) expect(['PER', 'LOC', 'ORG']).toContain(m.label);
  });
});

describe.runIf(WITH_NER.includes('fra'))('entities in French', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer({});
  });

  it("come from the pack's NER and are linked by the English linker: entityId = entityEnglishId = the English title", async () => {
    const r = await analyzer.analyze('Angela Merkel a rencontré les ministres à Berlin.', { extractors: 'entities', languageOverride: 'fra' });
    expect(r.warnings).toEqual([]);
    const ents = r.response!.entities!;
    const merkel = ents.find((e) => e.matchedText === 'Angela Merkel');
    expect(merkel?.type).toContain('Person');
    const berlin = ents.find((e) => e.matchedText === 'Berlin');
    expect(berlin?.type).toContain('Place');
    if (existsSync(join(models, 'kb', 'kb.sqlite'))) {
      expect(merkel?.entityEnglishId).toBe('Angela_Merkel');
      expect(merkel?.entityId).toBe(merkel?.entityEnglishId);
    }
  });
});

describe.runIf(WITH_NER.includes('fra'))('eval ner --iob --lang', () => {
  it("scores a WikiANN-layout file with the pack's model, last line name=value", async () => {
    // Written for this test (not corpus text), in WikiANN's layout, gzipped as the corpus ships.
    const iob = ['fr:Angela\tB-PER', 'fr:Merkel\tI-PER', 'fr:visite\tO', 'fr:Paris\tB-LOC', 'fr:.\tO', ''].join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'textlens-eval-iob-'));
    try {
      writeFileSync(join(dir, 'dev.iob.gz'), gzipSync(iob));
      let out = '';
      vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
        out += String(s);
        return true;
      });
      const code = await evalCommand(['ner', '--iob', join(dir, 'dev.iob.gz'), '--lang', 'fra', '--quiet']);
      vi.restoreAllMocks();
      expect(code).toBe(0);
      const last = out.trim().split('\n').at(-1)!;
      expect(last).toMatch(/^f1=[\d.]+ precision=[\d.]+ recall=[\d.]+ tokens=5 /);
      expect(out).toContain('language fra');
      expect(Number(/f1=([\d.]+)/.exec(last)![1])).toBe(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('wants one of --conll or --iob', async () => {
    await expect(evalCommand(['ner', '--lang', 'fra'])).rejects.toThrow(/--conll FILE or --iob FILE/);
  });
});
