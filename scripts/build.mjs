#!/usr/bin/env node
/**
 * Builds the published package into dist/ (or --out DIR):
 *
 * 1. tsc -p tsconfig.build.json: the sources as ES modules with declarations.
 * 2. The browser side of the tau-prolog seam (src/platform/web/tau-prolog.ts)
 *    is bundled over tsc's output with tau-prolog inlined. tau-prolog 0.3 is
 *    CommonJS that `require`s fs, path and readline-sync inside its Node-only
 *    branches (files and the terminal, which never run in a browser and which
 *    the rules sandbox refuses anyway); a bundler resolves them all the same
 *    and fails on them. In the bundle they resolve to a stub, so a user's
 *    esbuild, webpack or Vite bundles `textlens` with no `external`s. Node
 *    resolves the seam to src/platform/node/, which loads tau-prolog as npm
 *    installed it.
 *
 * The output is built beside the target and moved into place at the end, so
 * dist/ never holds files of modules that no longer exist (npm would pack
 * them) and a process reading dist/ meanwhile never sees half a build.
 * `npm pack` and `npm publish` run this (prepack); a checkout runs it with
 * `npm run build` (or `npm test`).
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The Node-only modules tau-prolog requires; in the browser bundle they resolve to STUB. */
export const TAU_NODE_ONLY = ['fs', 'path', 'readline-sync'];

const STUB = `
// tau-prolog reaches this module only where it believes it runs in Node (to
// read files or the terminal). The browser build of textlens has neither.
module.exports = new Proxy({}, {
  get(_target, name) {
    throw new Error('tau-prolog: ' + String(name) + ' is not available in the browser build of textlens (no file system, no terminal)');
  },
});
`;

function tauPrologLicense() {
  const dir = dirname(require.resolve('tau-prolog/package.json'));
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const license = readFileSync(join(dir, 'LICENSE'), 'utf8').trim();
  return `/*!\n * Includes tau-prolog ${version} (core, lists, format, charsio, random), http://tau-prolog.org/\n *\n${license
    .split('\n')
    .map((l) => ` * ${l}`.trimEnd())
    .join('\n')}\n */`;
}

/** tau-prolog and the modules it loads first, in one ES module with its Node-only requires stubbed. */
async function bundleBrowserTauProlog(outDir) {
  const stubNodeOnly = {
    name: 'tau-prolog-node-only',
    setup(b) {
      const filter = new RegExp(`^(${TAU_NODE_ONLY.join('|')})$`);
      b.onResolve({ filter }, (args) => {
        if (!/[\\/]tau-prolog[\\/]/.test(args.importer)) return undefined;
        return { path: args.path, namespace: 'tau-prolog-node-only' };
      });
      b.onLoad({ filter: /.*/, namespace: 'tau-prolog-node-only' }, () => ({ contents: STUB, loader: 'js' }));
    },
  };
  const outfile = join(outDir, 'platform', 'web', 'tau-prolog.js');
  await build({
    entryPoints: [join(ROOT, 'src', 'platform', 'web', 'tau-prolog.ts')],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    outfile,
    allowOverwrite: true,
    // Not tsconfig.json: its "paths" point the platform seam at the Node code.
    tsconfigRaw: '{}',
    banner: { js: tauPrologLicense() },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [stubNodeOnly],
  });
  // tsc's source map described the file this bundle replaced.
  rmSync(`${outfile}.map`, { force: true });
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
  const out = resolve(ROOT, values.out);
  const next = `${out}.next-${process.pid}`;
  const old = `${out}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', next], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    await bundleBrowserTauProlog(next);
  } catch (e) {
    rmSync(next, { recursive: true, force: true });
    throw e;
  }
  // Another build of the same target (two `npm pack`s at once) may move its
  // output in between the two renames: then this one moves that aside too.
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(out, `${old}-${attempt}`);
    } catch (e) {
      if (e.code !== 'ENOENT') throw e;
    }
    try {
      renameSync(next, out);
      break;
    } catch (e) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(e.code) || attempt >= 5) throw e;
    }
  }
  for (const entry of readdirSync(dirname(out))) {
    if (entry.startsWith(basename(old))) rmSync(join(dirname(out), entry), { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`build failed: ${e.message}`);
    process.exitCode = 1;
  });
}
