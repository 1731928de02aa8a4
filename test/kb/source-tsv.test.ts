import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readSourceTsv } from '../../src/linking/kb-build/source-tsv.js';

const file = (text: string) => {
  const f = join(mkdtempSync(join(tmpdir(), 'source-tsv-')), 'x.tsv.gz');
  writeFileSync(f, gzipSync(Buffer.from(text)));
  return f;
};

describe('readSourceTsv (the committed KB sources)', () => {
  it('reads rows by column name, in any column order, with empty cells as empty strings', () => {
    const rows = readSourceTsv(file('title\tqid\textra\nParis\tQ90\tx\nNowhere\t\n'), ['qid', 'title'], () => {}, 'places', 'make.ts');
    expect(rows).toEqual([{ qid: 'Q90', title: 'Paris' }, { qid: '', title: 'Nowhere' }]);
  });
  it('warns and gives nothing for a missing file, and names the column a file lacks', () => {
    const said: string[] = [];
    expect(readSourceTsv('/nonexistent/x.tsv.gz', ['qid'], (m) => said.push(m), 'places', 'make.ts')).toBeUndefined();
    expect(said[0]).toMatch(/missing; places are skipped \(make\.ts makes it\)/);
    expect(() => readSourceTsv(file('qid\tname\nQ1\tx\n'), ['qid', 'title'], () => {}, 'places', 'make.ts')).toThrow(/no column title/);
  });
});
