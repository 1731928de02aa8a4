/**
 * Segmentation eval on UD English EWT from raw text, CoNLL 2018 rules:
 *   npx tsx training/sentences/eval.ts [dev|test|train] [--rules] [--models DIR]
 * Rebuilds the raw text from the gold CoNLL-U, tokenizes and splits it, scores
 * Tokens / Sentences / Words with src/eval/ud-score.ts. --models reads the
 * sentence model from DIR/sentences/ instead of models/sentences/ (a candidate
 * model before it replaces the shipped one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlluToRawText, parseConllu, segmentationToConllu } from '../../src/eval/conllu.js';
import { formatUdTable, scoreUd } from '../../src/eval/ud-score.js';
import { createSegmenter } from '../../src/doc/sentences.js';
import { fileLoader } from '../../src/resources/file-loader.js';

const split = process.argv[2] ?? 'dev';
const dataDir = process.env.EWT_DIR ?? join(process.cwd(), '..', 'shared', 'data', 'ud-english-ewt');
const gold = parseConllu(readFileSync(join(dataDir, `en_ewt-ud-${split}.conllu`), 'utf8'));
const raw = conlluToRawText(gold);
const modelsArg = process.argv.indexOf('--models');
const modelsDir = modelsArg > 0 ? process.argv[modelsArg + 1] : join(process.cwd(), 'models');
const segmenter = await createSegmenter(fileLoader(modelsDir), { rulesOnly: process.argv.includes('--rules') });
const t0 = performance.now();
const { tokens, sentenceEnds } = await segmenter.segment(raw);
const ms = performance.now() - t0;
const system = segmentationToConllu({ text: raw, tokens, sentenceEnds, joinsPrevious: tokens.map((t) => Boolean(t.joinsPrevious)) });
const scores = scoreUd(gold, system);
console.log(`EWT ${split} (${segmenter.kind}): ${tokens.length} words, ${sentenceEnds.length} sentences, ${ms.toFixed(0)} ms (${Math.round(tokens.length / (ms / 1000))} words/s)`);
console.log(formatUdTable(scores));
