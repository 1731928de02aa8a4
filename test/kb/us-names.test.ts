import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { tempKbWriters } from './temp-kb-writer.js';

const newWriter = tempKbWriters('us-names-');

function aliasesOf(file: string): string[][] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT a.alias, e.label FROM aliases a JOIN entities e ON e.id = a.entity ORDER BY a.alias').all() as { alias: string; label: string }[]).map((r) => [r.alias, r.label]);
  } finally {
    db.close();
  }
}

describe('"U.S." names for "United States" ones (KB build)', () => {
  it('gives a "United States …" name its "U.S. …" form, unless another entity has that name', () => {
    const kb = newWriter();
    kb.upsert({ qid: 'Q861556', label: 'United States Department of Education', dbpedia: ['GovernmentAgency'] });
    kb.upsert({ qid: 'Q1', label: 'United States Army' });
    kb.upsert({ qid: 'Q2', label: 'US Army', aliases: ['U.S. Army'] });
    kb.finish({ sources: 'test' });
    const aliases = aliasesOf(kb.outFile);
    expect(aliases).toContainEqual(['us department of education', 'United States Department of Education']);
    // "US Army" is another entity's name already: the United States Army does not take it.
    expect(aliases.filter(([a]) => a === 'us army')).toEqual([['us army', 'US Army']]);
  });
});
