/**
 * Part-of-speech tagger: Penn Treebank tags (the spec's `partOfSpeech`, layer
 * `xpos`) and Universal POS tags (`upos`) from one ONNX model trained here
 * (training/tagger/, models/tagger/). The sentences of a document go to
 * the model together, packed into rows, in one call (a few for very long
 * documents).
 */
import type { Doc } from '../doc/doc.js';
import { AnalysisError } from '../errors.js';
import { featureId, type FeatureSpec } from '../models/features.js';
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
 * Sentences are packed into rows of ROW_WIDTH positions (or the longest
 * sentence, if longer), one all-zero position between neighbours: the model
 * treats a zero position as padding, so packed sentences do not see each
 * other and padding costs almost nothing. Calls hold at most MAX_CELLS
 * positions, which bounds the model's working memory on long documents;
 * an ordinary document is one call.
 */
const ROW_WIDTH = 128;
const MAX_CELLS = 8192;

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
      const result: SentenceTags[] = sentences.map((s) => ({
        xpos: new Array<string>(s.length),
        upos: new Array<string>(s.length),
      }));
      for (const call of packCalls(sentences)) {
        await runCall(model, meta, sentences, call, cache, result);
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

/** Where each sentence sits in a call's [rows, width] grid. */
interface PackedCall {
  rows: number;
  width: number;
  /** sentence index, row, first column; parallel arrays. */
  sentence: number[];
  row: number[];
  col: number[];
}

/**
 * First-fit-decreasing packing of the non-empty sentences into rows, rows
 * grouped into calls of at most MAX_CELLS cells.
 */
function packCalls(sentences: readonly (readonly string[])[]): PackedCall[] {
  const order = sentences
    .map((_, i) => i)
    .filter((i) => sentences[i].length > 0)
    .sort((a, b) => sentences[b].length - sentences[a].length);
  if (order.length === 0) return [];
  const total = order.reduce((n, i) => n + sentences[i].length + 1, 0);
  const width = Math.max(sentences[order[0]].length, Math.min(ROW_WIDTH, total));
  const rowsPerCall = Math.max(1, Math.floor(MAX_CELLS / width));
  // free[c]: rows (of the current call) with exactly c free positions.
  const newCall = (): PackedCall => ({ rows: 0, width, sentence: [], row: [], col: [] });
  let call = newCall();
  const calls: PackedCall[] = [call];
  let free: number[][] = [];
  for (const i of order) {
    const len = sentences[i].length;
    let row = -1;
    let start = 0;
    for (let c = len; c <= width && row < 0; c++) {
      const r = free[c]?.pop();
      if (r !== undefined) {
        row = r;
        start = width - c;
      }
    }
    if (row < 0) {
      if (call.rows === rowsPerCall) {
        call = newCall();
        calls.push(call);
        free = [];
      }
      row = call.rows++;
    }
    call.sentence.push(i);
    call.row.push(row);
    call.col.push(start);
    const left = width - start - len - 1; // one zero gap after the sentence
    if (left > 0) (free[left] ??= []).push(row);
  }
  return calls;
}

async function runCall(
  model: OnnxModel,
  meta: TaggerMeta,
  sentences: readonly (readonly string[])[],
  call: PackedCall,
  cache: Map<string, Int32Array>,
  result: SentenceTags[],
): Promise<void> {
  const f = meta.features.length;
  const ids = new Int32Array(call.rows * call.width * f);
  call.sentence.forEach((i, k) => {
    const base = call.row[k] * call.width + call.col[k];
    sentences[i].forEach((word, t) => ids.set(wordIds(word, meta.features, cache), (base + t) * f));
  });
  const out = await model.run({ ids: { type: 'int32', data: ids, dims: [call.rows, call.width, f] } });
  const xpos = out.xpos.data;
  const upos = out.upos.data;
  call.sentence.forEach((i, k) => {
    const base = call.row[k] * call.width + call.col[k];
    const tags = result[i];
    for (let t = 0; t < sentences[i].length; t++) {
      tags.xpos[t] = meta.xposLabels[Number(xpos[base + t])];
      tags.upos[t] = meta.uposLabels[Number(upos[base + t])];
    }
  });
}

/** Feature ids of one word (shifted by one: 0 is padding), cached per word form. */
function wordIds(word: string, specs: readonly FeatureSpec[], cache: Map<string, Int32Array>): Int32Array {
  let row = cache.get(word);
  if (!row) {
    row = Int32Array.from(specs, (spec) => featureId(spec, word) + 1);
    if (cache.size < CACHE_LIMIT) cache.set(word, row);
  }
  return row;
}

/** Word forms whose ids are kept; bounds memory on a long-running analyzer. */
const CACHE_LIMIT = 200_000;
