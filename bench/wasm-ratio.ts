/**
 * The speed target as a ratio (WASM ≤ 3× slower than native for
 * `words,dependency-trees,entities`): native onnxruntime-node, onnxruntime-web
 * in Node and the same in Chromium, timed in interleaved rounds over the same
 * documents, so that the load of a shared machine falls on all three alike
 * (bench/run.ts times its rows one after the other, minutes apart).
 *
 * npm run bench:wasm-ratio (builds dist/, then runs this file)
 * BENCH_ROUNDS=n (default 2), BENCH_DOCS=n for `words,dependency-trees,entities`
 * (default 6 of the ~50 kB documents; `words` runs on all).
 * The last line is name=value pairs.
 */
import { join } from 'node:path';
import { root } from '../test/browser/harness.js';
import { VARIANTS, buildBenchPage, openBenchPage } from './browser.js';
import { benchText, documents } from './text.js';

interface BuiltAnalyzer {
  analyze(options: { text: string; extractors: string; languageOverride: string }): Promise<{ ok: boolean; error: string }>;
}
const { createAnalyzer } = (await import(join(root, 'dist', 'index.js'))) as { createAnalyzer(config: { backend: 'node' | 'wasm' }): Promise<BuiltAnalyzer> };
const { tokenize } = (await import(join(root, 'dist', 'doc', 'tokenize.js'))) as typeof import('../src/doc/tokenize.js');

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const all = documents(benchText().text);
const sets: Array<[string, string[]]> = [
  ['words', all],
  ['words,dependency-trees,entities', all.slice(0, Number(process.env.BENCH_DOCS ?? 6))],
];
const native = await createAnalyzer({ backend: 'node' });
const wasm = await createAnalyzer({ backend: 'wasm' });
const built = await buildBenchPage();
const pairs: string[] = [];
try {
  for (const [extractors, docs] of sets) {
    const tokens = docs.reduce((n, d) => n + tokenize(d).length, 0);
    const page = await openBenchPage(built, VARIANTS[0], docs);
    try {
      const inNode = async (analyzer: BuiltAnalyzer) => {
        const t0 = performance.now();
        for (const text of docs) {
          const r = await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
          if (!r.ok) throw new Error(r.error);
        }
        return performance.now() - t0;
      };
      // Warm-up: models loaded, WASM code tiered up (two passes in the page).
      await inNode(native);
      await inNode(wasm);
      await page.pass(extractors);
      await page.pass(extractors);
      const ms = { native: 0, wasm: 0, chromium: 0 };
      for (let r = 0; r < rounds; r++) {
        ms.native += await inNode(native);
        ms.wasm += await inNode(wasm);
        ms.chromium += await page.pass(extractors);
      }
      const rate = (total: number) => Math.round((tokens / (total / rounds)) * 1000);
      console.log(
        `${extractors} (${tokens.toLocaleString('en-US')} tokens in ${docs.length} documents, ${rounds} interleaved rounds): ` +
          `native ${rate(ms.native).toLocaleString('en-US')} tokens/s, WASM in Node ${rate(ms.wasm).toLocaleString('en-US')} (${(ms.wasm / ms.native).toFixed(2)}× slower), ` +
          `Chromium ${rate(ms.chromium).toLocaleString('en-US')} (${(ms.chromium / ms.native).toFixed(2)}× slower than native)`,
      );
      const key = extractors.replace(/\W+/g, '_');
      pairs.push(`${key}_wasm_ratio=${(ms.wasm / ms.native).toFixed(2)}`, `${key}_chromium_ratio=${(ms.chromium / ms.native).toFixed(2)}`);
    } finally {
      await page.close();
    }
  }
} finally {
  built.remove();
}
console.log(pairs.join(' '));
