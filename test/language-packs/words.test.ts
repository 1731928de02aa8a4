/**
 * The language packs' words (models/fra|por|spa|deu): UPOS tags, lemmas and
 * stems through the analyzer, contractions as syntactic words, `partOfSpeech`
 * = UPOS; the exported taggers reproduce PyTorch's labels and word vectors;
 * the French, Portuguese and Spanish taggers' lexicon classes; lemma rules.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { loadPosTagger, type TaggerMeta } from '../../src/annotators/tagger.js';
import { loadLexicalCoder } from '../../src/models/lexical-codes.js';
import { lemmatize, type LemmaTable } from '../../src/language-packs/lemmas.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import type { Word } from '../../src/types.js';

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({});
});

async function words(text: string, language: string): Promise<Word[]> {
  const r = await analyzer.analyze(text, { extractors: 'words', languageOverride: language });
  expect(r.warnings).toEqual([]);
  return r.response!.sentences!.flatMap((s) => s.words);
}

/** token/UPOS/lemma of each word. */
const triples = (ws: Word[]) => ws.map((w) => `${w.token}/${w.upos}/${w.lemma}`);

describe('language pack words', () => {
  it('French: contractions, tags, lemmas; partOfSpeech is the UPOS tag', async () => {
    const ws = await words('Les enfants sont allés au marché du village.', 'fra');
    expect(triples(ws)).toEqual([
      'Les/DET/le', 'enfants/NOUN/enfant', 'sont/AUX/être', 'allés/VERB/aller', 'à/ADP/à', 'le/DET/le', 'marché/NOUN/marché',
      'de/ADP/de', 'le/DET/le', 'village/NOUN/village', './PUNCT/.',
    ]);
    ws.forEach((w) => expect(w.partOfSpeech).toBe(w.upos));
    // both words of "au" carry the surface token's offsets
    expect([ws[4].startingPos, ws[4].endingPos, ws[5].startingPos, ws[5].endingPos]).toEqual([23, 25, 23, 25]);
    expect(ws[1].stem).toBe('enfant');
  });

  it('Portuguese ("foram" is ir here: they went)', async () => {
    expect(triples(await words('As crianças foram à escola da cidade.', 'por'))).toEqual([
      'As/DET/o', 'crianças/NOUN/criança', 'foram/VERB/ir', 'a/ADP/a', 'a/DET/o', 'escola/NOUN/escola', 'de/ADP/de', 'a/DET/o', 'cidade/NOUN/cidade', './PUNCT/.',
    ]);
  });

  it('Spanish', async () => {
    // "fueron" is ir here (went): a main verb, VERB; its lemma is the table's commonest for the form (ser).
    expect(triples(await words('Los niños fueron al mercado del pueblo.', 'spa'))).toEqual([
      'Los/DET/el', 'niños/NOUN/niño', 'fueron/VERB/ser', 'a/ADP/a', 'el/DET/el', 'mercado/NOUN/mercado', 'de/ADP/de', 'el/DET/el', 'pueblo/NOUN/pueblo', './PUNCT/.',
    ]);
  });

  it('German', async () => {
    expect(triples(await words('Die Kinder gehen zum Bahnhof.', 'deu'))).toEqual([
      'Die/DET/der', 'Kinder/NOUN/Kind', 'gehen/VERB/gehen', 'zu/ADP/zu', 'dem/DET/der', 'Bahnhof/NOUN/Bahnhof', './PUNCT/.',
    ]);
  });

  it('English words carry upos beside the Penn partOfSpeech', async () => {
    const ws = await words('The children went to the market.', 'eng');
    expect(ws.map((w) => `${w.partOfSpeech}/${w.upos}`)).toEqual(['DT/DET', 'NNS/NOUN', 'VBD/VERB', 'IN/ADP', 'DT/DET', 'NN/NOUN', './PUNCT']);
  });
});

describe.each(['fra', 'por', 'spa', 'deu'])('the %s tagger', (lang) => {
  it("reproduces PyTorch's labels (onnxruntime-node)", async () => {
    const fixture = JSON.parse(readFileSync(new URL(`../fixtures/tagger-ud/${lang}-parity.json`, import.meta.url), 'utf8')) as {
      sentences: { words: string[]; upos: string[]; firstWordEmb: number[] }[];
    };
    const tagger = await loadPosTagger(fileLoader(), { dir: lang });
    const tags = await tagger.tagSentences(fixture.sentences.map((s) => s.words));
    expect(tags.map((t) => t.upos)).toEqual(fixture.sentences.map((s) => s.upos));
    // the first layer's input (hashed rows, lexicon class row, char CNN) as PyTorch computed it
    for (const s of fixture.sentences) {
      const vec = Array.from(await tagger.embed(s.words[0]));
      expect(vec).toHaveLength(s.firstWordEmb.length);
      vec.forEach((v, j) => expect(v).toBeCloseTo(s.firstWordEmb[j], 4));
    }
  });
});

describe.each([
  // a form the treebanks never show (Lefff: verb only), an adverb in capitals, a form of four classes
  ['fra', [['dégringolâmes', ['VERB']], ['RAPIDEMENT', ['ADV']], ['ferme', ['ADJ', 'ADV', 'NOUN', 'VERB']]]],
  // Open Multilingual Wordnet's lemmas (no inflected forms): a verb in capitals, a noun, an adverb
  ['por', [['DESEMBARCAR', ['VERB']], ['bicicleta', ['NOUN']], ['rapidamente', ['ADV']]]],
  // OMW's Spanish lemmas with the forms the regular paradigms give them (training/tagger-ud/spanish_forms.py):
  // an imperfect in capitals, a plural losing its accent and a z → c plural, a feminine plural, a c → qu spelling
  ['spa', [['DESEMBARCÁBAMOS', ['VERB']], ['canciones', ['NOUN']], ['lápices', ['NOUN']], ['peligrosas', ['ADJ']], ['busquéis', ['VERB']]]],
] as const)('the %s tagger\'s lexicon classes', (lang, expected) => {
  it('code each form by the classes its lexicon lists (case-insensitive), and 0 for a form it does not list', async () => {
    const loader = fileLoader();
    const meta = JSON.parse(await loader.text(`${lang}/meta.json`)) as TaggerMeta;
    const lexical = meta.embedding.lexical!;
    expect(lexical.tables.map((t) => t.name)).toEqual(['lexiconPos']);
    const code = await loadLexicalCoder(loader, lexical.tables, lexical, undefined, `${lang}/${lexical.lexicon!.file}`);
    for (const [form, classes] of expected) {
      const [c] = code(form);
      expect(c, form).toBeGreaterThan(0);
      expect(lexical.lexicon!.classes[c - 1], form).toEqual(classes);
    }
    expect(code('qzxvbnmwq')).toEqual([0]);
  });
});

describe('pack lemmas', () => {
  const table: LemmaTable = {
    forms: { NOUN: { yeux: 'œil', pomme: '' }, VERB: { est: 'être' } },
    suffixes: { NOUN: { s: [1, ''], aux: [3, 'al'] }, VERB: { ait: [3, 'er'] } },
    maxSuffix: 5,
  };

  it('takes a seen (form, UPOS) first, then the longest ending rule, else the lower-cased form', () => {
    expect(lemmatize(table, 'Yeux', 'NOUN')).toBe('œil');
    expect(lemmatize(table, 'pomme', 'NOUN')).toBe('pomme');
    expect(lemmatize(table, 'chevaux', 'NOUN')).toBe('cheval');
    expect(lemmatize(table, 'tables', 'NOUN')).toBe('table');
    expect(lemmatize(table, 'parlait', 'VERB')).toBe('parler');
    expect(lemmatize(table, 'est', 'NOUN')).toBe('est');
    expect(lemmatize(table, 'Paris', 'PROPN')).toBe('Paris');
    expect(lemmatize(table, 'Tables', 'ADP')).toBe('tables');
  });
});
