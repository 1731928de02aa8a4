/**
 * The official PHP client, TextRazor/textrazor-php, file TextRazor.php (read,
 * not copied): `TextRazor::buildRequest` adds `extractors` TWICE (once before
 * and once after cleanupHTML), then rules, languageOverride,
 * entities.allowOverlap, the entity filters, enrichmentQueries,
 * entities.dictionaries, classifiers, cleanup.mode, cleanup.returnCleaned,
 * cleanup.returnRaw, cleanup.useMetadata (false by default there),
 * download.userAgent, then text. `TextRazorQueryBuilder` writes one
 * urlencode()d pair per array item, booleans as "true"/"false", and skips
 * nulls. `TextRazorConnection::sendRequest` posts with cURL: CURLOPT_ENCODING
 * 'gzip,deflate' (Accept-Encoding), X-TextRazor-Key, the form Content-Type
 * cURL gives a string body. Paths are appended to the endpoint with a leading
 * slash: "http://host:port/" + "/account/" = "//account/". Endpoint:
 * TextRazorSettings::setEndPoint(...) with setEnableEncryption(false), or
 * setSecureEndPoint(...).
 *
 * PHP hands back the decoded JSON array; its example.php and README read
 * $response['response']['entities'][…]['entityId'] and ['data'][query][0];
 * AccountManager::getAccount returns the account JSON as is.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { KEY, TEXT, clientApp, entitiesOf, expectEntityTokensLinkToTheirWords, expectFields, phpUrlencode, send } from './harness.js';

const app = clientApp();
afterAll(() => app.close());

const ENDPOINT = 'http://127.0.0.1:8080/';

type Value = string | boolean | null | string[];

/** TextRazorQueryBuilder::add / build. */
function phpQuery(params: ReadonlyArray<readonly [string, Value]>): string {
  const out: string[] = [];
  const add = (k: string, v: Value): void => {
    if (v === null) return;
    if (Array.isArray(v)) v.forEach((item) => add(k, item));
    else if (typeof v === 'boolean') add(k, v ? 'true' : 'false');
    else out.push(`${phpUrlencode(k)}=${phpUrlencode(v)}`);
  };
  for (const [k, v] of params) add(k, v);
  return out.join('&');
}

/** buildRequest() with the class's defaults, then ->add('text', ...). */
function phpAnalyze(extractors: string[], text: string, set: { enrichment?: string[]; classifiers?: string[]; dictionaries?: string[] } = {}): string {
  return phpQuery([
    ['extractors', extractors],
    ['cleanupHTML', false],
    ['extractors', extractors],
    ['rules', null],
    ['languageOverride', null],
    ['entities.allowOverlap', true],
    ['entities.filterDbpediaTypes', []],
    ['entities.filterFreebaseTypes', []],
    ['entities.enrichmentQueries', set.enrichment ?? []],
    ['entities.dictionaries', set.dictionaries ?? []],
    ['classifiers', set.classifiers ?? []],
    ['cleanup.mode', null],
    ['cleanup.returnCleaned', false],
    ['cleanup.returnRaw', false],
    ['cleanup.useMetadata', false],
    ['download.userAgent', null],
    ['text', text],
  ]);
}

function curl(path: string, body: string, method: string): Request {
  return new Request(ENDPOINT + path, {
    method,
    headers: { 'Accept-Encoding': 'gzip,deflate', 'X-TextRazor-Key': KEY, 'Content-Type': 'application/x-www-form-urlencoded' },
    // cURL sends CURLOPT_POSTFIELDS "" on GET as an empty body; a fetch Request cannot carry one on GET.
    body: method === 'GET' ? undefined : body,
  });
}

describe('textrazor-php against textlens serve', () => {
  it('analyzes a request with every extractor given twice, and the array the example reads is there', async () => {
    const body = phpAnalyze(['entities', 'words'], TEXT, { enrichment: ['wikidata:P625'] });
    expect(body.match(/extractors=entities/g)).toHaveLength(2);
    const r = await send(app, curl('', body, 'POST'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('gzip');
    const entities = entitiesOf(r);
    expect(entities.length).toBeGreaterThan(1);
    for (const e of entities) expectFields(e, ['matchedText', 'type', 'freebaseTypes', 'data'], 'entity');
    const linked = entities.filter((e) => e.entityId !== undefined);
    expect(linked.length).toBeGreaterThan(0);
    for (const e of linked) {
      expectFields(e, ['wikiLink'], `entity ${String(e.entityId)}`);
      if (e.kbTwoId !== undefined) expect(e.freebaseId).toBe(e.kbTwoId);
    }
    // example.php: $entity_data[$query][0] — the linked places have coordinates.
    const places = linked.filter((e) => (e.type as string[]).includes('Place') && e.wikidataId !== undefined);
    expect(places.length).toBeGreaterThan(0);
    for (const e of places) expect(typeof (e.data as Record<string, string[]>)['wikidata:P625'][0]).toBe('string');
    expectEntityTokensLinkToTheirWords(r);
  });

  it("runs example.php's testAnalysis: the spelling extractor and fbase: enrichment queries are skipped with notes, not refused", async () => {
    const body = phpAnalyze(['entities', 'words', 'spelling'], TEXT, {
      enrichment: ['fbase:/location/location/geolocation>/location/geocode/latitude', 'fbase:/location/location/geolocation>/location/geocode/longitude'],
    });
    const r = await send(app, curl('', body, 'POST'));
    expect(r.status).toBe(200);
    expect(r.json.message).toMatch(/'spelling'/);
    expect(r.json.message).toMatch(/fbase:.*Wikidata/);
    for (const e of entitiesOf(r)) expect(e.data).toEqual({}); // isset($entity['data']) holds; no key for the skipped queries
  });

  it('applies a known classifier, refuses an unknown classifier, an unknown dictionary and a typo', async () => {
    const ok = await send(app, curl('', phpAnalyze(['words'], 'Short text here about the stock market.', { classifiers: ['textlens_mediatopics'] }), 'POST'));
    expect(ok.status).toBe(200);
    expect(((ok.json.response as Record<string, unknown>).categories as unknown[]).length).toBeGreaterThan(0);
    const iab = await send(app, curl('', phpAnalyze(['words'], 'Short text here.', { classifiers: ['textrazor_iab'] }), 'POST'));
    expect(iab.status).toBe(400);
    expect(iab.json.error).toMatch(/textrazor_iab/);
    const dict = await send(app, curl('', phpAnalyze(['words'], 'Short text here.', { dictionaries: ['tv'] }), 'POST'));
    expect(dict.status).toBe(400);
    expect(dict.json.error).toMatch(/unknown dictionary 'tv'/);
    const typo = await send(app, curl('', `${phpAnalyze(['words'], 'Short text here.')}&entities.dictionary=tv`, 'POST'));
    expect(typo.status).toBe(400);
    expect(typo.json.error).toMatch(/'entities\.dictionary'/);
  });

  it('gets its account at //account/ (endpoint "…/" + "/account/")', async () => {
    const r = await send(app, curl('/account/', '', 'GET'));
    expect(new URL(ENDPOINT + '/account/').pathname).toBe('//account/');
    expect(r.status).toBe(200);
    expect(r.json.response).toMatchObject({ plan: 'textlens', concurrentRequestLimit: 4, planDailyRequestsIncluded: 1000 });
  });
});
