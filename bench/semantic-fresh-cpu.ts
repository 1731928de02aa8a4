/**
 * `node --import tsx bench/semantic-fresh-cpu.ts EXTRACTORS [DOCS]`: what an extractor set costs on
 * text it has not seen, by process CPU and by stage (AnalyzerConfig.onStage). The per-lemma and
 * per-synset tables of senses and entailments are built on first use and cached, so the warm rounds
 * of bench/semantic-cpu.ts hide what new text pays; here each document is analysed once. A warm-up
 * on one 50 kB slice of EWT dev loads the models and compiles the code; then DOCS (default 20)
 * documents of EWT train (bench/text.ts, ~50 kB each) go through `words` (its caches are small) and
 * then EXTRACTORS, each once. Run one extractor set per process: their caches are shared.
 * Last line: `name=value …` with CPU µs per token of `words`, of the set, and of each stage the set
 * adds.
 */
import { createAnalyzer } from '../src/analyzer.js';
import { processCpu, StageCpu } from './stage-cpu.js';
import { benchText, documents, ewtDevSlices } from './text.js';

const extractors = process.argv[2];
const count = Number(process.argv[3] ?? 20);
if (!extractors || !Number.isInteger(count) || count < 1) {
  console.error('usage: node --import tsx bench/semantic-fresh-cpu.ts EXTRACTORS [DOCS]');
  process.exit(2);
}
const cpu = processCpu;
const meter = new StageCpu();
const analyzer = await createAnalyzer({ onStage: meter.onStage });
const docs = documents(benchText().text).slice(0, count);
await analyzer.analyze({ text: ewtDevSlices()[0], extractors, languageOverride: 'eng' });

/** Tokens in a response (its sentences' words). */
function wordCount(r: unknown): number {
  const sentences = (r as { response?: { sentences?: Array<{ words?: unknown[] }> } }).response?.sentences ?? [];
  return sentences.reduce((n, s) => n + (s.words?.length ?? 0), 0);
}

async function pass(set: string): Promise<{ total: number; tokens: number; stages: Map<string, number> }> {
  meter.reset();
  let tokens = 0;
  const start = cpu();
  for (const text of docs) {
    meter.start();
    const r = await analyzer.analyze({ text, extractors: set, languageOverride: 'eng' });
    tokens += wordCount(r);
  }
  return { total: cpu() - start, tokens, stages: meter.stages };
}

const words = await pass('words');
const set = await pass(extractors);
const perToken = (us: number): string => (us / words.tokens).toFixed(2);
console.log(`${docs.length} EWT train documents, ${words.tokens} tokens, each seen once after a warm-up on EWT dev`);
console.log(`  words ${perToken(words.total)} µs/token; ${extractors} ${perToken(set.total)} µs/token`);
const extra: string[] = [];
for (const [stage, us] of [...set.stages].sort((a, b) => b[1] - a[1])) {
  const base = words.stages.get(stage) ?? 0;
  console.log(`  ${stage.padEnd(24)} ${perToken(us).padStart(8)} µs/token${base ? ` (words: ${perToken(base)})` : ''}`);
  if (!words.stages.has(stage)) extra.push(`${stage}_us=${perToken(us)}`);
}
console.log(`words_us=${perToken(words.total)} set_us=${perToken(set.total)} ${extra.join(' ')}`);
