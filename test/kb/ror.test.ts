/**
 * The ROR source of the KB build (src/linking/kb-build/ror.ts) on a made-up registry file of the
 * extracted format (training/kb/ror.ts): classes from ROR's types, names that are everyday words left
 * out as aliases, a page without a QID joined under one of its names, and no derived initials.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { addRor } from '../../src/linking/kb-build/ror.js';
import { PopularitySignals } from '../../src/linking/kb-build/popularity.js';
import type { EntityRow } from '../../src/linking/kb-schema.js';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('ror-');
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function registry(rows: string[][]): string {
  dir = mkdtempSync(join(tmpdir(), 'ror-file-'));
  const file = join(dir, 'ror.tsv.gz');
  const lines = [['qid', 'ror', 'types', 'city', 'country', 'names'], ...rows].map((r) => r.join('\t'));
  writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
  return file;
}

const everyday = new Set(['right', 'kiss']);
const isWord = (w: string) => everyday.has(w);

function query<T>(file: string, sql: string, ...args: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

describe('ROR organisations in the KB build', () => {
  it('adds organisations with their class, a description of kind and place, and their names as aliases', () => {
    const kb = newWriter();
    const file = registry([
      ['Q583725', '042twtr12', 'funder,government', 'Atlanta', 'United States', 'Centers for Disease Control and Prevention|CDC'],
      ['Q1065414', '008xxew50', 'education,funder', 'Amsterdam', 'The Netherlands', 'Vrije Universiteit Amsterdam|VU'],
      ['Q9999991', '0000test1', 'facility', 'Grenoble', 'France', 'Laboratoire de Test|RIGHT'],
    ]);
    const log: string[] = [];
    expect(addRor(kb, file, (m) => log.push(m), isWord)).toBe(true);
    kb.finish({ sources: 'test' });
    const rows = query<EntityRow>(kb.outFile, 'SELECT * FROM entities ORDER BY qid');
    expect(rows.map((r) => [r.qid, r.label, JSON.parse(r.dbpedia ?? '[]')[0], r.description])).toEqual([
      ['Q1065414', 'Vrije Universiteit Amsterdam', 'University', 'university in Amsterdam, The Netherlands'],
      ['Q583725', 'Centers for Disease Control and Prevention', 'GovernmentAgency', 'government agency in Atlanta, United States'],
      ['Q9999991', 'Laboratoire de Test', 'Organisation', 'research facility in Grenoble, France'],
    ]);
    const aliases = query<{ alias: string }>(kb.outFile, 'SELECT alias FROM aliases ORDER BY alias').map((r) => r.alias);
    // The registry's acronyms are aliases; "RIGHT" is an everyday word, and no initials are derived from the
    // names ("CDCP", "LDT" would only crowd other acronyms).
    expect(aliases).toEqual(['cdc', 'centers for disease control and prevention', 'laboratoire de test', 'vrije universiteit amsterdam', 'vu']);
    expect(log.join('\n')).toContain('0 organisations matched by QID (0 of them joined with their page), 0 by a page\'s title (QID added), 3 added');
  });

  it("joins a page without a QID under one of the organisation's names, not a page typed otherwise", () => {
    const kb = newWriter();
    kb.upsert({ title: 'Food_and_Drug_Administration', popularity: 3008 });
    kb.upsert({ title: 'Salk_Institute', dbpedia: ['Person'], typeEvidence: 'annotation' });
    const file = registry([
      ['Q204711', '034xvzb47', 'government', 'Silver Spring', 'United States', 'United States Food and Drug Administration|Food and Drug Administration|FDA'],
      ['Q1969384', '03xez1567', 'nonprofit', 'La Jolla', 'United States', 'Salk Institute for Biological Studies|Salk Institute'],
    ]);
    addRor(kb, file, () => {}, isWord);
    kb.finish({ sources: 'test' });
    const rows = query<EntityRow>(kb.outFile, 'SELECT * FROM entities ORDER BY id');
    expect(rows.find((r) => r.title === 'Food_and_Drug_Administration')).toMatchObject({ qid: 'Q204711', popularity: 3008 });
    // A page the KB types as a person stays itself; the institute is added beside it.
    expect(rows.find((r) => r.title === 'Salk_Institute')?.qid).toBeNull();
    expect(rows.find((r) => r.qid === 'Q1969384')?.title).toBeNull();
    expect(rows).toHaveLength(3);
  });

  it('joins an item an earlier source added without its page to the page, found under a name without the country', () => {
    const kb = newWriter();
    kb.upsert({ title: 'Food_and_Drug_Administration', popularity: 3008 });
    kb.upsert({ qid: 'Q204711', label: 'U.S. Food and Drug Administration' });
    const file = registry([['Q204711', '034xvzb47', 'government', 'Silver Spring', 'United States', 'United States Food and Drug Administration|FDA']]);
    const log: string[] = [];
    addRor(kb, file, (m) => log.push(m), isWord);
    kb.finish({ sources: 'test' });
    const rows = query<EntityRow>(kb.outFile, 'SELECT * FROM entities');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Food_and_Drug_Administration', qid: 'Q204711' });
    expect(log.join('\n')).toContain('1 organisations matched by QID (1 of them joined with their page)');
  });

  it('marks an added organisation that a popularity list names, when no other KB entity has its name', () => {
    const kb = newWriter();
    kb.upsert({ title: 'Trinity_College,_Cambridge', aliases: ['Trinity College'] });
    const file = registry([
      ['Q583725', '042twtr12', 'government', 'Atlanta', 'United States', 'Centers for Disease Control and Prevention|CDC'],
      ['Q1927705', '03gk81f96', 'education', 'Hartford', 'United States', 'Trinity College'],
    ]);
    const signals = new PopularitySignals();
    signals.rememberNames('popularTitle', new Set(['centers for disease control and prevention', 'trinity college']));
    const log: string[] = [];
    addRor(kb, file, (m) => log.push(m), isWord, signals);
    // "Trinity College" is also Cambridge's: the list does not say which it means.
    expect(log.join('\n')).toContain('2 added (1 named by a popularity list)');
  });

  it('skips a missing registry file with a warning', () => {
    const kb = newWriter();
    const log: string[] = [];
    expect(addRor(kb, join(tmpdir(), 'no-such-ror-file.tsv.gz'), (m) => log.push(m))).toBe(false);
    expect(log[0]).toMatch(/WARNING: .*no-such-ror-file\.tsv\.gz is missing/);
  });
});
