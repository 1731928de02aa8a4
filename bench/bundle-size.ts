/**
 * What a browser app downloads: the gzip size of textlens's entry chunk and
 * of each lazy chunk (esbuild, platform browser, ES modules, splitting,
 * minified; gzip level 9), the WASM runtimes' `.wasm` files, and the model
 * bytes each extractor reads (measured by running it through a recording
 * loader without file paths, as a browser's loader is).
 *
 *   node --import tsx bench/bundle-size.ts
 *
 * Prints Markdown tables for README; the last line is `name=value …`.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleBrowserEntry, packageOf, ROOT } from './browser-bundle.js';
import { createAnalyzer } from '../src/analyzer.js';
import { EXTRACTOR_LAYERS } from '../src/annotators/plan.js';
import { fileLoader } from '../src/resources/file-loader.js';
import type { ResourceLoader } from '../src/resources/loader.js';

const kb = (n: number): string => `${(n / 1024).toFixed(1)} kB`;
const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(2)} MB`;
const gz = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length;

// 1. JavaScript chunks.
const outdir = mkdtempSync(join(tmpdir(), 'textlens-size-'));
const { metafile } = await bundleBrowserEntry(outdir);
const outputs = metafile.outputs;
const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint?.endsWith('src/index.ts'))!;

/** An output plus the shared chunks it imports statically, minus those already in `have`. */
function closure(start: string, have: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const o = todo.pop()!;
    if (seen.has(o) || have.has(o)) continue;
    seen.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement' && !i.external) todo.push(i.path);
  }
  return seen;
}
const sumGz = (files: Iterable<string>): number => [...files].reduce((s, f) => s + gz(join(ROOT, f)), 0);

const initial = closure(entry);
const initialGz = sumGz(initial);
const lazy: { name: string; gz: number; packages: string }[] = [];
for (const [o, meta] of Object.entries(outputs)) {
  if (o === entry || !meta.entryPoint) continue;
  const files = closure(o, initial);
  const pkgs = new Set<string>();
  for (const f of files) for (const input of Object.keys(outputs[f].inputs)) pkgs.add(packageOf(input));
  pkgs.delete('');
  lazy.push({ name: meta.entryPoint.replace(/^.*node_modules\//, '').replace(/^src\//, ''), gz: sumGz(files), packages: [...pkgs].join(', ') });
}
lazy.sort((a, b) => b.gz - a.gz);

console.log('| JavaScript (gzip -9) | size | packages inside |');
console.log('|---|---:|---|');
console.log(`| entry: src/index.ts and its static imports (${initial.size} files) | ${kb(initialGz)} | |`);
for (const l of lazy) console.log(`| lazy: ${l.name} | ${kb(l.gz)} | ${l.packages} |`);

// 2. WASM runtimes.
const require = createRequire(import.meta.url);
const wasm = [
  ['onnxruntime-web: ort-wasm-simd-threaded.wasm', require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm')],
  ['sql.js: sql-wasm-browser.wasm (entities only)', require.resolve('sql.js/dist/sql-wasm-browser.wasm')],
] as const;
console.log('\n| WASM file | size | gzip -9 |');
console.log('|---|---:|---:|');
for (const [name, file] of wasm) console.log(`| ${name} | ${mb(statSync(file).size)} | ${mb(gz(file))} |`);

// 3. Model bytes per extractor.
function recording(base: ResourceLoader, read: Map<string, number>): ResourceLoader {
  return {
    async bytes(p) {
      const b = await base.bytes(p);
      read.set(p, b.byteLength);
      return b;
    },
    async text(p) {
      const t = await base.text(p);
      read.set(p, new TextEncoder().encode(t).byteLength);
      return t;
    },
    exists: (p) => base.exists(p),
  };
}
const sample = 'Angela Merkel met Emmanuel Macron in Paris on Tuesday. The two leaders discussed the budget of the European Union.';
console.log('\n| extractor | models/ directories read | bytes |');
console.log('|---|---|---:|');
const perExtractor: Record<string, number> = {};
for (const name of Object.keys(EXTRACTOR_LAYERS)) {
  const read = new Map<string, number>();
  const analyzer = await createAnalyzer({ loader: recording(fileLoader(), read) });
  await analyzer.analyze(sample, { extractors: name, languageOverride: 'eng' });
  const total = [...read.values()].reduce((a, b) => a + b, 0);
  perExtractor[name] = total;
  const dirs = [...new Set([...read.keys()].map((p) => p.split('/')[0]))].sort();
  console.log(`| ${name} | ${dirs.join(', ')} (${read.size} files) | ${mb(total)} |`);
}

console.log(
  `entry_gz_kb=${(initialGz / 1024).toFixed(1)} ${lazy.map((l) => `${l.name.replace(/[^a-z0-9]+/gi, '_')}_gz_kb=${(l.gz / 1024).toFixed(1)}`).join(' ')} ` +
    Object.entries(perExtractor)
      .map(([k, v]) => `models_${k.replace(/-/g, '_')}_mb=${(v / 1024 / 1024).toFixed(2)}`)
      .join(' '),
);
rmSync(outdir, { recursive: true, force: true });
