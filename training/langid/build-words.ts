/**
 * Builds the word model of language identification: for English, French,
 * Spanish, Portuguese and German, the commonest words of the UD training
 * portions with their probabilities, written as src/language/common-words.ts
 * (a module, not a models/ file: detection is synchronous and runs in
 * browsers without a models directory). Dev portions are never read here.
 *
 *   npx tsx training/langid/build-words.ts [--data ../shared/data] [--words 1500] [--capitals 600] [--trigrams 2000]
 *                                          [--vocabulary 8000] [--check]
 *
 * --check writes nothing and fails when the committed module differs from
 * what the data gives (the build is deterministic).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConlluSentences, readText } from '../../src/language/eval.js';
import { languageEvidence } from '../../src/language/evidence.js';
import { wordTrigrams } from '../../src/language/word-model.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * Training files per language: train portions, and the files the data
 * READMEs mark "train". Not GUM: its licence is non-commercial, and these
 * tables ship.
 */
export const TRAIN_CONLLU: Record<string, string[]> = {
  eng: ['ud-english-ewt/en_ewt-ud-train.conllu'],
  fra: [
    'ud-multilingual/fr/fr_sequoia-ud-train.conllu.gz',
    'ud-multilingual/fr/fr_rhapsodie-ud-train.conllu.gz',
    'ud-multilingual/fr/fr_rhapsodie-ud-dev.conllu.gz',
    'ud-multilingual/fr/fr_rhapsodie-ud-test.conllu.gz',
    'ud-multilingual/fr/fr_fqb-ud-test.conllu.gz',
  ],
  spa: ['ud-multilingual/es/es_ancora-ud-dev.conllu.gz'],
  por: ['ud-multilingual/pt/pt_bosque-ud-train.conllu.gz', 'ud-multilingual/pt/pt_gsd-ud-train.conllu.gz'],
  deu: ['ud-multilingual/de/de_pud-ud-test.conllu.gz', 'ner-multilingual/germeval2014/NER-de-test.tsv.gz'],
};

/**
 * More text for the vocabulary only (words known to a language, without costs): the developer-visible
 * part of SemCor 3.0, Brown corpus text of the 1960s (news, essays, fiction; WordNet 3.0 licence),
 * so that the English vocabulary is not only EWT's web text. Its held-out files (split.tsv) are never
 * read.
 */
export const VOCABULARY_EXTRA: Record<string, string[]> = {
  eng: ['semcor'],
};

/** The sentences of SemCor's shared files: its `<wf>` tokens per `sent`, multiword tokens split at `_`. */
function semcorSentences(folder: string): string[] {
  const out: string[] = [];
  for (const line of readFileSync(join(folder, 'split.tsv'), 'utf8').split('\n')) {
    const [file, part] = line.split('\t');
    if (part !== 'shared' || !file) continue;
    const xml = readText(join(folder, `${file}.gz`));
    let sentence = '';
    let tokens: string[] = [];
    for (const m of xml.matchAll(/<wf [^>]*\bsent="(\d+)"[^>]*>([^<]*)<\/wf>/g)) {
      if (m[1] !== sentence) {
        if (tokens.length) out.push(tokens.join(' '));
        tokens = [];
        sentence = m[1]!;
      }
      tokens.push(m[2]!.replace(/_/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&apos;/g, "'"));
    }
    if (tokens.length) out.push(tokens.join(' '));
  }
  return out;
}

/**
 * The sentences of a training file: CoNLL-U `# text` lines, or the tokens of
 * a GermEval 2014 file (its test portion is this project's German training
 * text, CC BY 4.0; see ner-multilingual's README) joined by spaces.
 */
function trainingSentences(path: string, language: string): string[] {
  if (!path.includes('germeval')) return readConlluSentences(path, language).map((s) => s.text);
  const out: string[] = [];
  let tokens: string[] = [];
  for (const line of readText(path).split('\n')) {
    if (line.startsWith('#')) continue;
    if (!line.trim()) {
      if (tokens.length) out.push(tokens.join(' '));
      tokens = [];
      continue;
    }
    tokens.push(line.split('\t')[1] ?? '');
  }
  if (tokens.length) out.push(tokens.join(' '));
  return out;
}

const data = arg('--data') ?? join(root, '../shared/data');
const maxWords = Number(arg('--words') ?? 1500);
/**
 * Capitalized words inside sentences are mostly names; the table keeps the commonest, which are a
 * language's own ("I", "Tuesday", "English", German nouns) or its news's recurring names.
 */
const maxCapitals = Number(arg('--capitals') ?? 600);
/**
 * Character trigrams of the words outside the table ("^go", "ver", "ent$"), counted once per distinct
 * word: what an unknown word looks like in each language (word-model.ts reads them for words no table
 * knows: "iodine", "deficiency").
 */
const maxTrigrams = Number(arg('--trigrams') ?? 2000);
/**
 * The vocabulary: the words outside the cost table seen at least VOCABULARY_MIN_COUNT times in the
 * training text and VOCABULARY_EXTRA, commonest first, at most this many. Membership only: a word in it
 * is a known word of the language when detect.ts judges reliability ("weaken", "deficiency",
 * "governments"), and costs no more than "some other language" in the fit; it never moves the ranking.
 */
const maxVocabulary = Number(arg('--vocabulary') ?? 8000);
/** Seen this often to enter the vocabulary (in the training text and the extra text together). */
const VOCABULARY_MIN_COUNT = 3;
/** A word must be seen this often to enter a table: rarer counts are noise in the smaller treebanks. */
const MIN_COUNT = 3;
/** Costs are stored as -log2 p in steps of this size. */
const STEP = 0.25;

interface Table {
  unseen: number;
  groups: string;
  size: number;
  covered: number;
}

/**
 * The `max` commonest words seen at least MIN_COUNT times, grouped by cost ("cost word word …" per
 * group, cheapest first); an unseen word costs what the table's rarest word costs, plus one bit.
 */
function table(counts: ReadonlyMap<string, number>, total: number, max: number): Table {
  const top = [...counts]
    .filter(([, n]) => n >= MIN_COUNT)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max);
  const byCost = new Map<number, string[]>();
  for (const [w, n] of top) {
    const cost = Math.round(-Math.log2(n / total) / STEP) * STEP;
    (byCost.get(cost) ?? byCost.set(cost, []).get(cost)!).push(w);
  }
  return {
    unseen: -Math.log2(top.at(-1)![1] / total) + 1,
    groups: [...byCost].sort((a, b) => a[0] - b[0]).map(([c, ws]) => `${c} ${ws.join(' ')}`).join('|'),
    size: top.length,
    covered: top.reduce((a, [, n]) => a + n, 0),
  };
}

const count = (counts: Map<string, number>, w: string): void => void counts.set(w, (counts.get(w) ?? 0) + 1);

const lines: string[] = [];
const summary: string[] = [];
for (const [language, files] of Object.entries(TRAIN_CONLLU)) {
  const counts = new Map<string, number>();
  const capitalCounts = new Map<string, number>();
  let total = 0;
  let capitals = 0;
  let sentences = 0;
  for (const f of files) {
    const path = join(data, f);
    if (!existsSync(path)) throw new Error(`${path}: missing (the word tables need every training file)`);
    for (const text of trainingSentences(path, language)) {
      sentences++;
      const evidence = languageEvidence(text);
      for (const w of evidence.words) count(counts, w), total++;
      for (const w of evidence.capitals) count(capitalCounts, w), capitals++;
    }
  }
  const words = table(counts, total, maxWords);
  const caps = table(capitalCounts, capitals, maxCapitals);
  const inTable = new Set(words.groups.split('|').flatMap((g) => g.split(' ').slice(1)));
  const trigramCounts = new Map<string, number>();
  let trigrams = 0;
  for (const w of counts.keys()) {
    if (inTable.has(w)) continue;
    for (const t of wordTrigrams(w)) count(trigramCounts, t), trigrams++;
  }
  const tri = table(trigramCounts, trigrams, maxTrigrams);
  const vocabularyCounts = new Map(counts);
  for (const extra of VOCABULARY_EXTRA[language] ?? []) {
    const path = join(data, extra);
    if (!existsSync(path)) throw new Error(`${path}: missing (the vocabulary needs it)`);
    for (const text of semcorSentences(path)) for (const w of languageEvidence(text).words) count(vocabularyCounts, w);
  }
  const vocabulary = [...vocabularyCounts]
    .filter(([w, n]) => n >= VOCABULARY_MIN_COUNT && !inTable.has(w))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxVocabulary)
    .map(([w]) => w)
    .sort();
  lines.push(
    `  ${language}: {\n    unseen: ${words.unseen.toFixed(2)},\n    words: ${JSON.stringify(words.groups)},\n` +
      `    capitalsUnseen: ${caps.unseen.toFixed(2)},\n    capitals: ${JSON.stringify(caps.groups)},\n` +
      `    trigramsUnseen: ${tri.unseen.toFixed(2)},\n    trigrams: ${JSON.stringify(tri.groups)},\n` +
      `    vocabulary: ${JSON.stringify(vocabulary.join(' '))},\n  },`,
  );
  summary.push(
    `${language}: ${sentences} sentences, ${total} words, ${counts.size} distinct; table ${words.size} words covering ${((100 * words.covered) / total).toFixed(1)} %; ` +
      `${capitals} capitals, table ${caps.size} covering ${((100 * caps.covered) / capitals).toFixed(1)} %; ` +
      `${trigrams} trigrams of unknown words, table ${tri.size} covering ${((100 * tri.covered) / trigrams).toFixed(1)} %; ` +
      `vocabulary ${vocabulary.length} words${VOCABULARY_EXTRA[language] ? ` (with ${VOCABULARY_EXTRA[language]!.join(', ')})` : ''}`,
  );
}

const module = `/**
 * The word model's tables: for each language, its commonest words and what
 * each costs, in bits (-log2 of its share of the words of the training text),
 * as "cost word word …" groups joined by "|". \`unseen\` is the cost of any
 * other word. \`capitals\` and \`capitalsUnseen\`: the same for the
 * capitalized words inside sentences (languageEvidence's \`capitals\`), costs
 * as shares of those; \`trigrams\` and \`trigramsUnseen\`: the character
 * trigrams of the words outside the table, counted once per distinct word;
 * \`vocabulary\`: more words of the language, outside the table, without
 * costs (space-separated, sorted).
 *
 * Generated by training/langid/build-words.ts from the UD training portions
 * (see models/langid/MODEL_CARD.md for sources and licences); do not edit.
 *
${summary.map((s) => ` *   ${s}`).join('\n')}
 */
export interface WordTable {
  unseen: number;
  words: string;
  capitalsUnseen: number;
  capitals: string;
  trigramsUnseen: number;
  trigrams: string;
  vocabulary: string;
}

export const WORD_TABLES: Readonly<Record<string, WordTable>> = {
${lines.join('\n')}
};
`;

const out = join(root, 'src/language/common-words.ts');
if (process.argv.includes('--check')) {
  const same = existsSync(out) && readFileSync(out, 'utf8') === module;
  process.stderr.write(same ? 'common-words.ts is up to date\n' : 'common-words.ts differs from what the data gives\n');
  process.exit(same ? 0 : 1);
}
writeFileSync(out, module);
process.stderr.write(`${summary.join('\n')}\nwrote ${out} (${(module.length / 1024).toFixed(1)} kB)\n`);
