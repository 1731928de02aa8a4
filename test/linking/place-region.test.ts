/**
 * Two naming conventions the benchmarks outside AIDA share: a town followed
 * by its state or province is one mention of the town ("Boston,
 * Massachusetts"), and a plural demonym names the people, not the country
 * ("the Americans captured 100 soldiers"). Run on the shipped KB, ranker
 * and NER.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { createAnalyzer } from '../../src/analyzer.js';
import type { Analyzer } from '../../src/analyzer.js';

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;

describe.skipIf(!existsSync(kbFile))('towns with their state, peoples by their plural (shipped KB, ranker and NER)', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  });

  const entities = async (text: string) => {
    const res = await analyzer.analyze({ text, extractors: 'entities', languageOverride: 'eng' });
    return res.response!.entities!;
  };

  it('reads "Boston, Massachusetts" as one mention of Boston', async () => {
    const ents = await entities('She was born in Boston, Massachusetts, and studied law at Harvard.');
    const boston = ents.find((e) => e.entityId === 'Boston');
    expect(boston?.matchedText).toBe('Boston, Massachusetts');
    expect(boston?.wikidataId).toBe('Q100');
    expect(ents.some((e) => e.entityId === 'Massachusetts')).toBe(false);
  });

  it('joins a town titled with its state ("Long_Beach,_California")', async () => {
    const ents = await entities('The company is based in Long Beach, California.');
    const town = ents.find((e) => e.entityId === 'Long_Beach,_California');
    expect(town?.matchedText).toBe('Long Beach, California');
    expect(ents.some((e) => e.entityId === 'California')).toBe(false);
  });

  it('keeps a town and its country as two mentions', async () => {
    const ents = await entities('He moved from Paris, France to Lyon in 1990.');
    expect(ents.find((e) => e.entityId === 'Paris')?.matchedText).toBe('Paris');
    expect(ents.find((e) => e.entityId === 'France')?.matchedText).toBe('France');
  });

  it('keeps a list of neighbouring states as a list', async () => {
    const ents = await entities('Storms hit Ohio, Michigan and Indiana on Tuesday.');
    expect(ents.find((e) => e.entityId === 'Ohio')?.matchedText).toBe('Ohio');
    expect(ents.find((e) => e.entityId === 'Michigan')?.matchedText).toBe('Michigan');
  });

  it('links a plural demonym to the people, not to the country', async () => {
    const ents = await entities('In the confused retreat, the Americans captured 100 soldiers and the Germans retreated.');
    expect(ents.find((e) => e.matchedText === 'Americans')?.wikidataId).toBe('Q846570');
    expect(ents.find((e) => e.matchedText === 'Germans')?.wikidataId).toBe('Q42884');
    expect(ents.some((e) => e.entityId === 'United_States' || e.entityId === 'Germany')).toBe(false);
  });
});
