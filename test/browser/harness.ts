/**
 * What the browser suite and bench/browser.ts share: Debian's Chromium driven
 * by playwright-core (never a downloaded browser), the example app built with
 * esbuild from the built package, and a static server on 127.0.0.1.
 */
import { chromium, type BrowserContext } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { BuildOptions } from 'esbuild';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Debian's Chromium (`apt-get install chromium`); TEXTLENS_CHROMIUM names another binary. */
export const chromiumPath = process.env.TEXTLENS_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser suite cannot run here, or undefined when it can. */
export function chromiumMissing(): string | undefined {
  return existsSync(chromiumPath) ? undefined : `${chromiumPath} is absent (install Debian's chromium package; .ci/run does)`;
}

/** The flags the issue asks for: headless, no sandbox (containers), nothing that phones home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh user-data dir, removed on close. */
export async function launchChromium(): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'textlens-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The example imports `textlens` as a user does, which resolves to the
 * built package (dist/). `npm run build` (and `npm test`) builds it; a
 * missing dist/ or one older than src/ is built here, as `npm pack` builds
 * it, so the page never runs stale code.
 */
export function ensureBuiltPackage(): void {
  const entry = join(root, 'dist', 'index.js');
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestMtime(join(root, 'src'))) return;
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
}

/** examples/browser/build.mjs, as the suite and the benches use it. */
export interface ExampleBuild {
  /** esbuild options for a browser bundle of textlens (ESM, splitting, the browser conditions). */
  BUNDLE_OPTIONS: BuildOptions;
  /** Copies onnxruntime-web's and sql.js's WASM files into a directory. */
  copyWasmFiles(dir: string): Promise<void>;
  buildExample(options: { outdir: string; minify?: boolean }): Promise<unknown>;
  /** The directory of the textlens package the example resolves (its models/). */
  packageRoot(): string;
}

/** examples/browser/serve.mjs. */
export interface ExampleServe {
  serveStatic(options: { mounts: Record<string, string>; port?: number; isolated?: boolean }): Promise<{ server: Server; url: string }>;
}

/** The example's build and serve scripts (plain .mjs, as a user's would be). */
export async function exampleScripts(): Promise<{ build: ExampleBuild; serve: ExampleServe }> {
  const example = join(root, 'examples', 'browser');
  return {
    build: (await import(join(example, 'build.mjs'))) as ExampleBuild,
    serve: (await import(join(example, 'serve.mjs'))) as ExampleServe,
  };
}

export interface ServedExample {
  /** The page's URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * Builds examples/browser with its own build script into a temporary
 * directory and serves it, with the package's models under /models/.
 * `isolated` sends COOP/COEP, so the page may use WASM threads.
 */
export async function serveExample(options: { isolated?: boolean } = {}): Promise<ServedExample> {
  const { build, serve } = await exampleScripts();
  const outdir = mkdtempSync(join(tmpdir(), 'textlens-example-'));
  await build.buildExample({ outdir });
  const { server, url } = await serve.serveStatic({
    mounts: { '/': outdir, '/models/': join(build.packageRoot(), 'models') },
    isolated: options.isolated,
  });
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
