/**
 * The hosted-API response shape (src/http/client-compat.ts) on hand-built
 * responses: aliases, document-wide positions for every annotation list that
 * carries word positions (including lists other branches will add), entity
 * data as string lists, and the cases it must leave alone.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/http/analysis-runner.js';
import { createApp } from '../../src/http/app.js';
import { shapeResponse, toHostedShape } from '../../src/http/client-compat.js';
import { SENTENCE_STARTS, type AnalysisPayload, type AnalyzeResponse } from '../../src/types.js';

type Loose = Record<string, unknown>;

/** Two sentences: "Ann met Bob ." (words 0-3) and "They left ." (words 4-6). */
function twoSentenceResponse(extra: Loose = {}): AnalyzeResponse {
  const payload = {
    language: 'eng',
    languageIsReliable: true,
    sentences: [
      {
        position: 0,
        words: [
          { position: 0, startingPos: 0, endingPos: 3, token: 'Ann', parentPosition: 1, relationToParent: 'nsubj' },
          { position: 1, startingPos: 4, endingPos: 7, token: 'met' },
          { position: 2, startingPos: 8, endingPos: 11, token: 'Bob', parentPosition: 1, relationToParent: 'dobj' },
          { position: 3, startingPos: 11, endingPos: 12, token: '.', parentPosition: 1, relationToParent: 'punct' },
        ],
      },
      {
        position: 1,
        words: [
          { position: 0, startingPos: 13, endingPos: 17, token: 'They', parentPosition: 1, relationToParent: 'nsubj' },
          { position: 1, startingPos: 18, endingPos: 22, token: 'left' },
          { position: 2, startingPos: 22, endingPos: 23, token: '.', parentPosition: 1, relationToParent: 'punct' },
        ],
      },
    ],
    ...extra,
  } as unknown as AnalysisPayload;
  Object.defineProperty(payload, SENTENCE_STARTS, { value: [0, 4] });
  return { time: 0.01, ok: true, error: '', message: '', response: payload };
}

const payloadOf = (r: AnalyzeResponse) => r.response as unknown as Loose;
const list = (r: AnalyzeResponse, name: string) => payloadOf(r)[name] as Loose[];

describe('toHostedShape: word positions', () => {
  it('numbers words and parents across the document, keeping parents inside their sentence', () => {
    const r = toHostedShape(twoSentenceResponse());
    const words = r.response!.sentences!.flatMap((s) => s.words);
    expect(words.map((w) => w.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(words.map((w) => w.parentPosition)).toEqual([1, undefined, 1, 1, 5, undefined, 5]);
    expect(r.message).toBe('');
  });

  it('shifts matchingTokens, wordPositions, propertyPositions and relation params by their sentence', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        entities: [
          { id: 0, sentencePosition: 0, matchingTokens: [2] },
          { id: 1, sentencePosition: 1, matchingTokens: [0] },
        ],
        nounPhrases: [{ id: 0, sentencePosition: 1, wordPositions: [0] }],
        entailments: [{ id: 0, sentencePosition: 1, wordPositions: [1] }],
        properties: [{ id: 0, sentencePosition: 1, wordPositions: [1], propertyPositions: [0] }],
        relations: [{ id: 0, sentencePosition: 1, wordPositions: [1], params: [{ relation: 'SUBJECT', wordPositions: [0] }] }],
      }),
    );
    expect(list(r, 'entities').map((e) => e.matchingTokens)).toEqual([[2], [4]]);
    expect(list(r, 'nounPhrases')[0].wordPositions).toEqual([4]);
    expect(list(r, 'entailments')[0].wordPositions).toEqual([5]);
    expect(list(r, 'properties')[0]).toMatchObject({ wordPositions: [5], propertyPositions: [4] });
    expect(list(r, 'relations')[0]).toMatchObject({ wordPositions: [5], params: [{ wordPositions: [4] }] });
  });

  it('leaves a list whose items name no sentence as it is, and says so in message and warnings', () => {
    const r = twoSentenceResponse({ nounPhrases: [{ id: 0, wordPositions: [0, 1] }] });
    r.message = 'Earlier note.';
    toHostedShape(r);
    expect(list(r, 'nounPhrases')[0].wordPositions).toEqual([0, 1]);
    expect(r.message).toMatch(/^Earlier note\. Word positions in 'nounPhrases' are within their sentence/);
    expect(r.warnings).toEqual([{ code: 'positions-in-sentence', message: expect.stringMatching(/^Word positions in 'nounPhrases' are within their sentence/) }]);
  });

  it('needs no sentence to place items of a one-sentence text', () => {
    const r: AnalyzeResponse = {
      time: 0,
      ok: true,
      error: '',
      message: '',
      response: { language: 'eng', languageIsReliable: true, nounPhrases: [{ wordPositions: [1, 2] }] } as unknown as AnalysisPayload,
    };
    Object.defineProperty(r.response, SENTENCE_STARTS, { value: [0] });
    toHostedShape(r);
    expect(list(r, 'nounPhrases')[0].wordPositions).toEqual([1, 2]);
    expect(r.message).toBe('');
  });

  it('shifts entities even when the response has no sentences (entities without words)', () => {
    const r = twoSentenceResponse({ entities: [{ id: 0, sentencePosition: 1, matchingTokens: [1, 2] }] });
    delete (r.response as Partial<AnalysisPayload>).sentences;
    toHostedShape(r);
    expect(list(r, 'entities')[0].matchingTokens).toEqual([5, 6]);
  });

  it('leaves positions alone without the sentence starts (a payload not built by response.ts)', () => {
    const r = twoSentenceResponse({ entities: [{ id: 0, sentencePosition: 1, matchingTokens: [1] }] });
    const bare = { ...r, response: { ...r.response! } }; // a spread drops the non-enumerable starts
    toHostedShape(bare);
    expect(list(bare, 'entities')[0].matchingTokens).toEqual([1]);
  });
});

describe('toHostedShape: names and data', () => {
  it('adds wikiLink, freebaseId and freebaseTypes beside the spec names, only where the spec field has a value', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        entities: [
          { id: 0, sentencePosition: 0, matchingTokens: [0], kbTwoTypes: ['/people/person'], kbTwoId: '/m/1', encyclopediaLink: 'https://en.wikipedia.org/wiki/Ann' },
          { id: 1, sentencePosition: 0, matchingTokens: [2], kbTwoTypes: [] },
        ],
      }),
    );
    const [linked, unlinked] = list(r, 'entities');
    expect(linked).toMatchObject({
      wikiLink: 'https://en.wikipedia.org/wiki/Ann',
      encyclopediaLink: 'https://en.wikipedia.org/wiki/Ann',
      freebaseId: '/m/1',
      kbTwoId: '/m/1',
      freebaseTypes: ['/people/person'],
    });
    expect(unlinked.freebaseTypes).toEqual([]);
  });

  it('gives every entity every field the clients dereference: titles with spaces, an unlinked mention named by its text', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        entities: [
          { id: 0, sentencePosition: 0, matchingTokens: [0], matchedText: 'Apple', entityId: 'Apple_Inc.', entityEnglishId: 'Apple_Inc.', wikidataId: 'Q312', type: ['Company'], kbTwoTypes: [] },
          { id: 1, sentencePosition: 0, matchingTokens: [2], matchedText: 'Bob', type: ['Person'], kbTwoTypes: [] },
        ],
      }),
    );
    const [linked, unlinked] = list(r, 'entities');
    expect(linked).toMatchObject({ entityId: 'Apple Inc.', entityEnglishId: 'Apple Inc.', wikidataId: 'Q312', wikiLink: '', freebaseId: '' });
    expect(unlinked).toMatchObject({ entityId: 'Bob', entityEnglishId: '', wikiLink: '', wikidataId: '', freebaseId: '', type: ['Person'], freebaseTypes: [] });
    // The spec shape keeps None as absent.
    const spec = shapeResponse(twoSentenceResponse({ entities: [{ id: 1, sentencePosition: 0, matchingTokens: [2], matchedText: 'Bob', type: [], kbTwoTypes: [] }] }), 'spec');
    expect('entityId' in list(spec, 'entities')[0]).toBe(false);
  });

  it('aliases topics and coarse topics, and never overwrites a hosted name already there', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        topics: [{ id: '0', label: 'Meeting', score: 0.9, encyclopediaLink: 'https://en.wikipedia.org/wiki/Meeting' }],
        coarseTopics: [{ id: '0', label: 'Society', score: 0.5, encyclopediaLink: 'https://x/spec', wikiLink: 'https://x/own' }],
      }),
    );
    expect(list(r, 'topics')[0].wikiLink).toBe('https://en.wikipedia.org/wiki/Meeting');
    expect(list(r, 'coarseTopics')[0].wikiLink).toBe('https://x/own');
  });

  it("turns digit-string ids into numbers (Java's int id); a topic named by a code gets its index, the code stays in its field", () => {
    const r = toHostedShape(
      twoSentenceResponse({
        topics: [{ id: '0', label: 'a' }, { id: '12', label: 'b' }, { id: 'medtop:04000000', label: 'economy', mediaTopicId: 'medtop:04000000' }],
        coarseTopics: [{ id: 'Q11410', label: 'game', wikidataId: 'Q11410' }],
        relations: [{ id: 'r-1', wordPositions: [] }],
      }),
    );
    expect(list(r, 'topics').map((t) => t.id)).toEqual([0, 12, 2]);
    expect(list(r, 'topics')[2].mediaTopicId).toBe('medtop:04000000');
    expect(list(r, 'coarseTopics')[0]).toMatchObject({ id: 0, wikidataId: 'Q11410' });
    expect(list(r, 'relations')[0].id).toBe('r-1');
  });

  it('gives the rules as customAnnotations, one per solution, one content per argument', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        matchingRules: [
          { name: 'person', arity: 2, bindings: [['Ann', 0], ['Bob', 2.5]] },
          { name: 'pair', arity: 1, bindings: [[['x', 1, null]]] },
          { name: 'none', arity: 1, bindings: [] },
        ],
      }),
    );
    const annotations = payloadOf(r).customAnnotations as Loose[];
    expect(annotations.map((a) => a.name)).toEqual(['person', 'person', 'pair']);
    expect(annotations[0].contents).toEqual([
      { key: 'arg1', links: [], intValue: [], floatValue: [], stringValue: ['Ann'] },
      { key: 'arg2', links: [], intValue: [0], floatValue: [], stringValue: [] },
    ]);
    expect((annotations[1].contents as Loose[])[1]).toMatchObject({ floatValue: [2.5] });
    expect((annotations[2].contents as Loose[])[0]).toMatchObject({ intValue: [1], stringValue: ['x'] });
    expect(payloadOf(r).matchingRules).toHaveLength(3);
    expect('customAnnotations' in payloadOf(toHostedShape(twoSentenceResponse()))).toBe(false);
  });

  it("gives topics wikiLink and wikidataId, and, when senses were asked for, every word a senses list", () => {
    const withSenses = twoSentenceResponse({ topics: [{ id: 'medtop:1', label: 'x', score: 1 }], coarseTopics: [{ id: 'medtop:2', label: 'y', score: 1, wikidataId: 'Q1' }] });
    (withSenses.response!.sentences![0]!.words[1] as unknown as Loose).senses = [{ synset: 'meet.v.01', score: 1 }];
    const r = toHostedShape(withSenses);
    expect(list(r, 'topics')[0]).toMatchObject({ wikiLink: '', wikidataId: '' });
    expect(list(r, 'coarseTopics')[0]).toMatchObject({ wikiLink: '', wikidataId: 'Q1' });
    const words = r.response!.sentences!.flatMap((s) => s.words) as unknown as Loose[];
    expect(words.map((w) => (w.senses as unknown[]).length)).toEqual([0, 1, 0, 0, 0, 0, 0]);
    const without = toHostedShape(twoSentenceResponse());
    expect(without.response!.sentences!.flatMap((s) => s.words).some((w) => 'senses' in w)).toBe(false);
  });

  it('numbers entailments, which the spec gives no id', () => {
    const r = toHostedShape(twoSentenceResponse({ entailments: [{ sentencePosition: 0, wordPositions: [1] }, { sentencePosition: 1, wordPositions: [1] }] }));
    expect(list(r, 'entailments').map((e) => e.id)).toEqual([0, 1]);
  });

  it('turns entity data into lists of strings', () => {
    const r = toHostedShape(
      twoSentenceResponse({
        entities: [
          {
            id: 0,
            sentencePosition: 0,
            matchingTokens: [0],
            data: { 'wikidata:P625': { lat: 1.5, lon: -2 }, 'wikidata:P1082': 2145906, label: 'Ann', aliases: ['A', 'Annie'] },
          },
        ],
      }),
    );
    expect(list(r, 'entities')[0].data).toEqual({
      'wikidata:P625': ['{"lat":1.5,"lon":-2}'],
      'wikidata:P1082': ['2145906'],
      label: ['Ann'],
      aliases: ['A', 'Annie'],
    });
  });
});

describe('shapeResponse', () => {
  it("'spec' returns the response untouched", () => {
    const r = twoSentenceResponse({ entities: [{ id: 0, sentencePosition: 1, matchingTokens: [0], kbTwoId: '/m/1' }] });
    const before = JSON.stringify(r);
    expect(JSON.stringify(shapeResponse(r, 'spec'))).toBe(before);
  });

  it('leaves an error envelope and an empty document alone', () => {
    const err: AnalyzeResponse = { time: 0, ok: false, error: 'bad', message: '' };
    expect(shapeResponse(err, 'hosted')).toEqual({ time: 0, ok: false, error: 'bad', message: '' });
    const empty: AnalyzeResponse = { time: 0, ok: true, error: '', message: '', response: { language: 'eng', languageIsReliable: false, sentences: [] } };
    Object.defineProperty(empty.response, SENTENCE_STARTS, { value: [] });
    expect(shapeResponse(empty, 'hosted').response).toEqual({ language: 'eng', languageIsReliable: false, sentences: [] });
  });

  it('handles a very long document in one linear pass', () => {
    const words = Array.from({ length: 50 }, (_, i) => ({ position: i, startingPos: i, endingPos: i + 1, token: 'w', parentPosition: i === 0 ? undefined : 0 }));
    const sentences = Array.from({ length: 2000 }, (_, s) => ({ position: s, words: words.map((w) => ({ ...w })) }));
    const r: AnalyzeResponse = { time: 0, ok: true, error: '', message: '', response: { language: 'eng', languageIsReliable: true, sentences } as AnalysisPayload };
    Object.defineProperty(r.response, SENTENCE_STARTS, { value: sentences.map((_, s) => s * 50) });
    toHostedShape(r);
    const last = r.response!.sentences![1999].words;
    expect(last[49].position).toBe(99_999);
    expect(last[49].parentPosition).toBe(99_950);
  });
});

describe('the switch in the app', () => {
  const runner = createInProcessRunner();
  const hosted = createApp({ auth: false, runner });
  const spec = createApp({ auth: false, runner, responseShape: 'spec' });
  afterAll(() => runner.close());
  const ask = async (app: typeof hosted) => {
    const body = new URLSearchParams({ extractors: 'entities,words', text: 'We met in Berlin. Paris is far from London.' });
    const res = await app.fetch(new Request('http://x/', { method: 'POST', body }));
    expect(res.status).toBe(200);
    return (await res.json()) as AnalyzeResponse;
  };

  it("defaults to the hosted shape; responseShape: 'spec' gives exactly the spec's JSON", async () => {
    const h = await ask(hosted);
    const s = await ask(spec);
    const second = (r: AnalyzeResponse) => r.response!.sentences![1].words[0];
    expect(second(h)).toMatchObject({ token: 'Paris', position: 5 });
    expect(second(s)).toMatchObject({ token: 'Paris', position: 0 });
    const london = (r: AnalyzeResponse) => (r.response!.entities as unknown as Loose[]).find((e) => e.matchedText === 'London')!;
    expect(london(h)).toMatchObject({ matchingTokens: [9], wikiLink: london(h).encyclopediaLink });
    expect(london(s).matchingTokens).toEqual([4]);
    expect(Object.keys(london(s)).filter((k) => ['wikiLink', 'freebaseId', 'freebaseTypes'].includes(k))).toEqual([]);
  });
});
