/**
 * `textlens train classifier`, `textlens eval classifier` and `textlens eval
 * topics`: train a multi-label document classifier from JSON lines, score
 * one, and score the shipped IPTC topics (src/eval/classifier.ts).
 *
 * Progress goes to stderr: a cli-progress bar on a terminal (the display of
 * `textlens batch`), a plain line about once a second otherwise (the trainer
 * runs synchronously, so it prints from its own callback rather than a timer).
 */
import { writeFileSync } from 'node:fs';
import { readLabelledJsonl } from '../classify/data.js';
import { defaultThreshold, type TrainProgress } from '../classify/train.js';
import { defineCommand, parseCommand, pickSubcommand, usageError, type CommandGroup } from './args.js';
import { MODELS_FLAG, QUIET_FLAG } from './flags.js';

const FIELD_FLAGS = {
  'text-field': { type: 'string', value: 'NAME', default: 'text', help: "the records' text field" },
  'label-field': { type: 'string', value: 'NAME', default: 'categories', help: "the records' field holding the list of labels" },
} as const;

export const TRAIN_CLASSIFIER = defineCommand({
  name: 'train classifier',
  summary:
    'Trains a multi-label document classifier (linear, one-vs-rest over word n-grams) from JSON lines, for --classifier name=DIR on analyze and serve.',
  flags: {
    data: { type: 'string', value: 'FILE.jsonl[.gz]', required: true, help: 'one record per line: {"id", "text", "categories": [labels]}' },
    out: { type: 'string', value: 'DIR', required: true, help: 'the directory to write the classifier to' },
    ...FIELD_FLAGS,
    loss: { type: 'string', choices: ['svm', 'log'], default: 'svm', help: 'svm (hinge loss, one model per label) or log (logistic regression)' },
    c: { type: 'number', value: 'C', above: 0, default: 1, help: 'regularization: higher fits the training data more closely' },
    epochs: { type: 'number', value: 'N', integer: true, min: 1, default: 10, help: 'passes over the training data' },
    ngrams: { type: 'number', value: '1|2', integer: true, min: 1, max: 2, default: 2, help: 'features from single words (1) or also word pairs (2)' },
    'min-df': { type: 'number', value: 'N', integer: true, min: 1, help: 'keep the n-grams of at least N documents', defaultText: '1 under 200 documents, else 2' },
    threshold: { type: 'number', value: 'P', above: 0, below: 1, help: "a label's score from which it is predicted", defaultText: `${defaultThreshold('svm')} with svm, ${defaultThreshold('log')} with log` },
    lang: {
      type: 'string',
      value: 'CODE',
      default: 'eng',
      help: "the training documents' language (ISO 639-2: eng, fra, deu …): the classifier runs on documents detected (or forced) in it, and is skipped with a message on others",
    },
    vectors: {
      type: 'string',
      choices: ['mean', 'none'],
      defaultText: 'mean for English, none for other languages',
      help: "mean: also the idf-weighted mean of the words' pretrained vectors (models/vectors/: English), which carries a few hundred examples much further; none: word n-grams only",
    },
    models: MODELS_FLAG,
    quiet: { type: 'boolean', help: 'no progress on stderr (default: a bar on a terminal, a line about once a second otherwise)' },
  },
  notes: 'The last line on stdout is name=value pairs: documents, labels, features, seconds, out.',
});

export const TRAIN: CommandGroup = { name: 'train', summary: 'trains a model from your data', commands: [TRAIN_CLASSIFIER] };

export const EVAL_CLASSIFIER = defineCommand({
  name: 'eval classifier',
  summary: 'A classifier written by `textlens train classifier` against labelled JSON lines: micro and macro precision, recall and F1, and the 10 most frequent labels.',
  flags: {
    model: { type: 'string', value: 'DIR', required: true, help: 'the classifier directory' },
    data: { type: 'string', value: 'FILE.jsonl[.gz]', required: true, help: 'labelled records, as train classifier reads them' },
    out: { type: 'string', value: 'preds.jsonl', help: 'write the predictions: {"id", "categories"} per line' },
    ...FIELD_FLAGS,
    models: { ...MODELS_FLAG, help: 'models directory (the word vectors of a classifier trained with them)' },
  },
});

export const EVAL_TOPICS = defineCommand({
  name: 'eval topics',
  summary:
    "The analyzer's topics extractor: accuracy of the top-scoring coarse topic against gold labels mapped by src/semantics/dataset-labels.ts (BBC, AG News) or IPTC qcodes.",
  flags: {
    data: { type: 'string', value: 'FILE.jsonl[.gz]', required: true, help: 'labelled records, one label each' },
    models: MODELS_FLAG,
    'topic-model': {
      type: 'string',
      value: 'DIR',
      help: 'use this IPTC classifier (e.g. one trained on a train split by `npm run train -- topics --dev`) instead of the shipped one',
    },
    out: { type: 'string', value: 'preds.jsonl', help: 'write the predictions: {"id", "categories", "coarseTopics"} per line' },
    ...FIELD_FLAGS,
    quiet: QUIET_FLAG,
  },
});

export function progressLine(p: TrainProgress): string {
  const pct = ((100 * p.done) / p.total).toFixed(0).padStart(3);
  const where = p.label !== undefined ? `label ${p.label}/${p.labels}, epoch ${p.epoch}/${p.epochs}` : `epoch ${p.epoch}/${p.epochs}`;
  return `train: ${pct}% ${where}, ${p.done}/${p.total} document visits, ${Math.round(p.docsPerSecond)}/s`;
}

export async function trainCommand(argv: string[]): Promise<number> {
  const { spec, rest } = pickSubcommand(argv, TRAIN);
  const { values } = parseCommand(rest, spec as typeof TRAIN_CLASSIFIER);
  const { trainClassifier } = await import('../classify/train.js');
  const { saveClassifier } = await import('../classify/save-node.js');
  const { createProgress } = await import('../progress/display.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const { loadWordVectors } = await import('../models/word-vectors.js');
  const loss = values.loss;
  const threshold = values.threshold ?? defaultThreshold(loss);
  const language = values.lang!;
  if (!/^[a-z]{3}$/.test(language)) throw usageError(TRAIN_CLASSIFIER, `--lang ${language}: expected an ISO 639-2 code such as eng, fra or deu`, 'lang');
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  const labelCount = new Set(docs.flatMap((d) => d.labels)).size;
  process.stderr.write(`train: ${docs.length} documents, ${labelCount} labels from ${values.data}\n`);
  const tty = process.stderr.isTTY === true;
  const bar = tty && !values.quiet ? createProgress({ label: 'train', unit: 'document visits', mode: 'bar' }) : undefined;
  // The shipped vectors are English words: another language's documents would find few of theirs.
  const vectors = (values.vectors ?? (language === 'eng' ? 'mean' : 'none')) === 'mean' ? await loadWordVectors(fileLoader(values.models)) : undefined;
  const started = performance.now();
  const trained = trainClassifier(docs, {
    ngrams: values.ngrams,
    epochs: values.epochs,
    loss,
    c: values.c,
    minDf: values['min-df'] ?? (docs.length < 200 ? 1 : 2),
    threshold,
    documentVectors: vectors && { vectors, pooling: 'mean', scale: 1 },
    language,
    progress: values.quiet
      ? undefined
      : (p) => {
          if (!bar) process.stderr.write(`${progressLine(p)}\n`);
          else {
            const where = p.label !== undefined ? `label ${p.label}/${p.labels}, epoch ${p.epoch}/${p.epochs}` : `epoch ${p.epoch}/${p.epochs}`;
            bar.update({ done: p.done, total: p.total, note: where, elapsedMs: performance.now() - started });
          }
        },
    training: { data: values.data },
  });
  bar?.stop();
  saveClassifier(values.out, trained);
  const t = trained.classifier.meta;
  process.stdout.write(`documents=${docs.length} labels=${t.labels.length} features=${t.features} seconds=${t.training?.seconds} out=${values.out}\n`);
  return 0;
}

export async function evalClassifierCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_CLASSIFIER);
  const { loadClassifier } = await import('../classify/model.js');
  const { formatScoresLine } = await import('../classify/metrics.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const { evalClassifier, formatFrequentLabels } = await import('../eval/classifier.js');
  const classifier = await loadClassifier(fileLoader(values.model), '', values.model, fileLoader(values.models));
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  const { predicted, scores, seconds } = evalClassifier(classifier, docs);
  if (values.out) {
    writeFileSync(values.out, docs.map((d, i) => JSON.stringify({ id: d.id, categories: predicted[i] })).join('\n') + '\n');
  }
  process.stdout.write(`${values.data} with ${values.model}: ${docs.length} documents in ${seconds.toFixed(2)} s\n`);
  process.stdout.write(formatFrequentLabels(scores, 10));
  process.stdout.write(formatScoresLine(scores) + '\n');
  return 0;
}

/** `textlens eval topics`: the analyzer's `topics` extractor, top coarse topic against mapped gold labels. */
export async function evalTopicsCommand(argv: string[]): Promise<number> {
  const { values } = parseCommand(argv, EVAL_TOPICS);
  const { createAnalyzer } = await import('../analyzer.js');
  const { fileLoader } = await import('../resources/file-loader.js');
  const { itemProgress } = await import('../eval/eval-progress.js');
  const { checkTopicLabels, evalTopics, withTopicModel } = await import('../eval/classifier.js');
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  checkTopicLabels(docs, values.data);
  const models = fileLoader(values.models);
  const analyzer = await createAnalyzer({ loader: values['topic-model'] ? withTopicModel(models, values['topic-model']) : models });
  // Progress on stderr (stdout keeps the scores); the reported seconds are the loop's own.
  const progress = itemProgress({ label: 'eval topics', unit: 'docs', quiet: values.quiet });
  const r = await evalTopics(analyzer, docs, progress.report);
  progress.stop();
  if (values.out) writeFileSync(values.out, r.predictions.map((p) => JSON.stringify(p)).join('\n') + '\n');
  process.stdout.write(`${values.data}: top coarse topic of ${docs.length} documents in ${r.seconds.toFixed(1)} s\n`);
  for (const [label, s] of [...r.perLabel].sort()) {
    const top3 = [...s.predicted].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([l, n]) => `${l} ${n}`).join('; ');
    process.stdout.write(`${label}\t${s.n}\t${((100 * s.correct) / s.n).toFixed(2)}%\tpredicted: ${top3}\n`);
  }
  process.stdout.write(`documents=${docs.length} accuracy=${((100 * r.correct) / docs.length).toFixed(2)}\n`);
  return 0;
}
