/**
 * The resource seam: models from a base URL (a stubbed fetch serving the
 * package's models/), from caller-supplied bytes, and clear errors that name
 * a missing model file.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createAnalyzer } from '../../src/analyzer.js';
import { AnalysisError } from '../../src/errors.js';
import { bufferLoader, urlLoader, type FetchFunction } from '../../src/resources/url-loader.js';
import { defaultModelsDir, fileLoader } from '../../src/resources/file-loader.js';

const BASE = 'https://cdn.example/textlens/models/';
const TEXT = 'Dr. Smith went to Washington on Monday. He met the new senator there.\n\nA second paragraph follows.';

/** A fetch that serves models/ under BASE and records what was asked. */
function modelsFetch(log: string[]): FetchFunction {
  return async (url, init) => {
    log.push(`${init?.method ?? 'GET'} ${url}`);
    if (!url.startsWith(BASE)) return new Response('not here', { status: 404 });
    try {
      const bytes = await readFile(join(defaultModelsDir, url.slice(BASE.length)));
      return new Response(init?.method === 'HEAD' ? null : bytes, { status: 200 });
    } catch {
      return new Response('no such file', { status: 404 });
    }
  };
}

async function rejection(p: Promise<unknown>): Promise<AnalysisError> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(AnalysisError);
  return e as AnalysisError;
}

describe('urlLoader', () => {
  it('fetches paths under the base URL, asks HEAD for exists, and names a missing file', async () => {
    const log: string[] = [];
    const loader = urlLoader(BASE, { fetch: modelsFetch(log) });
    expect(JSON.parse(await loader.text('sentences/meta.json'))).toHaveProperty('threshold');
    expect((await loader.bytes('sentences/model.onnx')).length).toBeGreaterThan(1000);
    expect(await loader.exists('sentences/model.onnx')).toBe(true);
    expect(await loader.exists('nope/model.onnx')).toBe(false);
    expect(log).toContain(`GET ${BASE}sentences/meta.json`);
    expect(log).toContain(`HEAD ${BASE}nope/model.onnx`);
    const e = await rejection(loader.bytes('parser/missing.onnx'));
    expect(e.message).toContain('parser/missing.onnx');
    expect(e.message).toContain(`${BASE}parser/missing.onnx`);
  });

  it('adds the missing slash to the base and asks GET when a server refuses HEAD', async () => {
    const log: string[] = [];
    const loader = urlLoader('https://cdn.example/m', {
      fetch: async (url, init) => {
        log.push(`${init?.method ?? 'GET'} ${url}`);
        return new Response(init?.method === 'HEAD' ? null : 'x', { status: init?.method === 'HEAD' ? 405 : 200 });
      },
    });
    expect(await loader.exists('a/b.json')).toBe(true);
    expect(log).toEqual(['HEAD https://cdn.example/m/a/b.json', 'GET https://cdn.example/m/a/b.json']);
  });

  it('refuses a relative base when there is no page to resolve it against (Node)', () => {
    expect(() => urlLoader('models/')).toThrow(/not an absolute URL/);
  });

  it('runs the analyzer on models fetched by URL, with the same result as from files', async () => {
    const log: string[] = [];
    const viaUrl = await createAnalyzer({ loader: urlLoader(BASE, { fetch: modelsFetch(log) }) });
    const viaFiles = await createAnalyzer();
    const a = await viaUrl.analyze(TEXT, { extractors: 'words,dependency-trees' });
    const b = await viaFiles.analyze(TEXT, { extractors: 'words,dependency-trees' });
    expect(a.response).toEqual(b.response);
    expect(log.some((l) => l.endsWith('parser/parser.onnx'))).toBe(true);
  });
});

describe('bufferLoader', () => {
  it('serves the given bytes, asks the fallback for the rest, and names a missing file', async () => {
    const meta = await readFile(join(defaultModelsDir, 'sentences/meta.json'));
    const only = bufferLoader({ 'sentences/meta.json': meta.buffer.slice(meta.byteOffset, meta.byteOffset + meta.byteLength) });
    expect(await only.text('sentences/meta.json')).toBe(meta.toString('utf8'));
    expect(await only.exists('sentences/model.onnx')).toBe(false);
    const e = await rejection(only.bytes('sentences/model.onnx'));
    expect(e.message).toMatch(/sentences\/model\.onnx was not found/);

    const withFallback = bufferLoader({ 'sentences/meta.json': new Uint8Array(meta) }, fileLoader());
    expect(await withFallback.exists('sentences/model.onnx')).toBe(true);
  });

  it('runs words on models handed over as bytes', async () => {
    const files: Record<string, Uint8Array> = {};
    for (const p of ['sentences/model.onnx', 'sentences/meta.json']) files[p] = new Uint8Array(await readFile(join(defaultModelsDir, p)));
    const analyzer = await createAnalyzer({ loader: bufferLoader(files) });
    const r = await analyzer.analyze(TEXT, { extractors: 'words', languageOverride: 'eng' });
    expect(r.response?.sentences).toHaveLength(3);
  });
});

describe('fileLoader', () => {
  it('reads a language pack missing from the models directory from its installed package, and only then', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-models-'));
    const pkg = mkdtempSync(join(tmpdir(), 'textlens-fra-'));
    writeFileSync(join(pkg, 'meta.json'), '{"from":"package"}');
    const asked: string[] = [];
    const packDir = (code: string) => (asked.push(code), code === 'fra' ? pkg : undefined);
    const loader = fileLoader(dir, { packDir });
    expect(await loader.text('fra/meta.json')).toBe('{"from":"package"}');
    expect(loader.filePath!('fra/meta.json')).toBe(join(pkg, 'meta.json'));
    expect(await loader.exists('deu/meta.json')).toBe(false);
    // English folders never go to a package; a folder in the models directory wins over one.
    expect(await loader.exists('tagger/meta.json')).toBe(false);
    mkdirSync(join(dir, 'spa'));
    writeFileSync(join(dir, 'spa', 'meta.json'), '{"from":"models"}');
    expect(await loader.text('spa/meta.json')).toBe('{"from":"models"}');
    expect(asked).toEqual(['fra', 'deu']);
  });

  it('names the pack and where it looked when a pack file is missing everywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-models-'));
    const e = await rejection(fileLoader(dir, { packDir: () => undefined }).bytes('deu/tagger.onnx'));
    expect(e.message).toContain('deu/tagger.onnx');
    expect(e.message).toContain(dir);
  });

  it('names the missing model file and the directory it looked in', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-models-'));
    const e = await rejection(fileLoader(dir).bytes('tagger/tagger.onnx'));
    expect(e.message).toContain('tagger/tagger.onnx');
    expect(e.message).toContain(dir);
  });

  it('refuses an extractor whose model is missing, naming the layer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'textlens-models-'));
    const analyzer = await createAnalyzer({ modelsDir: dir });
    const e = await rejection(analyzer.analyze('Some text here.', { extractors: 'dependency-trees' }));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/not available/);
  });
});
