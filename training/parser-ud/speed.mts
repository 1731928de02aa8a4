// Speed of a pack's `dependency-trees` against its `words`, same documents,
// same run (the model cards' figures): the dev file's sentence texts in
// documents of 20 sentences, best of `passes` passes after a warm-up.
//   node --import tsx training/parser-ud/speed.mts LANG FILE.conllu [passes]
import { readFileSync } from 'node:fs';
import { createAnalyzer } from '../../src/analyzer.ts';
import { conlluToRawText, parseConllu } from '../../src/eval/conllu.ts';

const [lang, file, passesArg] = process.argv.slice(2);
if (!lang || !file) throw new Error('usage: speed.mts LANG FILE.conllu [passes]');
const passes = Number(passesArg ?? 3);
const sentences = parseConllu(readFileSync(file, 'utf8'));
const docs: string[] = [];
for (let i = 0; i < sentences.length; i += 20) {
  docs.push(conlluToRawText(sentences.slice(i, i + 20)));
}
const analyzer = await createAnalyzer({});

async function pass(extractors: string): Promise<{ ms: number; words: number }> {
  const t0 = performance.now();
  let words = 0;
  for (const text of docs) {
    const r = await analyzer.analyze(text, { extractors, languageOverride: lang });
    for (const s of r.response?.sentences ?? []) words += s.words.length;
  }
  return { ms: performance.now() - t0, words };
}

for (const extractors of ['words', 'dependency-trees']) {
  await pass(extractors); // loads the models
  let best = Infinity;
  let words = 0;
  for (let p = 0; p < passes; p++) {
    const r = await pass(extractors);
    best = Math.min(best, r.ms);
    words = r.words;
  }
  console.log(`${lang} ${extractors}: ${words} words in ${best.toFixed(0)} ms = ${Math.round((words / best) * 1000)} words/s`);
}
