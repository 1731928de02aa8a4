/**
 * `node --import tsx bench/chunker.ts [ROUNDS]`: what the trained noun-phrase
 * chunker (models/chunker) adds to analyze(), against the rule walk alone.
 * Rows in alternating order each round so that the busy machine's drift
 * hits all alike: `words,dependency-trees`, the same with `phrases` (and
 * with `phrases,relations`) from the chunker, and from the rule walk (a
 * models directory without chunker/). Measures process CPU time, whose
 * median over rounds is steadier than wall time on a shared machine. Text:
 * UD English-EWT dev (../shared/data), 50 kB documents. Last line:
 * `chunker_pct=… rules_pct=… relations_chunker_pct=… relations_rules_pct=…`
 * (median CPU over the `words,dependency-trees` row's, in percent).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnalyzer, type Analyzer } from '../src/analyzer.js';
import { ewtDevSlices } from './text.js';

const root = new URL('..', import.meta.url).pathname;
const docs = ewtDevSlices();
const models = join(root, 'models');
if (!existsSync(join(models, 'chunker', 'meta.json'))) {
  console.error('models/chunker is not installed: nothing to compare');
  process.exit(2);
}

// The same models without chunker/: the phrases extractor falls back to the rule walk.
const rulesRoot = mkdtempSync(join(tmpdir(), 'textlens-rules-'));
const rulesDir = join(rulesRoot, 'models');
mkdirSync(rulesDir);
for (const d of readdirSync(models)) if (d !== 'chunker') symlinkSync(join(models, d), join(rulesDir, d));

const withChunker = await createAnalyzer();
const rulesOnly = await createAnalyzer({ modelsDir: rulesDir });
const rows: [string, Analyzer, string][] = [
  ['words,dependency-trees', withChunker, 'words,dependency-trees'],
  ['words,dependency-trees,phrases (chunker)', withChunker, 'words,dependency-trees,phrases'],
  ['words,dependency-trees,phrases (rule walk alone)', rulesOnly, 'words,dependency-trees,phrases'],
  // the issue's row (relations read properties, which read the noun phrases)
  ['words,dependency-trees,phrases,relations (chunker)', withChunker, 'words,dependency-trees,phrases,relations'],
  ['words,dependency-trees,phrases,relations (rule walk alone)', rulesOnly, 'words,dependency-trees,phrases,relations'],
];
const pass = async (a: Analyzer, extractors: string): Promise<void> => {
  for (const d of docs) await a.analyze({ text: d, extractors, languageOverride: 'eng' });
};
for (const [, a, x] of rows) await pass(a, x); // warm-up: models loaded, code compiled

const rounds = Number(process.argv[2] ?? 11);
const cpu: number[][] = rows.map(() => []);
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < rows.length; k++) {
    const j = (k + r) % rows.length;
    const c0 = process.cpuUsage();
    await pass(rows[j][1], rows[j][2]);
    const c = process.cpuUsage(c0);
    cpu[j].push((c.user + c.system) / 1000);
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(cpu[0]);
const pct = (k: number): string => (((median(cpu[k]) - base) / base) * 100).toFixed(1);
const lines = [`${docs.length} documents of EWT dev, ${rounds} rounds, median process CPU per pass`, '| row | ms | vs words,dependency-trees |', '|---|---:|---:|'];
rows.forEach(([name], k) => lines.push(`| ${name} | ${median(cpu[k]).toFixed(0)} | ${k ? `${pct(k)} %` : ''} |`));
lines.push(`chunker_pct=${pct(1)} rules_pct=${pct(2)} relations_chunker_pct=${pct(3)} relations_rules_pct=${pct(4)}`);
process.stdout.write(lines.join('\n') + '\n');
rmSync(rulesRoot, { recursive: true, force: true }); // only links: the models themselves stay
