/**
 * Throughput of extractor sets by the process's CPU time rather than wall
 * clock, for a shared machine where other work makes wall-clock rows move by
 * ±50 %: the bench text (bench/text.ts) through analyze() of the built
 * package, the sets interleaved over several rounds, the best round of each
 * kept, and each set's ratio to the first.
 *
 *   npm run build && node --import tsx bench/cpu-ratio.ts words words,senses [--rounds 5]
 *
 * The last line is `name=value …` (tokens per CPU second and ratios).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchText, documents } from './text.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '5' } } });
const sets = positionals.length > 0 ? positionals : ['words', 'words,senses'];
const rounds = Number(values.rounds);

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('analyzer.js', dist)))) throw new Error('dist/ is missing: run `npm run build` first (this measures the built package)');
const { createAnalyzer } = (await import(new URL('analyzer.js', dist).href)) as typeof import('../src/analyzer.js');
const { tokenize } = (await import(new URL('doc/tokenize.js', dist).href)) as typeof import('../src/doc/tokenize.js');

const { text, source } = benchText();
const docs = documents(text);
const tokens = tokenize(text).length;
const analyzer = await createAnalyzer();
const best = new Map<string, number>();
for (let r = 0; r < rounds; r++) {
  for (const extractors of sets) {
    const start = process.cpuUsage();
    for (const d of docs) await analyzer.analyze({ text: d, extractors, languageOverride: 'eng' });
    const used = process.cpuUsage(start);
    const seconds = (used.user + used.system) / 1e6;
    best.set(extractors, Math.min(best.get(extractors) ?? Infinity, seconds));
  }
}
const base = best.get(sets[0])!;
process.stdout.write(`${source}: ${tokens} tokens in ${docs.length} documents, best of ${rounds} rounds by CPU time\n`);
const fields: string[] = [];
for (const extractors of sets) {
  const s = best.get(extractors)!;
  const name = extractors.replaceAll(',', '+');
  process.stdout.write(`${name.padEnd(24)} ${Math.round(tokens / s).toLocaleString('en-US').padStart(10)} tokens/CPU-s  ${(base / s).toFixed(3)}×\n`);
  fields.push(`${name}=${Math.round(tokens / s)}`, `${name}_ratio=${(base / s).toFixed(3)}`);
}
process.stdout.write(`${fields.join(' ')}\n`);
