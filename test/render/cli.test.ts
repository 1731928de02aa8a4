/**
 * `textlens render --in response.json --out page.html` and
 * `textlens analyze … --format html`: a whole offline page drawing the
 * response, exit statuses, and the refusals that name the flag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { analyzeCommand } from '../../src/cli/analyze.js';
import { main } from '../../src/cli/main.js';

const fixturePath = new URL('../fixtures/render/response.json', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'textlens-render-cli-'));

async function run(...argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  try {
    return { code: await main(argv), stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('textlens render', () => {
  it('writes a page that draws the response and fetches nothing', async () => {
    const out = join(dir, 'page.html');
    const { code } = await run('render', '--in', fixturePath, '--out', out, '--title', 'A <b>test</b>');
    expect(code).toBe(0);
    const page = readFileSync(out, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<title>A &lt;b&gt;test&lt;/b&gt;</title>');
    expect(page).toContain(`http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"`);
    const $ = load(page);
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
    expect($('[data-textlens=entity]')).toHaveLength(fixture.response.entities.length);
    expect($('[data-textlens=text]').text()).toBe(fixture.response.cleanedText);
  });

  it('writes only the styles asked for, as a fragment with --fragment', async () => {
    const out = join(dir, 'fragment.html');
    expect((await run('render', '--in', fixturePath, '--out', out, '--style', 'topics', '--fragment')).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<div class="textlens"')).toBe(true);
    expect(load(html)('[data-textlens=root]').attr('data-styles')).toBe('topics');
  });

  it('exits 1 for an error envelope, with the error on the page', async () => {
    const input = join(dir, 'error.json');
    writeFileSync(input, JSON.stringify({ time: 0, ok: false, error: 'text is too long', message: '' }));
    const out = join(dir, 'error.html');
    expect((await run('render', '--in', input, '--out', out)).code).toBe(1);
    expect(load(readFileSync(out, 'utf8'))('[role=alert]').text()).toBe('Analysis failed: text is too long');
  });

  it('takes a textlens batch result line too', async () => {
    const input = join(dir, 'line.json');
    writeFileSync(input, JSON.stringify({ id: 'doc-1', response: JSON.parse(readFileSync(fixturePath, 'utf8')) }));
    const out = join(dir, 'line.html');
    expect((await run('render', '--in', input, '--out', out)).code).toBe(0);
    expect(load(readFileSync(out, 'utf8'))('[data-textlens=entity]').length).toBeGreaterThan(0);
    writeFileSync(input, JSON.stringify({ id: 'doc-2', error: { status: 413, message: 'text is over 200 kB' } }));
    expect((await run('render', '--in', input, '--out', out)).code).toBe(1);
    expect(load(readFileSync(out, 'utf8'))('[role=alert]').text()).toBe('Analysis failed: text is over 200 kB (status 413)');
  });

  it('refuses a bad style and an input that is not a response, exit 2', async () => {
    const bad = await run('render', '--in', fixturePath, '--out', join(dir, 'x.html'), '--style', 'entities,arcs');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^textlens render: --style: unknown render style "arcs": the styles are entities, dependency-trees, relations, properties, topics/);
    const input = join(dir, 'not-response.json');
    writeFileSync(input, '[1, 2]');
    const notResponse = await run('render', '--in', input, '--out', join(dir, 'y.html'));
    expect(notResponse.code).toBe(2);
    expect(notResponse.stderr).toContain('is not a textlens response');
  });
});

describe('textlens analyze --format html', () => {
  it('prints a page drawing the analysis, with the text as analysed', async () => {
    let out = '';
    const text = 'Tim Cook visited London 😀 on "Tuesday".';
    const code = await analyzeCommand(['--text', text, '--extractors', 'entities,dependency-trees', '--format', 'html'], (s) => (out += s));
    expect(code).toBe(0);
    const $ = load(out);
    expect($('[data-textlens=text]').text()).toBe(text);
    expect($('[data-textlens=entity][data-entity-id=Tim_Cook]').text()).toBe('Tim Cook');
    expect($('[data-textlens=arc]').length).toBeGreaterThan(3);
  });

  it('reports a bad --style as the error envelope, as it reports every bad flag', async () => {
    let out = '';
    expect(await analyzeCommand(['--text', 'Hi.', '--format', 'html', '--style', 'nope'], (s) => (out += s))).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ ok: false, error: expect.stringContaining('unknown render style "nope"') });
  });
});
