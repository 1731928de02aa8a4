/**
 * The official Java client, TextRazor/textrazor-java (read, not copied):
 * src/com/textrazor/TextRazor.java `generatePOSTBody` adds, through
 * net/QueryBuilder.java, cleanupHTML, cleanup.mode, cleanup.returnRaw,
 * cleanup.returnCleaned, cleanup.useMetadata, download.userAgent, extractors,
 * entities.filterDbpediaTypes, entities.filterFreebaseTypes,
 * entities.dictionaries, entities.allowOverlap, entities.enrichmentQueries,
 * languageOverride, classifiers, classifier.maxCategories, rules and then text
 * — one `name=value` per list item (repeated fields), booleans as
 * "true"/"false", and nothing at all for a null or empty value; URLEncoder
 * encoding. net/TextRazorConnection.java `sendRequest` sends Content-Type
 * application/x-www-form-urlencoded (application/json for the managers'
 * calls, GET included), X-TextRazor-Key, Accept-Encoding: "gzip, deflate",
 * and reads a gzip or raw-deflate reply. Endpoint: setTextrazorEndpoint(...)
 * with setDoEncryption(false), or setSecureTextrazorEndpoint(...).
 *
 * Its Jackson classes read: AnalyzedText time, response; Response sentences,
 * entities, topics, coarseTopics, relations, entailments, nounPhrases,
 * properties, customAnnotations, customAnnotationOutput, language,
 * languageIsReliable, cleanedText, rawText; Sentence position, words; Word
 * position, startingPos, endingPos, stem, lemma, token, partOfSpeech,
 * parentPosition, relationToParent, senses; Entity id (int), entityId,
 * entityEnglishId, freebaseId, wikiLink, wikidataId, matchedText, startingPos,
 * endingPos, matchingTokens, freebaseTypes, type, relevanceScore,
 * confidenceScore, data (Map<String, List<String>>; customEntityId, sourceId,
 * crunchbaseId, figi, permid, lei not produced here); Topic id, label,
 * wikiLink, wikidataId, score; account/model/Account.java plan,
 * concurrentRequestLimit, concurrentRequestsUsed, planDailyRequestsIncluded,
 * requestsUsedToday. Links are made through ONE list of all words:
 * `response.getWords().get(parentPosition)` and `.get(matchingToken)`.
 */
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
  javaUrlEncode,
  payloadOf,
  send,
  sentencesOf,
} from './harness.js';

const app = clientApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

/** QueryBuilder.addParam: skips null and empty values; a list adds one pair per item. */
function queryBuilder(params: ReadonlyArray<readonly [string, string | boolean | null | string[]]>): string {
  const parts: string[] = [];
  const add = (name: string, value: string) => {
    if (value !== '') parts.push(`${javaUrlEncode(name)}=${javaUrlEncode(value)}`);
  };
  for (const [name, value] of params) {
    if (value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => add(name, v));
    else add(name, typeof value === 'boolean' ? String(value) : value);
  }
  return parts.join('&');
}

/** TextRazor with its field defaults (cleanupHTML false, returnRaw/Cleaned false, useMetadata true, allowOverlap true). */
function javaBody(extractors: string[], text: string, set: { dictionaries?: string[]; classifiers?: string[] } = {}): string {
  return queryBuilder([
    ['cleanupHTML', false],
    ['cleanup.mode', null],
    ['cleanup.returnRaw', false],
    ['cleanup.returnCleaned', false],
    ['cleanup.useMetadata', true],
    ['download.userAgent', null],
    ['extractors', extractors],
    ['entities.filterDbpediaTypes', []],
    ['entities.filterFreebaseTypes', []],
    ['entities.dictionaries', set.dictionaries ?? []],
    ['entities.allowOverlap', true],
    ['entities.enrichmentQueries', []],
    ['languageOverride', null],
    ['classifiers', set.classifiers ?? []],
    ['classifier.maxCategories', null],
    ['rules', null],
    ['text', text],
  ]);
}

function javaRequest(path: string, body: string | null, method: string, contentType: 'FORM' | 'JSON'): Request {
  const headers: Record<string, string> = {
    'Content-Type': contentType === 'FORM' ? 'application/x-www-form-urlencoded' : 'application/json',
    'X-TextRazor-Key': KEY,
    'Accept-Encoding': 'gzip, deflate',
  };
  return new Request(ENDPOINT + path, { method, headers, body: body ?? undefined });
}

describe('textrazor-java against textlens serve', () => {
  it('analyzes its default request (repeated extractors, true/false booleans) and every field its classes read is there', async () => {
    const r = await send(app, javaRequest('', javaBody(['entities', 'words', 'dependency-trees'], TEXT), 'POST', 'FORM'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(typeof r.json.time).toBe('number');
    const payload = payloadOf(r);
    expect(payload.language).toBe('eng');
    expect(typeof payload.languageIsReliable).toBe('boolean');
    for (const s of sentencesOf(r)) expect(typeof s.position).toBe('number');
    for (const w of flatWords(r)) {
      expectFields(w, ['position', 'startingPos', 'endingPos', 'stem', 'lemma', 'token', 'partOfSpeech'], 'word');
      expect(Number.isInteger(w.position)).toBe(true);
    }
    for (const e of entitiesOf(r)) {
      expectFields(e, ['id', 'matchedText', 'startingPos', 'endingPos', 'matchingTokens', 'freebaseTypes', 'type', 'relevanceScore', 'confidenceScore', 'data'], 'entity');
      expect(Number.isInteger(e.id)).toBe(true); // private int id
      // wikidataId is None for KB entities without a QID (Pantheon people), as the spec allows.
      if (e.entityId !== undefined) expectFields(e, ['entityEnglishId', 'wikiLink'], `entity ${String(e.entityId)}`);
      // data must bind to Map<String, List<String>>
      for (const v of Object.values(e.data as Record<string, unknown>)) {
        expect(Array.isArray(v) && v.every((x) => typeof x === 'string')).toBe(true);
      }
    }
    expect(entitiesOf(r).some((e) => typeof e.freebaseId === 'string')).toBe(true);

    // Word.addLinks: response.getWords().get(parentPosition) must be a word of the same sentence.
    expectDocumentWidePositions(r);
    // Entity.addLinks: response.getWords().get(position) for each matching token.
    expectEntityTokensLinkToTheirWords(r);
  });

  it('keeps every data value a list of strings when enrichment gives numbers or coordinates', async () => {
    const body = queryBuilder([
      ['extractors', ['entities']],
      ['entities.enrichmentQueries', ['wikidata:P625', 'wikidata:P1082', 'wikidata:P17>label']],
      ['text', 'Paris is lovely.'],
    ]);
    const r = await send(app, javaRequest('', body, 'POST', 'FORM'));
    expect(r.status).toBe(200);
    const paris = entitiesOf(r).find((e) => e.entityId === 'Paris');
    expect(paris).toBeDefined();
    const data = paris!.data as Record<string, unknown>;
    expect(Object.keys(data).length).toBeGreaterThan(0);
    for (const v of Object.values(data)) expect(Array.isArray(v) && v.every((x) => typeof x === 'string')).toBe(true);
  });

  it('takes classifiers as repeated fields; unknown classifiers and dictionaries are a 400 naming them', async () => {
    const body = javaBody(['words'], 'One short sentence about football.', { classifiers: ['textlens_mediatopics', 'textlens_mediatopics'] });
    const r = await send(app, javaRequest('', body, 'POST', 'FORM'));
    expect(r.status).toBe(200);
    expect(((r.json.response as Record<string, unknown>).categories as unknown[]).length).toBeGreaterThan(0);
    const iab = await send(app, javaRequest('', javaBody(['words'], 'One short sentence.', { classifiers: ['textrazor_iab'] }), 'POST', 'FORM'));
    expect(iab.status).toBe(400);
    expect(iab.json.error).toMatch(/textrazor_iab/);
    const d = await send(app, javaRequest('', javaBody(['entities'], 'One short sentence.', { dictionaries: ['d1', 'd2'] }), 'POST', 'FORM'));
    expect(d.status).toBe(400);
    expect(d.json.error).toMatch(/unknown dictionary 'd1'/);
  });

  it('reads its account from GET account/ sent as JSON content type, answered with int fields', async () => {
    const r = await send(app, javaRequest('account/', null, 'GET', 'JSON'));
    expect(r.status).toBe(200);
    const account = r.json.response as Record<string, unknown>;
    expect(typeof account.plan).toBe('string');
    for (const f of ['concurrentRequestLimit', 'concurrentRequestsUsed', 'planDailyRequestsIncluded', 'requestsUsedToday']) {
      expect(Number.isInteger(account[f]), f).toBe(true);
      expect(account[f] as number).toBeLessThanOrEqual(2_147_483_647);
    }
  });

  it('answers an invalid key with 401 and the JSON error body (AnalysisException carries it)', async () => {
    const req = new Request(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-TextRazor-Key': 'wrong', 'Accept-Encoding': 'gzip, deflate' },
      body: javaBody(['words'], 'x'),
    });
    const r = await send(app, req);
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ ok: false, error: 'invalid API key' });
  });
});
