/**
 * The official Python client, TextRazor/textrazor-python, file textrazor.py
 * (read, not copied): `TextRazor._build_post_data` always sends `rules`,
 * `extractors` (comma-joined), `cleanupHTML` (True/False) and `classifiers`
 * (comma-joined, empty when unused), then one field per list item for
 * entities.dictionaries / filterDbpediaTypes / filterFreebaseTypes /
 * enrichmentQueries, then the options that were set, then `text`; all through
 * urllib's urlencode. `TextRazorConnection.do_request` sends X-TextRazor-Key,
 * Accept-Encoding: gzip, and for bodies over 50 bytes zlib.compress()es the
 * body and labels it Content-Encoding: gzip; urllib adds the form
 * Content-Type. The endpoint is set with `client.set_endpoint(...)` (plus
 * `set_do_encryption(False)`, or `set_secure_endpoint(...)`).
 *
 * Fields its classes read (`proxy_response_json` names): Entity id, entityId,
 * entityEnglishId, freebaseId, wikidataId, wikiLink, matchedText, startingPos,
 * endingPos, matchingTokens, freebaseTypes, type, relevanceScore,
 * confidenceScore, data (and customEntityId, crunchbaseId, lei, figi, permid:
 * not produced here); Word position, parentPosition, relationToParent, stem,
 * lemma, token, partOfSpeech, startingPos, endingPos, senses; Topic id, label,
 * wikiLink, wikidataId, score; the response's ok, error, message, time and
 * response.{language, cleanedText, rawText, sentences, entities, …};
 * Account plan, concurrentRequestLimit, concurrentRequestsUsed,
 * planDailyRequestsIncluded, requestsUsedToday.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KEY,
  TEXT,
  clientApp,
  entitiesOf,
  expectDocumentWidePositions,
  expectEntityTokensLinkToTheirWords,
  expectFields,
  flatWords,
  payloadOf,
  pythonUrlencode,
  send,
  sentencesOf,
} from './harness.js';

const app = clientApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

/** What `do_request("", urlencode(post_data), method="POST")` puts on the wire. */
function pythonRequest(path: string, postData: string | undefined, method: string): Request {
  const headers: Record<string, string> = { 'X-TextRazor-Key': KEY, 'Accept-Encoding': 'gzip' };
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (postData) {
    body = new TextEncoder().encode(postData);
    headers['Content-Type'] = 'application/x-www-form-urlencoded'; // urllib's default for a POST with data
    if (body.length > 50) {
      body = new Uint8Array(deflateSync(body)); // zlib.compress: a zlib stream (not gzip), labelled gzip
      headers['Content-Encoding'] = 'gzip';
    }
  }
  return new Request(ENDPOINT + path, { method, headers, body });
}

/** `_build_post_data()` + text, for a client created with `extractors` and nothing else set. */
function defaultPostData(extractors: string[], text: string): Array<[string, string | boolean]> {
  return [
    ['rules', ''],
    ['extractors', extractors.join(',')],
    ['cleanupHTML', false],
    ['classifiers', ''],
    ['text', text],
  ];
}

describe('textrazor-python against textlens serve', () => {
  it('analyzes with the fields it always sends (empty rules and classifiers, cleanupHTML=False), zlib body, gzip reply', async () => {
    const r = await send(app, pythonRequest('', pythonUrlencode(defaultPostData(['entities', 'words', 'dependency-trees'], TEXT)), 'POST'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(r.json).toMatchObject({ ok: true, error: '' });
    expect(r.json.message).toBe(''); // empty classifiers is "unused", not worth a note
    expect(typeof r.json.time).toBe('number');
    const payload = payloadOf(r);
    expect(payload.language).toBe('eng');
    // summary(): len(json["response"]["sentences"])
    expect(sentencesOf(r)).toHaveLength(2);

    for (const w of flatWords(r)) {
      expectFields(w, ['position', 'stem', 'lemma', 'token', 'partOfSpeech', 'startingPos', 'endingPos'], 'word');
    }
    // A non-root word has its parent; the root has none (parent_position None).
    const sentence2 = sentencesOf(r)[1].words;
    expect(sentence2.filter((w) => w.parentPosition === undefined).length).toBeGreaterThanOrEqual(1);
    expect(sentence2.some((w) => typeof w.parentPosition === 'number' && typeof w.relationToParent === 'string')).toBe(true);

    const entities = entitiesOf(r);
    for (const e of entities) {
      expectFields(e, ['id', 'matchedText', 'startingPos', 'endingPos', 'matchingTokens', 'freebaseTypes', 'type', 'relevanceScore', 'confidenceScore', 'data'], 'entity');
      // Pantheon people are linked by title and have no QID in the KB: wikidataId is None there, as the spec allows.
      if (e.entityId !== undefined) expectFields(e, ['entityEnglishId', 'wikiLink'], `entity ${String(e.entityId)}`);
      if (e.kbTwoId !== undefined) expect(e.freebaseId).toBe(e.kbTwoId);
      expect(e.freebaseTypes).toEqual(e.kbTwoTypes);
      expect(e.wikiLink).toBe(e.encyclopediaLink);
    }
    const london = entities.find((e) => e.entityId === 'London');
    expect(london?.wikiLink).toBe('https://en.wikipedia.org/wiki/London');
    expect(london?.freebaseId).toMatch(/^\/m\//);
    expect(london?.freebaseTypes).toContain('/location/location');

    // The link index keyed by ("word", position) across all sentences.
    expectDocumentWidePositions(r);
    expectEntityTokensLinkToTheirWords(r);
  });

  it('accepts every option it can send, reporting the hosted-only ones in message', async () => {
    const post: Array<[string, string | boolean]> = [
      ['rules', ''],
      ['extractors', 'entities,words'],
      ['cleanupHTML', false],
      ['classifiers', 'textlens_mediatopics'],
      ['entities.dictionaries', 'my_people'],
      ['entities.dictionaries', 'my_places'],
      ['entities.filterDbpediaTypes', 'Place'],
      ['entities.filterDbpediaTypes', 'Person'],
      ['entities.enrichmentQueries', 'wikidata:P625'],
      ['entities.allowOverlap', false],
      ['languageOverride', 'eng'],
      ['cleanup.mode', 'raw'],
      ['cleanup.returnCleaned', true],
      ['cleanup.returnRaw', true],
      ['cleanup.useMetadata', true],
      ['download.userAgent', 'my app/1.0'],
      ['classifier.maxCategories', '5'],
      ['text', TEXT],
    ];
    const r = await send(app, pythonRequest('', pythonUrlencode(post), 'POST'));
    expect(r.status).toBe(200);
    // classifiers and classifier.maxCategories are implemented: at most 5 categories come back.
    const categories = payloadOf(r).categories as unknown[];
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.length).toBeLessThanOrEqual(5);
    // entities.dictionaries is implemented: the two dictionaries registered with the app apply.
    expect(entitiesOf(r).some((e) => e.customEntityId === 'merkel')).toBe(true);
    expect(payloadOf(r).cleanedText).toBe(TEXT);
    expect(payloadOf(r).rawText).toBe(TEXT);
    const types = entitiesOf(r).map((e) => e.type as string[]);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t.includes('Place') || t.includes('Person'))).toBe(true);
    // data: {query: [strings]} — coordinates arrive as their JSON text.
    const paris = entitiesOf(r).find((e) => e.entityId === 'Paris');
    expect((paris?.data as Record<string, string[]>)['wikidata:P625'][0]).toMatch(/"lat":48\.8/);
  });

  it('sends a short body (50 bytes or less) uncompressed, and astral characters count as one position', async () => {
    const text = 'I 😀 Paris.';
    const body = pythonUrlencode([['extractors', 'words'], ['text', text]]);
    expect(body.length).toBeLessThanOrEqual(50);
    const r = await send(app, pythonRequest('', body, 'POST'));
    expect(r.status).toBe(200);
    const paris = flatWords(r).find((w) => w.token === 'Paris');
    expect(paris?.startingPos).toBe(4); // code points, as the Python client documents
  });

  it('gets its account from GET account/ without counting it as a request', async () => {
    const before = await send(app, pythonRequest('account/', undefined, 'GET'));
    expect(before.status).toBe(200);
    expect(before.json.ok).toBe(true);
    const account = before.json.response as Record<string, unknown>;
    expect(account).toEqual({
      plan: 'textlens',
      concurrentRequestLimit: 4,
      concurrentRequestsUsed: 0,
      planDailyRequestsIncluded: 1000,
      requestsUsedToday: expect.any(Number),
    });
    const again = await send(app, pythonRequest('account/', undefined, 'GET'));
    expect((again.json.response as Record<string, unknown>).requestsUsedToday).toBe(account.requestsUsedToday);
  });

  it('still refuses a parameter nobody defines, naming it', async () => {
    const r = await send(app, pythonRequest('', pythonUrlencode([...defaultPostData(['words'], 'Hi there.'), ['classifier', 'x']]), 'POST'));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/unknown parameter 'classifier'/);
  });
});
