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
  embedding: {
    file: string;
    rows: number;
    width: number;
    prime: number;
    /** One re-hash of one feature into the table: row = ((a·id + b) mod prime) mod rows + offset. */
    pairs: { feature: number; a: number; b: number; rows: number; offset: number }[];
    bias: number[];
    /** File of the norm ids (uint32 little-endian) seen in training. */
    knownNorms: string;
  };
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
  /** The first layer's input for a word (what the ONNX graph receives). */
  embed(word: string): Float32Array;
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
  const table = decodeFloat16(await loader.bytes(`${dir}/${meta.embedding.file}`));
  const known = decodeUint32(await loader.bytes(`${dir}/${meta.embedding.knownNorms}`));
  const embed = wordEmbedder(meta, table, new Set(known));

  return {
    meta,
    embed,
    async tagSentences(sentences) {
      const result: SentenceTags[] = sentences.map((s) => ({
        xpos: new Array<string>(s.length),
        upos: new Array<string>(s.length),
      }));
      for (const call of packCalls(sentences)) {
        await runCall(model, meta, embed, sentences, call, result);
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
  embed: (word: string) => Float32Array,
  sentences: readonly (readonly string[])[],
  call: PackedCall,
  result: SentenceTags[],
): Promise<void> {
  const w = meta.embedding.width;
  const cells = call.rows * call.width;
  const emb = new Float32Array(cells * w);
  const mask = new Float32Array(cells);
  call.sentence.forEach((i, k) => {
    const base = call.row[k] * call.width + call.col[k];
    sentences[i].forEach((word, t) => {
      emb.set(embed(word), (base + t) * w);
      mask[base + t] = 1;
    });
  });
  const out = await model.run({
    emb: { type: 'float32', data: emb, dims: [call.rows, call.width, w] },
    mask: { type: 'float32', data: mask, dims: [call.rows, call.width] },
  });
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

/**
 * The embedding layer, run in JavaScript: a word's vector is the bias plus
 * one table row per (feature, hash) pair. It depends on the word form alone,
 * so it is computed once per word type and cached; the ONNX graph starts
 * after it (this halves the model's per-token cost on running text).
 * A word whose norm was not seen in training gets no norm rows: they would
 * belong to other words (hash collisions), and word dropout taught the
 * model to read a missing norm as "unknown word".
 */
function wordEmbedder(meta: TaggerMeta, table: Float32Array, knownNorms: ReadonlySet<number>): (word: string) => Float32Array {
  const { width, prime, pairs, bias, rows } = meta.embedding;
  if (table.length !== rows * width) {
    throw new AnalysisError(500, `POS tagger embedding table has ${table.length} values, meta.json says ${rows}×${width}`);
  }
  const cache = new Map<string, Float32Array>();
  return (word) => {
    let vec = cache.get(word);
    if (vec) return vec;
    vec = Float32Array.from(bias);
    const ids = meta.features.map((spec) => featureId(spec, word) + 1);
    const normKnown = knownNorms.has(ids[0]);
    for (const p of pairs) {
      if (p.feature === 0 && !normKnown) continue;
      const row = (((mulMod(ids[p.feature], p.a, prime) + p.b) % prime) % p.rows) + p.offset;
      const at = row * width;
      for (let j = 0; j < width; j++) vec[j] += table[at + j];
    }
    if (cache.size < CACHE_LIMIT) cache.set(word, vec);
    return vec;
  };
}

/** Word forms whose vectors are kept; bounds memory on a long-running analyzer. */
const CACHE_LIMIT = 200_000;

/** (x·a) mod m for x, a, m < 2^31, exact in doubles (every product stays under 2^53). */
export function mulMod(x: number, a: number, m: number): number {
  const hi = Math.floor(a / 65536);
  const lo = a % 65536;
  return (((x * hi) % m) * 65536 + x * lo) % m;
}

/** Little-endian uint32 values. */
function decodeUint32(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: bytes.byteLength >> 2 }, (_, i) => view.getUint32(4 * i, true));
}

/** IEEE half-precision little-endian bytes → float32 values. */
export function decodeFloat16(bytes: Uint8Array): Float32Array {
  const n = bytes.length >> 1;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const h = bytes[2 * i] | (bytes[2 * i + 1] << 8);
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const frac = h & 0x3ff;
    if (exp === 0) out[i] = sign * frac * 2 ** -24;
    else if (exp === 31) out[i] = frac ? NaN : sign * Infinity;
    else out[i] = sign * (1 + frac / 1024) * 2 ** (exp - 15);
  }
  return out;
}
