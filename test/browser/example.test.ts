/**
 * The example app (examples/browser), built with esbuild as a user builds
 * it, in Debian's Chromium: words, dependency trees, entities and two
 * Prolog rules on fixed documents, on the main thread and in a Web Worker,
 * must give exactly the JSON that Node gives (time aside).
 *
 * Which Node: the browser runs onnxruntime-web's WASM build, the same binary
 * as `backend: 'wasm'` in Node, so that output must match byte for byte.
 * onnxruntime-node's native kernels (other SIMD paths, other summation
 * order) may differ from it in the last float bits; every score in the JSON
 * is an argmax or rounded to 3 digits, so on these documents native gives
 * the same JSON too, and a separate test says so, so that a difference there
 * reads as numerics, not as a broken browser seam.
 *
 * A third run uses two WASM threads (a worker on a cross-origin isolated
 * page): the same JSON again.
 *
 * Skipped, with the reason, where /usr/bin/chromium is absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createAnalyzer } from '../../src/index.js';
import type { AnalyzeOptions, AnalyzeResponse } from '../../src/types.js';
import { chromiumMissing, ensureBuiltPackage, launchChromium, serveExample, type Chromium, type ServedExample } from './harness.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/browser/documents.json', import.meta.url), 'utf8')) as {
  extractors: string;
  rules: string;
  documents: string[];
};
const requests: AnalyzeOptions[] = fixture.documents.map((text) => ({ text, extractors: fixture.extractors, rules: fixture.rules }));

const missing = chromiumMissing();
if (missing) console.warn(`Skipping the browser suite: ${missing}`);

/** The response without its timing, which no two runs share. */
function timeless(response: AnalyzeResponse): Omit<AnalyzeResponse, 'time'> {
  const { time: _time, ...rest } = response;
  return rest;
}

async function nodeResponses(backend: 'node' | 'wasm'): Promise<Omit<AnalyzeResponse, 'time'>[]> {
  const analyzer = await createAnalyzer({ backend });
  const out = [];
  for (const request of requests) out.push(timeless(await analyzer.analyze(request)));
  return out;
}

/** Fills the example's form, submits it and reads the JSON it shows. */
async function analyzeInPage(page: Page, request: AnalyzeOptions): Promise<AnalyzeResponse> {
  const status = page.locator('#status');
  const runs = Number(await status.getAttribute('data-runs'));
  await page.fill('#text', request.text ?? '');
  await page.fill('#extractors', String(request.extractors ?? ''));
  await page.fill('#rules', request.rules ?? '');
  await page.click('#run');
  await page.waitForFunction((before) => Number(document.getElementById('status')?.dataset.runs) > before, runs, { timeout: 60_000 });
  return JSON.parse(await page.locator('#result').textContent() ?? '') as AnalyzeResponse;
}

describe.skipIf(missing !== undefined)('the example app in Chromium', () => {
  let browser: Chromium;
  let example: ServedExample;
  /** The same app served with COOP/COEP, where onnxruntime-web may run threads. */
  let isolated: ServedExample;
  let wasm: Omit<AnalyzeResponse, 'time'>[];
  /** Requests the pages made to anywhere but the example's server. */
  const elsewhere: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureBuiltPackage();
    [example, isolated, browser] = await Promise.all([serveExample(), serveExample({ isolated: true }), launchChromium()]);
    browser.context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(example.url) && !url.startsWith(isolated.url) && !url.startsWith('data:')) elsewhere.push(url);
    });
    wasm = await nodeResponses('wasm');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await example?.close();
    await isolated?.close();
  });

  it('Node gives the same JSON with the native and the WASM runtime on these documents', async () => {
    expect(wasm.every((r) => r.ok)).toBe(true);
    expect(await nodeResponses('node')).toEqual(wasm);
  }, 60_000);

  for (const mode of ['main', 'worker'] as const) {
    it(`gives exactly Node's JSON ${mode === 'main' ? 'on the main thread' : 'in a Web Worker'}`, async () => {
      const page = await browser.context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${mode}: ${error.message}`));
      await page.goto(`${example.url}?mode=${mode}`);
      await page.waitForSelector('#status[data-state="ready"]', { timeout: 30_000 });
      const got: Omit<AnalyzeResponse, 'time'>[] = [];
      for (const request of requests) got.push(timeless(await analyzeInPage(page, request)));
      // Errors first, so that a failure names its cause before the long diff.
      expect(got.map((r) => r.error)).toEqual(wasm.map((r) => r.error));
      expect(got).toEqual(wasm);
      // The rules ran and bound something (the equality above holds for empty results too).
      const bound = (name: string) => got.reduce((n, r) => n + (r.response?.matchingRules?.find((m) => m.name === name)?.bindings.length ?? 0), 0);
      expect(bound('subject_verb')).toBeGreaterThan(0);
      expect(bound('visited')).toBeGreaterThan(0);

      // A bad request is refused as in Node: status 400's message in the error envelope.
      const refused = await analyzeInPage(page, { text: 'Dogs bark.', extractors: 'words,no_such_rule' });
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatch(/unknown extractor 'no_such_rule'/);
      await page.close();
      expect(pageErrors).toEqual([]);
      expect(elsewhere).toEqual([]);
    }, 120_000);
  }

  it('gives the same JSON with two WASM threads, in a worker of a cross-origin isolated page', async () => {
    const page = await browser.context.newPage();
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    page.on('pageerror', (error) => pageErrors.push(`threads: ${error.message}`));
    await page.goto(`${isolated.url}?mode=worker&threads=2`);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    await page.waitForSelector('#status[data-state="ready"]', { timeout: 30_000 });
    const got: Omit<AnalyzeResponse, 'time'>[] = [];
    for (const request of requests) got.push(timeless(await analyzeInPage(page, request)));
    expect(got.map((r) => r.error)).toEqual(wasm.map((r) => r.error));
    expect(got).toEqual(wasm);
    // onnxruntime-web says so in the console when it falls back to one thread.
    expect(consoleLines.filter((line) => /multi-threading is not supported|numThreads/.test(line))).toEqual([]);
    await page.close();
    expect(pageErrors).toEqual([]);
    expect(elsewhere).toEqual([]);
  }, 120_000);
});
