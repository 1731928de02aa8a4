import { describe, expect, it, beforeAll } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fileLoader } from '../../src/resources/file-loader.js';
import { DbpediaOntology, NER_TYPE_MIN_SCORE } from '../../src/linking/ontology.js';

const loader = fileLoader(fileURLToPath(new URL('../../models/', import.meta.url)));
let onto: DbpediaOntology;
beforeAll(async () => {
  onto = await DbpediaOntology.load(loader);
});

describe('DbpediaOntology', () => {
  it('lists a class and its ancestors, from the class up', () => {
    expect(onto.ancestors('Person')).toEqual(['Person', 'Agent']);
    expect(onto.ancestors('Organisation')).toEqual(['Organisation', 'Agent']);
    expect(onto.ancestors('City')).toEqual(['City', 'Settlement', 'PopulatedPlace', 'Place']);
    expect(onto.ancestors('Company')).toEqual(['Company', 'Organisation', 'Agent']);
    expect(onto.ancestors('Actor')).toEqual(['Actor', 'Artist', 'Person', 'Agent']);
  });

  it('accepts prefixed names and any case, and knows nothing of unknown classes', () => {
    expect(onto.ancestors('dbo:Person')).toEqual(['Person', 'Agent']);
    expect(onto.ancestors('DBpedia:City')[0]).toBe('City');
    expect(onto.resolve('populatedplace')).toBe('PopulatedPlace');
    expect(onto.ancestors('NoSuchClass')).toEqual([]);
    expect(onto.has('Thing')).toBe(false);
  });

  it('answers isA over the hierarchy', () => {
    expect(onto.isA('City', 'Place')).toBe(true);
    expect(onto.isA('City', 'City')).toBe(true);
    expect(onto.isA('Person', 'Agent')).toBe(true);
    expect(onto.isA('Person', 'Place')).toBe(false);
    expect(onto.isA('Place', 'City')).toBe(false);
    expect(onto.isA('Cartoon', 'Work')).toBe(true); // parent spelled "dbo:work" in the source
    expect(onto.isA('Person', 'NoSuchClass')).toBe(false);
  });

  it('maps NER labels to types with ancestors', () => {
    expect(onto.typesForNerLabel('PER')).toEqual(['Person', 'Agent']);
    expect(onto.typesForNerLabel('ORG')).toEqual(['Organisation', 'Agent']);
    expect(onto.typesForNerLabel('LOC')).toEqual(['Place', 'Location']);
    expect(onto.typesForNerLabel('MISC')).toEqual([]);
    expect(onto.typesForNerLabel('person')).toEqual(['Person', 'Agent']);
    expect(onto.typesForNerLabel('UNKNOWN')).toEqual([]);
  });

  it('gives an NER label types only when the tagger is confident', () => {
    // "Public License" and "Franklin St" in a licence notice: tagged PER at 0.94 and 0.95.
    expect(onto.typesForNerLabel('PER', 0.94)).toEqual([]);
    expect(onto.typesForNerLabel('PER', 0.97)).toEqual([]);
    expect(onto.typesForNerLabel('PER', NER_TYPE_MIN_SCORE)).toEqual(['Person', 'Agent']);
    expect(onto.typesForNerLabel('LOC', 0.9998)).toEqual(['Place', 'Location']);
  });

  it('finds classes by Wikidata equivalents', () => {
    expect(onto.classesForWikidata('Q5')).toContain('Person');
    expect(onto.classesForWikidata('Q515')).toContain('City');
    expect(onto.label('PopulatedPlace')).toBe('populated place');
  });

  it('returns copies, not the cache', () => {
    onto.ancestors('Person').push('Oops');
    expect(onto.ancestors('Person')).toEqual(['Person', 'Agent']);
  });
});
