/**
 * Technical strings as single tokens (paths, URLs of any scheme, code spans), and the linear time of the
 * scans that find them and the layout's structure (column gaps, option rows, fences, literals for the
 * mention filter) on degenerate text.
 */
import { describe, expect, it } from 'vitest';
import { literalRanges } from '../../src/annotators/mention-filter.js';
import { readLayout } from '../../src/doc/layout.js';
import { splitSentences } from '../../src/doc/sentences.js';
import { tokenize } from '../../src/doc/tokenize.js';

const forms = (text: string): string[] => tokenize(text).map((t) => text.slice(t.start, t.end));

describe('technical tokens', () => {
  it('keeps file paths whole, without the punctuation after them', () => {
    expect(forms('See /etc/ca-certificates.conf and /usr/share/doc/.')).toEqual(['See', '/etc/ca-certificates.conf', 'and', '/usr/share/doc/', '.']);
    expect(forms('Edit ~/.profile, then run ./configure or ../bin/x.')).toEqual(['Edit', '~/.profile', ',', 'then', 'run', './configure', 'or', '../bin/x', '.']);
    expect(forms("see the file `doc/bashref.texi'.")).toEqual(['see', 'the', 'file', '`', 'doc/bashref.texi', "'", '.']);
  });

  it('keeps a short file extension that stands alone: "the extension .gz"', () => {
    expect(forms('replaced by one with the extension .gz, while .md files stay')).toEqual(['replaced', 'by', 'one', 'with', 'the', 'extension', '.gz', ',', 'while', '.md', 'files', 'stay']);
  });

  it('leaves slashes that are no paths as they were', () => {
    expect(forms('and/or yes/no/maybe /etc 10/23/2000 km/h')).toEqual(['and', '/', 'or', 'yes', '/', 'no', '/', 'maybe', '/', 'etc', '10/23/2000', 'km', '/', 'h']);
  });

  it('reads URLs of other schemes and code spans as one token', () => {
    expect(forms('svn checkout svn://svn.0pointer.de/avahi/trunk avahi')).toEqual(['svn', 'checkout', 'svn://svn.0pointer.de/avahi/trunk', 'avahi']);
    expect(forms('Use `cli.option` or `assert`, not ``quotes`` or `single.')).toEqual(['Use', '`cli.option`', 'or', '`assert`', ',', 'not', '``', 'quotes', '``', 'or', '`', 'single', '.']);
  });
});

const SEGMENT_N = 50_000;
const LIMIT_MS = 1_500;
const run = (unit: string, n: number): string => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

/** CPU milliseconds of work(text): other processes on the machine do not count. */
function millis(work: (text: string) => unknown, text: string): number {
  const t0 = process.cpuUsage();
  work(text);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

function segment(text: string): void {
  const layout = readLayout(text);
  const tokens = tokenize(layout.view);
  splitSentences(text, tokens);
  literalRanges(text);
}

const CLASSES: Array<[string, (n: number) => string]> = [
  ['slashes', (n) => run('/', n)],
  ['a rooted path that never ends', (n) => run('/a', n)],
  ['one-slash words', (n) => run('/a.', n)],
  ['relative path parts', (n) => run('a/', n)],
  ['brackets before path parts', (n) => run('(a/', n)],
  ['tildes and dots', (n) => run('~./', n)],
  ['colons and slashes', (n) => run('a://', n)],
  ['backticks', (n) => run('`a', n)],
  ['doubled backticks', (n) => run('``', n)],
  ['an address local part', (n) => run('a-', n) + '@!'],
  ['flags', (n) => run('--a', n)],
  ['a column gap line', (n) => run('a    ', n)],
  ['option rows', (n) => run(' -a  b\n', n)],
  ['fences', (n) => run('```\n', n)],
  ['pipes', (n) => run('|\n', n)],
];

describe('degenerate technical text', () => {
  it.each(CLASSES)('is segmented in linear time: %s', (_name, make) => {
    const small = make(SEGMENT_N);
    const large = make(2 * SEGMENT_N);
    let a = millis(segment, small);
    expect(a, `${small.length} characters: ${a.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    let b = Infinity;
    for (let round = 0; round < 5; round++) {
      if (round > 0) a = Math.min(a, millis(segment, small));
      b = Math.min(b, millis(segment, large));
      if (b < 3 * a + 10) break;
    }
    expect(b, `${small.length} characters: ${a.toFixed(0)} ms, ${large.length}: ${b.toFixed(0)} ms`).toBeLessThan(3 * a + 10);
  });
});
