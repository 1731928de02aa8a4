#!/usr/bin/env node
// Dependency parser evaluation on gold tokens, running the shipped ONNX model
// through the same runtime code as the library (src/annotators/parser.ts).
//
//   node --import tsx training/parser/eval.mjs [--split dev|test] [--tags gold|predicted]
//        [--backend node|wasm] [--limit N] [--models DIR] [--scheme ud|stanford] [--dir parser|parser-fast]
//        [--treebank ewt|gum] [--conllu FILE]
//
// --treebank gum reads UD English-GUM's split (../shared/data/ud-english-gum;
// CC BY-NC-SA 4.0, evaluation only); --conllu scores any English CoNLL-U file.
// Prints UAS, LAS (full UD labels, subtypes included) and CLAS-free LAS over
// universal relations (what the CoNLL 2018 scorer's LAS compares), plus the
// parser's throughput (tokens/s, one intra-op thread, tags given).
// --scheme stanford scores the Stanford basic conversion of the predictions
// against the same conversion of the gold trees (conversion consistency,
// not an independent gold standard).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseConllu } from '../../src/eval/conllu.ts';
import { createParser } from '../../src/annotators/parser.ts';
import { fileLoader } from '../../src/resources/file-loader.ts';
import { udToStanford } from '../../src/structure/stanford.ts';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'dev' },
    tags: { type: 'string', default: 'gold' },
    backend: { type: 'string', default: 'node' },
    limit: { type: 'string' },
    models: { type: 'string', default: join(root, 'models') },
    scheme: { type: 'string', default: 'ud' },
    dir: { type: 'string', default: 'parser' },
    treebank: { type: 'string', default: 'ewt' },
    conllu: { type: 'string' },
  },
});

const treebanks = { ewt: 'ud-english-ewt', gum: 'ud-english-gum' };
if (!treebanks[args.treebank]) throw new Error(`--treebank ${args.treebank}: use ${Object.keys(treebanks).join(' or ')}`);
const file =
  args.conllu ?? join(root, '..', 'shared', 'data', treebanks[args.treebank], `en_${args.treebank}-ud-${args.split}.conllu`);
let gold = parseConllu(readFileSync(file, 'utf8')).map((s) => ({
  forms: s.words.map((w) => w.form),
  upos: s.words.map((w) => w.upos),
  xpos: s.words.map((w) => w.xpos),
  heads: s.words.map((w) => (w.head ?? 0) - 1),
  deprels: s.words.map((w) => w.deprel),
}));
if (args.limit) gold = gold.slice(0, Number(args.limit));
const loader = fileLoader(args.models);

let input = gold;
if (args.tags === 'predicted') {
  const { loadPosTagger } = await import('../../src/annotators/tagger.ts');
  const tagger = await loadPosTagger(loader, { backend: args.backend });
  const tags = await tagger.tagSentences(gold.map((s) => s.forms));
  input = gold.map((s, i) => ({ ...s, upos: tags[i].upos, xpos: tags[i].xpos }));
}

const parser = await createParser(loader, { backend: args.backend, dir: args.dir });
await parser.parse(input.slice(0, 50)); // warm-up
const t0 = performance.now();
const out = await parser.parse(input);
const seconds = (performance.now() - t0) / 1000;

let words = 0;
let uas = 0;
let las = 0;
let lasUniversal = 0;
const universal = (r) => r.split(':')[0];
gold.forEach((g, i) => {
  let gh = g.heads;
  let gl = g.deprels;
  let ph = Array.from(out.heads[i]);
  let pl = out.deprels[i];
  if (args.scheme === 'stanford') {
    // udToStanford speaks CoNLL-U heads (1-based, 0 = root)
    const conv = (s) => {
      const t = udToStanford({ ...s, heads: s.heads.map((h) => h + 1) });
      return { heads: t.heads.map((h) => h - 1), deprels: t.deprels };
    };
    ({ heads: gh, deprels: gl } = conv(g));
    ({ heads: ph, deprels: pl } = conv({ ...input[i], heads: ph, deprels: pl }));
  }
  for (let t = 0; t < g.forms.length; t++) {
    words++;
    if (ph[t] !== gh[t]) continue;
    uas++;
    if (pl[t] === gl[t]) las++;
    if (universal(pl[t]) === universal(gl[t])) lasUniversal++;
  }
});
const pct = (x) => ((100 * x) / words).toFixed(2);
console.log(
  JSON.stringify({
    split: args.conllu ? args.conllu : `${args.treebank} ${args.split}`,
    tags: args.tags,
    backend: args.backend,
    scheme: args.scheme,
    model: args.dir,
    sentences: gold.length,
    words,
    uas: Number(pct(uas)),
    las: Number(pct(las)),
    lasUniversal: Number(pct(lasUniversal)),
    tokensPerSecond: Math.round(words / seconds),
  }),
);
