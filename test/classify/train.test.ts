import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { DataError, parseLabelledJsonl, readLabelledJsonl } from '../../src/classify/data.js';
import { loadClassifier } from '../../src/classify/model.js';
import { trainClassifier } from '../../src/classify/train.js';
import { evalClassifierCommand, trainCommand } from '../../src/cli/classifier.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const toy = fileURLToPath(new URL('../fixtures/classify/toy.jsonl', import.meta.url));
let dir: string;
let analyzer: Analyzer;
let stdout: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'textlens-classifier-'));
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (stdout.push(String(s)), true));
  expect(await trainCommand(['classifier', '--data', toy, '--out', join(dir, 'toy'), '--quiet', '--epochs', '30'])).toBe(0);
  vi.restoreAllMocks();
  analyzer = await createAnalyzer({ classifiers: { toy: join(dir, 'toy') } });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('train → eval → analyze round trip', () => {
  it('train writes meta.json and weights.bin and reports on a name=value line', async () => {
    expect(stdout.join('')).toMatch(/^documents=20 labels=2 features=\d+ seconds=[\d.]+ out=/m);
    const c = await loadClassifier(fileLoader(join(dir, 'toy')), '', 'toy', fileLoader());
    expect(c.labels).toEqual(['food', 'weather']);
    expect(c.meta.vectors?.pooling).toBe('mean'); // the default
    expect(c.meta.atLeastOne).toBe(true);
  });

  it('eval prints micro/macro P/R/F1 on its last line and writes predictions', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
    const preds = join(dir, 'preds.jsonl');
    expect(await evalClassifierCommand(['--model', join(dir, 'toy'), '--data', toy, '--out', preds])).toBe(0);
    vi.restoreAllMocks();
    const last = out.join('').trim().split('\n').pop()!;
    const fields = Object.fromEntries(last.split(' ').map((kv) => kv.split('=')));
    expect(Object.keys(fields)).toEqual(['documents', 'labels', 'micro_p', 'micro_r', 'micro_f1', 'macro_p', 'macro_r', 'macro_f1', 'exact_match']);
    expect(Number(fields.micro_f1)).toBeGreaterThan(90); // its own training data
    const lines = readFileSync(preds, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; categories: string[] });
    expect(lines).toHaveLength(20);
    expect(lines.find((l) => l.id === 'f0')!.categories).toContain('food');
  });

  it('analyze returns categories from a user classifier, best first, capped by classifier.maxCategories', async () => {
    const r = await analyzer.analyze({ text: 'Knead the dough, add flour and bake the bread.', classifiers: 'toy', languageOverride: 'eng' });
    expect(r.ok).toBe(true);
    const cats = r.response!.categories!;
    expect(cats[0]).toMatchObject({ id: 0, classifierId: 'toy', categoryId: 'food', label: 'food' });
    expect(cats[0].score).toBeGreaterThan(0.5);
    for (const c of cats) expect(c.score).toBeGreaterThanOrEqual(0), expect(c.score).toBeLessThanOrEqual(1);
    const both = await analyzer.analyze({ text: 'Rain and snow, then soup with garlic and bread.', classifiers: ['toy'], 'classifier.maxCategories': '1', languageOverride: 'eng' });
    expect(both.response!.categories).toHaveLength(1);
    const nested = await analyzer.analyze({ text: 'Rain and snow, then soup with garlic and bread.', classifiers: ['toy'], classifier: { maxCategories: 1 }, languageOverride: 'eng' });
    expect(nested.response!.categories).toHaveLength(1);
  });

  it('refuses an unknown classifier id with a 400 naming it, and a bad maxCategories', async () => {
    await expect(analyzer.analyze({ text: 'x', classifiers: 'nope' })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("unknown classifier 'nope'") });
    await expect(analyzer.analyze({ text: 'x', classifiers: 'toy', 'classifier.maxCategories': '0' })).rejects.toMatchObject({ status: 400 });
  });

  it("runs the built-in IPTC model under the hosted name textrazor_mediatopics, and names hosted-only taxonomies", async () => {
    const text = 'The central bank raised interest rates again as inflation and unemployment rose.';
    const hosted = await analyzer.analyze({ text, classifiers: 'textrazor_mediatopics', languageOverride: 'eng' });
    const builtin = await analyzer.analyze({ text, classifiers: 'textlens_mediatopics', languageOverride: 'eng' });
    const cats = hosted.response!.categories!;
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.every((c) => c.classifierId === 'textrazor_mediatopics')).toBe(true);
    expect(cats.map((c) => [c.categoryId, c.score])).toEqual(builtin.response!.categories!.map((c) => [c.categoryId, c.score]));
    await expect(analyzer.analyze({ text: 'x', classifiers: 'textrazor_iab' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/textrazor_iab' is a taxonomy of the hosted service.*known classifiers: textlens_mediatopics/),
    });
  });

  it('skips a classifier trained on English on text in another language, with a message naming it', async () => {
    const r = await analyzer.analyze({ text: 'Il pleut sur la ville.', classifiers: 'toy', languageOverride: 'fra' });
    expect(r.response!.categories).toBeUndefined();
    expect(r.message).toMatch(/classifiers: skipped toy; .*the text's language is 'fra'/);
  });

  it('runs a classifier trained with --lang on text in that language only; English vectors are off by default there', async () => {
    const frData = join(dir, 'fr.jsonl');
    const rows = [
      ...['Il pleut sur la ville.', 'La neige tombe sur les toits.', 'Le vent souffle et il fait froid.', 'Un orage éclate ce soir.'].map((text, i) => ({ id: `w${i}`, text, categories: ['météo'] })),
      ...['Le pain sort du four.', 'Une soupe aux légumes et du fromage.', 'La tarte aux pommes est cuite.', 'On mange des pâtes au dîner.'].map((text, i) => ({ id: `f${i}`, text, categories: ['cuisine'] })),
    ];
    writeFileSync(frData, rows.map((r) => JSON.stringify(r)).join('\n'));
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await trainCommand(['classifier', '--data', frData, '--out', join(dir, 'fr'), '--quiet', '--epochs', '30', '--lang', 'fra'])).toBe(0);
    vi.restoreAllMocks();
    const model = await loadClassifier(fileLoader(join(dir, 'fr')), '', 'fr', fileLoader());
    expect(model.meta.language).toBe('fra');
    expect(model.meta.vectors).toBeUndefined();
    const both = await createAnalyzer({ classifiers: { toy: join(dir, 'toy'), fr: join(dir, 'fr') } });
    const fr = await both.analyze({ text: 'Il neige et le vent souffle sur la ville.', classifiers: 'fr,toy', languageOverride: 'fra' });
    expect(fr.response!.categories![0]).toMatchObject({ classifierId: 'fr', categoryId: 'météo' });
    expect(fr.message).toMatch(/classifiers: skipped toy;/);
    const en = await both.analyze({ text: 'Rain and snow over the town.', classifiers: 'fr,toy', languageOverride: 'eng' });
    expect(en.response!.categories!.every((c) => c.classifierId === 'toy')).toBe(true);
    expect(en.message).toMatch(/classifiers: skipped fr;/);
    await both.dispose();
  });

  it('refuses a --lang that is no ISO 639-2 code, and a model whose language is not one', async () => {
    await expect(trainCommand(['classifier', '--data', toy, '--out', join(dir, 'bad'), '--quiet', '--lang', 'French'])).rejects.toThrow(/--lang French: expected an ISO 639-2 code/);
    const meta = JSON.parse(readFileSync(join(dir, 'toy', 'meta.json'), 'utf8')) as Record<string, unknown>;
    const broken = join(dir, 'broken');
    cpSync(join(dir, 'toy'), broken, { recursive: true });
    writeFileSync(join(broken, 'meta.json'), JSON.stringify({ ...meta, language: 'French' }));
    await expect(loadClassifier(fileLoader(broken), '', 'broken', fileLoader())).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/language "French" is not an ISO 639-2 code/) });
  });

  it('omits categories when no classifier is asked for', async () => {
    const r = await analyzer.analyze({ text: 'Bake bread.', languageOverride: 'eng' });
    expect(r.response!.categories).toBeUndefined();
  });
});

describe('training data errors', () => {
  it('names the file of an empty or missing file', () => {
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '\n\n');
    expect(() => readLabelledJsonl(empty)).toThrow(/empty\.jsonl: no records \(the file is empty\)/);
    expect(() => readLabelledJsonl(join(dir, 'absent.jsonl'))).toThrow(/absent\.jsonl: no such file/);
  });

  it('names the line of a malformed record', () => {
    const bad = '{"text": "a", "categories": ["x"]}\n{"text": "b", "categories": ["y"]\n';
    expect(() => parseLabelledJsonl(bad, 'f.jsonl')).toThrow(/f\.jsonl:2: not a JSON object/);
    expect(() => parseLabelledJsonl('{"body": "a", "categories": []}', 'f.jsonl')).toThrow(/f\.jsonl:1: field "text" is missing/);
    expect(() => parseLabelledJsonl('{"text": "a", "categories": [1]}', 'f.jsonl')).toThrow(DataError);
    expect(() => parseLabelledJsonl('[1, 2]', 'f.jsonl')).toThrow(/f\.jsonl:1: not a JSON object/);
  });

  it('reads gzip\'d JSON lines', async () => {
    const { gzipSync } = await import('node:zlib');
    const gz = join(dir, 'toy.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(toy)));
    expect(readLabelledJsonl(gz)).toHaveLength(20);
  });

  it('reads other field names and a single string label', () => {
    expect(parseLabelledJsonl('{"body": "a b", "topic": "x"}', 's', { textField: 'body', labelField: 'topic' })).toEqual([{ id: '1', text: 'a b', labels: ['x'] }]);
  });

  it('the CLI exits with an error naming the line', async () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"text": "a", "categories": ["x"]}\nnot json\n');
    await expect(trainCommand(['classifier', '--data', bad, '--out', join(dir, 'bad'), '--quiet'])).rejects.toThrow(/bad\.jsonl:2/);
    await expect(trainCommand(['classifier', '--data', bad])).rejects.toThrow(/--data and --out are required/);
    await expect(evalClassifierCommand(['--model', join(dir, 'missing'), '--data', toy])).rejects.toThrow(/meta\.json is missing/);
  });

  it('refuses training data without any label', () => {
    expect(() => trainClassifier([{ text: 'a', labels: [] }])).toThrow(/no labels/);
  });
});

describe('trainClassifier', () => {
  it('trains a label set of one class: that class, with a high score', () => {
    const { classifier } = trainClassifier(
      [
        { text: 'apples and pears', labels: ['fruit'] },
        { text: 'pears and plums', labels: ['fruit'] },
      ],
      { minDf: 1 },
    );
    expect(classifier.labels).toEqual(['fruit']);
    const p = classifier.predict('plums');
    expect(p).toHaveLength(1);
    expect(p[0].categoryId).toBe('fruit');
    expect(p[0].score).toBeGreaterThan(0.5);
    // No known word: still the one class (every training document had a label).
    expect(classifier.predict('').map((x) => x.categoryId)).toEqual(['fruit']);
  });

  it('trains logistic regression too (loss log, threshold 0.5)', () => {
    const docs = parseLabelledJsonl(readFileSync(toy, 'utf8'), 'toy');
    const { classifier } = trainClassifier(docs, { loss: 'log', epochs: 20 });
    expect(classifier.meta.thresholds).toEqual([0.5, 0.5]);
    expect(classifier.predict('Whisk the eggs and bake the dough.')[0].categoryId).toBe('food');
    expect(classifier.predict('Snow and frost overnight, then fog.')[0].categoryId).toBe('weather');
  });

  it('is deterministic for a seed, and handles empty, astral and very long texts', () => {
    const docs = parseLabelledJsonl(readFileSync(toy, 'utf8'), 'toy');
    const a = trainClassifier(docs, { epochs: 5 });
    const b = trainClassifier(docs, { epochs: 5 });
    expect(Buffer.from(a.classifier.serialize(a.hashes).weights)).toEqual(Buffer.from(b.classifier.serialize(b.hashes).weights));
    const c = a.classifier;
    expect(c.scores('')).toHaveLength(2);
    expect([...c.scores('🌧️🌧️ rain 𝒜')].every((s) => s >= 0 && s <= 1)).toBe(true);
    const long = 'Heavy rain and snow with strong winds. '.repeat(20_000);
    expect(c.predict(long)[0].categoryId).toBe('weather');
  });
});
