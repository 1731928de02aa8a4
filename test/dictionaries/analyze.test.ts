import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { analyzeCommand } from '../../src/cli/analyze.js';
import type { Entity } from '../../src/types.js';

const products = fileURLToPath(new URL('../fixtures/dictionaries/products.jsonl', import.meta.url));
const haveKb = existsSync(`${defaultModelsDir}kb/kb.sqlite`);

let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({
    dictionaries: {
      products,
      places: {
        language: 'eng',
        entries: [
          { id: 'big-apple', text: ['New York'], types: ['Place'] },
          { id: 'ny-state', text: ['New York State'], types: ['Place'] },
        ],
      },
      stems: { matchType: 'stem', entries: [{ id: 'sc', text: ['solar panel'], types: ['Technology'] }] },
      french: { language: 'fra', entries: [{ id: 'tour', text: ['tour Eiffel'] }] },
    },
  });
});

const entitiesOf = async (text: string, params: Record<string, string> = {}): Promise<Entity[]> =>
  (await analyzer.analyze({ text, extractors: 'entities', ...params })).response!.entities ?? [];

describe('custom dictionaries in analyze()', () => {
  it('a match becomes an entity with customEntityId, data, types and positions', async () => {
    const text = 'The acme rocket sold out. Critics loved the Acme Rocket.';
    const ents = (await entitiesOf(text, { 'entities.dictionaries': 'products' })).filter((e) => e.customEntityId);
    expect(ents.map((e) => [e.matchedText, e.sentencePosition, e.matchingTokens])).toEqual([
      ['acme rocket', 0, [1, 2]],
      ['Acme Rocket', 1, [3, 4]],
    ]);
    const e = ents[0];
    expect(e).toMatchObject({ customEntityId: 'acme-rocket', type: ['Product'], data: { maker: ['Acme'] }, startingPos: 4, endingPos: 15 });
    expect(e.confidenceScore).toBe(8); // case-insensitive match
    expect(e.relevanceScore).toBeGreaterThan(0);
    expect(e.relevanceScore).toBeLessThanOrEqual(1);
  });

  it('without entities.dictionaries no dictionary is used', async () => {
    expect((await entitiesOf('The Acme Rocket.')).some((e) => e.customEntityId)).toBe(false);
  });

  it('an unknown dictionary id is a 400 naming it and the registered ones', async () => {
    await expect(analyzer.analyze({ text: 'x', extractors: 'entities', 'entities.dictionaries': 'products,nope' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/unknown dictionary 'nope'.*registered: products, places, stems, french/),
    });
  });

  it('overlapping entries: all kept by default, the longest when allowOverlap is false', async () => {
    const text = 'They drove across New York State at night.';
    const all = await entitiesOf(text, { 'entities.dictionaries': 'places' });
    expect(all.filter((e) => e.customEntityId).map((e) => e.customEntityId)).toEqual(['ny-state', 'big-apple']);
    const one = await entitiesOf(text, { 'entities.dictionaries': 'places', 'entities.allowOverlap': 'false' });
    expect(one.map((e) => e.customEntityId ?? e.matchedText)).toEqual(['ny-state']);
  });

  it('stem matching and type filters', async () => {
    const text = 'Engineers installed solar panels on the roof.';
    const ents = await entitiesOf(text, { 'entities.dictionaries': 'stems' });
    expect(ents.find((e) => e.customEntityId === 'sc')?.matchedText).toBe('solar panels');
    const filtered = await entitiesOf(text, { 'entities.dictionaries': 'stems', 'entities.filterDbpediaTypes': 'Place' });
    expect(filtered.some((e) => e.customEntityId)).toBe(false);
  });

  it('the language setting: an English-only dictionary is skipped on French text, a French one applies', async () => {
    const text = "Nous avons visité la tour Eiffel à Paris hier, puis nous sommes allés à New York pour une semaine de vacances.";
    const res = await analyzer.analyze({ text, extractors: 'entities', 'entities.dictionaries': 'french,places' });
    expect(res.response!.language).toBe('fra');
    expect(res.response!.entities!.flatMap((e) => e.customEntityId ?? [])).toEqual(['tour']);
    // French has its own recognizer (models/fra/ner/): its entities come beside the dictionary's
    expect(res.response!.entities!.some((e) => e.customEntityId === undefined && e.matchedText === 'Paris')).toBe(true);
  });

  it('on text in a language without a recognizer, only custom dictionary entities come, and the message says so', async () => {
    const text = 'Abbiamo visitato la tour Eiffel a Parigi ieri, poi siamo andati a New York per una settimana di vacanze.';
    const res = await analyzer.analyze({ text, extractors: 'entities', 'entities.dictionaries': 'french,places', languageOverride: 'ita' });
    expect(res.response!.entities!.every((e) => e.customEntityId !== undefined)).toBe(true);
    expect(res.message).toMatch(/only custom dictionary entities/);
  });

  it.skipIf(!haveKb)('a match that is also a KB entity: both kept, or the dictionary entity alone without overlap', async () => {
    // languageOverride: franc reads this short sentence as Italian.
    const text = 'Apple unveiled a new laptop in California.';
    const both = await entitiesOf(text, { 'entities.dictionaries': 'products', languageOverride: 'eng' });
    const apple = both.filter((e) => e.matchedText === 'Apple');
    expect(apple.some((e) => e.customEntityId === 'apple-inc')).toBe(true);
    expect(apple.some((e) => e.customEntityId === undefined && e.wikidataId !== undefined)).toBe(true);
    const single = await entitiesOf(text, { 'entities.dictionaries': 'products', 'entities.allowOverlap': '0', languageOverride: 'eng' });
    expect(single.filter((e) => e.matchedText === 'Apple').map((e) => e.customEntityId)).toEqual(['apple-inc']);
  });

  it('rules see dictionary entities through entity_custom_id/2', async () => {
    const rules = "product(T) :- entity_custom_id(Id, 'acme-rocket'), entity(Id, _, _, _, T).";
    const res = await analyzer.analyze({ text: 'I bought an Acme Rocket.', extractors: 'product', rules, 'entities.dictionaries': 'products' });
    expect(res.response!.matchingRules).toEqual([{ name: 'product', arity: 1, bindings: [['Acme Rocket']] }].map((r) => expect.objectContaining({ name: r.name })));
    expect(JSON.stringify(res.response!.matchingRules)).toContain('Acme Rocket');
  });

  it('a malformed dictionary file fails createAnalyzer with the file and line', async () => {
    await expect(createAnalyzer({ dictionaries: { bad: fileURLToPath(new URL('../fixtures/dictionaries/README.md', import.meta.url)) } })).rejects.toThrow(/unknown format/);
    await expect(createAnalyzer({ dictionaries: { bad: [{ id: 'a', text: ['A'] }, { id: 'a', text: ['B'] }] } })).rejects.toThrow(/duplicate entry id 'a'/);
    await expect(createAnalyzer({ dictionaries: { gone: '/nonexistent/x.json' } })).rejects.toThrow(/\/nonexistent\/x\.json.*cannot be read/);
  });
});

describe('textlens analyze --dictionary', () => {
  it('registers a file and selects it with --param', async () => {
    let out = '';
    const code = await analyzeCommand(
      ['--text', 'Rocket 3000 launched.', '--extractors', 'entities', '--dictionary', `products=${products}`, '--param', 'entities.dictionaries=products'],
      (s) => (out += s),
    );
    expect(code).toBe(0);
    expect(JSON.parse(out).response.entities.find((e: Entity) => e.customEntityId)?.matchedText).toBe('Rocket 3000');
  });

  it('refuses a malformed --dictionary value', async () => {
    let out = '';
    expect(await analyzeCommand(['--text', 'x', '--dictionary', 'products'], (s) => (out += s))).toBe(1);
    expect(JSON.parse(out).error).toMatch(/--dictionary takes id=FILE/);
  });
});
