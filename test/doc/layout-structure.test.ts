import { describe, expect, it } from 'vitest';
import { headingRanges, readLayout } from '../../src/doc/layout.js';
import { splitSentences } from '../../src/doc/sentences.js';
import { tokenize } from '../../src/doc/tokenize.js';

/** The sentences the rule-only segmenter finds in text, blanks folded to one space. */
function sentences(text: string): string[] {
  const tokens = tokenize(readLayout(text).view);
  let s = 0;
  return splitSentences(text, tokens).map((e) => {
    const sentence = text.slice(tokens[s].start, tokens[e - 1].end).replace(/\s+/g, ' ');
    s = e;
    return sentence;
  });
}

describe('layout structure', () => {
  it("cuts a man page's header line into its columns", () => {
    const text = 'CP(1)                            User Commands                           CP(1)\n\nNAME\n       cp - copy files\n';
    expect(sentences(text)).toEqual(['CP(1)', 'User Commands', 'CP(1)', 'NAME', 'cp - copy files']);
  });

  it('keeps justified blanks inside indented prose', () => {
    const text = '       An  email archive and a bug   tracker are available for this package and the\n       rest of the tools in it.\n';
    expect(sentences(text)).toEqual(['An email archive and a bug tracker are available for this package and the rest of the tools in it.']);
  });

  it('reads an option row as the option and its description, which wraps under its own column', () => {
    const text =
      '       -b     like --backup but does not accept an argument and this line is long\n' +
      '              enough to wrap\n' +
      '       -d     same as --no-dereference --preserve=links\n';
    expect(sentences(text)).toEqual([
      '-b',
      'like --backup but does not accept an argument and this line is long enough to wrap',
      '-d',
      'same as --no-dereference --preserve=links',
    ]);
  });

  it('reads an option and its description on one line apart, an argument included, never into the next option', () => {
    const text = '  -a, --all                  do not ignore entries starting with .\n  -p, --port <n>             the port to listen on\n      --author               with -l, print the author of each file\n';
    expect(sentences(text)).toEqual(['-a, --all', 'do not ignore entries starting with .', '-p, --port <n>', 'the port to listen on', '--author', 'with -l, print the author of each file']);
  });

  it("reads a two-column list without dashes as terms and descriptions, a description wrapped under its column going on", () => {
    const commands = 'Commands:\n  init      create a new project\n  build     compile the project and\n            write it to dist\n  *.1       the man pages\n';
    expect(sentences(commands)).toEqual(['Commands:', 'init', 'create a new project', 'build', 'compile the project and write it to dist', '*.1', 'the man pages']);
    const unindented = 'port        the port to listen on (default 8080)\nhost        the address to bind\n';
    expect(sentences(unindented)).toEqual(['port', 'the port to listen on (default 8080)', 'host', 'the address to bind']);
  });

  it('keeps justified prose whole where two lines double a blank at the same column', () => {
    const text = '       The  program reads the whole input and then it writes the lines out\n       and  then it stops when the last of the lines has been written out.\n';
    expect(readLayout(text).blockStarts).toEqual([]);
    expect(sentences(text)).toHaveLength(1);
  });

  it('reads a dot that stands alone before a lower-case word as no full stop', () => {
    const text = '  -A, --almost-all           do not list implied . and ..\n  -B, --ignore-backups       do not list implied entries ending with ~\n';
    expect(sentences(text)).toEqual(['-A, --almost-all', 'do not list implied . and ..', '-B, --ignore-backups', 'do not list implied entries ending with ~']);
  });

  it('finds the headings: markdown, setext, man sections and subsections, never code or shouting', () => {
    const heads = (text: string): string[] => headingRanges(text).map(([a, b]) => text.slice(a, b));
    expect(heads('## Installation\n\nRun it.\n\nUsage\n=====\n\n```\n# not a heading\n```\n')).toEqual(['Installation', 'Usage']);
    expect(heads('NAME\n       ls - list directory contents\n\n   Known Bugs\n       Large repetition counts may use memory.\n')).toEqual(['NAME', 'Known Bugs']);
    expect(heads('WE WANT YOUR HELP\nPlease write to us.\n')).toEqual([]);
    expect(heads('One line, no heading')).toEqual([]);
  });

  it('gives each SYNOPSIS form its own sentence', () => {
    const text = 'SYNOPSIS\n       cp [OPTION]... [-T] SOURCE DEST\n       cp [OPTION]... SOURCE... DIRECTORY\n';
    const second = text.indexOf('\n       cp [OPTION]... SOURCE');
    expect(readLayout(text).blockStarts).toContain(second);
    // Prose lines that happen to start with the same word are still joined when wrapping explains them.
    const prose = 'The tool reads the whole input before it writes a single line of output, so\nThe first results come late.\n';
    expect(readLayout(prose).blockStarts).toEqual([]);
  });

  it('never runs a fenced code block or a table row into prose', () => {
    const text = 'Install it with npm and then require it in your code as shown in the example\n```js\nconst a = require(\'a\')\na.run()\n```\nThen it runs.\n';
    const got = sentences(text);
    expect(got).toContain("const a = require('a')");
    expect(got).toContain('a.run()');
    expect(got).toContain('Then it runs.');
    const table = '| Name | Description |\n| --- | --- |\n| a | the first |\n';
    expect(sentences(table)).toEqual(['| Name | Description |', '| --- | --- |', '| a | the first |']);
  });

  it('leaves one-line text and wrapped prose as before', () => {
    const one = 'Sentences on one line   with wide gaps stay one sentence.';
    expect(readLayout(one).blockStarts).toEqual([]);
    const wrapped = 'The quick brown fox jumps over the lazy dog and keeps on running far\naway from the farm, where the farmer sleeps until the sun is high\nabove the hills.\n';
    expect(readLayout(wrapped).blockStarts).toEqual([]);
  });
});
