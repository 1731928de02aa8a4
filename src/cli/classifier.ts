/**
 * `textlens train classifier` and `textlens eval classifier`: train a
 * multi-label document classifier from JSON lines and score one.
 *
 *   train classifier --data FILE.jsonl[.gz] --out DIR [--text-field text] [--label-field categories]
 *                    [--loss svm|log] [--c C] [--epochs N] [--ngrams 1|2] [--min-df N] [--threshold P] [--quiet]
 *   eval classifier  --model DIR --data FILE.jsonl[.gz] [--out preds.jsonl]
 *                    [--text-field text] [--label-field categories]
 *
 * Progress goes to stderr: a cli-progress bar on a terminal (the display of
 * `textlens batch`), a plain line about once a second otherwise (the trainer
 * runs synchronously, so it prints from its own callback rather than a timer).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readLabelledJsonl } from '../classify/data.js';
import { loadClassifier } from '../classify/model.js';
import { formatScoresLine, scoreMultiLabel } from '../classify/metrics.js';
import { defaultThreshold, trainClassifier, type TrainProgress } from '../classify/train.js';
import { saveClassifier } from '../classify/save-node.js';
import { fileLoader } from '../resources/file-loader.js';
import type { ResourceLoader } from '../resources/loader.js';
import { MEDIATOPICS_CLASSIFIER_DIR } from '../annotators/topics.js';
import { createProgress, type ProgressDisplay } from '../progress/display.js';
import { itemProgress } from '../eval/eval-progress.js';

export const TRAIN_USAGE = `usage: textlens train classifier --data FILE.jsonl[.gz] --out DIR [--text-field text] [--label-field categories]
                                 [--loss svm|log] [--c C] [--epochs N] [--ngrams 1|2] [--min-df N] [--threshold P] [--quiet]`;
export const EVAL_CLASSIFIER_USAGE = `usage: textlens eval classifier --model DIR --data FILE.jsonl[.gz] [--out preds.jsonl]
                                [--text-field text] [--label-field categories]`;

function positive(v: string | undefined, flag: string, fallback: number, integer = true): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) throw new Error(`${flag} must be a positive ${integer ? 'integer' : 'number'}, got '${v}'`);
  return n;
}

export function progressLine(p: TrainProgress): string {
  const pct = ((100 * p.done) / p.total).toFixed(0).padStart(3);
  const where = p.label !== undefined ? `label ${p.label}/${p.labels}, epoch ${p.epoch}/${p.epochs}` : `epoch ${p.epoch}/${p.epochs}`;
  return `train: ${pct}% ${where}, ${p.done}/${p.total} document visits, ${Math.round(p.docsPerSecond)}/s`;
}

export async function trainCommand(argv: string[]): Promise<number> {
  const [what, ...rest] = argv;
  if (what !== 'classifier') {
    process.stderr.write(`${TRAIN_USAGE}\n`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      data: { type: 'string' },
      out: { type: 'string' },
      'text-field': { type: 'string' },
      'label-field': { type: 'string' },
      epochs: { type: 'string' },
      ngrams: { type: 'string' },
      'min-df': { type: 'string' },
      threshold: { type: 'string' },
      loss: { type: 'string' },
      c: { type: 'string' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.data || !values.out) throw new Error(`train classifier: --data and --out are required\n${TRAIN_USAGE}`);
  const ngrams = positive(values.ngrams, '--ngrams', 2);
  if (ngrams > 2) throw new Error('--ngrams must be 1 or 2');
  const loss = values.loss ?? 'svm';
  if (loss !== 'svm' && loss !== 'log') throw new Error(`--loss must be svm or log, got '${loss}'`);
  const threshold = positive(values.threshold, '--threshold', defaultThreshold(loss), false);
  if (threshold >= 1) throw new Error('--threshold must be below 1');
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  const labelCount = new Set(docs.flatMap((d) => d.labels)).size;
  process.stderr.write(`train: ${docs.length} documents, ${labelCount} labels from ${values.data}\n`);
  const tty = process.stderr.isTTY === true;
  const bar: ProgressDisplay | undefined = tty && !values.quiet ? createProgress({ label: 'train', unit: 'document visits', mode: 'bar' }) : undefined;
  const started = performance.now();
  const trained = trainClassifier(docs, {
    ngrams,
    epochs: positive(values.epochs, '--epochs', 10),
    loss,
    c: positive(values.c, '--c', 1, false),
    minDf: positive(values['min-df'], '--min-df', docs.length < 200 ? 1 : 2),
    threshold,
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
  const { values } = parseArgs({
    args: argv,
    options: {
      model: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      'text-field': { type: 'string' },
      'label-field': { type: 'string' },
    },
    strict: true,
  });
  if (!values.model || !values.data) throw new Error(`eval classifier: --model and --data are required\n${EVAL_CLASSIFIER_USAGE}`);
  const classifier = await loadClassifier(fileLoader(values.model), '', values.model);
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  const t0 = performance.now();
  const predicted = docs.map((d) => classifier.predict(d.text).map((p) => p.categoryId));
  const seconds = (performance.now() - t0) / 1000;
  if (values.out) {
    writeFileSync(values.out, docs.map((d, i) => JSON.stringify({ id: d.id, categories: predicted[i] })).join('\n') + '\n');
  }
  const scores = scoreMultiLabel(
    docs.map((d) => d.labels),
    predicted,
  );
  const rows = [...scores.perLabel].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn)).slice(0, 10);
  process.stdout.write(`${values.data} with ${values.model}: ${docs.length} documents in ${seconds.toFixed(2)} s\n`);
  process.stdout.write(`label\tgold\tP\tR\tF1   (10 most frequent)\n`);
  for (const [l, s] of rows) {
    const p = s.tp + s.fp ? s.tp / (s.tp + s.fp) : 0;
    const r = s.tp + s.fn ? s.tp / (s.tp + s.fn) : 0;
    const f = p + r ? (2 * p * r) / (p + r) : 0;
    process.stdout.write(`${l}\t${s.tp + s.fn}\t${(100 * p).toFixed(1)}\t${(100 * r).toFixed(1)}\t${(100 * f).toFixed(1)}\n`);
  }
  process.stdout.write(formatScoresLine(scores) + '\n');
  return 0;
}

export const EVAL_TOPICS_USAGE = `usage: textlens eval topics --data FILE.jsonl[.gz] [--models DIR] [--topic-model DIR] [--out preds.jsonl]
                            [--text-field text] [--label-field categories] [--quiet]
  --quiet            no progress display on stderr
  --topic-model DIR  use this IPTC classifier (e.g. one trained on a train split by
                     \`npm run train -- topics --dev\`) instead of the shipped one
  Accuracy of the top-scoring coarse topic; labels are dataset labels mapped by
  src/semantics/dataset-labels.ts (BBC, AG News) or IPTC qcodes.`;

/** `textlens eval topics`: the analyzer's `topics` extractor, top coarse topic against mapped gold labels. */
export async function evalTopicsCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      models: { type: 'string' },
      'topic-model': { type: 'string' },
      out: { type: 'string' },
      'text-field': { type: 'string' },
      'label-field': { type: 'string' },
      quiet: { type: 'boolean' },
    },
    strict: true,
  });
  if (!values.data) throw new Error(`eval topics: --data is required\n${EVAL_TOPICS_USAGE}`);
  const { acceptedTopics } = await import('../semantics/dataset-labels.js');
  const { createAnalyzer } = await import('../analyzer.js');
  const docs = readLabelledJsonl(values.data, { textField: values['text-field'], labelField: values['label-field'] });
  docs.forEach((d, i) => {
    if (d.labels.length !== 1 || !acceptedTopics(d.labels[0])) {
      throw new Error(`${values.data}: record ${i + 1} (id ${d.id}) has label(s) ${JSON.stringify(d.labels)}; eval topics needs one label per record, a dataset label of src/semantics/dataset-labels.ts or an IPTC qcode`);
    }
  });
  const models = fileLoader(values.models);
  const analyzer = await createAnalyzer({ loader: values['topic-model'] ? withTopicModel(models, values['topic-model']) : models });
  const perLabel = new Map<string, { n: number; correct: number; predicted: Map<string, number> }>();
  const preds: string[] = [];
  let correct = 0;
  // Progress on stderr (stdout keeps the scores); its own clock, so the reported seconds are as before.
  const progress = itemProgress({ label: 'eval topics', unit: 'docs', quiet: values.quiet });
  const t0 = performance.now();
  for (const d of docs) {
    const r = await analyzer.analyze({ text: d.text || ' ', extractors: ['topics'] });
    progress.report(preds.length + 1, docs.length);
    const top = r.response?.coarseTopics?.[0];
    const gold = d.labels[0];
    const ok = top !== undefined && acceptedTopics(gold)!.includes(top.id);
    if (ok) correct++;
    const s = perLabel.get(gold) ?? { n: 0, correct: 0, predicted: new Map() };
    s.n++;
    if (ok) s.correct++;
    const label = top?.label ?? '(none)';
    s.predicted.set(label, (s.predicted.get(label) ?? 0) + 1);
    perLabel.set(gold, s);
    preds.push(JSON.stringify({ id: d.id, categories: top ? [top.id] : [], coarseTopics: r.response?.coarseTopics ?? [] }));
  }
  const seconds = (performance.now() - t0) / 1000;
  progress.stop();
  if (values.out) writeFileSync(values.out, preds.join('\n') + '\n');
  process.stdout.write(`${values.data}: top coarse topic of ${docs.length} documents in ${seconds.toFixed(1)} s\n`);
  for (const [label, s] of [...perLabel].sort()) {
    const top3 = [...s.predicted].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([l, n]) => `${l} ${n}`).join('; ');
    process.stdout.write(`${label}\t${s.n}\t${((100 * s.correct) / s.n).toFixed(2)}%\tpredicted: ${top3}\n`);
  }
  process.stdout.write(`documents=${docs.length} accuracy=${((100 * correct) / docs.length).toFixed(2)}\n`);
  return 0;
}

/** The models directory, with the IPTC classifier's files read from `dir` instead. */
function withTopicModel(models: ResourceLoader, dir: string): ResourceLoader {
  const prefix = `${MEDIATOPICS_CLASSIFIER_DIR}/`;
  const own = fileLoader(dir);
  const pick = (path: string): [ResourceLoader, string] => (path.startsWith(prefix) ? [own, path.slice(prefix.length)] : [models, path]);
  return {
    bytes: (path) => { const [l, p] = pick(path); return l.bytes(p); },
    text: (path) => { const [l, p] = pick(path); return l.text(p); },
    exists: (path) => { const [l, p] = pick(path); return l.exists(p); },
    filePath: (path) => { const [l, p] = pick(path); return l.filePath!(p); },
  };
}
