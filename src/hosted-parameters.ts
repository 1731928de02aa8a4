/**
 * Request parameters and extractors that the hosted Text Analysis API defines
 * and its client libraries send, but that textlens has no engine for (yet).
 *
 * They are accepted, so that an unmodified client works, and reported in the
 * response's `message` when given a value, so that nobody believes they took
 * effect. A name that neither the spec nor the hosted API defines is still a
 * 400 (request.ts): a typo must not pass silently.
 *
 * Names as the clients send them (TextRazor/textrazor-python textrazor.py
 * `_build_post_data`, textrazor-java TextRazor.java `generatePOSTBody`,
 * textrazor-php TextRazor.php `buildRequest`, andhapp/textrazor request.rb
 * `OPTIONS_MAPPING`). When an engine lands, its parameter moves into
 * request.ts's PARAMETERS; a name found there is never reported here.
 */

/** Hosted-only parameter → why it has no effect here. `list` marks list-valued ones. */
export const HOSTED_ONLY_PARAMETERS: Readonly<Record<string, { list: boolean; reason: string }>> = {
  'entities.includeAddressPlaces': { list: false, reason: 'address places are not extracted' },
  'cleanup.cleanHTML.precision': { list: false, reason: 'cleanHTML has a single precision here' },
  'cleanup.cleanHTML.useTitle': { list: false, reason: 'cleanHTML does not take this option here' },
  'download.runJavascript': { list: false, reason: 'pages are downloaded without running JavaScript' },
};

/** Extractors of the hosted API with no engine here; skipped with a notice (unless a rule has the name). */
export const HOSTED_ONLY_EXTRACTORS: readonly string[] = ['spelling'];

/**
 * Enrichment queries in the hosted API's Freebase/DBpedia syntax
 * ("fbase:/location/location/geolocation>/location/geocode/latitude", as in
 * textrazor-php example.php). textlens enriches from Wikidata (`wikidata:P…`),
 * so these cannot be answered; they are skipped with a notice rather than
 * refused, like the other hosted-only inputs. Anything else goes to the
 * enrichment parser, which refuses a malformed query with 400.
 */
export function isHostedEnrichmentQuery(query: string): boolean {
  return /^(fbase|freebase|dbpedia):/i.test(query);
}

/**
 * The table's entry for a name, own entries only: a name comes from the
 * caller, and `toString` or `constructor` must not find Object.prototype's.
 */
export function hostedOnlyParameter(name: string): { list: boolean; reason: string } | undefined {
  return Object.hasOwn(HOSTED_ONLY_PARAMETERS, name) ? HOSTED_ONLY_PARAMETERS[name] : undefined;
}

export function unimplementedNotice(name: string): string {
  const p = hostedOnlyParameter(name);
  return `The hosted-API parameter '${name}' was accepted and ignored: ${p?.reason ?? 'not implemented'}.`;
}

/**
 * `extractors[]` and `extractors[0]` → `extractors`: the list spellings that
 * PHP-style and qs-style form encoders produce (Node's `request` library with
 * an array value, the first Java client). Only for list-valued parameters;
 * anything else stays unknown.
 */
export function listParameterName(name: string, parameters: Readonly<Record<string, string>>): string | undefined {
  const m = /^(.+)\[\d*\]$/.exec(name);
  if (!m) return undefined;
  const base = m[1];
  if (Object.hasOwn(parameters, base) && parameters[base] === 'list') return base;
  if (hostedOnlyParameter(base)?.list) return base;
  return undefined;
}
