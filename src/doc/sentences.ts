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

/** Rule-only sentence boundaries: exclusive token indices, ending with tokens.length. */
export function splitSentences(text: string, tokens: readonly TokenSpan[]): number[] {
  const ends = ruleBoundaries(text, tokens);
  const dateline = datelineEnd(text, tokens);
  if (dateline > 0 && !ends.includes(dateline)) {
    ends.push(dateline);
    ends.sort((a, b) => a - b);
  }
  if (tokens.length > 0) ends.push(tokens.length);
  return ends;
}

export async function createSegmenter(loader?: ResourceLoader, opts: SegmenterOptions = {}): Promise<Segmenter> {
  if (!loader || opts.rulesOnly || !(await loader.exists(MODEL_PATH)) || !(await loader.exists(META_PATH))) {
    return {
      kind: 'rules',
      async segment(text) {
        const tokens = tokenize(text);
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
      const tokens = tokenize(text);
      return { tokens, sentenceEnds: await modelBoundaries(model, meta, text, tokens) };
    },
  };
}

async function modelBoundaries(model: OnnxModel, meta: SentenceModelMeta, text: string, tokens: WordSpan[]): Promise<number[]> {
  const n = tokens.length;
  if (n === 0) return [];
  const cand = boundaryCandidates(text, tokens);
  const ends = new Set(cand.forced);
  // a news dateline ("WASHINGTON (Reuters) -") is a sentence of its own: EWT, which the model learned from, has none
  const dateline = datelineEnd(text, tokens);
  if (dateline > 0) ends.add(dateline);
  if (cand.positions.length > 0) {
    const feats = boundaryFeatures(text, tokens, cand, meta.buckets);
    const out = await model.run({ features: { type: 'int32', data: feats, dims: [cand.positions.length, FEATURES_PER_CANDIDATE] } });
    const prob = out[model.outputNames[0]].data as Float32Array;
    const form = (i: number): string => text.slice(tokens[i].start, tokens[i].end);
    cand.positions.forEach((i, k) => {
      // EWT has no line breaks inside paragraphs; the model never saw one, the rules decide.
      const lineBreak = breakBefore(text, tokens, i) === 1 && !wrappedLine(form(i - 1), form(i));
      if (lineBreak || prob[k] >= meta.threshold) ends.add(i);
    });
  }
  ends.add(n);
  return [...ends].sort((a, b) => a - b);
}
