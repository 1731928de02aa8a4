/**
 * Bundles textlens's public entry (src/index.ts) for the browser the way a
 * user's esbuild would (`platform: 'browser'`, ES modules, code splitting),
 * from the sources through the package's `textlens-source` condition, and
 * reads the metafile. Shared by the bundle test (nothing Node-only is
 * reachable) and bench/bundle-size.ts (what each chunk weighs).
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Modules tau-prolog 0.3 `require`s inside its Node-only branches (file
 * consult, `readline-sync` for user input). They never run in a browser
 * (tau-prolog checks for `process` first) but a bundler still resolves them.
 * A bundle of the sources meets them, and leaves them external here; the
 * published dist/ carries a browser build of tau-prolog without them
 * (scripts/build.mjs), so a user's bundler never does. They are allowed
 * from tau-prolog and from nowhere else.
 */
export const TAU_NODE_ONLY = ['fs', 'path', 'readline-sync'] as const;

/** Packages that must never reach a browser bundle. */
export const FORBIDDEN_PACKAGES = ['better-sqlite3', 'onnxruntime-node', 'pg', 'pg-boss', 'hono', '@hono/node-server', 'cli-progress'] as const;

export interface BrowserBundle {
  metafile: Metafile;
  outdir: string;
  /** Bare imports left external, by importer: only tau-prolog's TAU_NODE_ONLY should appear. */
  externals: { path: string; importer: string }[];
}

export async function bundleBrowserEntry(outdir: string, minify = true): Promise<BrowserBundle> {
  const externals: BrowserBundle['externals'] = [];
  // Records tau-prolog's dead Node requires and leaves them external, as the
  // README tells esbuild users to; anything else unresolved stays an error.
  const tauNodeOnly: Plugin = {
    name: 'tau-node-only',
    setup(b) {
      const filter = new RegExp(`^(${TAU_NODE_ONLY.join('|')})$`);
      b.onResolve({ filter }, (args) => {
        if (!/[\\/]tau-prolog[\\/]/.test(args.importer)) return undefined;
        externals.push({ path: args.path, importer: args.importer });
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [`${ROOT}src/index.ts`],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify,
    outdir,
    metafile: true,
    write: true,
    logLevel: 'silent',
    conditions: ['textlens-source'],
    // Not tsconfig.json: its "paths" point the platform seam at the Node code for tsc/tsx.
    tsconfigRaw: '{}',
    plugins: [tauNodeOnly],
  });
  return { metafile: result.metafile, outdir, externals };
}

/** The package a bundled input file belongs to ('' for textlens's own sources). */
export function packageOf(input: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return m ? m[1] : '';
}
