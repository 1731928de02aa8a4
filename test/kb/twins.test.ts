/**
 * Twins at KB build (KbWriter.finish): a page known without its QID and the one Wikidata item known without a
 * title under the page's name are one entity.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { EntityRow } from '../../src/linking/kb-schema.js';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('twins-');

function rows(file: string): EntityRow[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM entities ORDER BY id').all() as EntityRow[];
  } finally {
    db.close();
  }
}

function aliasesOf(file: string, title: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT a.alias FROM aliases a JOIN entities e ON e.id = a.entity WHERE e.title = ? ORDER BY a.alias').all(title) as { alias: string }[]).map((r) => r.alias);
  } finally {
    db.close();
  }
}

describe('twins at KB build', () => {
  it('leaves an untyped page titled with one everyday word apart from a typed item of its name ("Moss", the town)', () => {
    const kb = newWriter();
    kb.everydayWord = (w) => ['moss', 'fish', 'seat'].includes(w);
    kb.upsert({ title: 'Moss', popularity: 1512 });
    kb.upsert({ qid: 'Q109021', label: 'Moss', dbpedia: ['City'], typeEvidence: 'curated' });
    // An untyped item is the concept's own (Fish, Q152); a name in capitals is no everyday word (SEAT, the company).
    kb.upsert({ title: 'Fish', popularity: 7686 });
    kb.upsert({ qid: 'Q152', label: 'Fish' });
    kb.upsert({ title: 'SEAT', popularity: 2000 });
    kb.upsert({ qid: 'Q188217', label: 'SEAT', dbpedia: ['Company'], typeEvidence: 'curated' });
    kb.finish({ sources: 'test' });
    const all = rows(kb.outFile);
    expect(all.find((r) => r.title === 'Moss')?.qid).toBeNull();
    expect(all.some((r) => r.qid === 'Q109021' && r.title === null)).toBe(true);
    expect(all.find((r) => r.title === 'Fish')?.qid).toBe('Q152');
    expect(all.find((r) => r.title === 'SEAT')?.qid).toBe('Q188217');
  });

  it('gives a page without a QID the QID, aliases and relations of the one item of its name', () => {
    const kb = newWriter();
    const page = kb.upsert({ title: 'Estonia', dbpedia: ['Place'], typeEvidence: 'annotation', popularity: 21079 });
    const item = kb.upsert({ qid: 'Q191', label: 'Estonia', aliases: ['Republic of Estonia'], dbpedia: ['Country'], typeEvidence: 'curated', props: { P36: 'Q1770' } });
    const tallinn = kb.upsert({ qid: 'Q1770', label: 'Tallinn' });
    kb.addRelated(item, tallinn);
    kb.finish({ sources: 'test' });
    const all = rows(kb.outFile);
    const estonia = all.filter((r) => r.label === 'Estonia' || r.title === 'Estonia');
    expect(estonia).toHaveLength(1);
    expect(estonia[0]).toMatchObject({ id: page, title: 'Estonia', qid: 'Q191', popularity: 21079 });
    // The item's classes refine the page's (Country is a Place), its property and relation move with it.
    expect(JSON.parse(estonia[0].dbpedia ?? '[]')).toEqual(['Country']);
    expect(JSON.parse(estonia[0].props ?? '{}')).toEqual({ P36: 'Q1770' });
    expect(estonia[0].related?.split(' ').map(Number)).toEqual([tallinn]);
    expect(all.find((r) => r.id === tallinn)?.related?.split(' ').map(Number)).toEqual([page]);
    expect(aliasesOf(kb.outFile, 'Estonia')).toEqual(['estonia', 'republic of estonia']);
  });

  it('joins none where two items share the name, the classes disagree, or the page has a QID', () => {
    const kb = newWriter();
    kb.upsert({ title: 'Catanzaro' });
    kb.upsert({ qid: 'Q3883', label: 'Catanzaro', dbpedia: ['City'] });
    kb.upsert({ qid: 'Q16159', label: 'Catanzaro', dbpedia: ['AdministrativeRegion'] });
    kb.upsert({ title: 'Solon', dbpedia: ['Politician'] });
    kb.upsert({ qid: 'Q999001', label: 'Solon', dbpedia: ['City'] });
    kb.upsert({ title: 'Reuters', qid: 'Q130879' });
    kb.upsert({ qid: 'Q999002', label: 'Reuters' });
    kb.finish({ sources: 'test' });
    const all = rows(kb.outFile);
    expect(all.filter((r) => r.title !== null && r.qid === null).map((r) => r.title)).toEqual(['Catanzaro', 'Solon']);
    expect(all.filter((r) => r.title === null).map((r) => r.qid)).toEqual(['Q3883', 'Q16159', 'Q999001', 'Q999002']);
  });
});
