/**
 * tau-prolog assigns undeclared globals; bundled into strict ES modules that
 * throws unless tau-globals.ts declares them first. Both halves are checked
 * on real esbuild bundles run in this process.
 */
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TAU_GLOBALS } from '../../src/rules/tau-globals.js';

const ROOT = new URL('../../', import.meta.url).pathname;

async function bundle(source: string, out: string): Promise<string> {
  await build({
    stdin: { contents: source, resolveDir: ROOT, sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    outfile: out,
    logLevel: 'silent',
    external: ['fs', 'path', 'readline-sync'],
    tsconfigRaw: '{}',
    conditions: ['textlens-source'],
  });
  return pathToFileURL(out).href;
}

/** Each bundle runs in a fresh global scope as far as tau's names go. */
function forgetTauGlobals(): void {
  for (const name of TAU_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
}

describe('tau-prolog in a strict ES module bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'textlens-tau-'));

  it('throws on its undeclared globals when loaded bare', async () => {
    const url = await bundle("import tau from 'tau-prolog';\nexport default tau;\n", join(dir, 'bare.out.mjs'));
    forgetTauGlobals();
    await expect(import(url)).rejects.toThrow(/tau_file_system is not defined/);
  });

  it('loads and answers rules through src/rules once its globals are declared', async () => {
    const url = await bundle(
      "export { runRules } from './src/rules/index.ts';\nexport { Doc } from './src/doc/doc.ts';\nexport { tokenize } from './src/doc/tokenize.ts';\nexport { splitSentences } from './src/doc/sentences.ts';\n",
      join(dir, 'rules.out.mjs'),
    );
    forgetTauGlobals();
    const m = (await import(url)) as typeof import('../../src/rules/index.js') &
      typeof import('../../src/doc/doc.js') &
      typeof import('../../src/doc/tokenize.js') &
      typeof import('../../src/doc/sentences.js');
    const text = 'Rules run in bundles.';
    const tokens = m.tokenize(text);
    const doc = new m.Doc(text, tokens, m.splitSentences(text, tokens));
    const result = await m.runRules(doc, 'answer(X) :- member(X, [1, 2]).\n:- use_module(library(lists)).', ['answer']);
    expect(result.matchingRules).toEqual([{ name: 'answer', arity: 1, bindings: [[1], [2]] }]);
    for (const name of TAU_GLOBALS) expect(name in globalThis, name).toBe(true);
  });
});
