/**
 * The benchmark text, shared by bench/run.ts and bench/browser.ts: the raw
 * text of UD English EWT train (~1 MB) when ../shared/data is beside the
 * checkout, else the committed EWT slice in test/fixtures; split into
 * documents of at most ~50 kB.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const shared = process.env.TEXTLENS_DATA ?? join(root, '..', 'shared', 'data');

function conlluText(path: string): string {
  const paras: string[] = [];
  let current: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('# newdoc') || line.startsWith('# newpar')) {
      if (current.length) paras.push(current.join(' '));
      current = [];
    } else if (line.startsWith('# text = ')) current.push(line.slice(9));
  }
  if (current.length) paras.push(current.join(' '));
  return paras.join('\n\n');
}

export function benchText(): { text: string; source: string } {
  const ewt = join(shared, 'ud-english-ewt', 'en_ewt-ud-train.conllu');
  if (existsSync(ewt)) return { text: conlluText(ewt), source: 'UD English EWT train, raw text' };
  const fixture = join(root, 'test', 'fixtures', 'doc');
  const files = existsSync(fixture) ? readdirSync(fixture).filter((f) => f.endsWith('.conllu')) : [];
  if (files.length === 0) throw new Error('no benchmark text: ../shared/data is missing and so is test/fixtures/doc');
  return { text: conlluText(join(fixture, files[0])), source: `test/fixtures/doc/${files[0]} (EWT slice)` };
}

/** Documents of at most ~50 kB, split at paragraph breaks (the API caps one text at 200 kB). */
export function documents(text: string, size = 50_000): string[] {
  const docs: string[] = [];
  let cur = '';
  for (const p of text.split('\n\n')) {
    if (cur.length + p.length > size && cur) {
      docs.push(cur);
      cur = '';
    }
    cur += (cur ? '\n\n' : '') + p;
  }
  if (cur) docs.push(cur);
  return docs;
}

/**
 * The stage benches' text (bench/chunker.ts, bench/structure-stages.ts): UD English-EWT dev's
 * sentences joined by spaces, cut every `size` characters; BENCH_CONLLU=FILE picks another file.
 * Exits with status 2 and a message when the file is missing (it is in ../shared/data).
 */
export function ewtDevSlices(size = 50_000): string[] {
  const ewt = process.env.BENCH_CONLLU ?? join(shared, 'ud-english-ewt', 'en_ewt-ud-dev.conllu');
  if (!existsSync(ewt)) {
    console.error(`${ewt} is missing (it is in ../shared/data on the project machines; BENCH_CONLLU=FILE picks another)`);
    process.exit(2);
  }
  const text = readFileSync(ewt, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice(9))
    .join(' ');
  const slices: string[] = [];
  for (let i = 0; i < text.length; i += size) slices.push(text.slice(i, i + size));
  return slices;
}
