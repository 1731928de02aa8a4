/**
 * `node --import tsx bench/structure.ts`: what noun phrases and properties
 * cost on top of the parse. Runs the pipeline once over the bench text
 * (EWT train when ../shared/data is beside the checkout, else the EWT slice
 * in test/fixtures/doc; BENCH_CONLLU=FILE picks another), then times the two tree walks alone with tinybench,
 * and the analyze() rows `words,dependency-trees` and
 * `words,dependency-trees,phrases` in the same run; with models/chunker
 * installed, the trained chunker is timed too (and counts in `walks_ms`
 * instead of the rule walk, which it runs). Prints a table; the
 * last line reads `walks_ms=… parse_ms=… share=…` (share in percent).
 */
import { Bench } from 'tinybench';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAnalyzer } from '../src/analyzer.js';
import { nounPhrasesOfDoc } from '../src/structure/noun-phrases.js';
import { propertiesOfDoc } from '../src/structure/properties.js';
import { chunkedPhrasesOfDoc } from '../src/annotators/phrases.js';
import { loadChunker } from '../src/structure/chunker-model.js';
import { fileLoader } from '../src/resources/file-loader.js';
import type { Doc } from '../src/doc/doc.js';

const root = new URL('..', import.meta.url).pathname;

function benchText(): string {
  const ewt = process.env.BENCH_CONLLU ?? join(root, '..', 'shared', 'data', 'ud-english-ewt', 'en_ewt-ud-train.conllu');
  const dir = join(root, 'test', 'fixtures', 'doc');
  const file = existsSync(ewt) ? ewt : join(dir, readdirSync(dir).find((f) => f.endsWith('.conllu'))!);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice(9))
    .join(' ');
}

const limit = Number(process.env.BENCH_CHARS ?? 200_000);
const text = benchText().slice(0, limit);
const docsText: string[] = [];
for (let i = 0; i < text.length; i += 50_000) docsText.push(text.slice(i, i + 50_000));

const analyzer = await createAnalyzer();
const docs: Doc[] = [];
const t0 = performance.now();
for (const d of docsText) docs.push(await analyzer.annotateDoc(await analyzer.segment(d), ['xpos', 'upos', 'lemma', 'deps']));
const parseMs = performance.now() - t0;
const tokens = docs.reduce((n, d) => n + d.length, 0);

const time = Number(process.env.BENCH_TIME_MS ?? 2000);
const walks = new Bench({ time, iterations: 5 });
walks.add('noun phrases (tree walk)', () => {
  for (const d of docs) d.nounPhrases = nounPhrasesOfDoc(d);
});
walks.add('properties (tree walk, over the noun phrases)', () => {
  for (const d of docs) propertiesOfDoc(d);
});
// The trained chunker (models/chunker): the rule walk plus features and Viterbi; what the phrases extractor runs when installed.
const chunker = existsSync(join(root, 'models', 'chunker', 'meta.json')) ? await loadChunker(fileLoader(join(root, 'models'))) : undefined;
if (chunker) {
  walks.add('noun phrases (trained chunker over the rule walk)', () => {
    for (const d of docs) chunkedPhrasesOfDoc(d, chunker);
  });
}
await walks.run();

const pipes = new Bench({ time: time * 2, iterations: 3, warmupIterations: 1 });
for (const extractors of ['words,dependency-trees', 'words,dependency-trees,phrases']) {
  pipes.add(`analyze ${extractors}`, async () => {
    for (const d of docsText) await analyzer.analyze({ text: d, extractors, languageOverride: 'eng' });
  });
}
await pipes.run();

const period = (b: Bench, k: number): number => {
  const r = b.tasks[k].result;
  return r.state === 'completed' ? r.period : NaN;
};
const lines = [`${tokens} tokens in ${docs.length} documents; tagging+lemmas+parse once: ${parseMs.toFixed(0)} ms`, '| task | ms per pass | tokens/s |', '|---|---:|---:|'];
for (const b of [walks, pipes]) {
  b.tasks.forEach((t, k) => lines.push(`| ${t.name} | ${period(b, k).toFixed(1)} | ${Math.round((tokens / period(b, k)) * 1000).toLocaleString('en-US')} |`));
}
// what the phrases and relations extractors run: the chunker when installed (it includes the rule walk), and properties
const walksMs = (chunker ? period(walks, 2) : period(walks, 0)) + period(walks, 1);
const [base, withPhrases] = [period(pipes, 0), period(pipes, 1)];
lines.push(`phrases row vs dependency-trees row: ${(((withPhrases - base) / base) * 100).toFixed(1)} %`);
lines.push(`walks_ms=${walksMs.toFixed(1)} parse_ms=${parseMs.toFixed(0)} share=${((100 * walksMs) / parseMs).toFixed(2)} rows_delta=${(((withPhrases - base) / base) * 100).toFixed(1)}`);
process.stdout.write(lines.join('\n') + '\n');
