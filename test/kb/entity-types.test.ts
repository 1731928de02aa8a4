/**
 * Entity types at KB build: Wikidata classes mapped to DBpedia classes, the
 * description rules, and how the build combines its evidence (the strongest
 * decides, weaker evidence only refines it).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { classForDescription } from '../../src/linking/kb-build/types.js';
import { dbpediaClassForWikidataClass, dbpediaClassesForWikidataClasses, isTypeAgreementHoldout } from '../../src/linking/kb-build/wikidata-classes.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { ontology, tempKbWriters } from './temp-kb-writer.js';

describe('Wikidata classes → DBpedia classes', () => {
  it('uses the hand table, then the ontology’s declared equivalents, then the label’s head noun', () => {
    expect(dbpediaClassForWikidataClass(ontology, 'Q891723')).toBe('Company'); // public company (table)
    expect(dbpediaClassForWikidataClass(ontology, 'Q1549591', 'big city')).toBe('City'); // table
    expect(dbpediaClassForWikidataClass(ontology, 'Q5')).toBe('Person'); // declared
    expect(dbpediaClassForWikidataClass(ontology, 'Q4830453')).toBe('Company'); // business, declared
    expect(dbpediaClassForWikidataClass(ontology, 'Q70208', 'municipality of Switzerland')).toBe('Settlement');
    expect(dbpediaClassForWikidataClass(ontology, 'Q62078547', 'public research university')).toBe('University');
    expect(dbpediaClassForWikidataClass(ontology, 'Q63952888', 'anime television series')).toBe('TelevisionShow');
    expect(dbpediaClassForWikidataClass(ontology, 'Q184296', 'tapestry')).toBeUndefined();
    expect(dbpediaClassForWikidataClass(ontology, 'Q99999999')).toBeUndefined();
  });

  it('keeps the most specific classes of an item, under one top class', () => {
    // Apple Inc.: public company, business, enterprise.
    expect(dbpediaClassesForWikidataClasses(ontology, ['Q891723', 'Q4830453', 'Q6881511'])).toEqual(['Company']);
    // Python: programming language (not a Person, not a Language of people).
    expect(dbpediaClassesForWikidataClasses(ontology, ['Q9143'])).toEqual(['ProgrammingLanguage']);
    // Leeds as CoDEx types it: big city → City, which implies Settlement.
    expect(dbpediaClassesForWikidataClasses(ontology, ['Q1549591', 'Q486972'])).toEqual(['City']);
  });

  it('holds out a stable fifth of the QIDs for the type agreement measure', () => {
    const qids = Array.from({ length: 5000 }, (_, i) => `Q${i + 1}`);
    const held = qids.filter(isTypeAgreementHoldout).length;
    expect(held).toBeGreaterThan(900);
    expect(held).toBeLessThan(1100);
    expect(qids.filter(isTypeAgreementHoldout)).toEqual(qids.filter(isTypeAgreementHoldout));
  });
});

describe('classes from descriptions', () => {
  it.each([
    ['general-purpose, high-level programming language', 'ProgrammingLanguage'], // was Person ("general")
    ['interpreted programming language', 'ProgrammingLanguage'],
    ['mobile operating system by Google', 'Software'],
    ['free Unix-like operating system', 'Software'],
    ['human disease', 'Disease'], // was Person ("human")
    ['person who specializes in evaluating art', 'Profession'], // an occupation, not a person
    ['American singer-songwriter', 'MusicalArtist'],
    ['Los Angeles-based entertainment company', 'Company'],
    ['former American football quarterback', 'Athlete'],
    ['American teen drama mystery-thriller television series', 'TelevisionShow'],
    ['Peruvian provider of financial services', 'Company'],
    ['French charity', 'Non-ProfitOrganisation'],
    ['county in England', 'AdministrativeRegion'],
    ['district of west London, England', 'AdministrativeRegion'],
    ['county seat of Cook County', 'Settlement'],
    ['school district in Arizona, United States', undefined],
    ['American district attorney', undefined],
    ['American fast food restaurant chain', undefined], // shop brands stay untyped: "OK", "Alex", "etc." are chains too
    ['Italian cinematographer', 'Person'],
    ['lower house of the United States Congress', 'Legislature'],
    ['aerial warfare service branch of the British Armed Forces', 'MilitaryUnit'],
    ['British Army officer', 'Person'],
    ['19th-century conflict in the United States', 'Event'],
    ['currency of the United States of America', 'Currency'],
    ['awards given annually for excellence of cinematic achievement', 'Award'],
    ['Medal of Honor recipient', undefined],
    ['1969 British costume drama: Academy Award winner', undefined],
    ['Grammy Award-winning singer', 'MusicalArtist'],
    ['sport in which players attempt to hit a ball with a club', 'Sport'],
    ['American video game and software developer', undefined],
    ['music without spoken or sung language', undefined],
    ['American broadcast television network', 'Company'],
    ['computer network protocol', 'Protocol'],
    ['Protocol for real-time Internet chat and messaging', 'Protocol'],
    ['Japanese Toyota dealership network', 'Company'],
    ['public transport network in Montargis, France', 'PublicTransitSystem'],
  ])('%s → %s', (description, cls) => {
    expect(classForDescription(description)).toBe(cls);
  });
});

const newWriter = tempKbWriters('types-');
const typesOf = (file: string, title: string) => {
  const db = new Database(file, { readonly: true });
  const row = db.prepare('SELECT dbpedia FROM entities WHERE title = ?').get(title) as { dbpedia: string | null } | undefined;
  db.close();
  return row?.dbpedia ? (JSON.parse(row.dbpedia) as string[]) : [];
};

describe('combining type evidence at build', () => {
  it('the strongest evidence decides; weaker evidence refines it or is dropped', () => {
    const kb = newWriter();
    // AIDA-style annotation (ORG) beside Wikidata's classes: Company refines Organisation.
    kb.upsert({ title: 'Apple_Inc.', qid: 'Q312', dbpedia: ['Organisation'], typeEvidence: 'annotation' });
    kb.upsert({ qid: 'Q312', dbpedia: ['Company'], typeEvidence: 'curated' });
    // A wrong description class (Person) beside a curated programming language: dropped.
    kb.upsert({ title: 'Python_(programming_language)', qid: 'Q28865', dbpedia: ['Person'], typeEvidence: 'description' });
    kb.upsert({ qid: 'Q28865', dbpedia: ['ProgrammingLanguage'], typeEvidence: 'curated' });
    // A city seed beside an ORG annotation (AIDA labels team mentions of a city ORG): the city stays.
    kb.upsert({ title: 'Leeds', qid: 'Q39121', dbpedia: ['City'], typeEvidence: 'curated' });
    kb.upsert({ title: 'Leeds', dbpedia: ['Organisation'], typeEvidence: 'annotation' });
    // A relation-implied Person under a description's Politician: the Politician.
    kb.upsert({ title: 'Barack_Obama', qid: 'Q76', dbpedia: ['Politician'], typeEvidence: 'description' });
    kb.upsert({ qid: 'Q76', dbpedia: ['Person'], typeEvidence: 'relation' });
    kb.finish({ sources: 'test' });
    expect(typesOf(kb.outFile, 'Apple_Inc.')).toEqual(['Company']);
    expect(typesOf(kb.outFile, 'Python_(programming_language)')).toEqual(['ProgrammingLanguage']);
    expect(typesOf(kb.outFile, 'Leeds')).toEqual(['City']);
    expect(typesOf(kb.outFile, 'Barack_Obama')).toEqual(['Politician']);
  });

  it('drops Publisher beside a kind of organisation that is no company, keeps it on a company or alone', () => {
    const kb = newWriter();
    // Wikidata: a university and an agency are also "publishers" (their presses); DBpedia files Publisher under Company.
    kb.upsert({ title: 'University_of_Oxford', qid: 'Q34433', dbpedia: ['University', 'Publisher'], typeEvidence: 'curated' });
    kb.upsert({ title: 'OECD', qid: 'Q41550', dbpedia: ['GovernmentAgency', 'Publisher'], typeEvidence: 'curated' });
    kb.upsert({ title: 'Sanctuary_Records', qid: 'Q1347984', dbpedia: ['RecordLabel', 'Publisher'], typeEvidence: 'curated' });
    kb.upsert({ title: 'Shueisha', qid: 'Q844822', dbpedia: ['Publisher'], typeEvidence: 'curated' });
    // The bare Organisation (an NER label's) says nothing against a publisher.
    kb.upsert({ title: 'Penguin_Books', qid: 'Q1336200', dbpedia: ['Publisher'], typeEvidence: 'curated' });
    kb.upsert({ title: 'Penguin_Books', dbpedia: ['Organisation'], typeEvidence: 'annotation' });
    kb.finish({ sources: 'test' });
    expect(typesOf(kb.outFile, 'University_of_Oxford')).toEqual(['University']);
    expect(typesOf(kb.outFile, 'OECD')).toEqual(['GovernmentAgency']);
    expect(typesOf(kb.outFile, 'Sanctuary_Records')).toEqual(['RecordLabel', 'Publisher']);
    expect(typesOf(kb.outFile, 'Shueisha')).toEqual(['Publisher']);
    expect(typesOf(kb.outFile, 'Penguin_Books')).toEqual(['Publisher']);
  });
});

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;
describe.skipIf(!existsSync(kbFile))('the shipped knowledge base', () => {
  it('types the issue’s examples with their most specific classes', () => {
    expect(typesOf(kbFile, 'Apple_Inc.')).toEqual(['Company']);
    expect(typesOf(kbFile, 'Python_(programming_language)')).toEqual(['ProgrammingLanguage']);
    expect(typesOf(kbFile, 'Leeds')).toEqual(['City']);
    expect(typesOf(kbFile, 'Linux')).toEqual(['Software']);
    expect(typesOf(kbFile, 'University_of_Oxford')).toEqual(['University']);
  });

  it('gives a page titled with one everyday word no brand\'s QID ("Mass" is no store chain)', () => {
    const db = new Database(kbFile, { readonly: true });
    const qidOf = (title: string) => (db.prepare('SELECT qid FROM entities WHERE title = ?').get(title) as { qid: string | null } | undefined)?.qid;
    expect(qidOf('Mass')).not.toBe('Q104814825');
    expect(qidOf('Game')).not.toBe('Q126811048');
    expect(qidOf('Toyota')).toBe('Q53268'); // a brand's own page still joins by title
    db.close();
  });
});
