import { describe, expect, it } from 'vitest';
import { readLayout } from '../../src/doc/layout.js';
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
