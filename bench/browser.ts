/**
 * Speed in a real browser (issue #13): Debian's Chromium runs textlens on
 * onnxruntime-web, bundled by esbuild the way examples/browser is, over the
 * benchmark text of bench/run.ts. Measures tokens/s of `words` and
 * `words,dependency-trees,entities` and the cold start to the first `words`
 * result (navigation → result, fresh profile), single-threaded and with two
 * WASM threads on a cross-origin isolated page (COOP/COEP).
 *
 * `npm run bench` adds these rows beside its native and WASM-in-Node rows;
 * `npm run bench:browser` runs them alone (BENCH_PASSES=n timed passes, default
 * 2; BENCH_DOCS=n for a quick check on the first n documents).
 * The last line is name=value pairs.
 */
import * as esbuild from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumMissing, exampleScripts, launchChromium, root } from '../test/browser/harness.js';
import type { BrowserBenchHooks } from './browser-page.js';

export interface BrowserVariant {
  label: string;
  threads: number;
  /** Serve with COOP/COEP, so the page is cross-origin isolated (WASM threads need it). */
  isolated: boolean;
}

export const VARIANTS: BrowserVariant[] = [
  { label: 'Chromium, WASM 1 thread', threads: 1, isolated: false },
  { label: 'Chromium, WASM 2 threads, cross-origin isolated', threads: 2, isolated: true },
];

/** Extractor sets timed, by row name (the names of bench/run.ts's rows). */
export const BROWSER_PIPELINES: Array<[string, string]> = [
  ['words', 'words'],
  ['words+dependency-trees+entities', 'words,dependency-trees,entities'],
];

export interface BrowserResult {
  variant: BrowserVariant;
  /** Whether the page really was cross-origin isolated. */
  isolated: boolean;
  /** The threads onnxruntime-web ran with. */
  wasmThreads: number;
  /** What the cold start fetched before the first result (path, bytes, ms from navigation start to its end). */
  resources: BrowserBenchHooks['resources'];
  firstWordsMs: number;
  /** Mean ms per pass over all documents, by pipeline name. */
  msPerPass: Record<string, number>;
}

/** The bench page, built (esbuild, as the example) into a temporary directory. */
export interface BuiltBenchPage {
  outdir: string;
  modelsDir: string;
  remove(): void;
}

export async function buildBenchPage(): Promise<BuiltBenchPage> {
  const missing = chromiumMissing();
  if (missing) throw new Error(`cannot run the browser bench: ${missing}`);
  const { build } = await exampleScripts();
  const outdir = mkdtempSync(join(tmpdir(), 'textlens-bench-page-'));
  await esbuild.build({ ...build.BUNDLE_OPTIONS, entryPoints: [fileURLToPath(new URL('./browser-page.ts', import.meta.url))], outdir, minify: true });
  writeFileSync(join(outdir, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="./browser-page.js"></script>\n');
  await build.copyWasmFiles(join(outdir, 'wasm'));
  return { outdir, modelsDir: join(build.packageRoot(), 'models'), remove: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** The bench page open in a fresh Chromium (fresh profile: its first result is a cold start). */
export interface OpenBenchPage {
  start: Pick<BrowserResult, 'firstWordsMs' | 'isolated' | 'wasmThreads' | 'resources'>;
  /** ms of one pass over `docs` with `extractors`, in the page. */
  pass(extractors: string): Promise<number>;
  close(): Promise<void>;
}

export async function openBenchPage(built: BuiltBenchPage, variant: BrowserVariant, docs: string[]): Promise<OpenBenchPage> {
  const { serve } = await exampleScripts();
  const { server, url } = await serve.serveStatic({ mounts: { '/': built.outdir, '/models/': built.modelsDir }, isolated: variant.isolated });
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    server.closeAllConnections();
    server.close();
  };
  try {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?threads=${variant.threads}`);
    await page
      .waitForFunction(() => 'textlensBench' in globalThis, null, { timeout: 120_000 })
      .catch((error: unknown) => {
        throw new Error(`the bench page did not start: ${errors.join('; ') || String(error)}`);
      });
    // Functions passed to page.evaluate run in the page, where the bench page put its hooks.
    const start = await page.evaluate((d) => {
      const hooks = (globalThis as unknown as { textlensBench: BrowserBenchHooks }).textlensBench;
      hooks.docs = d;
      return { firstWordsMs: hooks.firstWordsMs, isolated: hooks.crossOriginIsolated, wasmThreads: hooks.wasmThreads, resources: hooks.resources };
    }, docs);
    return {
      start,
      pass: (extractors) => page.evaluate((e) => (globalThis as unknown as { textlensBench: BrowserBenchHooks }).textlensBench.pass(e), extractors),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs every variant over `docs`; `passes` timed passes per pipeline after one warm-up. */
export async function browserBench(docs: string[], passes = 2, variants = VARIANTS): Promise<BrowserResult[]> {
  const built = await buildBenchPage();
  const results: BrowserResult[] = [];
  try {
    for (const variant of variants) {
      const page = await openBenchPage(built, variant, docs);
      try {
        const msPerPass: Record<string, number> = {};
        for (const [name, extractors] of BROWSER_PIPELINES) {
          await page.pass(extractors); // warm-up: loads this pipeline's models
          let total = 0;
          for (let i = 0; i < passes; i++) total += await page.pass(extractors);
          msPerPass[name] = total / passes;
        }
        results.push({ variant, ...page.start, msPerPass });
      } finally {
        await page.close();
      }
    }
  } finally {
    built.remove();
  }
  return results;
}

async function main(): Promise<void> {
  const { benchText, documents } = await import('./text.js');
  const { tokenize } = (await import(join(root, 'dist', 'doc', 'tokenize.js'))) as typeof import('../src/doc/tokenize.js');
  const { text, source } = benchText();
  // BENCH_DOCS=n: only the first n documents (a quick check; the figures are for all of them).
  const docs = documents(text).slice(0, Number(process.env.BENCH_DOCS ?? Infinity));
  const tokens = docs.reduce((n, d) => n + tokenize(d).length, 0);
  const results = await browserBench(docs, Number(process.env.BENCH_PASSES ?? 2));
  console.log(`Text: ${source}, ${tokens.toLocaleString('en-US')} tokens in ${docs.length} documents. Timing under load is noisy: compare rows of one run.`);
  const pairs: string[] = [];
  results.forEach((r, i) => {
    const fetched = r.resources.reduce((n, x) => n + x.bytes, 0);
    console.log(`${r.variant.label} (isolated: ${r.isolated}, WASM threads: ${r.wasmThreads}): first words result ${r.firstWordsMs.toFixed(0)} ms cold, after fetching ${(fetched / 1e6).toFixed(1)} MB in ${r.resources.length} files`);
    if (process.env.BENCH_VERBOSE) for (const x of r.resources) console.log(`    ${x.endMs.toFixed(0).padStart(6)} ms  ${(x.bytes / 1e3).toFixed(0).padStart(6)} kB  ${x.path}`);
    pairs.push(`v${i}_threads=${r.wasmThreads}`, `v${i}_first_words_ms=${r.firstWordsMs.toFixed(0)}`);
    for (const [name, ms] of Object.entries(r.msPerPass)) {
      const rate = (tokens / ms) * 1000;
      console.log(`  ${name}: ${Math.round(rate).toLocaleString('en-US')} tokens/s (${ms.toFixed(0)} ms per pass)`);
      pairs.push(`v${i}_${name.replace(/\W+/g, '_')}_tokens_per_s=${Math.round(rate)}`);
    }
  });
  console.log(pairs.join(' '));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
