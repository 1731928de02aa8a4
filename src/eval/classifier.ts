/**
 * The library side of `textlens eval classifier` and `textlens eval topics`:
 * a trained classifier's labels, and the analyzer's top coarse topic,
 * against labelled documents.
 */
import type { Analyzer } from '../analyzer.js';
import type { LabelledDoc } from '../classify/data.js';
import { scoreMultiLabel, type LabelScores, type MultiLabelScores } from '../classify/metrics.js';
import type { Classifier } from '../classify/model.js';
import { MEDIATOPICS_CLASSIFIER_DIR } from '../annotators/topics.js';
import type { Topic } from '../types.js';
import { fileLoader } from '../resources/file-loader.js';
import type { ResourceLoader } from '../resources/loader.js';
import { acceptedTopics } from '../semantics/dataset-labels.js';
import type { ItemReport } from './eval-progress.js';

export interface ClassifierEvaluation {
  /** The predicted labels of each document, in input order. */
  predicted: string[][];
  scores: MultiLabelScores;
  /** Seconds the predictions took. */
  seconds: number;
}

export function evalClassifier(classifier: Classifier, docs: readonly LabelledDoc[]): ClassifierEvaluation {
  const t0 = performance.now();
  const predicted = docs.map((d) => classifier.predict(d.text).map((p) => p.categoryId));
  const seconds = (performance.now() - t0) / 1000;
  return { predicted, scores: scoreMultiLabel(docs.map((d) => d.labels), predicted), seconds };
}

/** `label gold P R F1` rows (tab-separated, percentages) of the `n` labels with the most gold documents. */
export function formatFrequentLabels(scores: MultiLabelScores, n = 10): string {
  const rows = [...scores.perLabel].sort((a, b) => b[1].tp + b[1].fn - (a[1].tp + a[1].fn)).slice(0, n);
  const row = ([l, s]: [string, LabelScores]) => {
    const p = s.tp + s.fp ? s.tp / (s.tp + s.fp) : 0;
    const r = s.tp + s.fn ? s.tp / (s.tp + s.fn) : 0;
    const f = p + r ? (2 * p * r) / (p + r) : 0;
    return `${l}\t${s.tp + s.fn}\t${(100 * p).toFixed(1)}\t${(100 * r).toFixed(1)}\t${(100 * f).toFixed(1)}\n`;
  };
  return `label\tgold\tP\tR\tF1   (${n} most frequent)\n` + rows.map(row).join('');
}

/** Refuses a document whose label is not one dataset label (src/semantics/dataset-labels.ts) or IPTC qcode. */
export function checkTopicLabels(docs: readonly LabelledDoc[], source: string): void {
  docs.forEach((d, i) => {
    if (d.labels.length !== 1 || !acceptedTopics(d.labels[0])) {
      throw new Error(
        `${source}: record ${i + 1} (id ${d.id}) has label(s) ${JSON.stringify(d.labels)}; eval topics needs one label per record, a dataset label of src/semantics/dataset-labels.ts or an IPTC qcode`,
      );
    }
  });
}

export interface TopicLabelResult {
  /** Documents of this gold label. */
  n: number;
  correct: number;
  /** How often each top topic (by its label) was predicted for them. */
  predicted: Map<string, number>;
}

export interface TopicEvaluation {
  documents: number;
  correct: number;
  perLabel: Map<string, TopicLabelResult>;
  /** One per document: its id, the top topic's qcode and all coarse topics. */
  predictions: { id: string; categories: string[]; coarseTopics: Topic[] }[];
  seconds: number;
}

/** The `topics` extractor's top coarse topic of each document against its mapped gold label. */
export async function evalTopics(analyzer: Analyzer, docs: readonly LabelledDoc[], onItem?: ItemReport): Promise<TopicEvaluation> {
  const perLabel = new Map<string, TopicLabelResult>();
  const predictions: TopicEvaluation['predictions'] = [];
  let correct = 0;
  const t0 = performance.now();
  for (const d of docs) {
    const r = await analyzer.analyze({ text: d.text || ' ', extractors: ['topics'] });
    onItem?.(predictions.length + 1, docs.length);
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
    predictions.push({ id: d.id, categories: top ? [top.id] : [], coarseTopics: r.response?.coarseTopics ?? [] });
  }
  return { documents: docs.length, correct, perLabel, predictions, seconds: (performance.now() - t0) / 1000 };
}

/** The models directory, with the IPTC classifier's files read from `dir` instead. */
export function withTopicModel(models: ResourceLoader, dir: string): ResourceLoader {
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
