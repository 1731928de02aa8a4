/**
 * No entity is two disjoint things at once (a Person and an Organisation, a
 * Place and an Organisation …): not in the ontology's resolution rule, not in
 * the KB build's description rules, not anywhere in the shipped KB, and not in
 * what analyze() returns for news text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { DbpediaOntology, type OntologyFile } from '../../src/linking/ontology.js';
import { classForDescription } from '../../src/linking/kb-build/types.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { createAnalyzer } from '../../src/analyzer.js';

const ontologyFile = `${defaultModelsDir}ontology/dbpedia-classes.json`;
const kbFile = `${defaultModelsDir}kb/kb.sqlite`;
let ontology: DbpediaOntology;
beforeAll(() => {
  ontology = new DbpediaOntology(JSON.parse(readFileSync(ontologyFile, 'utf8')) as OntologyFile);
});

describe('disjoint top classes', () => {
  it('each class falls under at most one of Person, Organisation, Place, Work, Event, Species', () => {
    expect(ontology.topClass('Politician')).toBe('Person');
    expect(ontology.topClass('Company')).toBe('Organisation');
    expect(ontology.topClass('City')).toBe('Place');
    expect(ontology.topClass('Location')).toBe('Place');
    expect(ontology.topClass('Airport')).toBe('Place');
    expect(ontology.topClass('Film')).toBe('Work');
    expect(ontology.topClass('Agent')).toBeUndefined();
    expect(ontology.topClass('Language')).toBeUndefined();
  });

  it('keeps the top class of the most specific class, and unconstrained classes', () => {
    expect(ontology.consistentClasses(['Person', 'Company'])).toEqual(['Company']);
    expect(ontology.consistentClasses(['Country', 'Organisation', 'Language'])).toEqual(['Country', 'Language']);
    expect(ontology.consistentClasses(['Settlement', 'City'])).toEqual(['Settlement', 'City']);
    // a tie in depth: the first listed wins
    expect(ontology.consistentClasses(['Organisation', 'Person'])).toEqual(['Organisation']);
  });
});

describe('classes from Wikidata descriptions (KB build)', () => {
  it.each([
    ['American country music artist', 'Person'],
    ['Marshal of the Soviet Union', 'Person'],
    ['Christian church led by the Pope', undefined],
    ['American producer of computers, smartphones and software', undefined],
    ['American film and television actor', 'Actor'],
    ['French-Swiss film director, screenwriter, and film critic', 'Person'],
    ['2000 war film directed by Jonathan Mostow', 'Film'],
    ['annual film festival held in Venice', 'Event'],
    ['American record label founded in New York City', 'Company'],
    ['city in Wisconsin, United States', 'Settlement'],
    ['association football club', 'SoccerClub'],
  ])('%s → %s', (description, cls) => {
    expect(classForDescription(description)).toBe(cls);
  });
});

if (!existsSync(kbFile)) console.warn(`skipping the KB-wide type check: ${kbFile} is missing`);
describe.skipIf(!existsSync(kbFile))('the shipped knowledge base', () => {
  it('has no entity whose classes fall under two disjoint top classes', () => {
    const db = new Database(kbFile, { readonly: true, fileMustExist: true });
    const bad: string[] = [];
    let typed = 0;
    for (const row of db.prepare('SELECT title, qid, dbpedia FROM entities WHERE dbpedia IS NOT NULL').iterate() as Iterable<{ title: string | null; qid: string | null; dbpedia: string }>) {
      typed++;
      const classes = JSON.parse(row.dbpedia) as string[];
      if (ontology.topClasses(classes).length > 1) bad.push(`${row.title ?? row.qid}: ${classes.join(', ')}`);
    }
    db.close();
    expect(typed).toBeGreaterThan(30_000);
    expect(bad).toEqual([]);
  });
});

describe.skipIf(!existsSync(kbFile))('entities in news text', () => {
  it('carry types from one top class each (kbTwoTypes follow)', async () => {
    const analyzer = await createAnalyzer();
    const news = [
      'Apple shares fell 3% after Tim Cook announced the new iPhone in Cupertino on Tuesday. Microsoft and Google also reported results.',
      'South Korea and Japan agreed on Monday to resume talks, the foreign ministry in Seoul said.',
      'The Catholic Church said Pope Francis would visit Brazil, where Rio de Janeiro prepares for the festival.',
      'Manchester United beat Chelsea 2-1 at Old Trafford, and Real Madrid drew with Barcelona in Spain.',
      'Reuters reported that the BBC and CNN interviewed Angela Merkel in Berlin before the election.',
    ].join('\n\n');
    const res = await analyzer.analyze({ text: news, extractors: 'entities', languageOverride: 'eng' });
    const entities = res.response!.entities!;
    expect(entities.length).toBeGreaterThan(10);
    for (const e of entities) {
      expect(ontology.topClasses(e.type).length, `${e.matchedText}: ${e.type.join(', ')}`).toBeLessThanOrEqual(1);
    }
    const apple = entities.find((e) => e.matchedText === 'Apple');
    if (apple?.wikidataId === 'Q312') expect(apple.type).not.toContain('Person');
  });
});

describe.skipIf(!existsSync(kbFile))('type filters (entities.filterDbpediaTypes)', () => {
  const names = async (text: string, filter: string) => {
    const analyzer = await createAnalyzer();
    const res = await analyzer.analyze({ text, extractors: 'entities', languageOverride: 'eng', entities: { filterDbpediaTypes: [filter] } });
    return res.response!.entities!.map((e) => e.matchedText);
  };

  it('a Company filter finds Apple Inc. (typed Company from its Wikidata classes)', async () => {
    expect(await names('Apple shares fell 3% after Tim Cook announced the new iPhone in Cupertino on Tuesday.', 'Company')).toContain('Apple');
  });

  it('a Software filter finds Linux; a City filter finds Manchester', async () => {
    expect(await names('PostgreSQL and MySQL are databases; Linux and FreeBSD are operating systems.', 'Software')).toContain('Linux');
    expect(await names('The conference moved from Leeds to Manchester this year.', 'City')).toContain('Manchester');
  });

  it('a Person filter finds no software and no address parts the tagger was unsure of', async () => {
    const software = await names('I wrote the importer in Python and stored the rows in PostgreSQL. Mozilla ships Firefox; I edit with Emacs on Debian.', 'Person');
    const licence = await names(
      'This program is free software; you can redistribute it under the terms of the GNU General Public License as published by the Free Software Foundation, Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.',
      'Person',
    );
    expect(software).toEqual([]);
    expect(licence).toEqual([]);
  });
});
