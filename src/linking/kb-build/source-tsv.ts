/**
 * The committed KB sources (training/kb/sources/*.tsv.gz: ROR's organisations, Wikitrivia's items, the Nobel
 * laureates) are gzipped TSV files with a header line. A source's rows are read by column name, so a column
 * added to a file breaks no reader; a file without a column its reader needs is an error that names both.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Log } from './sources.js';

/**
 * The rows of `file` as records of the named columns, or undefined — with a warning that says which script
 * makes the file — when it is missing (a checkout without it still builds a KB, without that source).
 */
export function readSourceTsv<C extends string>(file: string, columns: readonly C[], log: Log, what: string, script: string): Record<C, string>[] | undefined {
  if (!existsSync(file)) {
    log(`kb build: WARNING: ${file} is missing; ${what} are skipped (${script} makes it)`);
    return undefined;
  }
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  const header = lines[0]?.split('\t') ?? [];
  const at = columns.map((c) => header.indexOf(c));
  const missing = columns.filter((_, i) => at[i] < 0);
  if (missing.length > 0) throw new Error(`${file}: no column ${missing.join(', ')} in its header (${header.join(', ')})`);
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    const row = {} as Record<C, string>;
    columns.forEach((c, i) => (row[c] = cells[at[i]] ?? ''));
    return row;
  });
}
