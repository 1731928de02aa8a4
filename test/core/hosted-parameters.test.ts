/**
 * Hosted-API parameters and extractors without an engine here: accepted,
 * reported when given a value, and list spellings of the form encoders the
 * clients use; unknown names still refused.
 */
import { describe, expect, it } from 'vitest';
import { AnalysisError } from '../../src/errors.js';
import { HOSTED_ONLY_PARAMETERS, listParameterName } from '../../src/hosted-parameters.js';
import { parseRequest } from '../../src/request.js';

function refusal(f: () => unknown): AnalysisError {
  try {
    f();
  } catch (e) {
    if (e instanceof AnalysisError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('hosted-only parameters', () => {
  it('accepts every one with a value and reports each in the notices', () => {
    const fields: Record<string, string> = { text: 'x' };
    for (const name of Object.keys(HOSTED_ONLY_PARAMETERS)) fields[name] = name === 'classifiers' ? 'textrazor_iab,textrazor_newscodes' : '3';
    const r = parseRequest(fields);
    expect(r.notices).toHaveLength(Object.keys(HOSTED_ONLY_PARAMETERS).length);
    for (const name of Object.keys(HOSTED_ONLY_PARAMETERS)) expect(r.notices.join(' ')).toContain(`'${name}'`);
  });

  it('says nothing about an empty value (the Python client sends classifiers= on every call)', () => {
    expect(parseRequest({ text: 'x', classifiers: '', rules: '', 'entities.dictionaries': [' ', ''] }).notices).toEqual([]);
  });

  it('takes the typed, nested spelling too', () => {
    const r = parseRequest({ text: 'x', cleanup: { cleanHTML: { precision: 'high' } }, entities: { dictionaries: ['d'] }, classifier: { maxCategories: 5 } } as never);
    expect(r.notices.join(' ')).toMatch(/'cleanup\.cleanHTML\.precision'/);
    // entities.dictionaries and classifier.maxCategories are implemented: request parameters, not notices.
    expect(r.notices.join(' ')).not.toMatch(/dictionaries|maxCategories/);
    expect(r.entities.dictionaries).toEqual(['d']);
    expect(r.classifier.maxCategories).toBe(5);
  });

  it('still refuses names nobody defines, typos of hosted names included', () => {
    expect(refusal(() => parseRequest({ text: 'x', classifier: 'iab' })).message).toMatch(/unknown parameter 'classifier'/);
    expect(refusal(() => parseRequest({ text: 'x', 'entities.dictionary': 'd' })).culprit).toBe('entities.dictionary');
    expect(refusal(() => parseRequest({ text: 'x', 'cleanup.cleanHtml.precision': '1' })).culprit).toBe('cleanup.cleanHtml.precision');
  });
});

describe('hosted-only extractors', () => {
  it("skips 'spelling' with a notice and keeps the others", () => {
    const r = parseRequest({ text: 'x', extractors: 'entities,words,spelling' });
    expect(r.extractors).toEqual(['entities', 'words']);
    expect(r.notices).toEqual([expect.stringMatching(/'spelling'.*not implemented/)]);
  });

  it('falls back to the default extractors when spelling was the only one', () => {
    const r = parseRequest({ text: 'x', extractors: 'spelling' });
    expect(r.extractors).toEqual(['words']);
    expect(r.defaultExtractors).toBe(true);
  });

  it('keeps spelling when a rule of that name is defined', () => {
    const r = parseRequest({ text: 'x', rules: 'spelling(X) :- word(X, _).', extractors: 'spelling' });
    expect(r.extractors).toEqual(['spelling']);
    expect(r.notices).toEqual([]);
  });
});

describe('hosted enrichment queries', () => {
  it('skips fbase:/dbpedia: queries with a notice and keeps wikidata ones', () => {
    const r = parseRequest({
      text: 'x',
      'entities.enrichmentQueries': ['fbase:/location/location/geolocation>/location/geocode/latitude', 'wikidata:P625', 'dbpedia:populationTotal'],
    });
    expect(r.entities.enrichmentQueries).toEqual(['wikidata:P625']);
    expect(r.notices).toHaveLength(2);
    expect(r.notices[0]).toMatch(/'fbase:\/location.*Wikidata/);
  });
});

describe('list spellings', () => {
  it('reads extractors[] and extractors[N] as extractors, in order, without duplicates', () => {
    const r = parseRequest({ text: 'x', 'extractors[0]': 'entities', 'extractors[1]': 'words', 'extractors[]': ['words', 'dependency-trees'] });
    expect(r.extractors).toEqual(['entities', 'words', 'dependency-trees']);
  });

  it('applies to list parameters only', () => {
    expect(listParameterName('entities.filterDbpediaTypes[2]', { 'entities.filterDbpediaTypes': 'list' })).toBe('entities.filterDbpediaTypes');
    expect(listParameterName('entities.dictionaries[]', { 'entities.dictionaries': 'list' })).toBe('entities.dictionaries');
    expect(listParameterName('classifiers[]', { classifiers: 'list' })).toBe('classifiers');
    expect(listParameterName('entities.includeAddressPlaces[]', {})).toBeUndefined();
    expect(listParameterName('text[]', { text: 'text' })).toBeUndefined();
    expect(listParameterName('extractors[x]', { extractors: 'list' })).toBeUndefined();
    expect(refusal(() => parseRequest({ 'text[0]': 'x' })).message).toMatch(/unknown parameter 'text\[0\]'/);
  });
});

describe('cleanupHTML as the clients send it', () => {
  it('false leaves the choice to the source (an HTML page is still cleaned); true cleans', () => {
    expect(parseRequest({ url: 'https://example.com/', cleanupHTML: 'False' }).cleanup.mode).toBeUndefined();
    expect(parseRequest({ text: 'x', cleanupHTML: 'True' }).cleanup.mode).toBe('cleanHTML');
    expect(refusal(() => parseRequest({ text: 'x', cleanupHTML: 'maybe' })).culprit).toBe('cleanupHTML');
  });
});
