import { describe, expect, it } from 'vitest';
import { literalRanges, nameMentions } from '../../src/annotators/mention-filter.js';
import { Doc, type Mention } from '../../src/doc/doc.js';
import { codeBlockRanges } from '../../src/doc/layout.js';
import { tokenize } from '../../src/doc/tokenize.js';

function doc(text: string): Doc {
  const tokens = tokenize(text);
  return new Doc(text, tokens, [tokens.length]);
}

/** A mention over the tokens whose text is `surface` (first occurrence). */
function mention(d: Doc, surface: string): Mention {
  const at = d.text.indexOf(surface);
  let start = 0;
  while (d.start16[start] < at) start++;
  let end = start;
  while (end < d.length && d.end16[end] <= at + surface.length) end++;
  return { start, end, label: 'ORG', score: 0.9, source: 'ner' };
}

const texts = (d: Doc, ms: Mention[]): string[] => ms.map((m) => d.text.slice(d.start16[m.start], d.end16[m.end - 1]));

describe('nameMentions', () => {
  it('drops mentions on URLs, e-mail addresses, paths, code spans and flags, and trims markup', () => {
    const d = doc('GNU coreutils help: <https://www.gnu.org/software/coreutils/> or bug-grep@gnu.org, see /etc/apt/sources.list and `Linux` with --all for Debian >');
    const ms = ['https://www.gnu.org/software/coreutils/>', 'bug-grep@gnu.org', '/etc/apt/sources.list', 'Linux', '--all', 'Debian >', 'GNU'].map((s) => mention(d, s));
    expect(texts(d, nameMentions(d, ms))).toEqual(['Debian', 'GNU']);
  });

  it('drops mentions on shell and make assignments and on variables, and leaves equations with blanks alone', () => {
    const d = doc('Build it with\n\tCC=cc CFLAGS=-O2 ./configure --prefix=$HOME\nor set ${PREFIX} first; Debian ships it.');
    const ms = ['CC', 'CFLAGS', 'HOME', 'PREFIX', 'Debian'].map((s) => mention(d, s));
    expect(texts(d, nameMentions(d, ms))).toEqual(['Debian']);
    expect(literalRanges('Build it with CC=cc now').map(([a, b]) => 'Build it with CC=cc now'.slice(a, b))).toEqual(['CC=cc']);
    // Prose with an equals sign between blanks, and comparisons, are no assignments.
    expect(literalRanges('Paris = France, and a == b in C')).toEqual([]);
  });

  it("reads a retweet's RT before the handle it quotes as markup, and RT elsewhere as a word", () => {
    const cut = (t: string) => literalRanges(t).map(([a, b]) => t.slice(a, b));
    expect(cut('RT @BBCNews: Floods in Leeds')).toEqual(['RT']);
    expect(cut('lol RT@nasa launch today')).toEqual(['RT']);
    // The network, an "RT" inside a word, and one with no handle after it stay.
    expect(cut('RT reported the launch; ART @home')).toEqual([]);
    const d = doc('RT @BBCNews: RT says the BBC is wrong');
    const network = mention(d, 'RT says');
    const ms = [mention(d, 'RT'), { ...network, end: network.start + 1 }];
    expect(texts(d, nameMentions(d, ms))).toEqual(['RT']);
    expect(nameMentions(d, ms)[0].start).toBe(ms[1].start);
  });

  it('drops mentions inside fenced code blocks, and keeps those around them', () => {
    const d = doc("Apple makes phones.\n\n```ts\ntype Apple = {name: 'Apple'}\n```\n\nAsk Google.\n~~~\nGoogle.search()\n");
    const at = (s: string, from = 0) => {
      const m = mention(d, s);
      let start = m.start;
      while (d.start16[start] < d.text.indexOf(s, from)) start++;
      return { ...m, start, end: start + 1 };
    };
    const ms = [at('Apple'), at('Apple', 25), at('Apple', 40), at('Google'), at('Google', d.text.indexOf('~~~'))];
    expect(texts(d, ms)).toEqual(['Apple', 'Apple', 'Apple', 'Google', 'Google']);
    expect(nameMentions(d, ms).map((m) => d.start16[m.start])).toEqual([0, d.text.indexOf('Google')]);
  });

  it('finds fenced code blocks, fences included, a block left open running to the end', () => {
    const text = 'Intro\n```\na = 1\n\nb = 2\n```\nMiddle\n~~~js\nopen';
    expect(codeBlockRanges(text).map(([a, b]) => text.slice(a, b))).toEqual(['```\na = 1\n\nb = 2\n```', '~~~js\nopen']);
    expect(codeBlockRanges('No fences here, only ``quotes``.')).toEqual([]);
  });

  it('drops a mention across a column gap and one that is only punctuation', () => {
    const d = doc('CHMOD(1)      User Commands                        CHMOD(1) | Free Software Foundation');
    const ms = ['User Commands                        CHMOD', '|', 'Free Software Foundation'].map((s) => mention(d, s));
    expect(texts(d, nameMentions(d, ms))).toEqual(['Free Software Foundation']);
  });

  it('keeps names in ordinary prose, hyphenated words included', () => {
    const d = doc('Barack Obama met the well-known New\nYork team.');
    const ms = ['Barack Obama', 'New\nYork'].map((s) => mention(d, s));
    expect(texts(d, nameMentions(d, ms))).toEqual(['Barack Obama', 'New\nYork']);
    expect(literalRanges(d.text)).toEqual([]);
    const quoted = doc("``I agree,'' said ``Bob'' Smith.");
    expect(literalRanges(quoted.text)).toEqual([]);
  });

  it("hands a heading's mentions on as candidates for the linker, unless the running text names them too", () => {
    const d = doc('## Installation\n\nInstall it with npm.\n\n## Express\n\nExpress is a web framework for Node.js.\n');
    const ms = [mention(d, 'Installation'), mention(d, 'Express'), { ...mention(d, 'Express is'), end: mention(d, 'Express is').start + 1 }];
    const kept = nameMentions(d, ms);
    expect(kept.map((m) => [texts(d, [m])[0], m.source])).toEqual([
      ['Installation', 'alias'],
      ['Express', 'ner'],
      ['Express', 'ner'],
    ]);
  });

  it("drops a heading's one word that the running text writes in lower case: the common word, not a name", () => {
    const d = doc('### Building\n\nRun npm run build before building the docs.\n\n## Enterprise support\n\nAsk Tidelift.\n');
    const ms = [mention(d, 'Building'), mention(d, 'Enterprise')];
    // "building" is in the text in lower case; "enterprise" is not, so that heading word stays a candidate.
    expect(nameMentions(d, ms).map((m) => [texts(d, [m])[0], m.source])).toEqual([['Enterprise', 'alias']]);
  });

  it("drops a man page's section heading in capitals, and makes its subsection headings candidates", () => {
    const d = doc('NAME\n       grep - print lines that match patterns\n\nSEE ALSO\n   Known Bugs\n       Large counts may need memory, says the GNU Project.\n');
    const ms = ['NAME', 'SEE ALSO', 'Known Bugs', 'GNU Project'].map((s) => mention(d, s));
    expect(nameMentions(d, ms).map((m) => [texts(d, [m])[0], m.source])).toEqual([
      ['Known Bugs', 'alias'],
      ['GNU Project', 'ner'],
    ]);
  });

  it('finds literals in linear time on adversarial input', () => {
    const text = '`a '.repeat(40_000) + '-'.repeat(50_000) + '/a'.repeat(40_000) + 'a@'.repeat(40_000);
    const t0 = performance.now();
    literalRanges(text);
    expect(performance.now() - t0).toBeLessThan(1500);
  });
});
