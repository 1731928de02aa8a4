/**
 * The built-in IPTC classifier `textlens_mediatopics`: the 17 top-level Media
 * Topics, trained by the same engine as user classifiers (src/classify) on
 *   - BBC News articles, labels mapped by src/semantics/dataset-labels.ts;
 *   - AG News items (title + description); "World" items get a weak label:
 *     the World-compatible top concept whose vocabulary (words of the labels
 *     of all its IPTC descendants, weak-labels.ts) the item uses most,
 *     politics when none;
 *   - one pseudo-document per active IPTC concept (label + definition)
 *     labelled with its top concept, and pseudo-documents of WordNet Domains
 *     words (wordnet-domains.ts, weight 0.3) — the only evidence for the
 *     twelve top concepts the news sets do not cover (weak supervision).
 *
 *   npm run train -- topics --dev [--data DIR]   train on the train splits → training/out/mediatopics-dev
 *   npm run train -- topics [--data DIR]         train on all visible data → models/topics/mediatopics-classifier
 * Splits come from training/topics/split.ts (run first when they are missing).
 * Linear SVM (the engine's default), 10 epochs, threshold 0.5.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLabelledJsonl, type LabelledDoc } from '../../src/classify/data.js';
import { trainClassifier, type TrainingDoc } from '../../src/classify/train.js';
import { saveClassifier } from '../../src/classify/save-node.js';
import { progressLine } from '../../src/cli/classifier.js';
import { DATASET_LABELS } from '../../src/semantics/dataset-labels.js';
import { MediaTopics, type MediaTopicRecord } from '../../src/semantics/mediatopics.js';
import { worldLabeler } from './weak-labels.js';
import { domainPseudoDocuments } from './wordnet-domains.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dev = process.argv.includes('--dev');
const data = arg('--data') ?? join(root, '..', 'shared', 'data');
const splits = join(root, 'training', 'out', 'splits');
const out = arg('--out') ?? (dev ? join(root, 'training', 'out', 'mediatopics-dev') : join(root, 'models', 'topics', 'mediatopics-classifier'));
const epochs = Number(arg('--epochs') ?? 10);
const c = Number(arg('--c') ?? 1);
const pseudoWeight = Number(arg('--pseudo-weight') ?? 1);
/** --no-world-weak: every AG World item is labelled politics and government (the comparison run). */
const worldWeak = !process.argv.includes('--no-world-weak');

if (!existsSync(join(splits, 'bbc.train.jsonl'))) await import('./split.js'); // reads the same --data

const taxonomy = new MediaTopics(
  (JSON.parse(readFileSync(join(root, 'models', 'topics', 'mediatopics.json'), 'utf8')) as { concepts: MediaTopicRecord[] }).concepts,
);
const tops = taxonomy.topLevel.map((c) => c.qcode);
const labelWorld = worldLabeler(taxonomy);

const read = (name: string): LabelledDoc[] =>
  dev ? readLabelledJsonl(join(splits, `${name}.train.jsonl`)) : [...readLabelledJsonl(join(splits, `${name}.train.jsonl`)), ...readLabelledJsonl(join(splits, `${name}.dev.jsonl`))];

const docs: TrainingDoc[] = [];
const worldCounts = new Map<string, number>();
for (const d of [...read('bbc'), ...read('ag')]) {
  const label = d.labels[0];
  let top: string;
  if (label === 'World') {
    top = worldWeak ? labelWorld(d.text) : DATASET_LABELS.World[0];
    worldCounts.set(top, (worldCounts.get(top) ?? 0) + 1);
  } else top = DATASET_LABELS[label][0];
  docs.push({ text: d.text, labels: [top] });
}
let pseudo = 0;
for (const c of taxonomy.concepts) {
  const top = taxonomy.top(c.qcode)!;
  docs.push({ text: `${c.label}. ${c.definition}`, labels: [top], weight: pseudoWeight });
  pseudo++;
}
/** --no-domains: without the WordNet Domains pseudo-documents (the comparison run). */
const useDomains = !process.argv.includes('--no-domains');
let domainDocs = 0;
if (useDomains) {
  const { docs: extra, words } = domainPseudoDocuments(data, 12, Number(arg('--domain-docs') ?? 300));
  const domainWeight = Number(arg('--domain-weight') ?? 0.3);
  for (const d of extra) d.weight = domainWeight;
  domainDocs = extra.length;
  docs.push(...extra);
  process.stderr.write(`train: WordNet Domains words per top concept: ${[...words].map(([q, n]) => `${taxonomy.get(q)!.label} ${n}`).join(', ')}\n`);
}
process.stderr.write(`train: ${docs.length} documents (${pseudo} IPTC pseudo-documents); AG World weak labels: ${[...worldCounts].map(([q, n]) => `${taxonomy.get(q)!.label} ${n}`).join(', ')}\n`);

const trained = trainClassifier(docs, {
  labels: tops,
  labelNames: Object.fromEntries(tops.map((q) => [q, taxonomy.get(q)!.label])),
  epochs,
  c,
  minDf: 2,
  threshold: 0.5,
  atLeastOne: true,
  progress: (p) => process.stderr.write(`${progressLine(p)}\n`),
  training: {
    data: dev ? 'BBC + AG train splits (training/topics/split.ts), IPTC pseudo-documents' : 'all developer-visible BBC + AG items, IPTC pseudo-documents',
    pseudoWeight,
    wordnetDomainDocuments: domainDocs,
    wordnetDomainWeight: useDomains ? Number(arg('--domain-weight') ?? 0.3) : 0,
    worldWeakLabels: Object.fromEntries(worldCounts),
  },
});
saveClassifier(out, trained);
console.log(`documents=${docs.length} labels=${tops.length} features=${trained.classifier.meta.features} out=${out}`);
