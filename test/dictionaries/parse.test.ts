import { describe, expect, it } from 'vitest';
import { parseDictionary, formatOfFile, DictionaryError } from '../../src/dictionaries/index.js';
import { checkSource } from '../../src/dictionaries/parse.js';

const fails = (f: () => unknown, pattern: RegExp) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DictionaryError);
    expect((e as DictionaryError).status).toBe(400);
    expect((e as Error).message).toMatch(pattern);
    return;
  }
  throw new Error('expected a DictionaryError');
};

describe('dictionary formats', () => {
  it('reads a JSON list and a JSON object with settings', () => {
    const list = parseDictionary('[{"id":"a","text":["Acme Widget"],"types":["Product"],"data":{"sku":["W-1"]}}]', 'json', 'd.json');
    expect(list.entries).toEqual([{ id: 'a', text: ['Acme Widget'], types: ['Product'], data: { sku: ['W-1'] } }]);
    expect(list.matchType).toBe('token');
    const obj = parseDictionary('{"matchType":"stem","language":"eng","entries":[{"id":"b","text":"run"}]}', 'json', 'd.json');
    expect(obj).toMatchObject({ matchType: 'stem', caseInsensitive: false, language: 'eng' });
    expect(obj.entries[0].text).toEqual(['run']);
  });

  it('reads JSON lines with a settings header, skipping blank lines', () => {
    const d = parseDictionary('{"settings":{"caseInsensitive":true}}\n\n{"id":"x","text":["X Corp"]}\n{"id":7,"text":["Seven"]}\n', 'jsonl', 'd.jsonl');
    expect(d.caseInsensitive).toBe(true);
    expect(d.entries.map((e) => e.id)).toEqual(['x', '7']);
  });

  it('reads CSV with quotes, | separated values and data columns', () => {
    const csv = 'id,text,types,data.ticker\r\nacme,"Acme, Inc.|Acme",Organisation,ACME\n"q""1",Quote,,\n';
    const d = parseDictionary(csv, 'csv', 'd.csv');
    expect(d.entries).toEqual([
      { id: 'acme', text: ['Acme, Inc.', 'Acme'], types: ['Organisation'], data: { ticker: ['ACME'] } },
      { id: 'q"1', text: ['Quote'] },
    ]);
  });

  it('an empty file is an empty dictionary', () => {
    expect(parseDictionary('', 'jsonl', 'e.jsonl').entries).toEqual([]);
    expect(parseDictionary('[]', 'json', 'e.json').entries).toEqual([]);
    expect(parseDictionary('', 'csv', 'e.csv').entries).toEqual([]);
  });

  it('names the file and line of a malformed entry', () => {
    fails(() => parseDictionary('{"id":"a","text":["A"]}\n{"id":"b", text}\n', 'jsonl', 'bad.jsonl'), /bad\.jsonl, line 2: not valid JSON/);
    fails(() => parseDictionary('{"id":"a","text":[]}\n', 'jsonl', 'bad.jsonl'), /line 1: .*no surface form/);
    fails(() => parseDictionary('id,text\na,A\nb\n', 'csv', 'bad.csv'), /bad\.csv, line 3: 1 cells where the header has 2/);
    fails(() => parseDictionary('name,text\n', 'csv', 'bad.csv'), /line 1: the header row must name an 'id'/);
    fails(() => parseDictionary('id,text\n"a,b\n', 'csv', 'bad.csv'), /unterminated quoted field/);
    fails(() => parseDictionary('[{"id":"a","text":"A","colour":"red"}]', 'json', 'bad.json'), /unknown field 'colour'/);
    fails(() => parseDictionary('{"matchType":"fuzzy","entries":[]}', 'json', 'bad.json'), /matchType must be 'token' or 'stem'/);
    fails(() => parseDictionary('{"language":"English","entries":[]}', 'json', 'bad.json'), /ISO 639-2/);
    fails(() => parseDictionary('{"entries":[], "x": 1}', 'json', 'bad.json'), /unknown top-level field 'x'/);
    fails(() => parseDictionary('[1,', 'json', 'bad.json'), /bad\.json.*not valid JSON/);
  });

  it('refuses duplicate ids, naming both lines (or entries)', () => {
    fails(() => parseDictionary('{"id":"a","text":"A"}\n{"id":"b","text":"B"}\n{"id":"a","text":"C"}', 'jsonl', 'dup.jsonl'), /line 3: duplicate entry id 'a' \(first at line 1\)/);
    fails(() => parseDictionary('{"settings":{}}\n\n{"id":7,"text":"A"}\n{"id":"7","text":"B"}', 'jsonl', 'dup.jsonl'), /line 4: duplicate entry id '7' \(first at line 3\)/);
    fails(() => parseDictionary('id,text\nx,X\ny,Y\nx,Z\n', 'csv', 'dup.csv'), /line 4: duplicate entry id 'x' \(first at line 2\)/);
    fails(() => parseDictionary('[{"id":"q","text":"Q"},{"id":"r","text":"R"},{"id":"q","text":"S"}]', 'json', 'dup.json'), /duplicate entry id 'q' \(first at entry 0\)/);
    fails(() => checkSource({ entries: [{ id: 'k', text: ['K'] }, { id: 'k', text: ['L'] }] }, 'mine'), /dictionary mine: duplicate entry id 'k' \(first at entry 0\)/);
  });

  it('reads a large JSON-lines file entry by entry, as many entries as lines', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ id: `id-${i}-${'x'.repeat(i % 20)}`, text: [`Name ${i}`], types: ['T'] }));
    const d = parseDictionary(lines.join('\n'), 'jsonl', 'big.jsonl');
    expect(d.entries).toHaveLength(5000);
    expect(d.entries[4999]).toEqual(JSON.parse(lines[4999]));
  });

  it('tells the format from the file name', () => {
    expect(formatOfFile('x/Y.JSONL')).toBe('jsonl');
    expect(formatOfFile('a.ndjson')).toBe('jsonl');
    expect(formatOfFile('a.json')).toBe('json');
    expect(formatOfFile('a.csv')).toBe('csv');
    expect(formatOfFile('a.txt')).toBeUndefined();
  });
});
