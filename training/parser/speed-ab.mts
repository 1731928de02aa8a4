// Tags + parse with `parser: 'fast'` by process CPU time, two models
// directories A/B in one process (e.g. the shipped models/ against a retrained
// parser-fast staged beside the other models), for a shared machine where
// wall-clock figures swing with other jobs. Each round runs both sides back to
// back, alternating which goes first; the bench text is bench/text.ts's.
//
//   node --import tsx training/parser/speed-ab.mts --a models --b DIR [--rounds 6] [--docs N] [--parser fast|accurate]
//
// Prints tokens per CPU second of each side (best round and median) and the
// median over rounds of the per-round ratio B/A (speed, so > 1 is faster).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { createAnalyzer } from '../../src/analyzer.ts';
import { tokenize } from '../../src/doc/tokenize.ts';
import { benchText, documents } from '../../bench/text.ts';
import { processCpu } from '../../bench/stage-cpu.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string', default: 'models' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    docs: { type: 'string' },
    parser: { type: 'string', default: 'fast' },
  },
});
if (!values.b) throw new Error('--b DIR: the models directory to compare with --a');
const parser = values.parser === 'accurate' ? 'accurate' : 'fast';
const { text, source } = benchText();
const all = documents(text);
const docs = values.docs ? all.slice(0, Number(values.docs)) : all;
const tokens = docs.reduce((n, d) => n + tokenize(d).length, 0);
// The layers of the bench's "tags+parse" rows: tags, lemmas and stems as `words` computes them, then the trees.
const layers = ['xpos', 'upos', 'lemma', 'stem', 'deps'] as const;

const sides = await Promise.all(
  [values.a, values.b].map(async (dir) => ({ dir, analyzer: await createAnalyzer({ modelsDir: resolve(dir), parser }) })),
);

async function pass(side: (typeof sides)[number]): Promise<number> {
  const start = processCpu();
  for (const d of docs) await side.analyzer.annotateDoc(await side.analyzer.segment(d), layers);
  return processCpu() - start;
}

for (const s of sides) await pass(s); // warm-up: models load, code compiles
const cpu: number[][] = [[], []];
const ratios: number[] = [];
for (let r = 0; r < Number(values.rounds); r++) {
  const order = r % 2 === 0 ? [0, 1] : [1, 0];
  for (const k of order) cpu[k].push(await pass(sides[k]));
  ratios.push(cpu[0][r] / cpu[1][r]);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 === 1 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rate = (us: number): number => Math.round((tokens * 1e6) / us);
process.stdout.write(`${source}: ${tokens} tokens in ${docs.length} documents, parser '${parser}', ${values.rounds} rounds by CPU time\n`);
sides.forEach((s, k) => {
  process.stdout.write(
    `${k === 0 ? 'A' : 'B'} ${s.dir}: best ${rate(Math.min(...cpu[k])).toLocaleString('en-US')} tokens/CPU-s, median ${rate(median(cpu[k])).toLocaleString('en-US')} (rounds: ${cpu[k].map((c) => rate(c)).join(' ')})\n`,
  );
});
process.stdout.write(`B/A speed: median of rounds ${median(ratios).toFixed(3)}, best vs best ${(Math.min(...cpu[0]) / Math.min(...cpu[1])).toFixed(3)}\n`);
