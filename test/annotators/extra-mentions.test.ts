import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tweetLike, withShapeMentions } from '../../src/annotators/extra-mentions.js';
import { linkEntities, loadLinker, type Linker } from '../../src/annotators/linker.js';
import type { AnnotateContext } from '../../src/annotators/annotator.js';
import { Doc, type Mention } from '../../src/doc/doc.js';
import { tokenize } from '../../src/doc/tokenize.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';
import { parseRequest } from '../../src/request.js';

function doc(text: string): Doc {
  const tokens = tokenize(text);
  return new Doc(text, tokens, [tokens.length]);
}

/** An NER mention over the tokens whose text is `surface` (first occurrence). */
function ner(d: Doc, surface: string, label = 'ORG'): Mention {
  const at = d.text.indexOf(surface);
  let start = 0;
  while (d.start16[start] < at) start++;
  let end = start;
  while (end < d.length && d.end16[end] <= at + surface.length) end++;
  return { start, end, label, score: 0.9, source: 'ner' };
}

const shown = (d: Doc, ms: readonly Mention[]) => ms.map((m) => `${d.text.slice(d.start16[m.start], d.end16[m.end - 1])}/${m.source}`);

describe('withShapeMentions', () => {
  it('makes capitalized hashtags and @-handles of a tweet candidates, with their marker', () => {
    const d = doc('RT @nytimes: Hopefully a win for the #Padres tonight #BB11 #nowplaying http://x.co/a#Frag');
    expect(tweetLike(d.text)).toBe(true);
    expect(shown(d, withShapeMentions(d, []))).toEqual(['@nytimes/alias', '#Padres/alias', '#BB11/alias']);
  });

  it('widens an NER mention on a hashtag word to take the #, and gives a handle to the candidate', () => {
    const d = doc('#Astros lineup for tonight @Cromwell');
    const ms = withShapeMentions(d, [ner(d, 'Astros'), ner(d, 'Cromwell', 'PER')]);
    expect(shown(d, ms)).toEqual(['#Astros/ner', '@Cromwell/alias']);
    expect(ms[0].label).toBe('ORG');
  });

  it('finds names with a lower-case prefix before a capital, outside URLs and paths', () => {
    const d = doc('We run PostgreSQL on macOS and watchOS; the iPhone app syncs. See /opt/macOS/bin for eBay.');
    const ms = withShapeMentions(d, [ner(d, 'PostgreSQL', 'MISC')]);
    expect(shown(d, ms)).toEqual(['PostgreSQL/ner', 'macOS/alias', 'watchOS/alias', 'iPhone/alias', 'eBay/alias']);
  });

  it('leaves ordinary news text with the mentions it had', () => {
    const d = doc('Germany beat France 2-1 in Paris on Sunday, the No. 1 seed said. Email me@example.com or call #5.');
    const before = [ner(d, 'Germany', 'LOC'), ner(d, 'France', 'LOC'), ner(d, 'Paris', 'LOC')];
    expect(tweetLike(d.text)).toBe(false);
    expect(withShapeMentions(d, before)).toEqual(before);
  });

  it('does not read a long article with one hashtag as a tweet', () => {
    const long = `${'The committee met on Tuesday and agreed the budget for the coming year. '.repeat(20)}Follow #Budget2024 for news.`;
    expect(tweetLike(long)).toBe(false);
    const d = doc(long);
    expect(withShapeMentions(d, [])).toEqual([]);
  });
});

const kbFile = `${defaultModelsDir}kb/kb.sqlite`;

describe.skipIf(!existsSync(kbFile))('shape mentions through the linker', () => {
  let linker: Linker;
  beforeAll(async () => {
    linker = await loadLinker(fileLoader());
  });
  const ctx = (): AnnotateContext => ({
    language: 'eng',
    request: parseRequest({ text: 'x', extractors: ['entities'], 'entities.allowOverlap': false } as never),
    warn: () => {},
  });

  const linkedText = (d: Doc) => linkEntities(linker, d, ctx()).map((e) => `${d.tokens.slice(e.start, e.end).join('')}=${e.wikidataId ?? '-'}`);

  it('links a hashtag the recognizer tagged with its # in the span, as tweet annotations have it', () => {
    // A sports club links only in a sports context (the linker's rule): the tweet gives one.
    const d = doc('The #Padres beat the Giants 5-3 in baseball tonight @ohy22SD');
    d.mentions = withShapeMentions(d, [ner(d, 'Padres', 'ORG'), ner(d, 'Giants', 'ORG')]);
    expect(linkedText(d)).toEqual(['#Padres=Q721134', 'Giants=Q308966']);
  });

  it('makes no entity of a candidate the KB does not know (a handle, a made-up camel-cased word)', () => {
    const d = doc('RT @ohy22SD: the fooBar build of zzTopQux is out');
    d.mentions = withShapeMentions(d, []);
    expect(d.mentions.map((m) => m.source)).toEqual(['alias', 'alias', 'alias']);
    expect(linkedText(d)).toEqual([]);
  });

  it('keeps the entities of ordinary news text as they were', () => {
    const d = doc('Germany beat France in Paris on Sunday.');
    const before = [ner(d, 'Germany', 'LOC'), ner(d, 'France', 'LOC'), ner(d, 'Paris', 'LOC')];
    d.mentions = before;
    const plain = linkedText(d);
    d.mentions = withShapeMentions(d, before);
    expect(linkedText(d)).toEqual(plain);
    expect(plain).toContain('Paris=Q90');
  });
});
