/**
 * The visualizer in Debian's Chromium: the page `textlens render` writes
 * and the page `textlens serve --demo` serves at /demo. Each is opened from
 * 127.0.0.1, its drawn elements are checked against the JSON, keyboard
 * focus shows an entity's details, a screenshot is compared with the
 * committed reference (test/browser/references/) within a tolerance, and no
 * request may leave 127.0.0.1.
 *
 * References are this machine's Chromium and fonts; after a deliberate
 * change to the drawing (or on another font set) rewrite them with
 * TEXTLENS_UPDATE_SCREENSHOTS=1 and look at them before committing.
 *
 * Skipped, with the reason, where /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { main } from '../../src/cli/main.js';
import { analyzeCommand } from '../../src/cli/analyze.js';
import { startServer, type RunningServer } from '../../src/http/node-server.js';
import type { AnalyzeResponse } from '../../src/types.js';
import { ensureBuiltRenderer } from '../render/built-renderer.js';
import { chromiumMissing, exampleScripts, launchChromium, type Chromium } from './harness.js';

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the visualizer's browser suite: ${missing}`);

const REFERENCES = new URL('./references/', import.meta.url).pathname;
const ACTUALS = new URL('../../.tmp/screenshots/', import.meta.url).pathname;
const FIXTURE = new URL('../fixtures/render/response.json', import.meta.url).pathname;
const KEY = 'visualizer-key';
/** A pixel differs when a channel differs by more than this (anti-aliasing moves a few levels). */
const CHANNEL_TOLERANCE = 48;
/**
 * At most this share of the pixels may differ. Two runs here differ in none;
 * recolouring the arcs alone changes 0.85 % of the render page's pixels.
 */
const PIXEL_TOLERANCE = 0.002;

/**
 * Compares a PNG with its reference in the browser itself (two images on a
 * canvas: no image library needed in Node). Missing reference, or
 * TEXTLENS_UPDATE_SCREENSHOTS=1: writes it, and fails when it was missing.
 */
async function matchesReference(browser: Chromium, name: string, png: Buffer): Promise<void> {
  const path = join(REFERENCES, `${name}.png`);
  if (process.env.TEXTLENS_UPDATE_SCREENSHOTS === '1' || !existsSync(path)) {
    const existed = existsSync(path);
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(path, png);
    if (!existed && process.env.TEXTLENS_UPDATE_SCREENSHOTS !== '1') throw new Error(`no reference screenshot ${path}: written now; look at it, commit it, run again`);
    return;
  }
  const page = await browser.context.newPage();
  try {
    const result = await page.evaluate(
      async ([a, b, tolerance]) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const img = new Image();
            img.onload = () => resolve(img);
            img.onerror = () => reject(new Error('image did not load'));
            img.src = src;
          });
        const [got, want] = await Promise.all([load(a), load(b)]);
        if (got.width !== want.width || got.height !== want.height) return { size: `${got.width}x${got.height}, reference ${want.width}x${want.height}`, share: 1 };
        const pixels = (img: HTMLImageElement) => {
          const canvas = document.createElement('canvas');
          canvas.width = img.width;
          canvas.height = img.height;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, img.width, img.height).data;
        };
        const p = pixels(got);
        const q = pixels(want);
        let differ = 0;
        for (let i = 0; i < p.length; i += 4) {
          if (Math.abs(p[i]! - q[i]!) > tolerance || Math.abs(p[i + 1]! - q[i + 1]!) > tolerance || Math.abs(p[i + 2]! - q[i + 2]!) > tolerance) differ++;
        }
        return { size: '', share: differ / (p.length / 4) };
      },
      [`data:image/png;base64,${png.toString('base64')}`, `data:image/png;base64,${readFileSync(path).toString('base64')}`, CHANNEL_TOLERANCE] as const,
    );
    // Kept where a look can compare it with the reference (.tmp/ is git-ignored; the test's own temporary directory goes at the end of the run).
    const actual = join(ACTUALS, `${name}.png`);
    if (result.size !== '' || result.share > PIXEL_TOLERANCE) {
      mkdirSync(ACTUALS, { recursive: true });
      writeFileSync(actual, png);
    }
    expect(result.size, `${name}: screenshot size (actual in ${actual})`).toBe('');
    expect(result.share, `${name}: share of pixels unlike the reference (actual in ${actual})`).toBeLessThanOrEqual(PIXEL_TOLERANCE);
  } finally {
    await page.close();
  }
}

/** What the page drew, read from its DOM. */
async function drawn(page: Page, root: string) {
  return page.evaluate((sel) => {
    const scope = document.querySelector(sel)!;
    const all = (s: string) => Array.from(scope.querySelectorAll(s));
    return {
      entities: all('[data-textlens="entity"]').map((e) => ({ id: e.getAttribute('data-entity-id'), index: Number(e.getAttribute('data-entity-index')), text: e.textContent })),
      text: scope.querySelector('[data-textlens="text"]')?.textContent ?? null,
      arcs: all('[data-textlens="dependency-trees"] [data-textlens="sentence"]').map((s) => s.querySelectorAll('[data-textlens="arc"]').length),
      relations: all('[data-textlens="relation"]').length,
      topics: all('[data-textlens="topics"] ol:first-of-type [data-textlens="topic"]').length,
      scripts: all('script, img, iframe, [onerror], [onload]').length,
    };
  }, root);
}

const arcsPerSentence = (response: AnalyzeResponse) => (response.response?.sentences ?? []).map((s) => s.words.filter((w) => w.parentPosition !== undefined).length);

describe.skipIf(missing !== undefined)('the visualizer in Chromium', () => {
  let browser: Chromium;
  let server: RunningServer;
  let files: { url: string; close(): Promise<void> };
  const dir = mkdtempSync(join(tmpdir(), 'textlens-visualizer-'));
  /** Requests the pages made to anywhere but 127.0.0.1. */
  const elsewhere: string[] = [];
  const pageErrors: string[] = [];
  const ANALYZED_TEXT = 'Tim Cook visited London on Tuesday 😀. Apple sells the iPhone in Paris.';
  let analyzedResponse: AnalyzeResponse;

  beforeAll(async () => {
    ensureBuiltRenderer();
    // The pages as the CLI writes them.
    expect(await main(['render', '--in', FIXTURE, '--out', join(dir, 'render.html')])).toBe(0);
    let analyzed = '';
    let json = '';
    const args = ['--text', ANALYZED_TEXT, '--extractors', 'words,entities,dependency-trees,relations'];
    expect(await analyzeCommand([...args, '--format', 'html'], (s) => (analyzed += s))).toBe(0);
    writeFileSync(join(dir, 'analyze.html'), analyzed);
    // The same analysis as JSON, for what the page should show.
    expect(await analyzeCommand(args, (s) => (json += s))).toBe(0);
    analyzedResponse = JSON.parse(json) as AnalyzeResponse;
    const { serve } = await exampleScripts();
    const [served, started, chromium] = await Promise.all([
      serve.serveStatic({ mounts: { '/': dir } }),
      startServer({ port: 0, keys: [{ key: KEY }], workers: 1, demo: true }),
      launchChromium(),
    ]);
    files = {
      url: served.url,
      close: () => new Promise<void>((done) => (served.server.closeAllConnections(), served.server.close(() => done()))),
    };
    server = started;
    browser = chromium;
    browser.context.on('request', (request) => {
      const url = request.url();
      if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url) && !url.startsWith('data:')) elsewhere.push(url);
    });
    await server.app.ready();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await files?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 900 });
    page.on('pageerror', (error) => pageErrors.push(`${url}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`${url}: ${message.text()}`);
    });
    await page.goto(url);
    return page;
  }

  it("draws `textlens render`'s page as the JSON says, matches its reference screenshot, fetches nothing", async () => {
    const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as AnalyzeResponse;
    const page = await open(`${files.url}render.html`);
    const got = await drawn(page, '.textlens');
    expect(got.entities.map((e) => e.index).sort((a, b) => a - b)).toEqual(fixture.response!.entities!.map((e) => e.id));
    expect(got.text).toBe(fixture.response!.cleanedText);
    expect(got.arcs).toEqual(arcsPerSentence(fixture));
    expect(got.relations).toBe(fixture.response!.relations!.length);
    expect(got.topics).toBe(fixture.response!.topics!.length);

    // Keyboard: the first Tab reaches the first entity, whose details then show (generated content, not text).
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement!;
      return { kind: el.getAttribute('data-textlens'), tip: getComputedStyle(el, '::before').content, described: document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent };
    });
    expect(focused.kind).toBe('entity');
    expect(focused.tip).toContain('confidence');
    expect(focused.described).toMatch(/^Tim Cook: Person, Agent · linked to Tim_Cook · https:\/\/en\.wikipedia\.org\/wiki\/Tim_Cook · confidence/);
    await page.keyboard.press('Shift+Tab');

    await matchesReference(browser, 'render-page', await page.locator('.textlens').screenshot());
    await page.close();
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 60_000);

  it('draws `textlens analyze --format html` with one arc per non-root word', async () => {
    const page = await open(`${files.url}analyze.html`);
    const got = await drawn(page, '.textlens');
    expect(got.text).toBe(ANALYZED_TEXT);
    expect(got.entities.map((e) => e.index).sort((a, b) => a - b)).toEqual(analyzedResponse.response!.entities!.map((e) => e.id));
    expect(got.entities.find((e) => e.id === 'Tim_Cook')?.text).toBe('Tim Cook');
    expect(got.arcs).toEqual(arcsPerSentence(analyzedResponse));
    expect(got.arcs.length).toBeGreaterThan(1);
    expect(got.relations).toBe(analyzedResponse.response!.relations!.length);
    await page.close();
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 60_000);

  /** Fills the demo's form, submits it and waits for the answer; the JSON the page shows. */
  async function analyzeInDemo(page: Page, fields: { key: string; text: string; extractors: string[] }): Promise<AnalyzeResponse> {
    const runs = Number(await page.locator('#status').getAttribute('data-runs'));
    await page.fill('#apiKey', fields.key);
    await page.fill('#text', fields.text);
    for (const box of await page.locator('input[name=extractor]').all()) {
      await box.setChecked(fields.extractors.includes((await box.getAttribute('value'))!));
    }
    await page.click('#run');
    await page.waitForFunction((before) => Number(document.getElementById('status')?.dataset.runs) > before, runs, { timeout: 60_000 });
    return JSON.parse((await page.locator('#json').textContent()) ?? '') as AnalyzeResponse;
  }

  it('runs a request on the /demo page and draws it beside the JSON, matching its reference screenshot', async () => {
    const page = await open(`${server.url}/demo`);
    await page.waitForSelector('#status[data-state="ready"]');

    // A wrong key is refused as the API refuses it, and the page says so.
    const refused = await analyzeInDemo(page, { key: 'not-a-key', text: 'Dogs bark.', extractors: ['dependency-trees'] });
    expect(refused.ok).toBe(false);
    // Chromium logs the refusal as an error of the page; it is the one expected.
    expect(pageErrors.splice(0)).toEqual([`${server.url}/demo: Failed to load resource: the server responded with a status of 401 (Unauthorized)`]);
    expect(await page.locator('#status').textContent()).toMatch(/^HTTP 401: /);
    expect(await page.locator('#rendering [role=alert]').count()).toBe(1);

    const response = await analyzeInDemo(page, { key: KEY, text: 'Tim Cook visited London. Dogs bark 😀.', extractors: ['entities', 'dependency-trees'] });
    expect(response.ok).toBe(true);
    const got = await drawn(page, '#rendering');
    expect(got.text).toBe('Tim Cook visited London. Dogs bark 😀.');
    expect(got.entities.map((e) => e.index).sort((a, b) => a - b)).toEqual(response.response!.entities!.map((e) => e.id));
    expect(got.arcs).toEqual(arcsPerSentence(response));
    expect(await page.locator('#status').getAttribute('data-state')).toBe('done');

    // Only the parse, whose drawing does not move with the knowledge base: the screenshot's reference.
    await analyzeInDemo(page, { key: KEY, text: 'The quick brown fox jumps over the lazy dog.', extractors: ['dependency-trees'] });
    await matchesReference(browser, 'demo-tree', await page.locator('#rendering').screenshot());

    // Untrusted text stays text in the page too.
    const hostile = `<img src=x onerror="document.title='owned'"><script>document.title='owned'</script> "Tim" Cook's 😀`;
    const echoed = await analyzeInDemo(page, { key: KEY, text: hostile, extractors: ['entities', 'words'] });
    expect(echoed.ok).toBe(true);
    const after = await drawn(page, '#rendering');
    expect(after.scripts).toBe(0);
    expect(after.text).toBe(hostile);
    expect(await page.title()).toBe('textlens demo');

    await page.close();
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 120_000);
});
