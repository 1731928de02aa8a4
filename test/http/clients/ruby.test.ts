/**
 * The Ruby client, the `textrazor` gem (andhapp/textrazor; read, not copied):
 * lib/textrazor/request.rb `Request.post` is RestClient.post(url, query) with
 * query = {"text", "apiKey"} plus the options mapped by OPTIONS_MAPPING
 * (extractors, cleanup.mode, cleanup.returnCleaned, cleanup.returnRaw,
 * languageOverride, entities.dictionaries, entities.filterDbpediaTypes,
 * entities.filterFreebaseTypes, entities.allowOverlap,
 * entities.enrichmentQueries, classifiers), every array comma-joined: the key
 * travels in the form, not a header. lib/textrazor/client.rb sends
 * cleanup_mode 'raw' by default; older releases added accept_encoding: 'gzip'.
 * The URL comes from lib/textrazor/configuration.rb `url` (api.textrazor.com,
 * no setting for the host), so pointing it at textlens is one line of Ruby:
 * `TextRazor.configuration.define_singleton_method(:url) { 'http://127.0.0.1:8080/' }`.
 *
 * Fields read: response.rb time, response.{topics, coarseTopics, entities,
 * sentences[].words, nounPhrases}; entity.rb id, type, matchingTokens,
 * entityId, freebaseTypes, confidenceScore, wikiLink, matchedText, freebaseId,
 * relevanceScore, entityEnglishId, startingPos, endingPos (camelCase keys
 * standardized to snake_case by util.rb); word.rb position, startingPos,
 * endingPos, stem, lemma, token, partOfSpeech, parentPosition; phrase.rb
 * looks words up as `words[position]` in the flat word list.
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
  rubyFormEncode,
  send,
} from './harness.js';

const app = clientApp();
afterAll(() => app.close());

/** RestClient's encoding of a Hash payload (URI.encode_www_form), in insertion order. */
function restClientForm(query: Record<string, string | boolean>): string {
  return Object.entries(query)
    .map(([k, v]) => `${rubyFormEncode(k)}=${rubyFormEncode(String(v))}`)
    .join('&');
}

/** Request.build_query(text, {api_key, extractors, cleanup_mode, …}). */
function rubyQuery(text: string, options: Record<string, string | boolean | string[]>): Record<string, string | boolean> {
  const mapping: Record<string, string> = {
    extractors: 'extractors',
    cleanup_mode: 'cleanup.mode',
    cleanup_return_cleaned: 'cleanup.returnCleaned',
    language: 'languageOverride',
    dictionaries: 'entities.dictionaries',
    filter_dbpedia_types: 'entities.filterDbpediaTypes',
    allow_overlap: 'entities.allowOverlap',
    classifiers: 'classifiers',
  };
  const query: Record<string, string | boolean> = { text, apiKey: KEY };
  for (const [k, v] of Object.entries(options)) query[mapping[k]] = Array.isArray(v) ? v.join(',') : v;
  return query;
}

function restClientPost(body: string, extraHeaders: Record<string, string> = {}): Request {
  return new Request('http://127.0.0.1:8080/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: '*/*', ...extraHeaders },
    body,
  });
}

describe('textrazor (gem) against textlens serve', () => {
  it('analyzes with the key in the apiKey field and comma-joined extractors; every field its classes read is there', async () => {
    const body = restClientForm(rubyQuery(TEXT, { extractors: ['entities', 'words', 'dependency-trees'], cleanup_mode: 'raw' }));
    const r = await send(app, restClientPost(body, { 'Accept-Encoding': 'gzip' }));
    expect(r.status).toBe(200);
    expect(typeof r.json.time).toBe('number');
    for (const w of flatWords(r)) expectFields(w, ['position', 'startingPos', 'endingPos', 'stem', 'lemma', 'token', 'partOfSpeech'], 'word');
    for (const e of entitiesOf(r)) {
      expectFields(e, ['id', 'type', 'matchingTokens', 'freebaseTypes', 'confidenceScore', 'matchedText', 'relevanceScore', 'startingPos', 'endingPos'], 'entity');
      if (e.entityId !== undefined) expectFields(e, ['wikiLink', 'entityEnglishId'], `entity ${String(e.entityId)}`);
      if (e.kbTwoId !== undefined) expect(e.freebaseId).toBe(e.kbTwoId);
    }
    // words[position] over the flat list, as phrase.rb does it.
    expectDocumentWidePositions(r);
    expectEntityTokensLinkToTheirWords(r);
  });

  it('accepts the options it maps, comma-joined lists included, and says which had no effect', async () => {
    const body = restClientForm(
      rubyQuery(TEXT, {
        extractors: ['entities'],
        cleanup_mode: 'raw',
        cleanup_return_cleaned: true,
        language: 'eng',
        dictionaries: ['my_people', 'my_places'],
        filter_dbpedia_types: ['Place', 'Person'],
        allow_overlap: false,
        classifiers: ['textlens_mediatopics'],
      }),
    );
    const r = await send(app, restClientPost(body));
    expect(r.status).toBe(200);
    // classifiers is implemented: the built-in IPTC classifier answers in categories.
    expect(((r.json.response as Record<string, unknown>).categories as unknown[]).length).toBeGreaterThan(0);
    expect((r.json.response as Record<string, unknown>).cleanedText).toBe(TEXT);
    expect(entitiesOf(r).some((e) => e.customEntityId === 'merkel')).toBe(true);
    expect(entitiesOf(r).length).toBeGreaterThan(0);
  });

  it('answers a bad key with 401, which the gem raises as Unauthorised', async () => {
    const r = await send(app, restClientPost(restClientForm({ text: 'x', apiKey: 'nope', extractors: 'words' })));
    expect(r.status).toBe(401);
    expect(r.json.ok).toBe(false);
  });
});
