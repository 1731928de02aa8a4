/**
 * What the linking suites share: a KB entity made from a title and its
 * DBpedia types (everything else empty), and the entities of a text as the
 * shipped analyzer (KB, ranker, NER) returns them. The KB file is committed,
 * so `hasShippedKb` is false only in a checkout that removed it.
 */
import { existsSync } from 'node:fs';
import { beforeAll } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import type { KbEntity } from '../../src/linking/knowledge-base.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import type { Entity } from '../../src/types.js';

/** A KB entity: its label is the title without a "_(qualifier)" and with spaces. */
export const kbEntity = (id: number, title: string, dbpediaTypes: string[]): KbEntity => ({
  id,
  title,
  label: title.replace(/_\(.*\)$/, '').replace(/_/g, ' '),
  aliases: [],
  dbpediaTypes,
  freebaseTypes: [],
  popularity: 0,
  properties: {},
  context: {},
  related: [],
});

export const shippedKbFile = `${defaultModelsDir}kb/kb.sqlite`;
export const hasShippedKb = existsSync(shippedKbFile);

/** Call inside a describe: an analyzer made before its tests, and the entities it finds in English text. */
export function useShippedEntities(): (text: string) => Promise<Entity[]> {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  });
  return async (text) => {
    const res = await analyzer.analyze({ text, extractors: 'entities', languageOverride: 'eng' });
    return res.response!.entities!;
  };
}
