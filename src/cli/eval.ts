/**
 * `textlens eval …`: the project's own evaluation commands. Every accuracy
 * figure in docs/accuracy.md and the model cards comes from one of these. Each
 * sub-command reads its files, calls its library side in src/eval/ (or
 * src/language/eval.ts) and prints the scores on stdout, the last line
 * `name=value` pairs where there are figures for scripts; progress goes to
 * stderr. The longer ones live in eval-*.ts and classifier.ts.
 */
import { readFile } from 'node:fs/promises';
import { defineCommand, parseCommand, pickSubcommand, usageError, type CommandGroup } from './args.js';
import { BACKEND_FLAG, MODELS_FLAG, NER_MODEL_FLAG, PARSER_FLAG, QUIET_FLAG } from './flags.js';
import { EVAL_CARB } from './eval-carb.js';
import { EVAL_EL } from './eval-el.js';
import { EVAL_LEXSUB } from './eval-lexsub.js';
import { EVAL_WSD } from './eval-wsd.js';
import { EVAL_CLASSIFIER, EVAL_TOPICS } from './classifier.js';

export const EVAL_UD = defineCommand({
  name: 'eval ud',
  summary: 'Tokens, sentences, tags, lemmas and dependency trees against a UD treebank: the CoNLL 2018 shared task table, plus NPs (the base noun phrases read off the system tree against those of the gold tree).',
  flags: {
    conllu: { type: 'string', value: 'FILE', required: true, help: 'the gold treebank (CoNLL-U)' },
    'gold-tokens': { type: 'boolean', help: "analyze the treebank's gold tokens and sentences (default: its raw text)" },
    scheme: { type: 'string', choices: ['ud', 'stanford'], default: 'ud', help: 'score UD relations, or both sides converted to Stanford dependencies' },
    lang: { type: 'string', value: 'CODE', default: 'eng', help: "the treebank's language (ISO 639-2: eng, fra, por, spa, deu): its language pack's tokens, tags and lemmas" },
    parser: PARSER_FLAG,
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
  },
});

export const EVAL_NER = defineCommand({
  name: 'eval ner',
  summary: 'Named entities against a CoNLL-2003 file or a WikiANN, GermEval, Universal NER or Europeana file: conlleval-style precision, recall and F1 per type, with the shipped NER, a language pack\'s (--lang) or --ner-model.',
  flags: {
    conll: { type: 'string', value: 'FILE', help: 'CoNLL-2003 file (token … tag per line, IOB1 or IOB2)' },
    iob: {
      type: 'string',
      value: 'FILE',
      help: 'a file in any of the multilingual layouts (.gz too): WikiANN (fr:token TAG), indexed columns (WikiANN es, GermEval, UNER), token TAG (Europeana, CoNLL); without -DOCSTART-, each sentence is a document',
    },
    lang: { type: 'string', value: 'CODE', default: 'eng', help: "the text's language (ISO 639-2: eng, fra, por, spa, deu): its language pack's NER (models/<code>/ner/)" },
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
    'ner-model': NER_MODEL_FLAG,
    quiet: QUIET_FLAG,
  },
  notes: 'Give --conll or --iob. The last line: f1, precision, recall, tokens, seconds, tokens_per_s. The layouts and how their tags are read (OTH as MISC, GermEval *deriv/*part as O): src/eval/ner-layouts.ts.',
});

export const EVAL_HTML = defineCommand({
  name: 'eval html',
  summary: "Main-content extraction (cleanup.mode=cleanHTML) against a page set's ground truth: word 4-gram precision, recall and F1.",
  flags: {
    dir: { type: 'string', value: 'DIR', required: true, help: 'the page set: ground-truth.json and html/<id>.html.gz' },
    quiet: QUIET_FLAG,
  },
});

export const EVAL_LEMMA = defineCommand({
  name: 'eval lemma',
  summary: "Lemmas against a UD treebank, given its gold XPOS tags: accuracy and the most frequent errors.",
  flags: {
    conllu: { type: 'string', value: 'FILE', required: true, help: 'the gold treebank (CoNLL-U)' },
    models: MODELS_FLAG,
  },
});

export const EVAL_LANGID = defineCommand({
  name: 'eval langid',
  summary: 'Language identification of labelled texts: accuracy, the share reported reliable and its precision, per language the share reported reliable but wrong, as JSON and a last name=value line.',
  flags: {
    conllu: { type: 'list', value: 'FILE', help: "the '# text' sentences of a CoNLL-U file (.gz too), in the language its UD name starts with (fr_gsd-ud-dev: French), else English" },
    tsv: { type: 'list', value: 'FILE', help: 'labelled sentences, one per line: language code <TAB> text' },
    jsonl: { type: 'list', value: 'FILE', help: 'labelled documents, one JSON object per line: {"language": "eng", "text": "…"}' },
    group: { type: 'number', value: 'N', integer: true, min: 1, takes: 'a number of sentences', help: 'score documents of N consecutive sentences of one file instead of single sentences' },
    'min-chars': { type: 'number', value: 'N', integer: true, min: 0, takes: 'a number of characters', help: 'score only texts of at least N characters' },
  },
  notes: 'Give at least one --conllu, --tsv or --jsonl. The last line: accuracy, reliable_share, reliable_precision, sentences (texts scored), worst_reliable_wrong (the largest share of one language marked reliable with a wrong answer).',
});

export const EVAL_CHUNKS = defineCommand({
  name: 'eval chunks',
  summary: 'Noun phrases against CoNLL-2000 NP chunks: precision, recall and F1.',
  flags: {
    conll2000: { type: 'string', value: 'FILE', required: true, help: 'CoNLL-2000 file (word POS chunk per line)' },
    out: { type: 'string', value: 'FILE', help: "write the system's chunks in the same format (conlleval reads both)" },
    from: { type: 'number', value: 'N', integer: true, min: 1, takes: 'a sentence number (1-based)', help: 'first sentence to score (1-based)' },
    to: { type: 'number', value: 'M', integer: true, min: 1, takes: 'a sentence number (1-based)', help: 'last sentence to score (1-based)' },
    rules: { type: 'boolean', help: "score the rule walk over the parser's trees alone (without models/chunker/)" },
    parser: PARSER_FLAG,
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
  },
});

export const EVAL_PROPERTIES = defineCommand({
  name: 'eval properties',
  summary: 'The properties extractor against labelled sentences: precision, recall and F1.',
  flags: {
    jsonl: { type: 'string', value: 'FILE', required: true, help: 'JSON lines of sentences and their gold properties' },
    errors: { type: 'boolean', help: 'also list the sentences with a missed or a wrong property' },
    parser: PARSER_FLAG,
    models: MODELS_FLAG,
    backend: BACKEND_FLAG,
    quiet: QUIET_FLAG,
  },
});

export const EVAL: CommandGroup = {
  name: 'eval',
  summary: 'accuracy on public benchmarks; every figure in the README and the model cards comes from one of these',
  commands: [EVAL_UD, EVAL_NER, EVAL_HTML, EVAL_LEMMA, EVAL_LANGID, EVAL_CHUNKS, EVAL_PROPERTIES, EVAL_CARB, EVAL_WSD, EVAL_LEXSUB, EVAL_EL, EVAL_CLASSIFIER, EVAL_TOPICS],
};

const RUN: Record<string, (argv: string[]) => Promise<number>> = {
  'eval ud': udCommand,
  'eval ner': nerCommand,
  'eval html': htmlCommand,
  'eval lemma': lemmaCommand,
  'eval langid': langidCommand,
  'eval chunks': chunksCommand,
  'eval properties': propertiesCommand,
  'eval carb': async (argv) => (await import('./eval-carb.js')).carbCommand(argv),
  'eval wsd': async (argv) => (await import('./eval-wsd.js')).wsdCommand(argv),
  'eval lexsub': async (argv) => (await import('./eval-lexsub.js')).lexsubCommand(argv),
  'eval el': async (argv) => (await import('./eval-el.js')).elCommand(argv),
  'eval classifier': async (argv) => (await import('./classifier.js')).evalClassifierCommand(argv),
  'eval topics': async (argv) => (await import('./classifier.js')).evalTopicsCommand(argv),
};

export async function evalCommand(argv: string[]): Promise<number> {
  const { spec, rest } = pickSubcommand(argv, EVAL);
  return RUN[spec.name]!(rest);
}

async function udCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_UD);
  const { createAnalyzer } = await import('../analyzer.js');
  const { parseConllu } = await import('../eval/conllu.js');
  const { formatUdTable, formatUdLine } = await import('../eval/ud-score.js');
  const { evalUd } = await import('../eval/ud-system.js');
  const analyzer = await createAnalyzer({ modelsDir: values.models, backend: values.backend ?? 'node', parser: values.parser ?? 'accurate' });
  const gold = parseConllu(await readFile(values.conllu, 'utf8'));
  const scores = await evalUd(analyzer, gold, { goldTokens: values['gold-tokens'], scheme: values.scheme, language: values.lang });
  const mode = values['gold-tokens'] ? 'gold tokens and sentences' : 'raw text';
  process.stdout.write(`${values.conllu} — ${mode}, ${values.scheme} dependencies, language ${values.lang}\n${formatUdTable(scores)}\n${formatUdLine(scores)}\n`);
  return 0;
}

async function nerCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_NER);
  const file = values.iob ?? values.conll;
  if (file === undefined || (values.iob !== undefined && values.conll !== undefined)) throw usageError(EVAL_NER, 'give one of --conll FILE or --iob FILE', 'conll');
  const { evalNerDocuments, parseConll, recognizeWith, formatNerScores } = await import('../eval/ner.js');
  const { parseNerLayouts } = await import('../eval/ner-layouts.js');
  const { loadMentionRecognizer } = await import('../eval/recognizer.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const { createProgress } = await import('../progress/display.js');
  const { gunzipSync } = await import('node:zlib');
  const ner = await loadMentionRecognizer(values['ner-model'], () => fileLoader(values.models), values.backend ?? 'node', values.lang);
  const bytes = await readFile(file);
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  const docs = values.iob !== undefined ? parseNerLayouts(text) : parseConll(text);
  // Progress on stderr (stdout keeps the scores).
  const display = createProgress({ label: 'eval ner', unit: 'docs', mode: values.quiet ? 'quiet' : 'auto' });
  const total = docs.length;
  const recognize = recognizeWith(ner);
  const t0 = performance.now();
  let done = 0;
  let tokens = 0;
  const scores = await evalNerDocuments(docs, async (doc) => {
    const mentions = await recognize(doc);
    tokens += doc.length;
    display.update({ done: ++done, total, tokens, elapsedMs: performance.now() - t0 });
    return mentions;
  });
  display.stop();
  const seconds = (performance.now() - t0) / 1000;
  const model = values['ner-model'] ? ` — ${values['ner-model']}` : values.lang !== 'eng' ? ` — language ${values.lang}` : '';
  process.stdout.write(`${file}${model}\n${formatNerScores(scores)}\n`);
  process.stdout.write(
    `f1=${(100 * scores.f1).toFixed(2)} precision=${(100 * scores.precision).toFixed(2)} recall=${(100 * scores.recall).toFixed(2)} ` +
      `tokens=${tokens} seconds=${seconds.toFixed(2)} tokens_per_s=${(tokens / seconds).toFixed(0)}\n`,
  );
  return 0;
}

async function htmlCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_HTML);
  const { evalHtmlExtraction } = await import('../eval/html-extraction.js');
  const { itemProgress } = await import('../eval/eval-progress.js');
  const progress = itemProgress({ label: 'eval html', unit: 'pages', quiet: values.quiet });
  const s = await evalHtmlExtraction(values.dir, { onItem: progress.report });
  progress.stop();
  process.stdout.write(
    `cleanHTML on ${s.documents} pages (word 4-gram shingles): precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}, F1 ${s.f1.toFixed(4)}\n`,
  );
  return 0;
}

async function lemmaCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_LEMMA);
  const { evalLemmas } = await import('../eval/lemma.js');
  const { Lexicon } = await import('../lexicon/index.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const lex = await Lexicon.load(fileLoader(values.models));
  const r = evalLemmas(await readFile(values.conllu, 'utf8'), lex);
  process.stdout.write(`${values.conllu} — lemmas with gold XPOS: accuracy ${(100 * r.accuracy).toFixed(2)}% of ${r.total} words\n`);
  for (const e of r.errors.slice(0, 15)) process.stdout.write(`  ${e.join('\t')}\n`);
  return 0;
}

async function langidCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_LANGID);
  const { evalLanguageId, formatSummaryLine, groupSentences, readConlluSentences, readLabeledJsonl, readLabeledTsv } = await import('../language/eval.js');
  const read = [
    ...values.conllu.flatMap((f) => readConlluSentences(f)),
    ...values.tsv.flatMap((f) => readLabeledTsv(f)),
    ...values.jsonl.flatMap((f) => readLabeledJsonl(f)),
  ];
  if (read.length === 0) throw usageError(EVAL_LANGID, 'give --conllu, --tsv and/or --jsonl');
  const texts = (values.group ? groupSentences(read, values.group) : read).filter((t) => [...t.text].length >= (values['min-chars'] ?? 0));
  const report = evalLanguageId(texts);
  process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  process.stdout.write(formatSummaryLine(report) + '\n');
  return 0;
}

async function chunksCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_CHUNKS);
  const { createAnalyzer } = await import('../analyzer.js');
  const { evalChunks, formatChunkScores } = await import('../eval/chunks.js');
  const analyzer = await createAnalyzer({ modelsDir: values.models, backend: values.backend ?? 'node', parser: values.parser ?? 'accurate' });
  const { scores } = await evalChunks(analyzer, values.conll2000, { out: values.out, from: values.from, to: values.to, rules: values.rules });
  process.stdout.write(`${formatChunkScores(values.conll2000, scores)}\n`);
  return 0;
}

async function propertiesCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_PROPERTIES);
  const { createAnalyzer } = await import('../analyzer.js');
  const { evalProperties, formatPropertyScores } = await import('../eval/properties.js');
  const { itemProgress } = await import('../eval/eval-progress.js');
  const analyzer = await createAnalyzer({ modelsDir: values.models, backend: values.backend ?? 'node', parser: values.parser ?? 'accurate' });
  const progress = itemProgress({ label: 'eval properties', unit: 'sentences', quiet: values.quiet });
  const r = await evalProperties(analyzer, values.jsonl, progress.report);
  progress.stop();
  process.stdout.write(`${formatPropertyScores(values.jsonl, r, values.errors)}\n`);
  return 0;
}
