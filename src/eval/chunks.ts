/**
 * `textlens eval chunks --conll2000 FILE [--out FILE] [--from N] [--to M] [--rules]`:
 * noun phrases (the `phrases` extractor, as the analyzer serves it: the
 * trained chunker when models/chunker/ is installed, else the rule walk)
 * scored against a CoNLL-2000 chunking file. The file's tokens and
 * sentences are taken as given (PTB escapes undone), the tagger and parser
 * run on them, and the NP chunks are scored by exact span as conlleval does
 * (every other chunk type counts as O). `--from`/`--to` select sentences by
 * number (1-based, inclusive); `--rules` scores the rule walk alone. The
 * last line of the report reads `p=… r=… f1=… gold=… predicted=… correct=…`.
 */
import { writeFile } from 'node:fs/promises';
import type { Analyzer } from '../analyzer.js';
import { nounPhrasesOfDoc } from '../structure/noun-phrases.js';
import {
  conll2000Doc,
  formatConll2000,
  npChunksOfTags,
  readConll2000,
  scoreChunks,
  tagsOfChunks,
  type ChunkScores,
  type ChunkSpan,
} from './conll2000.js';

export interface ChunkEvalOptions {
  /** Write the four-column file here. */
  out?: string;
  /** First sentence scored, 1-based (default 1). */
  from?: number;
  /** Last sentence scored, 1-based and inclusive (default: the last). */
  to?: number;
  /** Score the rule walk alone, whether or not the trained chunker is installed. */
  rules?: boolean;
}

export interface ChunkEvalResult {
  scores: ChunkScores;
  /** Predicted B-NP/I-NP/O tags per sentence. */
  predicted: string[][];
}

/** Runs the pipeline over a CoNLL-2000 file (or a range of its sentences) and scores its NP chunks. */
export async function evalChunks(analyzer: Analyzer, file: string, opts: ChunkEvalOptions = {}): Promise<ChunkEvalResult> {
  const read = readConll2000(file);
  const from = opts.from ?? 1;
  const to = opts.to ?? read.length;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from || from > read.length) {
    throw new Error(`eval chunks: --from ${from} --to ${to} selects no sentences of ${file} (${read.length} sentences, numbered from 1)`);
  }
  const sentences = read.slice(from - 1, to);
  const doc = conll2000Doc(sentences);
  await analyzer.annotateDoc(doc, opts.rules ? ['xpos', 'upos', 'deps'] : ['xpos', 'upos', 'deps', 'phrases']);
  if (!doc.head) throw new Error('eval chunks: the dependency parser is not installed in the models directory');
  const phrases = opts.rules ? nounPhrasesOfDoc(doc) : (doc.nounPhrases ?? []);
  const predictedSpans: ChunkSpan[][] = sentences.map(() => []);
  for (const p of phrases) {
    const s = doc.sentOf[p.start];
    const first = doc.sentStart[s];
    predictedSpans[s].push({ start: p.start - first, end: p.end - first });
  }
  const predicted = sentences.map((s, k) => tagsOfChunks(predictedSpans[k], s.words.length));
  const gold = sentences.map((s) => npChunksOfTags(s.chunks));
  const scores = scoreChunks(gold, predictedSpans, doc.length);
  if (opts.out) await writeFile(opts.out, formatConll2000(sentences, predicted));
  return { scores, predicted };
}

export function formatChunkScores(file: string, s: ChunkScores): string {
  return [
    `${file}: NP chunks, exact span (conlleval), ${s.sentences} sentences, ${s.tokens} tokens`,
    `gold ${s.gold}, predicted ${s.predicted}, correct ${s.correct}`,
    `p=${s.precision.toFixed(2)} r=${s.recall.toFixed(2)} f1=${s.f1.toFixed(2)} gold=${s.gold} predicted=${s.predicted} correct=${s.correct}`,
  ].join('\n');
}
