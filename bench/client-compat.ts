/**
 * `node --import tsx bench/client-compat.ts`: what the hosted response shape
 * (src/http/client-compat.ts, `textlens serve`'s default) costs beside the
 * analysis that produces the response and the JSON.stringify that follows it.
 * Same text as bench/run.ts (EWT train raw text when ../shared/data is there,
 * in documents of ≤ 50 kB), extractors words,dependency-trees,entities.
 * BENCH_DOCS (default 6) documents; BENCH_TIME_MS (default 2000) per task;
 * BENCH_TEXT=path.conllu to take the text from elsewhere (a worktree has no
 * ../shared beside it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { createAnalyzer } from '../src/analyzer.js';
import { toHostedShape } from '../src/http/client-compat.js';
import { SENTENCE_STARTS, type AnalyzeResponse } from '../src/types.js';

const root = new URL('..', import.meta.url).pathname;
const ewt = join(root, '..', 'shared', 'data', 'ud-english-ewt', 'en_ewt-ud-train.conllu');
const fixture = join(root, 'test', 'fixtures', 'doc');
const source = process.env.BENCH_TEXT ?? (existsSync(ewt) ? ewt : join(fixture, 'ewt-dev-slice.conllu'));
if (!existsSync(source)) throw new Error(`no benchmark text: neither ${ewt} nor ${source} exists`);

const sentences: string[] = [];
for (const line of readFileSync(source, 'utf8').split('\n')) if (line.startsWith('# text = ')) sentences.push(line.slice(9));
const docs: string[] = [];
let cur = '';
for (const s of sentences) {
  if (cur.length + s.length > 50_000) {
    docs.push(cur);
    cur = '';
  }
  cur += (cur ? ' ' : '') + s;
}
if (cur) docs.push(cur);
const use = docs.slice(0, Number(process.env.BENCH_DOCS ?? 6));

const analyzer = await createAnalyzer();
const extractors = 'words,dependency-trees,entities';
const responses: AnalyzeResponse[] = [];
for (const text of use) responses.push(await analyzer.analyze({ text, extractors, languageOverride: 'eng' }));
const words = responses.reduce((n, r) => n + r.response!.sentences!.reduce((m, s) => m + s.words.length, 0), 0);

/** Fresh copies for each pass: the shape works in place. */
function copies(): AnalyzeResponse[] {
  return responses.map((r) => {
    const c = structuredClone(r);
    Object.defineProperty(c.response, SENTENCE_STARTS, { value: r.response![SENTENCE_STARTS] });
    return c;
  });
}

const time = Number(process.env.BENCH_TIME_MS ?? 2000);
const bench = new Bench({ time, iterations: 5 });
let batch: AnalyzeResponse[] = [];
bench.add('analyze()', async () => {
  for (const text of use) await analyzer.analyze({ text, extractors, languageOverride: 'eng' });
});
bench.add('JSON.stringify of the responses', () => {
  for (const r of responses) JSON.stringify(r);
});
bench.add(
  'toHostedShape of the responses',
  () => {
    for (const r of batch) toHostedShape(r);
  },
  { beforeEach: () => void (batch = copies()) },
);
await bench.run();
const ms = (name: string) => {
  const t = bench.tasks.find((x) => x.name === name)!;
  return t.result.state === 'completed' ? t.result.period : NaN;
};
const a = ms('analyze()');
const j = ms('JSON.stringify of the responses');
const h = ms('toHostedShape of the responses');
console.log(`text: ${source.replace(root, '')}, ${use.length} documents, ${words} words, extractors ${extractors}`);
for (const t of bench.tasks) console.log(`${t.name}: ${ms(t.name).toFixed(2)} ms per pass`);
console.log(`hosted_shape_ms=${h.toFixed(3)} analyze_ms=${a.toFixed(1)} stringify_ms=${j.toFixed(2)} shape_vs_analyze=${(h / a).toFixed(5)} words_per_s_shape=${Math.round((words / h) * 1000)}`);
