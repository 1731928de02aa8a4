/**
 * The browser entry, bundled as a user's esbuild would: nothing Node-only is
 * reachable, and the heavy optional parts (rules, HTML cleanup, language
 * detection) sit in lazy chunks that a `words` page does not load.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAnalyzer } from '../../src/analyzer.js';
import type { ResourceLoader } from '../../src/resources/loader.js';
import { defaultModelsDir } from '../../src/resources/file-loader.js';
import type { Metafile } from 'esbuild';
import { bundleBrowserEntry, FORBIDDEN_PACKAGES, packageOf, ROOT, TAU_NODE_ONLY, type BrowserBundle } from '../../bench/browser-bundle.js';

let bundle: BrowserBundle;

beforeAll(async () => {
  bundle = await bundleBrowserEntry(mkdtempSync(join(tmpdir(), 'textlens-bundle-')), false);
}, 120_000);

const NODE_BUILTINS = /^(node:|fs$|fs\/|path$|url$|os$|net$|http$|https$|zlib$|dns|crypto$|child_process$|worker_threads$|module$|stream|util$|buffer$|readline$)/;

/** Output files statically imported from the entry (what a page loads before any dynamic import). */
function staticClosure(meta: Metafile): Set<string> {
  const entry = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint?.endsWith('src/index.ts'))!;
  const seen = new Set<string>([entry]);
  const todo = [entry];
  while (todo.length) {
    for (const imp of meta.outputs[todo.pop()!].imports) {
      if (imp.kind === 'import-statement' && !imp.external && !seen.has(imp.path)) {
        seen.add(imp.path);
        todo.push(imp.path);
      }
    }
  }
  return seen;
}

function packagesIn(meta: Metafile, outputs: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const o of outputs) for (const input of Object.keys(meta.outputs[o].inputs)) out.add(packageOf(input) || relative(ROOT, input).replace(/\\/g, '/'));
  return out;
}

describe('the browser bundle of src/index.ts', () => {
  it('reaches no Node built-in and no Node-only package', () => {
    const { metafile } = bundle;
    const inputs = Object.keys(metafile.inputs);
    for (const p of FORBIDDEN_PACKAGES) expect(inputs.filter((i) => packageOf(i) === p), p).toEqual([]);
    for (const i of inputs) expect(i, `${i} is Node-only`).not.toMatch(/src\/platform\/node\/|resources\/file-loader|source\/fetch-url|address-guard/);
    const external = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    // Only tau-prolog's dead Node branches stay unresolved (see TAU_NODE_ONLY).
    expect(new Set(external)).toEqual(new Set(TAU_NODE_ONLY));
    for (const e of bundle.externals) expect(e.importer).toMatch(/tau-prolog/);
    for (const [file, meta] of Object.entries(metafile.inputs)) {
      for (const imp of meta.imports) {
        if (NODE_BUILTINS.test(imp.path) && !/tau-prolog/.test(file)) expect.fail(`${file} imports ${imp.path}`);
      }
    }
  });

  it('loads the Prolog engine, the HTML parser and franc only through dynamic imports', () => {
    const { metafile } = bundle;
    const eager = packagesIn(metafile, staticClosure(metafile));
    for (const lazy of ['tau-prolog', 'cheerio', 'htmlparser2', 'franc', 'sql.js', 'onnxruntime-web']) expect(eager.has(lazy), lazy).toBe(false);
    expect(eager.has('src/index.ts')).toBe(true);
    // …and they are in the bundle, behind those imports.
    const all = packagesIn(metafile, Object.keys(metafile.outputs));
    for (const lazy of ['tau-prolog', 'cheerio', 'franc', 'sql.js', 'onnxruntime-web']) expect(all.has(lazy), lazy).toBe(true);
  });
});

describe('the browser bundle, run', () => {
  it('analyzes on onnxruntime-web/wasm with wasmPaths as Node does natively', async () => {
    // A loader without file paths, as a page has; the .wasm glue is read from wasmPaths.
    const loader: ResourceLoader = {
      bytes: async (p) => new Uint8Array(await readFile(join(defaultModelsDir, p))),
      text: async (p) => readFile(join(defaultModelsDir, p), 'utf8'),
      exists: (p) => readFile(join(defaultModelsDir, p)).then(() => true, () => false),
    };
    const browserEntry = (await import(pathToFileURL(join(bundle.outdir, 'index.js')).href)) as typeof import('../../src/index.js');
    const wasmPaths = pathToFileURL(join(ROOT, 'node_modules', 'onnxruntime-web', 'dist')).href + '/';
    const text = 'The committee met on Monday. It approved the budget for next year, after a long debate.';
    const options = { extractors: 'words,dependency-trees', languageOverride: 'eng' };
    const inBundle = await (await browserEntry.createAnalyzer({ loader, wasmPaths })).analyze(text, options);
    const native = await (await createAnalyzer()).analyze(text, options);
    expect(inBundle.message).toBe('');
    expect(inBundle.response?.sentences).toHaveLength(2);
    expect(inBundle.response?.sentences).toEqual(native.response?.sentences);
  });
});
