/**
 * Batch input: JSON lines (plain, gzip, stdin), a directory of files, and the
 * per-line errors that take the place of unusable lines.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { listDocumentFiles, openSource, parseDocumentLine, type BatchItem } from '../../src/batch/input.js';

const fixtures = fileURLToPath(new URL('../fixtures/batch/', import.meta.url));

async function all(items: AsyncIterable<BatchItem>): Promise<BatchItem[]> {
  const out: BatchItem[] = [];
  for await (const i of items) out.push(i);
  return out;
}

describe('parseDocumentLine', () => {
  it('reads text documents with string or number ids', () => {
    expect(parseDocumentLine('{"id":"a","text":"Hi."}', 1)).toEqual({ key: '"a"', id: 'a', line: 1, fields: { text: 'Hi.' } });
    // 7 and "7" are different ids: the key keeps the JSON type.
    expect(parseDocumentLine('{"id":7,"text":"Hi."}', 2).key).toBe('7');
  });

  it('reads url documents and per-document params (numbers, booleans, lists as form values)', () => {
    const item = parseDocumentLine('{"id":"u","url":"https://example.org/","params":{"extractors":["words","entities"],"minimumRelevance":0.5,"cleanup.returnCleaned":true}}', 3);
    expect(item.error).toBeUndefined();
    expect(item.fields).toEqual({ url: 'https://example.org/', extractors: ['words', 'entities'], minimumRelevance: '0.5', 'cleanup.returnCleaned': 'true' });
  });

  it('keeps astral characters and very long text intact', () => {
    const text = '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🐕 '.repeat(20_000);
    expect(parseDocumentLine(JSON.stringify({ id: 'long', text }), 1).fields?.text).toBe(text);
  });

  it.each([
    ['not json', null, /not valid JSON/],
    ['[1,2]', null, /expected a JSON object/],
    ['{"text":"no id"}', null, /no "id"/],
    ['{"id":"","text":"empty id"}', null, /no "id"/],
    ['{"id":"a"}', 'a', /neither "text" nor "url"/],
    ['{"id":"a","text":"t","url":"https://x.org"}', 'a', /not both/],
    ['{"id":"a","text":"t","params":[1]}', 'a', /"params" must be an object/],
    ['{"id":"a","text":"t","params":{"x":{"y":1}}}', 'a', /params.x must be/],
    ['{"id":"a","text":"t","params":{"text":"other"}}', 'a', /beside "id"/],
  ])('turns %s into a 400 error item', (line, id, message) => {
    const item = parseDocumentLine(line, 9);
    expect(item.fields).toBeUndefined();
    expect(item.id).toBe(id);
    expect(item.error?.status).toBe(400);
    expect(item.error?.message).toMatch(/^line 9: /);
    expect(item.error?.message).toMatch(message);
    // A line without an id is keyed by its line number, so --resume can still find its result.
    if (id === null) expect(item.key).toBe('line:9');
  });
});

describe('JSON-lines sources', () => {
  it('reads the fixture: blank lines skipped, bad lines become errors, count matches', async () => {
    const source = await openSource(join(fixtures, 'docs.jsonl'));
    expect(await source.count()).toBe(6);
    const items = await all(source.items());
    expect(items.map((i) => i.id)).toEqual(['d1', 2, 'd3', null, 'd5', 'd6']);
    expect(items.map((i) => i.line)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(items[1]!.fields?.text).toContain('🐕');
    expect(items[2]!.fields).toEqual({ extractors: 'entities', text: 'Paris is the capital of France.' });
    expect(items.filter((i) => i.error).map((i) => i.key)).toEqual(['line:5', '"d5"']);
  });

  it('reads gzip by extension, and CRLF line ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-in-'));
    const file = join(dir, 'docs.jsonl.gz');
    writeFileSync(file, gzipSync('{"id":"a","text":"One."}\r\n{"id":"b","text":"Two."}\r\n'));
    const source = await openSource(file);
    expect(await source.count()).toBe(2);
    expect((await all(source.items())).map((i) => i.fields?.text)).toEqual(['One.', 'Two.']);
  });

  it('reports a repeated id as an error and keeps the first', async () => {
    const stdin = Readable.from(['{"id":"a","text":"x"}\n{"id":"a","text":"y"}\n']);
    const source = await openSource('-', stdin);
    expect(await source.count()).toBeUndefined(); // stdin cannot be counted ahead
    const items = await all(source.items());
    expect(items[0]!.fields?.text).toBe('x');
    expect(items[1]!.error?.message).toMatch(/line 2: id "a" was already used/);
    // Known by its line, so that --resume does not take the first line's result for it.
    expect(items.map((i) => i.key)).toEqual(['"a"', 'line:2']);
  });

  it('gives an empty input no documents', async () => {
    const source = await openSource('-', Readable.from(['']));
    expect(await all(source.items())).toEqual([]);
  });

  it('refuses a missing input with a 400 naming it', async () => {
    await expect(openSource('/nonexistent/corpus.jsonl')).rejects.toMatchObject({ status: 400, message: expect.stringContaining('/nonexistent/corpus.jsonl') });
  });
});

describe('directory sources', () => {
  it('lists .txt/.html files recursively, sorted, ids relative with /', async () => {
    expect(await listDocumentFiles(join(fixtures, 'docs'))).toEqual(['a.txt', 'b.html', 'news/c.txt']);
  });

  it('reads each file; HTML gets cleanHTML as a default the run may override', async () => {
    const source = await openSource(join(fixtures, 'docs'));
    expect(await source.count()).toBe(3);
    const items = await all(source.items());
    expect(items[0]).toMatchObject({ id: 'a.txt', key: '"a.txt"', fields: { text: readFileSync(join(fixtures, 'docs/a.txt'), 'utf8') } });
    expect(items[0]!.defaults).toBeUndefined();
    expect(items[1]!.defaults).toEqual({ 'cleanup.mode': 'cleanHTML' });
  });

  it('records a file that is not UTF-8 as an error item', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-dir-'));
    writeFileSync(join(dir, 'bad.txt'), Buffer.from([0x41, 0xff, 0xfe, 0x42]));
    const items = await all((await openSource(dir)).items());
    expect(items).toHaveLength(1);
    expect(items[0]!.error).toMatchObject({ status: 400, message: expect.stringMatching(/bad.txt: .*UTF-8/) });
  });
});
