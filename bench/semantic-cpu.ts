/**
 * `node --import tsx bench/semantic-cpu.ts [ROUNDS]`: what WordNet senses and
 * entailments cost beside `words`, by process CPU time, which is steadier than
 * the wall-clock rows of `npm run bench` on a shared machine. Rows
 * `words`, `words,senses`, `words,entailments` through analyze() alternate
 * within each round so that the machine's drift hits all alike; the first
 * round is a warm-up (it builds the scoring and candidate tables) and is not
 * counted. Text: the bench's (UD English EWT train raw text, 50 kB documents;
 * see bench/text.ts). Last line: `senses_ratio=… entailments_ratio=…`, the
 * best `words` CPU time over each row's best (what the bench's "vs words"
 * column means).
 */
import { createAnalyzer } from '../src/analyzer.js';
import { benchText, documents } from './text.js';

const rounds = Number(process.argv[2] ?? 4);
if (!Number.isInteger(rounds) || rounds < 2) {
  console.error('usage: node --import tsx bench/semantic-cpu.ts [ROUNDS ≥ 2]');
  process.exit(2);
}
const { text, source } = benchText();
const docs = documents(text);
const rows = ['words', 'words,senses', 'words,entailments'];
const analyzer = await createAnalyzer();
const best = new Map<string, number>(rows.map((r) => [r, Infinity]));
for (let round = 0; round < rounds; round++) {
  for (const extractors of rows) {
    const start = process.cpuUsage();
    for (const d of docs) await analyzer.analyze({ text: d, extractors, languageOverride: 'eng' });
    const used = process.cpuUsage(start);
    const ms = (used.user + used.system) / 1000;
    if (round > 0) best.set(extractors, Math.min(best.get(extractors)!, ms));
  }
}
const words = best.get('words')!;
console.log(`${source}, ${docs.length} documents, best of ${rounds - 1} warm rounds (process CPU):`);
for (const r of rows) console.log(`  ${r.padEnd(18)} ${best.get(r)!.toFixed(0).padStart(6)} ms  ${(words / best.get(r)!).toFixed(2)}× of words`);
console.log(`senses_ratio=${(words / best.get('words,senses')!).toFixed(3)} entailments_ratio=${(words / best.get('words,entailments')!).toFixed(3)}`);
