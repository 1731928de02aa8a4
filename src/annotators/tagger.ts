/**
 * Part-of-speech tagger: Penn Treebank tags (the spec's `partOfSpeech`, layer
 * `xpos`) and Universal POS tags (`upos`) from one ONNX model trained here
 * (training/tagger/, models/tagger/). Every sentence of a document goes to
 * the model in one batched call (long documents in a few length-sorted
 * batches, so that one long sentence does not pad hundreds of short ones).
 */
import type { Doc } from '../doc/doc.js';
import { AnalysisError } from '../errors.js';
import { featurize, type FeatureSpec } from '../models/features.js';
import { loadOnnxModel, type Backend, type OnnxModel } from '../models/onnx-runner.js';
import type { ResourceLoader } from '../resources.js';
import type { Annotator } from './annotator.js';

export interface TaggerOptions {
  backend?: Backend;
  /** Intra-op threads of the native backend (default 1). */
  threads?: number;
  /** Model directory inside the models root (default 'tagger'). */
  dir?: string;
}

/** What models/tagger/meta.json holds (the fields the runtime reads). */
export interface TaggerMeta {
  name: string;
  version: string;
  features: FeatureSpec[];
  xposLabels: string[];
  uposLabels: string[];
}

export interface SentenceTags {
  xpos: string[];
  upos: string[];
}

/** The loaded model: tags pre-tokenized sentences. */
export interface PosTagger {
  readonly meta: TaggerMeta;
  tagSentences(sentences: readonly (readonly string[])[]): Promise<SentenceTags[]>;
}

/**
 * Padding a batch to its longest sentence wastes work; a new batch starts
 * when the padded size would exceed the real tokens by this much (and by
 * at least MIN_SLACK cells, so that ordinary documents stay one call).
 */
const PAD_RATIO = 1.25;
const MIN_SLACK = 512;

export async function loadPosTagger(loader: ResourceLoader, opts: TaggerOptions = {}): Promise<PosTagger> {
  const dir = opts.dir ?? 'tagger';
  if (!(await loader.exists(`${dir}/tagger.onnx`))) {
    throw new AnalysisError(500, `POS tagger model missing: ${dir}/tagger.onnx (run \`npm run train -- tagger\`)`);
  }
  const meta = JSON.parse(await loader.text(`${dir}/meta.json`)) as TaggerMeta;
  const model = await loadOnnxModel(loader, `${dir}/tagger.onnx`, { backend: opts.backend, threads: opts.threads });
  // Words repeat across sentences and documents; hashing them is the
  // costly part of featurization, so the ids are cached per word form.
  const cache = new Map<string, Int32Array>();

  return {
    meta,
    async tagSentences(sentences) {
      const result: SentenceTags[] = sentences.map(() => ({ xpos: [], upos: [] }));
      for (const batch of lengthBatches(sentences)) {
        const words = batch.map((i) => sentences[i]);
        const tags = await runBatch(model, meta, words, cache);
        batch.forEach((i, b) => (result[i] = tags[b]));
      }
      return result;
    },
  };
}

/** The tagger as a pipeline annotator: needs tokens and sentences, assigns xpos and upos. */
export async function createTagger(loader: ResourceLoader, opts: TaggerOptions = {}): Promise<Annotator> {
  const tagger = await loadPosTagger(loader, opts);
  return {
    name: 'tagger',
    requires: ['tokens', 'sentences'],
    assigns: ['xpos', 'upos'],
    languages: ['eng'],
    async run(doc: Doc) {
      const sentences: string[][] = [];
      for (let s = 0; s < doc.sentenceCount; s++) {
        sentences.push(doc.tokens.slice(doc.sentStart[s], doc.sentEnd[s]));
      }
      const tags = await tagger.tagSentences(sentences);
      const xpos = new Array<string>(doc.length);
      const upos = new Array<string>(doc.length);
      tags.forEach((t, s) => {
        const start = doc.sentStart[s];
        for (let i = 0; i < t.xpos.length; i++) {
          xpos[start + i] = t.xpos[i];
          upos[start + i] = t.upos[i];
        }
      });
      doc.xpos = xpos;
      doc.upos = upos;
    },
  };
}

/** Indices of the non-empty sentences, grouped into batches of similar length. */
function lengthBatches(sentences: readonly (readonly string[])[]): number[][] {
  const order = sentences
    .map((_, i) => i)
    .filter((i) => sentences[i].length > 0)
    .sort((a, b) => sentences[a].length - sentences[b].length);
  const batches: number[][] = [];
  let batch: number[] = [];
  let real = 0;
  for (const i of order) {
    const len = sentences[i].length;
    const padded = (batch.length + 1) * len; // ascending order: len is the new maximum
    if (batch.length > 0 && padded > Math.max((real + len) * PAD_RATIO, real + len + MIN_SLACK)) {
      batches.push(batch);
      batch = [];
      real = 0;
    }
    batch.push(i);
    real += len;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function runBatch(
  model: OnnxModel,
  meta: TaggerMeta,
  sentences: readonly (readonly string[])[],
  cache: Map<string, Int32Array>,
): Promise<SentenceTags[]> {
  const { ids, maxLen } = featurize(sentences, meta.features, cache);
  const lengths = Int32Array.from(sentences, (s) => s.length);
  const out = await model.run({
    ids: { type: 'int32', data: ids, dims: [sentences.length, maxLen, meta.features.length] },
    lengths: { type: 'int32', data: lengths, dims: [sentences.length] },
  });
  const xpos = out.xpos.data;
  const upos = out.upos.data;
  return sentences.map((s, b) => {
    const tags: SentenceTags = { xpos: new Array<string>(s.length), upos: new Array<string>(s.length) };
    for (let t = 0; t < s.length; t++) {
      tags.xpos[t] = meta.xposLabels[Number(xpos[b * maxLen + t])];
      tags.upos[t] = meta.uposLabels[Number(upos[b * maxLen + t])];
    }
    return tags;
  });
}
