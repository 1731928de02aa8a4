import { describe, expect, it } from 'vitest';
import { parseJsonLine } from '../../src/dictionaries/json-line.js';

/** parseJsonLine must return what JSON.parse returns (keys in the same order), or throw as it throws. */
function agrees(line: string): void {
  let expected: unknown;
  let error: unknown;
  try {
    expected = JSON.parse(line);
  } catch (e) {
    error = e;
  }
  if (error) {
    expect(() => parseJsonLine(line), line).toThrow(SyntaxError);
    return;
  }
  const got = parseJsonLine(line);
  expect(got, line).toEqual(expected);
  expect(Object.keys(got as object), line).toEqual(Object.keys(expected as object));
}

describe('parseJsonLine', () => {
  it('reads the common entry shape as JSON.parse does', () => {
    for (const line of [
      '{"id":"e1","text":["Acme Rocket"],"types":["Product"]}',
      '{ "text" : [ "a" , "b" ] , "id" : "x" }',
      '{"id":"x","text":"one","types":[]}',
      '{"id":"x","text":["Zürich 🚀 Re"]}',
      '{"id":"x","id":"y","text":["t"]}',
      '\t{"id":"x","text":["t"]}\r',
      '{"id":"","text":[""]}',
    ]) {
      agrees(line);
    }
  });

  it('leaves every other shape to JSON.parse, with its result or its error', () => {
    for (const line of [
      '{"id":"a\\"b","text":["x\\u00e9"]}',
      '{"id":7,"text":["Seven"]}',
      '{"id":"d","text":["D"],"data":{"k":["v"]}}',
      '{"settings":{"caseInsensitive":true}}',
      '{"__proto__":"x","id":"p","text":["P"]}',
      '{"id":"n","text":null}',
      '{}',
      '[]',
      '"id"',
      '{"id":"a","text":["A"]} trailing',
      '{"id":"a","text":["A"],}',
      '{"id":"a" "text":["A"]}',
      '{"id":"a","text":["A"}',
      '{"id":"a","text":["tab\there"]}',
      '{"id":"a","text":["A"]',
      '{"id":"a,"text":["A"]}',
      '{id:"a"}',
      '',
    ]) {
      agrees(line);
    }
  });
});
