/**
 * Dumps boundary-classifier training data for one treebank split:
 *   npx tsx training/sentences/dump.ts <split> <outDir> <buckets> [--paragraphs none|spaces|wrapped|both] [--edited] [--lang CODE]
 * writes <split>.feats (int32, candidates × FEATURES_PER_CANDIDATE) and
 * <split>.labels (uint8). Features come from src/doc/sentence-features.ts, the
 * code inference runs, so training and inference hash the same strings.
 *
 * The split's raw text (rebuilt as the CoNLL 2018 shared task did: blank lines
 * between the treebank's paragraphs) always comes first. --paragraphs adds the
 * same sentences again as running paragraphs of 3–8 (seeded), a blank line
 * between paragraphs: joined by spaces, hard-wrapped at 60–80 columns and read
 * through src/doc/layout.ts as the segmenter reads it, or both. The treebank's
 * paragraphs are short (titles, greetings, one-line posts stand alone), so its
 * raw text teaches little about sentences running on inside a paragraph, which
 * is how wrapped prose reaches the model. --edited adds only the sentences
 * that read like edited prose (paragraph-text.ts).
 *
 * --lang CODE (fra, por, spa, deu) reads a language pack's treebank split
 * instead of EWT: training/out/ud/<CODE>-<split>.conllu, as
 * training/tagger-ud/prepare.py writes it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlluToRawTextWithSpans, parseConllu, surfaceTokens, type ConlluSentence } from '../../src/eval/conllu.js';
import { readLayout } from '../../src/doc/layout.js';
import { boundaryCandidates, boundaryFeatures, FEATURES_PER_CANDIDATE } from '../../src/doc/sentence-features.js';
import { tokenize } from '../../src/doc/tokenize.js';
import { editedProse, paragraphs, pick, random, wrap } from './paragraph-text.js';

const PARAGRAPH_KINDS = ['none', 'spaces', 'wrapped', 'both'] as const;
type ParagraphKind = (typeof PARAGRAPH_KINDS)[number];

/** Sentences per generated paragraph and the columns they wrap at: as training/sentences/wrapped-eval.ts lays out dev. */
const GROUP = { min: 3, max: 8 };
const WIDTH = { min: 60, max: 80 };

interface Dumped {
  feats: Int32Array;
  labels: Uint8Array;
  boundaries: number;
}

/** Candidate features and labels of one text whose sentences end at goldEnds (UTF-16 offsets). */
function dumpText(text: string, goldEnds: ReadonlySet<number>, buckets: number): Dumped {
  const tokens = tokenize(text);
  const cand = boundaryCandidates(text, tokens);
  const feats = boundaryFeatures(text, tokens, cand, buckets);
  const labels = new Uint8Array(cand.positions.map((i) => (goldEnds.has(tokens[i - 1].end) ? 1 : 0)));
  return { feats, labels, boundaries: labels.reduce((a, b) => a + b, 0) };
}

/** One sentence's surface text, tokens joined as CoNLL-U's SpaceAfter says. */
function sentenceSurface(s: ConlluSentence): string {
  let text = '';
  for (const t of surfaceTokens(s)) text += t.form + (t.spaceAfter ? ' ' : '');
  return text.trimEnd();
}

/**
 * The sentences as paragraphs (a blank line between them), each joined by spaces or wrapped; a wrapped
 * text is returned as src/doc/layout.ts presents it to the segmenter (soft breaks read as spaces).
 */
function paragraphText(sentences: readonly string[], wrapped: boolean, seed: number): { text: string; ends: Set<number> } {
  const rnd = random(seed);
  const ends = new Set<number>();
  const paras: string[] = [];
  let offset = 0;
  for (const p of paragraphs(sentences, GROUP, rnd)) {
    let para = '';
    for (const s of p) {
      if (para !== '') para += ' ';
      para += s;
      ends.add(offset + para.length);
    }
    paras.push(wrapped ? wrap(para, pick(WIDTH, rnd)) : para);
    offset += para.length + 2;
  }
  const text = paras.join('\n\n') + '\n';
  return { text: wrapped ? readLayout(text).view : text, ends };
}

function main(): void {
  const args = process.argv.slice(2);
  const [split, outDir, bucketsArg] = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && (args[i - 1] === '--paragraphs' || args[i - 1] === '--lang')));
  const buckets = Number(bucketsArg);
  const kindArg = args.includes('--paragraphs') ? args[args.indexOf('--paragraphs') + 1] : 'none';
  if (!PARAGRAPH_KINDS.includes(kindArg as ParagraphKind)) throw new Error(`--paragraphs wants one of ${PARAGRAPH_KINDS.join(', ')}, got ${kindArg}`);
  const kind = kindArg as ParagraphKind;
  const edited = args.includes('--edited');
  const lang = args.includes('--lang') ? args[args.indexOf('--lang') + 1] : undefined;
  const dataDir = process.env.EWT_DIR ?? join(process.cwd(), '..', 'shared', 'data', 'ud-english-ewt');
  const file = lang ? join(process.cwd(), 'training', 'out', 'ud', `${lang}-${split}.conllu`) : join(dataDir, `en_ewt-ud-${split}.conllu`);
  const gold = parseConllu(readFileSync(file, 'utf8'));
  const { text, spans } = conlluToRawTextWithSpans(gold);
  const parts: Dumped[] = [dumpText(text, new Set(spans.map(([, e]) => e)), buckets)];
  const sentences = gold.map(sentenceSurface).filter((s) => s !== '' && (!edited || editedProse(s)));
  if (kind === 'spaces' || kind === 'both') {
    const p = paragraphText(sentences, false, 101);
    parts.push(dumpText(p.text, p.ends, buckets));
  }
  if (kind === 'wrapped' || kind === 'both') {
    const p = paragraphText(sentences, true, 202);
    parts.push(dumpText(p.text, p.ends, buckets));
  }
  const feats = new Int32Array(parts.reduce((n, p) => n + p.feats.length, 0));
  const labels = new Uint8Array(parts.reduce((n, p) => n + p.labels.length, 0));
  let f = 0;
  let l = 0;
  for (const p of parts) {
    feats.set(p.feats, f);
    labels.set(p.labels, l);
    f += p.feats.length;
    l += p.labels.length;
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${split}.feats`), Buffer.from(feats.buffer, feats.byteOffset, feats.byteLength));
  writeFileSync(join(outDir, `${split}.labels`), labels);
  const counts = parts.map((p) => `${p.labels.length} candidates, ${p.boundaries} boundaries`).join(' + ');
  console.log(`${split}: ${counts} (raw text${kind === 'none' ? '' : ` + ${kind} paragraphs${edited ? ' of edited prose' : ''}`}), F=${FEATURES_PER_CANDIDATE}`);
}

main();
