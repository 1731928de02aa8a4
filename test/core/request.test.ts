import { describe, expect, it } from 'vitest';
import { parseRequest, ruleNames } from '../../src/request.js';
import { AnalysisError } from '../../src/errors.js';

function refused(fn: () => unknown, culprit?: string): AnalysisError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AnalysisError);
    const err = e as AnalysisError;
    expect(err.status).toBe(400);
    if (culprit) expect(err.message).toContain(culprit);
    return err;
  }
  throw new Error('expected the request to be refused');
}

describe('parseRequest', () => {
  it('takes the text as a string and applies documented defaults', () => {
    const r = parseRequest('Hello world.');
    expect(r.text).toBe('Hello world.');
    expect(r.extractors).toEqual(['words']);
    expect(r.defaultExtractors).toBe(true);
    expect(r.cleanup).toEqual({ mode: undefined, returnCleaned: false, returnRaw: false, useMetadata: true });
    expect(r.entities.allowOverlap).toBe(true);
    expect(r.dependencyScheme).toBe('stanford');
  });

  it('accepts the typed spelling and the flat spelling identically', () => {
    const typed = parseRequest({
      text: 'x',
      extractors: ['words', 'entities'],
      cleanup: { mode: 'stripTags', returnCleaned: true },
      entities: { allowOverlap: false, filterDbpediaTypes: ['Person', 'Place'] },
    });
    const flat = parseRequest({
      text: 'x',
      extractors: 'words,entities',
      'cleanup.mode': 'stripTags',
      'cleanup.returnCleaned': 'True',
      'entities.allowOverlap': '0',
      'entities.filterDbpediaTypes': ['Person', 'Place'],
    });
    expect(flat).toEqual(typed);
  });

  it('merges repeated fields and comma lists, dropping duplicates and blanks', () => {
    const r = parseRequest({ text: 'x', extractors: ['words, entities', 'words', ''] });
    expect(r.extractors).toEqual(['words', 'entities']);
  });

  it('treats empty values as absent', () => {
    const r = parseRequest({ text: 'x', 'cleanup.mode': '', languageOverride: '', extractors: '' });
    expect(r.cleanup.mode).toBeUndefined();
    expect(r.languageOverride).toBeUndefined();
    expect(r.extractors).toEqual(['words']);
  });

  it('accepts every boolean spelling', () => {
    for (const [v, want] of [['true', true], ['True', true], ['1', true], ['false', false], ['False', false], ['0', false]] as const) {
      expect(parseRequest({ text: 'x', 'cleanup.returnRaw': v }).cleanup.returnRaw).toBe(want);
    }
    expect(parseRequest({ text: 'x', cleanup: { returnRaw: true } }).cleanup.returnRaw).toBe(true);
  });

  it('maps the deprecated cleanupHTML to cleanup.mode, which wins when both are given', () => {
    expect(parseRequest({ text: 'x', cleanupHTML: 'true' }).cleanup.mode).toBe('cleanHTML');
    // false is "no preference" (clients send it on every call, URL analyses included): the source decides.
    expect(parseRequest({ text: 'x', cleanupHTML: false }).cleanup.mode).toBeUndefined();
    expect(parseRequest({ text: 'x', cleanupHTML: true, 'cleanup.mode': 'stripTags' }).cleanup.mode).toBe('stripTags');
  });

  it('refuses unknown parameters, bad values and unknown extractors, naming the culprit', () => {
    refused(() => parseRequest({ text: 'x', colour: 'red' }), 'colour');
    refused(() => parseRequest({ text: 'x', cleanup: { mode: 'foo' } } as never), 'cleanup.mode');
    refused(() => parseRequest({ text: 'x', 'cleanup.mode': 'foo' }), 'foo');
    refused(() => parseRequest({ text: 'x', 'cleanup.returnRaw': 'yes' }), 'cleanup.returnRaw');
    refused(() => parseRequest({ text: 'x', extractors: 'words,sentiment' }), 'sentiment');
    refused(() => parseRequest({ text: 'x', 'dependencies.scheme': 'lisp' }), 'dependencies.scheme');
    refused(() => parseRequest({ text: 'x', cleanup: 'raw' } as never), 'cleanup');
  });

  it('refuses parameters named after Object.prototype members, in either spelling, naming them', () => {
    for (const name of ['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__', 'isPrototypeOf', '__defineGetter__']) {
      // JSON.parse makes `__proto__` an own field, as a form parser hands it over.
      const fields = JSON.parse(`{"text": "x", ${JSON.stringify(name)}: "y"}`) as Record<string, string>;
      expect(Object.keys(fields)).toContain(name);
      const err = refused(() => parseRequest(fields), `unknown parameter '${name}'`);
      expect(err.culprit).toBe(name);
      refused(() => parseRequest('x', fields), `unknown parameter '${name}'`);
      refused(() => parseRequest({ text: 'x', [`${name}[]`]: 'y' }), `unknown parameter '${name}[]'`);
      refused(() => parseRequest({ text: 'x', cleanup: JSON.parse(`{${JSON.stringify(name)}: "y"}`) } as never), `cleanup.${name}`);
    }
    // A null-prototype object (what the HTTP layer builds) is an options object like any other.
    const bare = Object.assign(Object.create(null) as Record<string, string>, { text: 'x', extractors: 'words' });
    expect(parseRequest(bare).extractors).toEqual(['words']);
  });

  it('requires exactly one of text and url', () => {
    refused(() => parseRequest({}), "'text' or 'url'");
    refused(() => parseRequest(''), 'text was empty');
    refused(() => parseRequest({ text: 'a', url: 'http://example.com/' }), 'not both');
    expect(parseRequest({ url: 'https://example.com/' }).url).toBe('https://example.com/');
  });

  it('accepts a rule name as an extractor', () => {
    const rules = 'person_named(X) :- entity(X, _).\n% fake_rule(X).\nlocated(A, B) :- entity(A, _), entity(B, _).';
    expect([...ruleNames(rules)].sort()).toEqual(['located', 'person_named']);
    const r = parseRequest({ text: 'x', rules, extractors: 'words,located' });
    expect(r.extractors).toEqual(['words', 'located']);
    refused(() => parseRequest({ text: 'x', rules, extractors: 'fake_rule' }), 'fake_rule');
  });

  it('later options override earlier ones', () => {
    const r = parseRequest('some text', { extractors: 'entities' });
    expect(r.text).toBe('some text');
    expect(r.extractors).toEqual(['entities']);
  });
});
