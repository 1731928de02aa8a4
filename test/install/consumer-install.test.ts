/**
 * A consumer's install, as a new user makes it: `npm pack` this checkout,
 * `npm install` the tarball into a fresh project that has none of our npm
 * settings (no .npmrc, no npm_config_* or ONNXRUNTIME_* variables of ours),
 * then `import { analyze } from 'textlens'` in plain Node. onnxruntime-node's
 * install step reaches for CUDA files on an outside feed that is not
 * reachable offline; the install must succeed anyway and `words` must run
 * (natively, or on onnxruntime-web with the one warning in `message`); with
 * that step skipped (ONNXRUNTIME_NODE_INSTALL=skip) the native runtime runs.
 * better-sqlite3 is optional too (checked in the installed package.json).
 *
 * Slow (minutes where better-sqlite3 has no prebuilt binary to download and
 * compiles SQLite): skipped unless the npm registry answers, or when
 * TEXTLENS_SKIP_INSTALL_TEST=1.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The environment of a user's shell: ours minus every npm or onnxruntime setting a script of ours may have exported. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(npm_|ONNXRUNTIME_)/i.test(k)) env[k] = v;
  return env;
}

function registry(): string | undefined {
  try {
    return execFileSync('npm', ['config', 'get', 'registry'], { env: userEnv(), cwd: tmpdir(), encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

async function reachable(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  try {
    const res = await fetch(new URL('textlens-nonexistent-probe', url.endsWith('/') ? url : `${url}/`), { signal: AbortSignal.timeout(5000) });
    return res.status > 0;
  } catch {
    return false;
  }
}

const registryUrl = registry();
const skipReason =
  process.env.TEXTLENS_SKIP_INSTALL_TEST === '1' ? 'TEXTLENS_SKIP_INSTALL_TEST=1' : (await reachable(registryUrl)) ? undefined : `the npm registry (${registryUrl ?? 'unknown'}) is not reachable`;
if (skipReason) console.warn(`consumer install test skipped: ${skipReason}`);

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A child process, awaited without blocking: spawnSync would hold the test
 * worker's event loop for minutes and vitest's RPC to it would time out.
 */
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

/** Runs `words` through the installed package in plain Node. */
async function analyzeWords(app: string): Promise<{ sentences: number; message: string }> {
  const script = `
    import { analyze } from 'textlens';
    const r = await analyze('The install worked. Words are analyzed offline.', { extractors: 'words' });
    console.log(JSON.stringify({ sentences: r.response.sentences.length, message: r.message }));
  `;
  const ran = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env: userEnv() });
  expect(ran.status, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout.trim().split('\n').pop()!) as { sentences: number; message: string };
}

/** The service entry points resolve in the installed package (package.json "exports"). */
async function importServiceEntryPoints(app: string): Promise<string[]> {
  const script = `
    const http = await import('textlens/http');
    const node = await import('textlens/http/node');
    const events = await import('textlens/events');
    const dictionaries = await import('textlens/dictionary-store');
    console.log(JSON.stringify([typeof http.createApp, typeof node.startServer, typeof events.openEventStore, typeof dictionaries.openDictionaryStore]));
  `;
  const ran = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env: userEnv() });
  expect(ran.status, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout.trim().split('\n').pop()!) as string[];
}

describe.skipIf(skipReason !== undefined)('npm install of the packed tarball in a fresh project', () => {
  it('installs without our npm settings and analyzes words in plain Node', { timeout: 20 * 60_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'textlens-consumer-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true })); // ~660 MB of node_modules
    const pack = await run('npm', ['pack', '--pack-destination', work], { cwd: ROOT, env: userEnv() });
    expect(pack.status, pack.stderr).toBe(0);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;

    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
    const install = await run('npm', ['install', join(work, tarball), '--no-audit', '--no-fund'], { cwd: app, env: userEnv() });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    expect(install.stderr).not.toMatch(/Unknown project config/);
    // Both native addons are optional in the package as installed: npm drops
    // one whose install step fails (no prebuilt binary and no compiler for
    // better-sqlite3) instead of failing the install; textlens then reads the
    // KB with sql.js (test/platform/kb-sqlite.test.ts) and runs models on WASM.
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', 'textlens', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies: Record<string, string>;
    };
    for (const addon of ['better-sqlite3', 'onnxruntime-node']) {
      expect(Object.keys(installed.optionalDependencies), addon).toContain(addon);
      expect(Object.keys(installed.dependencies), addon).not.toContain(addon);
    }

    const first = await analyzeWords(app);
    expect(first.sentences).toBe(2);
    // Native (its install step succeeded) or the WASM fallback (npm dropped the
    // optional package when the CUDA download failed): at most the one warning.
    expect(first.message.match(/could not be loaded/g)?.length ?? 0).toBeLessThanOrEqual(1);
    console.log(`consumer install: ${first.message || 'native onnxruntime-node, no warning'}`);
    expect(await importServiceEntryPoints(app)).toEqual(['function', 'function', 'function', 'function']);

    // With the install step skipped, the native runtime is kept and used.
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> }).optionalDependencies['onnxruntime-node'];
    const skip = await run('npm', ['install', `onnxruntime-node@${version}`, '--no-audit', '--no-fund'], {
      cwd: app,
      env: { ...userEnv(), ONNXRUNTIME_NODE_INSTALL: 'skip' },
    });
    expect(skip.status, `${skip.stdout}\n${skip.stderr}`).toBe(0);
    const native = await analyzeWords(app);
    expect(native.sentences).toBe(2);
    expect(native.message).toBe('');
  });
});
