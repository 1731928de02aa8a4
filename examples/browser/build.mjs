#!/usr/bin/env node
/**
 * Builds the example as an app that depends on textlens would be built
 * (node build.mjs [--outdir DIR] [--no-minify]): esbuild bundles main.ts and
 * worker.ts for browsers, with code splitting so that what a page does not
 * use (the rules engine, the knowledge base reader) stays in chunks loaded on
 * first use; index.html is copied beside
 * them, and so are the WASM files textlens fetches at run time (onnxruntime-web,
 * sql.js). The models are not copied: serve.mjs serves them from the package.
 */
import * as esbuild from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The WASM files textlens fetches at run time from its `wasmPaths`:
 * onnxruntime-web's runtime (SIMD, threads when the page allows) and its
 * loader, and sql.js's SQLite (the knowledge base, for `entities`).
 */
export const WASM_FILES = [
  'onnxruntime-web/ort-wasm-simd-threaded.wasm',
  'onnxruntime-web/ort-wasm-simd-threaded.mjs',
  'sql.js/dist/sql-wasm-browser.wasm',
];

/** The directory of the textlens package this example resolves. */
export function packageRoot() {
  return dirname(require.resolve('textlens/package.json'));
}

/** What esbuild needs to bundle textlens for browsers: ESM with code splitting, the browser conditions. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // The app's own tsconfig.json, for every file: no other one (a monorepo's, a package's) applies.
  tsconfig: join(here, 'tsconfig.json'),
  // tau-prolog (the rules engine) requires these in branches that run only
  // in Node; they must not be bundled and are never loaded in a browser.
  external: ['fs', 'path', 'readline-sync'],
};

/** Copies the WASM files into `dir`, where the page's `wasm` setting points (./wasm/). */
export async function copyWasmFiles(dir) {
  await mkdir(dir, { recursive: true });
  for (const file of WASM_FILES) await copyFile(require.resolve(file), join(dir, file.slice(file.lastIndexOf('/') + 1)));
}

/**
 * Bundles the example into `outdir` (default dist/ beside this file).
 * Returns esbuild's metafile, which tells the bytes of every output file.
 */
export async function buildExample({ outdir = join(here, 'dist'), minify = true } = {}) {
  const result = await esbuild.build({
    ...BUNDLE_OPTIONS,
    entryPoints: [join(here, 'main.ts'), join(here, 'worker.ts')],
    outdir,
    minify,
  });
  await copyFile(join(here, 'index.html'), join(outdir, 'index.html'));
  await copyWasmFiles(join(outdir, 'wasm'));
  return result.metafile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const metafile = await buildExample({ outdir: at >= 0 ? resolve(args[at + 1]) : undefined, minify: !args.includes('--no-minify') });
  for (const [file, { bytes }] of Object.entries(metafile.outputs)) if (!file.endsWith('.map')) console.log(`${relative(process.cwd(), resolve(file))}  ${(bytes / 1024).toFixed(1)} kB`);
}
