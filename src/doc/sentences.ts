/**
 * Tokens and sentences of a text: the one entry point the analyzer calls.
 *
 *   const segmenter = await createSegmenter(loader);      // once per analyzer
 *   const { tokens, sentenceEnds } = await segmenter.segment(text);
 *   const doc = new Doc(text, tokens, sentenceEnds);
 *
 * `tokens` are the syntactic words of src/doc/tokenize.ts (UTF-16 spans; a
 * word split from the same surface token as the one before carries
 * `joinsPrevious`). `sentenceEnds` are exclusive token indices where each
 * sentence ends, the last one equal to tokens.length.
 *
 * Line breaks: a newline that only wraps a paragraph (src/doc/layout.ts) is
 * read as a space. Tokens and sentences are found in that view of the text,
 * which has the text's length, so every span still points into `text`. A
 * sentence always ends where the layout starts a block (a list item, a
 * heading, an indented block, an option's description, a column of a man
 * page's header), never right after a list item's or heading's marker, and
 * never inside a line the layout reads whole (code, a table row, a heading).
 *
 * Sentence boundaries: a blank line always ends a sentence; every other gap
 * between tokens is decided by a small learned classifier
 * (models/sentences/model.onnx, trained on UD English EWT by
 * `npm run train -- sentences`, see its MODEL_CARD.md) that sees the
 * rule-based decision of src/doc/sentence-rules.ts as one of its features.
 * Without the model files the segmenter falls back to the rules alone, as does
 * `splitSentences(text, tokens)`, which is synchronous and model-free.
 */
import { loadOnnxModel, type Backend, type OnnxModel } from '../models/onnx-runner.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { TokenSpan } from './doc.js';
import { boundaryCandidates, boundaryFeatures, FEATURES_PER_CANDIDATE } from './sentence-features.js';
import { readLayout, type Layout } from './layout.js';
import { breakBefore, datelineEnd, ruleBoundaries, wrappedLine } from './sentence-rules.js';
import { tokenize, type WordSpan } from './tokenize.js';

export interface Segmentation {
  tokens: WordSpan[];
  sentenceEnds: number[];
}

export interface Segmenter {
  /** 'model' when the learned boundary classifier is loaded, 'rules' otherwise. */
  readonly kind: 'model' | 'rules';
  segment(text: string): Promise<Segmentation>;
}

export interface SegmenterOptions {
  backend?: Backend;
  /** Force the rule-only splitter even when the model is present. */
  rulesOnly?: boolean;
}

interface SentenceModelMeta {
  buckets: number;
  featuresPerCandidate: number;
  threshold: number;
}

const MODEL_PATH = 'sentences/model.onnx';
const META_PATH = 'sentences/meta.json';

/** Boundary candidates per model call (see modelBoundaries). */
const CANDIDATES_PER_CALL = 512;

/** Rule-only sentence boundaries: exclusive token indices, ending with tokens.length. */
export function splitSentences(original: string, tokens: readonly TokenSpan[]): number[] {
  const layout = readLayout(original);
  const text = layout.view;
  const ends = new Set(ruleBoundaries(text, tokens));
  const dateline = datelineEnd(text, tokens);
  if (dateline > 0) ends.add(dateline);
  return finishBoundaries(layout, tokens, ends);
}

/** The first token index i whose start is at or after offset (tokens.length when none). */
function tokenAtOrAfter(tokens: readonly TokenSpan[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The boundaries with the layout's own added and removed, sorted, ending with tokens.length. */
function finishBoundaries(layout: Layout, tokens: readonly TokenSpan[], ends: Set<number>): number[] {
  const n = tokens.length;
  if (n === 0) return [];
  if (layout.unbroken.length > 0) {
    // Ranges sorted by start: the ends of those that start before a token only grow as the tokens go on.
    let r = 0;
    let coveredTo = -1;
    for (const i of [...ends].sort((a, b) => a - b)) {
      if (i >= n) continue;
      const at = tokens[i].start;
      while (r < layout.unbroken.length && layout.unbroken[r][0] < at) coveredTo = Math.max(coveredTo, layout.unbroken[r++][1]);
      if (at < coveredTo) ends.delete(i);
    }
  }
  for (const offset of layout.blockStarts) {
    const i = tokenAtOrAfter(tokens, offset);
    if (i > 0 && i < n) ends.add(i);
  }
  for (const offset of layout.markerEnds) {
    const i = tokenAtOrAfter(tokens, offset);
    if (i > 0 && i < n && tokens[i - 1].end <= offset) ends.delete(i);
  }
  ends.add(n);
  return [...ends].sort((a, b) => a - b);
}

export async function createSegmenter(loader?: ResourceLoader, opts: SegmenterOptions = {}): Promise<Segmenter> {
  if (!loader || opts.rulesOnly || !(await loader.exists(MODEL_PATH)) || !(await loader.exists(META_PATH))) {
    return {
      kind: 'rules',
      async segment(text) {
        const tokens = tokenize(readLayout(text).view);
        return { tokens, sentenceEnds: splitSentences(text, tokens) };
      },
    };
  }
  const meta = JSON.parse(await loader.text(META_PATH)) as SentenceModelMeta;
  if (meta.featuresPerCandidate !== FEATURES_PER_CANDIDATE) {
    throw new Error(`models/${META_PATH}: model expects ${meta.featuresPerCandidate} features, code makes ${FEATURES_PER_CANDIDATE}; retrain`);
  }
  const model = await loadOnnxModel(loader, MODEL_PATH, { backend: opts.backend });
  return {
    kind: 'model',
    async segment(text) {
      const layout = readLayout(text);
      const tokens = tokenize(layout.view);
      return { tokens, sentenceEnds: finishBoundaries(layout, tokens, await modelBoundaries(model, meta, layout.view, tokens)) };
    },
  };
}

async function modelBoundaries(model: OnnxModel, meta: SentenceModelMeta, text: string, tokens: WordSpan[]): Promise<Set<number>> {
  const n = tokens.length;
  if (n === 0) return new Set();
  const cand = boundaryCandidates(text, tokens);
  const ends = new Set(cand.forced);
  // a news dateline ("WASHINGTON (Reuters) -") is a sentence of its own: EWT, which the model learned from, has none
  const dateline = datelineEnd(text, tokens);
  if (dateline > 0) ends.add(dateline);
  if (cand.positions.length > 0) {
    const feats = boundaryFeatures(text, tokens, cand, meta.buckets);
    const count = cand.positions.length;
    const prob = new Float32Array(count);
    // Candidates are scored independently: calls of at most CANDIDATES_PER_CALL bound the runtime's working
    // memory, which it keeps for the process's life (a 50 kB document has ~3,700 candidates).
    for (let from = 0; from < count; from += CANDIDATES_PER_CALL) {
      const to = Math.min(count, from + CANDIDATES_PER_CALL);
      const data = count <= CANDIDATES_PER_CALL ? feats : feats.slice(from * FEATURES_PER_CANDIDATE, to * FEATURES_PER_CANDIDATE);
      const out = await model.run({ features: { type: 'int32', data, dims: [to - from, FEATURES_PER_CANDIDATE] } });
      prob.set(out[model.outputNames[0]].data as Float32Array, from);
    }
    const form = (i: number): string => text.slice(tokens[i].start, tokens[i].end);
    cand.positions.forEach((i, k) => {
      // EWT has no line breaks inside paragraphs; the model never saw one, the rules decide.
      const lineBreak = breakBefore(text, tokens, i) === 1 && !wrappedLine(form(i - 1), form(i));
      if (lineBreak || prob[k] >= meta.threshold) ends.add(i);
    });
  }
  return ends;
}
