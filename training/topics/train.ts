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
 * Linear SVM (the engine's default), 10 epochs, threshold 0.5; features: the
 * word n-grams and the idf-weighted mean of the words' vectors (models/vectors/,
 * --vectors none|mean|mean-max, --vector-scale; compare-vectors.ts measured them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trainClassifier } from '../../src/classify/train.js';
import { saveClassifier } from '../../src/classify/save-node.js';
import { progressLine } from '../../src/cli/classifier.js';
import { MediaTopics, type MediaTopicRecord } from '../../src/semantics/mediatopics.js';
import { fileLoader } from '../../src/resources/file-loader.js';
import { loadWordVectors } from '../../src/models/word-vectors.js';
import { topicCorpus } from './corpus.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The shipped recipe's document vector (MODEL_CARD.md, "Word vectors"). */
const DEFAULT_POOLING = 'mean';
const DEFAULT_VECTOR_SCALE = 1;
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
const seed = Number(arg('--seed') ?? 1);
const pseudoWeight = Number(arg('--pseudo-weight') ?? 1);
/** --no-world-weak: every AG World item is labelled politics and government (the comparison run). */
const worldWeak = !process.argv.includes('--no-world-weak');
/** --no-domains: without the WordNet Domains pseudo-documents (the comparison run). */
const useDomains = !process.argv.includes('--no-domains');
const domainWeight = Number(arg('--domain-weight') ?? 0.3);
/** --vectors none|mean|mean-max: the document vector of models/vectors/ beside the n-grams (MODEL_CARD.md). */
const pooling = arg('--vectors') ?? DEFAULT_POOLING;
const vectorScale = Number(arg('--vector-scale') ?? DEFAULT_VECTOR_SCALE);
if (pooling !== 'none' && pooling !== 'mean' && pooling !== 'mean-max') throw new Error(`--vectors ${pooling}: none, mean or mean-max`);

if (!existsSync(join(splits, 'bbc.train.jsonl'))) await import('./split.js'); // reads the same --data

const taxonomy = new MediaTopics(
  (JSON.parse(readFileSync(join(root, 'models', 'topics', 'mediatopics.json'), 'utf8')) as { concepts: MediaTopicRecord[] }).concepts,
);
const tops = taxonomy.topLevel.map((c) => c.qcode);
const corpus = topicCorpus(taxonomy, {
  data,
  splits,
  dev,
  worldWeak,
  pseudoWeight,
  domains: useDomains ? { docs: Number(arg('--domain-docs') ?? 300), weight: domainWeight } : undefined,
});
const { docs, pseudo, domainDocs, worldCounts } = corpus;
const name = (counts: Map<string, number>) => [...counts].map(([q, n]) => `${taxonomy.get(q)!.label} ${n}`).join(', ');
if (useDomains) process.stderr.write(`train: WordNet Domains words per top concept: ${name(corpus.domainWords)}\n`);
process.stderr.write(`train: ${docs.length} documents (${pseudo} IPTC pseudo-documents); AG World weak labels: ${name(worldCounts)}\n`);

const vectors = pooling === 'none' ? undefined : await loadWordVectors(fileLoader(join(root, 'models')));
const trained = trainClassifier(docs, {
  labels: tops,
  labelNames: Object.fromEntries(tops.map((q) => [q, taxonomy.get(q)!.label])),
  epochs,
  c,
  seed,
  minDf: 2,
  threshold: 0.5,
  atLeastOne: true,
  ...(vectors && pooling !== 'none' ? { documentVectors: { vectors, pooling, scale: vectorScale } } : {}),
  progress: (p) => process.stderr.write(`${progressLine(p)}\n`),
  training: {
    data: dev ? 'BBC + AG train splits (training/topics/split.ts), IPTC pseudo-documents' : 'all developer-visible BBC + AG items, IPTC pseudo-documents',
    pseudoWeight,
    wordnetDomainDocuments: domainDocs,
    wordnetDomainWeight: useDomains ? domainWeight : 0,
    worldWeakLabels: Object.fromEntries(worldCounts),
    // No training time: a rebuild writes the same bytes (JSON leaves undefined out).
    seconds: undefined,
  },
});
saveClassifier(out, trained);
console.log(`documents=${docs.length} labels=${tops.length} features=${trained.classifier.meta.features} out=${out}`);
