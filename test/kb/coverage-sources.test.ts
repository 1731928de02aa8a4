/**
 * KB sources that widen coverage: CoDEx's Wikidata classes (occupations,
 * kinds of thing, peoples), IPTC's media topics and the correct QIDs of
 * wikidata-disambig, read from small fixture copies of their files.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll } from 'vitest';
import Database from 'better-sqlite3';
import type { KbWriter } from '../../src/linking/kb-build/kb-writer.js';
import { addCodexClasses, addIptcTopics, addWikidataDisambig, casedMention, isCommonNoun } from '../../src/linking/kb-build/sources.js';
import { normalizeAlias } from '../../src/linking/normalize.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import { tempKbWriters } from './temp-kb-writer.js';

const data = mkdtempSync(join(tmpdir(), 'coverage-data-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));
mkdirSync(join(data, 'codex-wikidata-types'));
writeFileSync(
  join(data, 'codex-wikidata-types', 'types.en.json'),
  JSON.stringify({
    Q774306: { label: 'surgeon', description: 'person who practices surgery', wiki: 'https://en.wikipedia.org/wiki/Surgeon' },
    Q842438: { label: 'British people', description: 'citizens of the United Kingdom', wiki: 'https://en.wikipedia.org/wiki/British_people' },
    Q9842: { label: 'primary school', description: 'school providing primary education', wiki: '' },
    Q1: { label: '', description: 'no label: skipped', wiki: '' },
  }),
);
mkdirSync(join(data, 'wikidata-disambig'));
writeFileSync(
  join(data, 'wikidata-disambig', 'wikidata-disambig-dev.json'),
  JSON.stringify([
    { correct_id: 'Q84', string: 'london', text: 'a concert version presented in London. It was', wrong_id: 'Q2477346' },
    { correct_id: 'Q5', string: 'human', text: 'every human has rights', wrong_id: 'Q6' },
    { correct_id: 'Q90', string: 'paris', text: 'a text that never names it', wrong_id: 'Q7' },
  ]),
);

mkdirSync(join(data, 'iptc-mediatopics'));
writeFileSync(
  join(data, 'iptc-mediatopics', 'mediatopics.tsv'),
  [
    'qcode\tlabel_en_GB\tparent_qcode\tlevel\ttop_qcode\tretired\twikidata\tsubjectcodes\tdefinition',
    'medtop:1\teconomy\t\t1\tmedtop:1\t\tQ159810\t\tProduction and trade',
    'medtop:2\tfestive event (culture)\t\t2\tmedtop:1\t\tQ132241\t\tA celebration',
    'medtop:3\tYom Kippur\t\t3\tmedtop:1\t\tQ48907\t\tDay of Atonement',
    'medtop:4\told topic\t\t3\tmedtop:1\t2020-01-01\tQ999\t\tretired',
    'medtop:5\tsport\t\t1\tmedtop:5\t\tQ349\t\tCompetitive activity',
  ].join('\n'),
);

const newWriter = tempKbWriters('coverage-');
const row = (kb: KbWriter, qid: string) =>
  kb.db.prepare('SELECT id, title, label, dbpedia FROM entities WHERE qid = ?').get(qid) as
    | { id: number; title: string | null; label: string; dbpedia: string | null }
    | undefined;
const aliasCount = (kb: KbWriter, alias: string, id: number) =>
  (kb.db.prepare('SELECT count FROM aliases WHERE alias = ? AND entity = ?').get(normalizeAlias(alias), id) as { count: number } | undefined)?.count;

describe('CoDEx classes as entities', () => {
  it('gives a KB page of the class’s title its QID instead of adding a twin, and adds the rest', () => {
    const kb = newWriter();
    const page = kb.upsert({ title: 'British_people', popularity: 900 });
    addCodexClasses(kb, data, () => {});
    expect(row(kb, 'Q842438')?.id).toBe(page);
    const surgeon = row(kb, 'Q774306');
    expect(surgeon?.title).toBe('Surgeon');
    // An occupation, by its description ("person who …"), not a Person.
    expect(JSON.parse(surgeon?.dbpedia ?? '[]')).toEqual(['Profession']);
    // A common noun: in the KB, but no candidate of a sentence's first "Surgeon".
    expect(aliasCount(kb, 'surgeon', surgeon!.id)).toBeUndefined();
    // A proper name ("British people") is an alias.
    expect(aliasCount(kb, 'British people', page)).toBe(0);
    // No Wikipedia page: the QID and the label name it.
    expect(row(kb, 'Q9842')).toMatchObject({ title: null, label: 'primary school' });
    expect(row(kb, 'Q1')).toBeUndefined();
  });
});

describe('IPTC media topics as entities', () => {
  it('adds the active topics the KB lacks; a common noun is no alias, a proper name is', () => {
    const kb = newWriter();
    const sport = kb.upsert({ qid: 'Q349', title: 'Sport' });
    addIptcTopics(kb, data, () => {});
    const economy = row(kb, 'Q159810');
    expect(economy?.label).toBe('economy');
    expect(aliasCount(kb, 'economy', economy!.id)).toBeUndefined();
    expect(row(kb, 'Q132241')?.label).toBe('festive event');
    expect(aliasCount(kb, 'Yom Kippur', row(kb, 'Q48907')!.id)).toBe(0);
    expect(row(kb, 'Q999')).toBeUndefined();
    // Already in the KB: left as it is.
    expect(row(kb, 'Q349')).toMatchObject({ id: sport, label: 'Sport' });
  });
});

describe('wikidata-disambig correct QIDs as entities', () => {
  it('adds a correct QID the KB lacks, named as its text writes it; never the wrong candidate', () => {
    const kb = newWriter();
    // Titled "Human": its name "human" is an alias (count 0) the example adds to.
    const human = kb.upsert({ qid: 'Q5', title: 'Human' });
    addWikidataDisambig(kb, data, () => {});
    const london = row(kb, 'Q84');
    expect(london?.label).toBe('London');
    // An alias without a count: one ambiguous example does not outweigh a namesake the KB's counts know.
    expect(aliasCount(kb, 'London', london!.id)).toBe(0);
    expect(row(kb, 'Q2477346')).toBeUndefined();
    // Already in the KB: only the alias count.
    expect(row(kb, 'Q5')?.id).toBe(human);
    expect(aliasCount(kb, 'human', human)).toBe(1);
    // Written in lower case only: a common noun, added without an alias.
    const paris = row(kb, 'Q90');
    expect(paris?.label).toBe('paris');
    expect(aliasCount(kb, 'paris', paris!.id)).toBeUndefined();
  });

  it('isCommonNoun: a name without an upper-case letter', () => {
    expect(isCommonNoun('beer')).toBe(true);
    expect(isCommonNoun('primary school')).toBe(true);
    expect(isCommonNoun('iPhone')).toBe(false);
    expect(isCommonNoun('London')).toBe(false);
  });

  it('casedMention: lower case if the text ever writes it so, else an occurrence inside a sentence', () => {
    expect(casedMention('new york', 'He moved to New York in 1990.')).toBe('New York');
    // Capitalized only where a sentence starts: a common noun.
    expect(casedMention('library', 'Library hours changed. The library opened')).toBe('library');
    expect(casedMention('odyssey', 'Odyssey. He read the Odyssey twice')).toBe('Odyssey');
    expect(casedMention('heaven', 'Heaven can wait.')).toBe('Heaven');
    expect(casedMention('mars', 'no such word')).toBe('mars');
  });

  it('a common noun adds to the count of an alias the entity has, and makes no new one', () => {
    const kb = newWriter();
    const human = kb.upsert({ qid: 'Q5', label: 'Human being' });
    addWikidataDisambig(kb, data, () => {});
    expect(aliasCount(kb, 'human', human)).toBeUndefined();
  });
});

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;
describe.skipIf(!existsSync(kbFile))('the shipped knowledge base', () => {
  it('has occupations, peoples and news topics as entities with their QIDs', () => {
    const db = new Database(kbFile, { readonly: true });
    const qidOf = (title: string) => (db.prepare('SELECT qid FROM entities WHERE title = ?').get(title) as { qid: string | null } | undefined)?.qid;
    expect(qidOf('Surgeon')).toBe('Q774306');
    expect(qidOf('Jurist')).toBe('Q185351');
    // IPTC's topics, by QID only.
    const labelOf = (qid: string) => (db.prepare('SELECT label FROM entities WHERE qid = ?').get(qid) as { label: string } | undefined)?.label;
    expect(labelOf('Q48442')).toBe('commuting');
    expect(labelOf('Q192796')).toBe('balance of trade');
    db.close();
  });
});
