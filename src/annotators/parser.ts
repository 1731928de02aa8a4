/**
 * Dependency parser annotator: a biaffine graph parser (trained by
 * training/parser/train.py on UD English-EWT) run with ONNX, one batched call
 * per chunk of a document, then tree decoding per sentence.
 *
 * Writes doc.head (head token index within the doc, -1 at a sentence root)
 * and doc.deprel (UD relations, 'root' at the root). The Stanford basic
 * scheme the API reports by default is derived from these with
 * src/structure/stanford.ts.
 */
import type { Doc } from '../doc/doc.js';
import type { ResourceLoader } from '../resources/loader.js';
import { AnalysisError } from '../errors.js';
import { featurize, type FeatureSpec } from '../models/features.js';
import { isLexicalTable, loadLexicalCoder, type LexicalSources, type LexicalTableName } from '../models/lexical-codes.js';
import { loadOnnxModel, type Backend, type TensorInput } from '../models/onnx-runner.js';
import { loadWordVectors } from '../models/word-vectors.js';
import type { Annotator } from './annotator.js';
import { argmaxHeads, decodeTree } from './parser-decode.js';

export interface ParserMeta {
  name: string;
  version: string;
  scheme: 'ud';
  /** Hashed features (src/models/features.ts), then lexical tables if any (see `lexical`). */
  features: (FeatureSpec | { name: LexicalTableName; buckets: number })[];
  upos: string[];
  xpos: string[];
  labels: string[];
  inputs: string[];
  outputs: string[];
  /** Final label layer (rows = labels, cols = label hidden size), float32 little-endian, base64. */
  labelOut: { rows: number; cols: number; weight: string; bias: string };
  /**
   * Models trained with `--lexical`: the tagger's word codes (WordNet classes,
   * clusters) are extra columns of `ids`, after the hashed ones, as code + 1;
   * `features` lists them by name with their row counts as buckets. The
   * cluster file's path is under the models root (the tagger's file).
   */
  lexical?: LexicalSources | null;
  /**
   * Models trained with pretrained word vectors (v1.4): the graph's `vec`
   * input [b, n, dim] holds each word's row of the shared vectors in `dir`
   * under the models root (src/models/word-vectors.ts), which must have the
   * rows and dim the parser was trained with.
   */
  vectors?: { dir: string; rows: number; dim: number } | null;
  /**
   * 'int8' (v1.3): the LSTMs and constant-weight MatMuls run onnxruntime's
   * dynamically quantized kernels (training/common/quantize_onnx.py); absent
   * or 'float': float32 arithmetic.
   */
  weights?: 'int8' | 'float';
}

export interface ParserOptions {
  backend?: Backend;
  /**
   * Model folder under models/: 'parser' (default; the accurate BiLSTM parser)
   * or 'parser-fast' (the convolutional one, ~1.8x faster, ~4.4 LAS points lower on raw text).
   */
  dir?: string;
  /** Padded cells (sentences × longest sentence) per ONNX call; bounds memory on long documents. */
  maxCellsPerCall?: number;
}

/** Sentences longer than this are parsed in segments (keeps the n² arc matrix and n³ decoding bounded). */
export const MAX_PARSE_LENGTH = 200;

/** A batch's longest segment is at most this × its shortest (+2 words). */
const MAX_PAD_RATIO = 1.15;

export interface ParsedSentences {
  /** Per sentence: 0-based heads within the sentence, -1 at the root. */
  heads: Int32Array[];
  deprels: string[][];
  /** Per sentence: the probability of each word's chosen head (softmax over its row of arc scores). */
  headProbs: Float32Array[];
}

export interface DependencyParser extends Annotator {
  readonly meta: ParserMeta;
  /** Parses pre-tokenized, tagged sentences (what eval and tests use). */
  parse(sentences: readonly TaggedSentence[]): Promise<ParsedSentences>;
  /** The graph's inputs for a batch of sentences (what parity tests feed the ONNX model). */
  encode(batch: readonly TaggedSentence[]): ReturnType<typeof encodeBatch>;
}

export async function createParser(loader: ResourceLoader, opts: ParserOptions = {}): Promise<DependencyParser> {
  const dir = opts.dir ?? 'parser';
  const meta = JSON.parse(await loader.text(`${dir}/meta.json`)) as ParserMeta;
  const model = await loadOnnxModel(loader, `${dir}/parser.onnx`, { backend: opts.backend });
  const labeler = new PairLabeler(meta);
  const uposIx = indexOf(meta.upos);
  const xposIx = indexOf(meta.xpos);
  const cache = new Map<string, Int32Array>();
  const lexical = await lexicalColumns(loader, meta);
  const vectors = await vectorColumns(loader, meta);
  const maxCells = opts.maxCellsPerCall ?? 16384;
  const rootLabel = meta.labels.indexOf('root');

  async function parse(
    sentences: readonly TaggedSentence[],
  ): Promise<ParsedSentences> {
    // Segments of at most MAX_PARSE_LENGTH words, sorted by length so that batches pad little.
    const segs: { sent: number; from: number; to: number }[] = [];
    sentences.forEach((s, k) => {
      for (let from = 0; from < s.forms.length; from += MAX_PARSE_LENGTH) {
        segs.push({ sent: k, from, to: Math.min(s.forms.length, from + MAX_PARSE_LENGTH) });
      }
    });
    const order = segs.map((_, i) => i).sort((a, b) => segs[a].to - segs[a].from - (segs[b].to - segs[b].from));
    const segHeads: Int32Array[] = new Array(segs.length);
    const segLabels: string[][] = new Array(segs.length);
    const segProbs: Float32Array[] = new Array(segs.length);

    let i = 0;
    while (i < order.length) {
      // The batch grows while batch × longest stays under the cell budget
      // (sorted: last is longest) and the longest stays close to the
      // shortest: padding costs as much as words (and n² in the arc scores);
      // without this bound, whole-document batches were ~80% padding.
      let j = i + 1;
      const cap = Math.floor(len(segs[order[i]]) * MAX_PAD_RATIO) + 2;
      while (j < order.length && (j - i + 1) * len(segs[order[j]]) <= maxCells && len(segs[order[j]]) <= cap) j++;
      const batch = order.slice(i, j).map((k) => segs[k]);
      const out = await runBatch(batch.map((g) => slice(sentences[g.sent], g)));
      batch.forEach((_, b) => {
        segHeads[order[i + b]] = out.heads[b];
        segLabels[order[i + b]] = out.labels[b];
        segProbs[order[i + b]] = out.probs[b];
      });
      i = j;
    }

    const heads = sentences.map((s) => new Int32Array(s.forms.length));
    const deprels = sentences.map((s) => new Array<string>(s.forms.length));
    const headProbs = sentences.map((s) => new Float32Array(s.forms.length));
    let firstRoot = -1;
    segs.forEach((g, k) => {
      if (g.from === 0) firstRoot = -1;
      for (let t = 0; t < g.to - g.from; t++) {
        const h = segHeads[k][t];
        heads[g.sent][g.from + t] = h < 0 ? -1 : g.from + h;
        deprels[g.sent][g.from + t] = segLabels[k][t];
        headProbs[g.sent][g.from + t] = segProbs[k][t];
        if (h < 0) {
          // later segments of an over-long sentence hang from the first segment's root
          if (firstRoot < 0) firstRoot = g.from + t;
          else {
            heads[g.sent][g.from + t] = firstRoot;
            deprels[g.sent][g.from + t] = 'dep';
          }
        }
      }
    });
    return { heads, deprels, headProbs };
  }

  async function runBatch(batch: readonly TaggedSentence[]) {
    const b = batch.length;
    const { feeds, maxLen: n, lengths } = encodeBatch(meta, batch, cache, uposIx, xposIx, lexical, vectors);
    const out = await model.run(feeds);
    const arcs = out.arcs.data as Float32Array;
    const labels = out.labels.data as Int32Array;
    const dep = out.label_dep.data as Float32Array;
    const head = out.label_head.data as Float32Array;
    const h = labeler.hidden;
    const resultHeads: Int32Array[] = [];
    const resultLabels: string[][] = [];
    const resultProbs: Float32Array[] = [];
    for (let k = 0; k < b; k++) {
      const m = lengths[k];
      const size = m + 1;
      // scores over positions 0..m (row 0, the root, unused)
      const scores = new Float32Array(size * size);
      for (let t = 0; t < m; t++) {
        scores.set(arcs.subarray((k * n + t) * (n + 1), (k * n + t) * (n + 1) + size), (t + 1) * size);
      }
      const greedy = argmaxHeads(scores, size);
      const tree = decodeTree(scores, m);
      const hs = new Int32Array(m);
      const ls = new Array<string>(m);
      const ps = new Float32Array(m);
      for (let t = 0; t < m; t++) {
        const hd = tree[t + 1];
        ps[t] = headProbability(scores, size, t + 1, hd);
        hs[t] = hd - 1; // position 0 (root) → -1
        let label = hd === greedy[t + 1] ? labels[k * n + t] : -1;
        // 'root' belongs to the root arc only; elsewhere take the best other label
        if (label < 0 || (label === rootLabel && hd !== 0)) {
          label = labeler.best(dep, (k * n + t) * h, head, (k * (n + 1) + hd) * h, rootLabel);
        }
        ls[t] = hd === 0 ? 'root' : meta.labels[label];
      }
      resultHeads.push(hs);
      resultLabels.push(ls);
      resultProbs.push(ps);
    }
    return { heads: resultHeads, labels: resultLabels, probs: resultProbs };
  }

  return {
    meta,
    parse,
    encode: (batch) => encodeBatch(meta, batch, new Map(), uposIx, xposIx, lexical, vectors),
    async run(doc: Doc) {
      const sentences = [];
      if (!doc.upos || !doc.xpos) throw new Error('parser: the doc has no upos/xpos layer; run the tagger first');
      for (let s = 0; s < doc.sentenceCount; s++) {
        const a = doc.sentStart[s];
        const z = doc.sentEnd[s];
        sentences.push({ forms: doc.tokens.slice(a, z), upos: doc.upos.slice(a, z), xpos: doc.xpos.slice(a, z) });
      }
      const parsed = await parse(sentences);
      const head = new Int32Array(doc.length);
      const deprel = new Array<string>(doc.length);
      const headProb = new Float32Array(doc.length);
      for (let s = 0; s < doc.sentenceCount; s++) {
        const a = doc.sentStart[s];
        headProb.set(parsed.headProbs[s], a);
        parsed.heads[s].forEach((h, t) => {
          head[a + t] = h < 0 ? -1 : a + h;
          deprel[a + t] = parsed.deprels[s][t];
        });
      }
      doc.head = head;
      doc.deprel = deprel;
      doc.headProb = headProb;
    },
  };
}

/** Softmax probability of head `hd` in row `i` of the (size × size) arc scores, self-attachment left out. */
function headProbability(scores: Float32Array, size: number, i: number, hd: number): number {
  const row = i * size;
  let max = -Infinity;
  for (let j = 0; j < size; j++) if (j !== i && scores[row + j] > max) max = scores[row + j];
  let sum = 0;
  for (let j = 0; j < size; j++) if (j !== i) sum += Math.exp(scores[row + j] - max);
  return sum > 0 && Number.isFinite(max) ? Math.exp(scores[row + hd] - max) / sum : 0;
}

export interface TaggedSentence {
  forms: readonly string[];
  upos: readonly string[];
  xpos: readonly string[];
}

/**
 * The graph's inputs for a batch of sentences: hashed feature ids
 * [b, n, F], tag ids [b, n] (0 padding, 1 unknown tag), lengths [b], and
 * for a parser trained with word vectors each word's row of them [b, n, dim].
 */
export function encodeBatch(
  meta: ParserMeta,
  batch: readonly TaggedSentence[],
  cache: Map<string, Int32Array> = new Map(),
  uposIx: Map<string, number> = indexOf(meta.upos),
  xposIx: Map<string, number> = indexOf(meta.xpos),
  lexical?: LexicalColumns,
  vectors?: VectorColumns,
): { feeds: Record<string, TensorInput>; maxLen: number; lengths: Int32Array } {
  const b = batch.length;
  const hashed = meta.features.filter((f): f is FeatureSpec => !isLexicalTable(f.name));
  if (hashed.length !== meta.features.length && !lexical) {
    throw new Error('encodeBatch: this parser takes lexical codes; pass the parser\'s own columns (use parser.encode)');
  }
  if (meta.vectors && !vectors) {
    throw new Error('encodeBatch: this parser takes word vectors; pass the parser\'s own vector columns (use parser.encode)');
  }
  const { ids, maxLen: n } = featurize(
    batch.map((s) => s.forms),
    hashed,
    cache,
    lexical,
  );
  const upos = new Int32Array(b * n);
  const xpos = new Int32Array(b * n);
  const lengths = new Int32Array(b);
  batch.forEach((s, k) => {
    lengths[k] = s.forms.length;
    for (let t = 0; t < s.forms.length; t++) {
      upos[k * n + t] = uposIx.get(s.upos[t]) ?? 1;
      xpos[k * n + t] = xposIx.get(s.xpos[t]) ?? 1;
    }
  });
  const feeds: Record<string, TensorInput> = {
    ids: { type: 'int32', data: ids, dims: [b, n, meta.features.length] },
    upos: { type: 'int32', data: upos, dims: [b, n] },
    xpos: { type: 'int32', data: xpos, dims: [b, n] },
    lengths: { type: 'int32', data: lengths, dims: [b] },
  };
  if (meta.vectors && vectors) {
    const dim = vectors.dim;
    const vec = new Float32Array(b * n * dim); // padding stays zero, as in training
    batch.forEach((s, k) => {
      for (let t = 0; t < s.forms.length; t++) vectors.write(s.forms[t], vec, (k * n + t) * dim);
    });
    feeds.vec = { type: 'float32', data: vec, dims: [b, n, dim] };
  }
  return { feeds, maxLen: n, lengths };
}

/** The `vec` input of a parser trained with word vectors: a word's row of the shared vectors. */
export interface VectorColumns {
  dim: number;
  /** Writes the word's dim values at out[at …] (zeros for a word without a vector). */
  write(word: string, out: Float32Array, at: number): void;
}

async function vectorColumns(loader: ResourceLoader, meta: ParserMeta): Promise<VectorColumns | undefined> {
  const want = meta.vectors;
  if (!want) return undefined;
  const vectors = await loadWordVectors(loader, want.dir);
  if (vectors.meta.rows !== want.rows || vectors.meta.dim !== want.dim) {
    throw new AnalysisError(
      500,
      `the parser was trained with word vectors of ${want.rows}×${want.dim} rows, but ${want.dir}/meta.json has ` +
        `${vectors.meta.rows}×${vectors.meta.dim}: retrain the parser (npm run train -- parser) or restore its vectors`,
    );
  }
  // Looking a word up hashes its bytes; the row of a word type is kept instead.
  const rows = new Map<string, number>();
  return {
    dim: want.dim,
    write(word, out, at) {
      let row = rows.get(word);
      if (row === undefined) {
        row = vectors.row(word);
        rows.set(word, row);
      }
      vectors.copyRow(row, out, at);
    },
  };
}

/** The lexical columns of `ids` for a parser trained with them: code + 1 per table. */
export interface LexicalColumns {
  width: number;
  row(word: string): number[];
}

async function lexicalColumns(loader: ResourceLoader, meta: ParserMeta): Promise<LexicalColumns | undefined> {
  const tables: { name: LexicalTableName; rows: number }[] = [];
  for (const f of meta.features) if (isLexicalTable(f.name)) tables.push({ name: f.name, rows: f.buckets });
  if (tables.length === 0) return undefined;
  if (!meta.lexical) throw new AnalysisError(500, 'parser meta.json lists lexical features but no lexical sources');
  const coder = await loadLexicalCoder(loader, tables, meta.lexical);
  return { width: tables.length, row: (word) => coder(word).map((c) => c + 1) };
}

function len(g: { from: number; to: number }): number {
  return g.to - g.from;
}

function slice(s: TaggedSentence, g: { from: number; to: number }): TaggedSentence {
  return { forms: s.forms.slice(g.from, g.to), upos: s.upos.slice(g.from, g.to), xpos: s.xpos.slice(g.from, g.to) };
}

function indexOf(vocab: readonly string[]): Map<string, number> {
  return new Map(vocab.map((v, i) => [v, i]));
}

/**
 * The label layer for a (dependent, head) pair the graph did not label: when
 * tree decoding moves a word away from its argmax head, its label is
 * recomputed here as argmax(W · relu(dep + head) + b), the graph's own formula.
 */
class PairLabeler {
  readonly hidden: number;
  private readonly w: Float32Array;
  private readonly b: Float32Array;
  private readonly tmp: Float32Array;

  constructor(meta: ParserMeta) {
    this.hidden = meta.labelOut.cols;
    this.w = floats(meta.labelOut.weight);
    this.b = floats(meta.labelOut.bias);
    this.tmp = new Float32Array(this.hidden);
  }

  best(dep: Float32Array, depAt: number, head: Float32Array, headAt: number, exclude: number): number {
    const h = this.hidden;
    for (let k = 0; k < h; k++) this.tmp[k] = Math.max(0, dep[depAt + k] + head[headAt + k]);
    let best = 0;
    let bestV = -Infinity;
    for (let l = 0; l < this.b.length; l++) {
      if (l === exclude) continue;
      let v = this.b[l];
      const row = l * h;
      for (let k = 0; k < h; k++) v += this.w[row + k] * this.tmp[k];
      if (v > bestV) {
        bestV = v;
        best = l;
      }
    }
    return best;
  }
}

function floats(b64: string): Float32Array {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}
