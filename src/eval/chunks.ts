/**
 * `textlens eval chunks --conll2000 FILE [--out FILE]`: base noun phrases
 * (the `phrases` extractor) scored against a CoNLL-2000 chunking file. The
 * file's tokens and sentences are taken as given (PTB escapes undone), the
 * tagger and parser run on them, and the NP chunks are scored by exact span
 * as conlleval does (every other chunk type counts as O). The last line of
 * the report reads `p=… r=… f1=… gold=… predicted=… correct=…`.
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

export interface ChunkEvalResult {
  scores: ChunkScores;
  /** Predicted B-NP/I-NP/O tags per sentence. */
  predicted: string[][];
}

/** Runs the pipeline over a CoNLL-2000 file and scores its NP chunks; writes the four-column file to `out` when given. */
export async function evalChunks(analyzer: Analyzer, file: string, out?: string): Promise<ChunkEvalResult> {
  const sentences = readConll2000(file);
  const doc = conll2000Doc(sentences);
  await analyzer.annotateDoc(doc, ['xpos', 'upos', 'deps']);
  if (!doc.head) throw new Error('eval chunks: the dependency parser is not installed in the models directory');
  const phrases = nounPhrasesOfDoc(doc);
  const predictedSpans: ChunkSpan[][] = sentences.map(() => []);
  for (const p of phrases) {
    const s = doc.sentOf[p.start];
    const first = doc.sentStart[s];
    predictedSpans[s].push({ start: p.start - first, end: p.end - first });
  }
  const predicted = sentences.map((s, k) => tagsOfChunks(predictedSpans[k], s.words.length));
  const gold = sentences.map((s) => npChunksOfTags(s.chunks));
  const scores = scoreChunks(gold, predictedSpans, doc.length);
  if (out) await writeFile(out, formatConll2000(sentences, predicted));
  return { scores, predicted };
}

export function formatChunkScores(file: string, s: ChunkScores): string {
  return [
    `${file}: NP chunks, exact span (conlleval), ${s.sentences} sentences, ${s.tokens} tokens`,
    `gold ${s.gold}, predicted ${s.predicted}, correct ${s.correct}`,
    `p=${s.precision.toFixed(2)} r=${s.recall.toFixed(2)} f1=${s.f1.toFixed(2)} gold=${s.gold} predicted=${s.predicted} correct=${s.correct}`,
  ].join('\n');
}
