/**
 * The language-id dev table: every dev set of the model card in one run.
 * English sentences of UD EWT and GUM dev, French/Spanish/Portuguese/German
 * sentences of the UD dev files in ../shared/data/ud-multilingual, the same
 * as 5-sentence documents, the committed 12-language fixture, and the
 * technical documents of dev-docs.ts (whole, their first 300 characters,
 * and man page paragraphs in 20 languages) when their JSON lines are given.
 *
 *   npx tsx training/langid/dev-docs.ts > /tmp/langid-docs.jsonl
 *   npx tsx training/langid/dev-docs.ts --head 300 > /tmp/langid-heads.jsonl
 *   npx tsx training/langid/dev-docs.ts --paragraphs --min-chars 40 > /tmp/langid-paras.jsonl
 *   npx tsx training/langid/eval-dev.ts [--docs /tmp/langid-docs.jsonl] [--heads /tmp/langid-heads.jsonl]
 *                                       [--paragraphs /tmp/langid-paras.jsonl] [--data ../shared/data]
 *
 * Texts under 40 characters are left out (the target's range); a row per
 * set and language: texts, accuracy, reliable and right, reliable but wrong;
 * then the accuracy per basis of the answer over all of them (detect.ts's
 * CONFIDENCE table).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  evalLanguageId,
  groupSentences,
  readConlluSentences,
  readLabeledJsonl,
  readLabeledTsv,
  type LabeledSentence,
} from '../../src/language/eval.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const data = arg('--data') ?? join(root, '../shared/data');
const MIN_CHARS = 40;

/** The dev files (never the train splits the word tables are built from, never PUD's English). */
export const DEV_CONLLU: Record<string, string[]> = {
  'en ewt': ['ud-english-ewt/en_ewt-ud-dev.conllu'],
  'en gum': ['ud-english-gum/en_gum-ud-dev.conllu'],
  fr: ['ud-multilingual/fr/fr_sequoia-ud-dev.conllu.gz', 'ud-multilingual/fr/fr_gsd-ud-dev.conllu.gz'],
  es: ['ud-multilingual/es/es_gsd-ud-dev.conllu.gz'],
  pt: ['ud-multilingual/pt/pt_bosque-ud-dev.conllu.gz', 'ud-multilingual/pt/pt_gsd-ud-dev.conllu.gz'],
  de: ['ud-multilingual/de/de_gsd-ud-dev.conllu.gz'],
};

const pct = (x: number): string => (100 * x).toFixed(1).padStart(5);

const everything: LabeledSentence[] = [];

function row(name: string, texts: LabeledSentence[]): void {
  const long = texts.filter((t) => [...t.text].length >= MIN_CHARS);
  everything.push(...long);
  const report = evalLanguageId(long);
  for (const [lang, s] of Object.entries(report.byLanguage).sort()) {
    process.stdout.write(
      `${name.padEnd(22)} ${lang} ${String(s.sentences).padStart(5)}  acc ${pct(s.accuracy)}  reliable+right ${pct(s.reliableRight)}  reliable+wrong ${pct(s.reliableWrong)}  ${s.confusions.slice(0, 60)}\n`,
    );
  }
}

const started = performance.now();
for (const [name, files] of Object.entries(DEV_CONLLU)) {
  const paths = files.map((f) => join(data, f)).filter((f) => existsSync(f));
  if (!paths.length) continue;
  const sentences = paths.flatMap((f) => readConlluSentences(f));
  row(`${name} sentences`, sentences);
  row(`${name} 5-sentence docs`, groupSentences(sentences, 5));
}
row('fixture (12 languages)', readLabeledTsv(join(root, 'test/fixtures/language/sentences.tsv')));
const docs = arg('--docs');
if (docs) row('technical documents', readLabeledJsonl(docs));
const heads = arg('--heads');
if (heads) row('their first 300 chars', readLabeledJsonl(heads));
const paragraphs = arg('--paragraphs');
if (paragraphs) row('man page paragraphs', readLabeledJsonl(paragraphs));
// detect.ts's CONFIDENCE table: accuracy per basis over every dev text above.
const all = evalLanguageId(everything);
for (const [basis, s] of Object.entries(all.byBasis)) {
  process.stdout.write(`all dev texts, basis ${basis.padEnd(24)} ${String(s.sentences).padStart(6)}  acc ${(100 * s.accuracy).toFixed(2)}\n`);
}
process.stderr.write(`eval-dev: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
