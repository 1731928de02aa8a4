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
 * built package (dist/). `npm install` builds it (prepare); a dist/ older
 * than src/ is rebuilt here so the page never runs stale code.
 */
export function ensureBuiltPackage(): void {
  const entry = join(root, 'dist', 'index.js');
  if (existsSync(entry) && statSync(entry).mtimeMs >= newestMtime(join(root, 'src'))) return;
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
    cwd: root,
    stdio: 'inherit',
  });
}

interface ExampleModule {
  buildExample(options: { outdir: string; minify?: boolean }): Promise<{ outputs: Record<string, { bytes: number }> }>;
  packageRoot(): string;
}
interface ServeModule {
  serveStatic(options: { mounts: Record<string, string>; port?: number; isolated?: boolean }): Promise<{ server: Server; url: string }>;
}

export interface ServedExample {
  /** The page's URL. */
  url: string;
  /** Bytes of each built file (esbuild's metafile), by path relative to the output dir. */
  outputs: Record<string, number>;
  close(): Promise<void>;
}

/**
 * Builds examples/browser with its own build script into a temporary
 * directory and serves it, with the package's models under /models/.
 * `isolated` sends COOP/COEP, so the page may use WASM threads.
 */
export async function serveExample(options: { isolated?: boolean } = {}): Promise<ServedExample> {
  const example = join(root, 'examples', 'browser');
  const { buildExample, packageRoot } = (await import(join(example, 'build.mjs'))) as ExampleModule;
  const { serveStatic } = (await import(join(example, 'serve.mjs'))) as ServeModule;
  const outdir = mkdtempSync(join(tmpdir(), 'textlens-example-'));
  const metafile = await buildExample({ outdir });
  const outputs: Record<string, number> = {};
  for (const [file, { bytes }] of Object.entries(metafile.outputs)) outputs[file.slice(file.lastIndexOf('/') + 1)] = bytes;
  const { server, url } = await serveStatic({
    mounts: { '/': outdir, '/models/': join(packageRoot(), 'models') },
    isolated: options.isolated,
  });
  return {
    url,
    outputs,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
