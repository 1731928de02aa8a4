/**
 * Dumps boundary-classifier training data for one EWT split:
 *   npx tsx training/sentences/dump.ts <split> <outDir> <buckets>
 * writes <split>.feats (int32, candidates × FEATURES_PER_CANDIDATE) and
 * <split>.labels (uint8). Features come from src/doc/sentence-features.ts, the
 * code inference runs, so training and inference hash the same strings.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlluToRawTextWithSpans, parseConllu } from '../../src/eval/conllu.js';
import { boundaryCandidates, boundaryFeatures, FEATURES_PER_CANDIDATE } from '../../src/doc/sentence-features.js';
import { tokenize } from '../../src/doc/tokenize.js';

const [split, outDir, bucketsArg] = process.argv.slice(2);
const buckets = Number(bucketsArg);
const dataDir = process.env.EWT_DIR ?? join(process.cwd(), '..', 'shared', 'data', 'ud-english-ewt');
const gold = parseConllu(readFileSync(join(dataDir, `en_ewt-ud-${split}.conllu`), 'utf8'));
const { text, spans } = conlluToRawTextWithSpans(gold);
const goldEnds = new Set(spans.map(([, e]) => e));
const tokens = tokenize(text);
const cand = boundaryCandidates(text, tokens);
const feats = boundaryFeatures(text, tokens, cand, buckets);
const labels = new Uint8Array(cand.positions.map((i) => (goldEnds.has(tokens[i - 1].end) ? 1 : 0)));
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${split}.feats`), Buffer.from(feats.buffer, feats.byteOffset, feats.byteLength));
writeFileSync(join(outDir, `${split}.labels`), labels);
const pos = labels.reduce((a, b) => a + b, 0);
console.log(`${split}: ${cand.positions.length} candidates, ${pos} boundaries, ${cand.forced.length} paragraph breaks, F=${FEATURES_PER_CANDIDATE}`);
