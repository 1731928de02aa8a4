import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import type { EntityRecord } from '../../src/doc/layers.js';
import { entityLexfileMasks, entityLexfiles, fitsEntity } from '../../src/semantics/entity-senses.js';
import type { Word } from '../../src/types.js';

const NOUN_PERSON = 18;
const NOUN_LOCATION = 15;
const NOUN_ANIMAL = 5;
const NOUN_GROUP = 14;
const NOUN_COMMUNICATION = 10;

function entity(start: number, end: number, type: string[], entityId: string | null = 'X'): EntityRecord {
  return { start, end, entityId: entityId ?? undefined, type, kbTwoTypes: [], confidenceScore: 5, relevanceScore: 0.5, data: {} };
}

describe('the lexicographer files a linked entity allows', () => {
  it('reads the most specific class it knows, from the type list', () => {
    const person = entityLexfiles(entity(0, 1, ['Politician', 'Person', 'Agent']));
    expect(fitsEntity(person, NOUN_PERSON, 'n')).toBe(true);
    expect(fitsEntity(person, NOUN_LOCATION, 'n')).toBe(false);
    const language = entityLexfiles(entity(0, 1, ['ProgrammingLanguage', 'Software', 'Work']));
    expect(fitsEntity(language, NOUN_COMMUNICATION, 'n')).toBe(true);
    expect(fitsEntity(language, NOUN_ANIMAL, 'n')).toBe(false);
  });

  it('says nothing for an unlinked mention or a class it does not know', () => {
    expect(entityLexfiles(entity(0, 1, ['Person'], null))).toBe(0);
    expect(entityLexfiles(entity(0, 1, ['Agent']))).toBe(0);
    expect(entityLexfiles(entity(0, 1, []))).toBe(0);
    expect(entityLexfileMasks(['a', 'b'], [entity(0, 2, ['Agent'])])).toBeUndefined();
    expect(entityLexfileMasks(['a'], undefined)).toBeUndefined();
  });

  it('drops verb and adjective senses inside a name of several words, keeps them on a one-word mention', () => {
    const masks = entityLexfileMasks(['Real', 'Madrid', 'and', 'American'], [
      entity(0, 2, ['SoccerClub', 'SportsTeam', 'Organisation'], 'Real_Madrid_C.F.'),
      entity(3, 4, ['Country', 'PopulatedPlace', 'Place'], 'United_States'),
    ])!;
    expect(fitsEntity(masks[0], 0, 'a')).toBe(false);
    expect(fitsEntity(masks[3], 0, 'a')).toBe(true);
    expect(masks[2]).toBe(0);
  });

  it('lets a word that names a place’s or a party’s people keep its person senses, not the place’s own name', () => {
    const masks = entityLexfileMasks(['Tongans', 'Jordan'], [
      entity(0, 1, ['Country', 'PopulatedPlace', 'Place'], 'Tonga'),
      entity(1, 2, ['Country', 'PopulatedPlace', 'Place'], 'Jordan'),
    ])!;
    expect(fitsEntity(masks[0], NOUN_PERSON, 'n')).toBe(true);
    expect(fitsEntity(masks[1], NOUN_PERSON, 'n')).toBe(false);
    expect(fitsEntity(masks[1], NOUN_LOCATION, 'n')).toBe(true);
    expect(fitsEntity(masks[1], NOUN_GROUP, 'n')).toBe(true);
    const agency = entityLexfileMasks(['FBI'], [entity(0, 1, ['GovernmentAgency', 'Organisation'], 'Federal_Bureau_of_Investigation')])!;
    expect(fitsEntity(agency[0], NOUN_PERSON, 'n')).toBe(false);
  });

  it('clips entity spans to the document', () => {
    const masks = entityLexfileMasks(['a'], [entity(0, 5, ['Person'])])!;
    expect(masks.length).toBe(1);
  });
});

describe('senses of words inside linked entities', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  }, 60_000);

  async function analyse(text: string, extractors: string): Promise<{ words: Word[]; linked: string[] }> {
    const r = await analyzer.analyze(text, { extractors, languageOverride: 'eng' });
    const words = (r.response?.sentences ?? []).flatMap((s) => s.words);
    return { words, linked: (r.response?.entities ?? []).map((e) => e.entityId ?? '') };
  }

  it('gives "Python" linked to the language no snake, and keeps it without entities', async () => {
    const text = 'Python is a programming language. You can install Python packages with pip.';
    const withEntities = await analyse(text, 'words,entities,senses');
    expect(withEntities.linked).toContain('Python_(programming_language)');
    const python = withEntities.words.filter((w) => w.token === 'Python');
    expect(python.length).toBe(2);
    for (const w of python) expect((w.senses ?? []).map((s) => s.synset)).not.toContain('python.n.01');
    const alone = await analyse(text, 'words,senses');
    expect(alone.words.find((w) => w.token === 'Python')?.senses?.[0]?.synset).toBe('python.n.01');
  });

  it('keeps the senses that fit: the river for "Amazon River", the adjective for a demonym', async () => {
    const { words } = await analyse('The Amazon River is long. American farmers grow corn.', 'words,entities,senses');
    const amazon = words.find((w) => w.token === 'Amazon');
    expect(amazon?.senses?.[0]?.synset).toBe('amazon.n.03');
    const american = words.find((w) => w.token === 'American');
    expect(american?.senses?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('a word in lower case is no acronym in capitals', () => {
  let analyzer: Analyzer;
  beforeAll(async () => {
    analyzer = await createAnalyzer();
  }, 60_000);

  it('gives "bin" no BIN (bank identification number) sense, and keeps it for "BIN"', async () => {
    const senses = async (text: string, token: string) => {
      const r = await analyzer.analyze(text, { extractors: 'words,senses', languageOverride: 'eng' });
      const w = (r.response?.sentences ?? []).flatMap((s) => s.words).find((x) => x.token === token);
      return (w?.senses ?? []).map((s) => s.synset);
    };
    const lower = await senses('Put the empty bottles in the bin.', 'bin');
    expect(lower.length).toBeGreaterThan(0);
    expect(lower).not.toContain('bank_identification_number.n.01');
    expect(await senses('The card BIN identifies the issuing bank.', 'BIN')).toContain('bank_identification_number.n.01');
  });
});
