/**
 * The training documents of `textlens_mediatopics` (train.ts tells what they
 * are and why): BBC and AG items with their labels mapped to IPTC top
 * concepts (AG World weakly labelled), one pseudo-document per IPTC concept,
 * and WordNet Domains pseudo-documents. Shared by the trainer and by the
 * comparison runs (compare-vectors.ts), so both train on the same documents.
 */
import { join } from 'node:path';
import { readLabelledJsonl, type LabelledDoc } from '../../src/classify/data.js';
import type { TrainingDoc } from '../../src/classify/train.js';
import { DATASET_LABELS } from '../../src/semantics/dataset-labels.js';
import type { MediaTopics } from '../../src/semantics/mediatopics.js';
import { worldLabeler } from './weak-labels.js';
import { domainPseudoDocuments } from './wordnet-domains.js';

export interface TopicCorpusOptions {
  /** The shared data directory (WordNet Domains). */
  data: string;
  /** training/out/splits. */
  splits: string;
  /** Train splits only (true) or train and dev splits. */
  dev: boolean;
  /** Label AG World items by weak-labels.ts (true) or all as politics. */
  worldWeak: boolean;
  pseudoWeight: number;
  /** WordNet Domains pseudo-documents: at most `docs` per top concept, each of this weight; none when undefined. */
  domains?: { docs: number; weight: number };
  /** Leaves out the news items it returns true for (a split carved from the train files). */
  leaveOut?: (set: 'bbc' | 'ag', doc: LabelledDoc) => boolean;
}

export interface TopicCorpus {
  docs: TrainingDoc[];
  pseudo: number;
  domainDocs: number;
  /** WordNet Domains words per top concept. */
  domainWords: Map<string, number>;
  /** AG World items per weak label. */
  worldCounts: Map<string, number>;
}

export function topicCorpus(taxonomy: MediaTopics, o: TopicCorpusOptions): TopicCorpus {
  const labelWorld = worldLabeler(taxonomy);
  const read = (name: 'bbc' | 'ag'): LabelledDoc[] => {
    const all = o.dev
      ? readLabelledJsonl(join(o.splits, `${name}.train.jsonl`))
      : [...readLabelledJsonl(join(o.splits, `${name}.train.jsonl`)), ...readLabelledJsonl(join(o.splits, `${name}.dev.jsonl`))];
    return o.leaveOut ? all.filter((d) => !o.leaveOut!(name, d)) : all;
  };
  const docs: TrainingDoc[] = [];
  const worldCounts = new Map<string, number>();
  for (const d of [...read('bbc'), ...read('ag')]) {
    const label = d.labels[0];
    let top: string;
    if (label === 'World') {
      top = o.worldWeak ? labelWorld(d.text) : DATASET_LABELS.World[0];
      worldCounts.set(top, (worldCounts.get(top) ?? 0) + 1);
    } else top = DATASET_LABELS[label][0];
    docs.push({ text: d.text, labels: [top] });
  }
  let pseudo = 0;
  for (const c of taxonomy.concepts) {
    docs.push({ text: `${c.label}. ${c.definition}`, labels: [taxonomy.top(c.qcode)!], weight: o.pseudoWeight });
    pseudo++;
  }
  let domainDocs = 0;
  let domainWords = new Map<string, number>();
  if (o.domains) {
    const { docs: extra, words } = domainPseudoDocuments(o.data, 12, o.domains.docs);
    for (const d of extra) d.weight = o.domains.weight;
    domainDocs = extra.length;
    domainWords = words;
    docs.push(...extra);
  }
  return { docs, pseudo, domainDocs, domainWords, worldCounts };
}
