/**
 * Named-entity recognizer: PER, LOC, ORG and MISC mentions from an ONNX
 * model trained here on CoNLL-2003 (training/ner/, models/ner/). The network
 * gives per-token BIOES emission scores; decoding is a constrained CRF
 * Viterbi over meta.json's transitions, so every mention is well formed.
 *
 * One model call per document: all sentences are packed into a few rows
 * separated by padding gaps the network cannot see across (meta.packGap), so
 * short sentences do not pay for the longest one's padding.
 *
 * Mention score: the mean, over the mention's tokens, of the CRF marginal
 * probability of the decoded label (forward-backward), in 0..1.
 */
import type { Doc, Mention } from '../doc/doc.js';
import { AnalysisError } from '../errors.js';
import type { FeatureSpec } from '../models/features.js';
import { loadOnnxModel, type Backend, type OnnxModel } from '../models/onnx-runner.js';
import { loadWordVectors } from '../models/word-vectors.js';
import { VectorSlabs } from '../models/vector-slabs.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Annotator } from './annotator.js';
import { withShapeMentions } from './extra-mentions.js';
import { nameMentions } from './mention-filter.js';
import { crfParams, pathMarginals, viterbi, type CrfParams } from './ner-crf.js';
import {
  compileGazetteer,
  DENSE_DIM,
  denseFeatures,
  NerFeaturizer,
  type NerGazetteer,
  type NerLexicon,
} from './ner-features.js';
import { loadCommonNouns, NOUN_COLUMNS, writeNounColumns, type CommonNounsMeta } from './ner-nouns.js';

export interface NerOptions {
  backend?: Backend;
  /** Intra-op threads of the native backend (default 1). */
  threads?: number;
  /** Model directory inside the models root (default 'ner'). */
  dir?: string;
}

/** What models/ner/meta.json holds (the fields the runtime reads). */
export interface NerMeta {
  name: string;
  version: string;
  labels: string[];
  scheme: 'BIOES';
  features: FeatureSpec[];
  denseDim: number;
  packGap: number;
  transitions: number[][];
  start: number[];
  end: number[];
  /**
   * The shared pretrained word vectors the model reads, if trained with them: input `vproj` [batch, length,
   * hidden] is each word's row times `projection` (float32 little-endian [dim, hidden] beside meta.json).
   */
  vectors?: { dir: string; rows: number; dim: number; projection: string; hidden: number } | null;
  /** A language's common-noun list, read as two more dense columns after the shared ones (ner-nouns.ts). */
  commonNouns?: CommonNounsMeta | null;
}

/** A mention within one sentence: tokens [start, end) of that sentence. */
export interface SentenceMention {
  start: number;
  end: number;
  label: string;
  score: number;
}

/** Anything that finds mentions in the sentences of one document: the shipped model or a transformer (transformer-ner.ts). */
export interface MentionRecognizer {
  /** Sentences of one document (document context may feed the model). */
  recognize(sentences: readonly (readonly string[])[]): Promise<SentenceMention[][]>;
}

/** The loaded shipped model: recognizes mentions in the sentences of one document. */
export interface EntityRecognizer extends MentionRecognizer {
  readonly meta: NerMeta;
  /** Raw emission scores, [sentence][token][label] (for parity checks). */
  emissions(sentences: readonly (readonly string[])[]): Promise<Float32Array[]>;
}

/** Rows are at least this wide, so ordinary documents pack into few rows. */
const MIN_ROW = 512;
/** Packed rows per model call (a 50 kB document packs into ~25 rows of 512). */
const ROWS_PER_CALL = 4;

interface Packed {
  ids: Int32Array;
  dense: Float32Array;
  /** Each word's projected word vector, [rows, width, hidden] (models with vectors). */
  vproj?: Float32Array;
  rows: number;
  width: number;
  /** Flat slot (row * width + column) of each sentence's first token. */
  offsets: number[];
}

export async function loadEntityRecognizer(loader: ResourceLoader, opts: NerOptions = {}): Promise<EntityRecognizer> {
  const dir = opts.dir ?? 'ner';
  if (!(await loader.exists(`${dir}/ner.onnx`))) {
    throw new AnalysisError(500, `NER model missing: ${dir}/ner.onnx (run \`npm run train -- ner\`)`);
  }
  const meta = JSON.parse(await loader.text(`${dir}/meta.json`)) as NerMeta;
  // The shared columns, then those the model declares (only the common nouns so far).
  const denseDim = DENSE_DIM + (meta.commonNouns ? NOUN_COLUMNS : 0);
  if (meta.denseDim !== denseDim) {
    throw new AnalysisError(500, `NER model ${meta.version} expects ${meta.denseDim} dense features, runtime has ${denseDim}`);
  }
  const lexicon = JSON.parse(await loader.text(`${dir}/lexicon.json`)) as NerLexicon;
  const gazetteer: NerGazetteer = compileGazetteer(lexicon);
  const featurizer = new NerFeaturizer(meta.features, lexicon);
  const crf: CrfParams = crfParams(meta.transitions, meta.start, meta.end);
  const model: OnnxModel = await loadOnnxModel(loader, `${dir}/ner.onnx`, { backend: opts.backend, threads: opts.threads });
  const L = meta.labels.length;
  const vectors = meta.vectors ? await loadNerVectors(loader, dir, meta.vectors) : undefined;
  const nouns = meta.commonNouns ? await loadCommonNouns(loader, dir, meta.commonNouns) : undefined;

  function pack(sentences: readonly (readonly string[])[]): Packed {
    const longest = sentences.reduce((m, s) => Math.max(m, s.length), 0);
    const width = Math.max(longest, Math.min(MIN_ROW, sentences.reduce((n, s) => n + s.length + meta.packGap, 0)));
    const offsets: number[] = [];
    let row = 0;
    let col = 0;
    for (const s of sentences) {
      if (col > 0 && col + s.length > width) {
        row++;
        col = 0;
      }
      offsets.push(row * width + col);
      col += s.length + meta.packGap;
    }
    const rows = sentences.length === 0 ? 0 : row + 1;
    const F = featurizer.width;
    const ids = new Int32Array(rows * width * F);
    const dense = new Float32Array(rows * width * denseDim);
    sentences.forEach((words, s) => words.forEach((w, t) => ids.set(featurizer.row(w), (offsets[s] + t) * F)));
    denseFeatures(sentences, gazetteer, dense, offsets, denseDim);
    if (nouns) writeNounColumns(sentences, nouns, dense, offsets, denseDim, DENSE_DIM);
    if (!vectors) return { ids, dense, rows, width, offsets };
    const hidden = vectors.hidden;
    const vproj = new Float32Array(rows * width * hidden);
    sentences.forEach((words, s) => words.forEach((w, t) => vproj.set(vectors.projected(w), (offsets[s] + t) * hidden)));
    return { ids, dense, vproj, rows, width, offsets };
  }

  async function run(sentences: readonly (readonly string[])[]): Promise<{ em: Float32Array; offsets: number[] }> {
    const p = pack(sentences);
    if (p.rows === 0 || p.width === 0) return { em: new Float32Array(0), offsets: p.offsets };
    if (p.rows <= ROWS_PER_CALL) return { em: await runRows(p, 0, p.rows), offsets: p.offsets };
    // Rows do not see each other: calls of at most ROWS_PER_CALL rows bound the runtime's working memory,
    // which it keeps for the process's life.
    const em = new Float32Array(p.rows * p.width * L);
    for (let from = 0; from < p.rows; from += ROWS_PER_CALL) {
      const to = Math.min(p.rows, from + ROWS_PER_CALL);
      em.set(await runRows(p, from, to), from * p.width * L);
    }
    return { em, offsets: p.offsets };
  }

  /** Emissions of rows [from, to) of a packed document. */
  async function runRows(p: Packed, from: number, to: number): Promise<Float32Array> {
    const all = from === 0 && to === p.rows;
    const cells = (k: number) => [from * p.width * k, to * p.width * k] as const;
    const rows = to - from;
    const out = await model.run({
      ids: { type: 'int32', data: all ? p.ids : p.ids.slice(...cells(featurizer.width)), dims: [rows, p.width, featurizer.width] },
      dense: { type: 'float32', data: all ? p.dense : p.dense.slice(...cells(denseDim)), dims: [rows, p.width, denseDim] },
      ...(p.vproj && vectors
        ? { vproj: { type: 'float32' as const, data: all ? p.vproj : p.vproj.slice(...cells(vectors.hidden)), dims: [rows, p.width, vectors.hidden] } }
        : {}),
    });
    return out.emissions.data as Float32Array;
  }

  return {
    meta,
    async emissions(sentences) {
      const { em, offsets } = await run(sentences);
      return sentences.map((s, i) => em.slice(offsets[i] * L, (offsets[i] + s.length) * L));
    },
    async recognize(sentences) {
      const { em, offsets } = await run(sentences);
      return sentences.map((words, i) => {
        const n = words.length;
        const at = offsets[i] * L;
        const path = viterbi(crf, em, at, n);
        const spans = bioesSpans(path, meta.labels);
        if (spans.length === 0) return [];
        const marg = pathMarginals(crf, em, at, n, path);
        return spans.map(([start, end, label]) => {
          let s = 0;
          for (let t = start; t < end; t++) s += marg[t];
          return { start, end, label, score: s / (end - start) };
        });
      });
    },
  };
}

/** Spans [start, end, type) from a constrained (well-formed) BIOES path. */
export function bioesSpans(path: ArrayLike<number>, labels: readonly string[]): [number, number, string][] {
  const spans: [number, number, string][] = [];
  let start = -1;
  for (let t = 0; t < path.length; t++) {
    const lab = labels[path[t]];
    const prefix = lab[0];
    const type = lab.slice(2);
    if (prefix === 'S') {
      spans.push([t, t + 1, type]);
      start = -1;
    } else if (prefix === 'B') start = t;
    else if (prefix === 'E' && start >= 0) {
      spans.push([start, t + 1, type]);
      start = -1;
    } else if (prefix === 'O') start = -1;
  }
  return spans;
}

/** The recognizer as the pipeline's `ner` annotator (declared in registry.ts). */
export async function createNer(loader: ResourceLoader, opts: NerOptions = {}): Promise<Annotator> {
  return nerAnnotator(await loadEntityRecognizer(loader, opts));
}

/**
 * Any mention recognizer (the shipped one, a transformer model) as the
 * pipeline's `ner` annotator. English-only: the linker after it reads English.
 */
export function nerAnnotator(ner: MentionRecognizer): Annotator {
  return {
    async run(doc: Doc) {
      const mentions = await recognizeDoc(ner, doc);
      // Keep mentions from other sources (alias matches), replace earlier NER output.
      doc.mentions = [...(doc.mentions ?? []).filter((m) => m.source !== 'ner'), ...mentions];
    },
  };
}

/**
 * NER mentions of a whole Doc, token offsets over the doc, plus candidates of other shapes (source
 * 'alias': hashtags, handles, "macOS") that become entities only when the linker links them.
 */
export async function recognizeDoc(ner: MentionRecognizer, doc: Doc): Promise<Mention[]> {
  const sentences: string[][] = [];
  for (let s = 0; s < doc.sentenceCount; s++) sentences.push(doc.tokens.slice(doc.sentStart[s], doc.sentEnd[s]));
  const found = await ner.recognize(sentences);
  const mentions: Mention[] = [];
  found.forEach((ms, s) => {
    for (const m of ms) {
      mentions.push({ start: doc.sentStart[s] + m.start, end: doc.sentStart[s] + m.end, label: m.label, score: m.score, source: 'ner' });
    }
  });
  // URLs, paths, code, flags and markup are no names (mention-filter.ts); hashtags, handles and
  // "macOS"-shaped names are candidates the linker confirms (extra-mentions.ts).
  return withShapeMentions(doc, nameMentions(doc, mentions));
}

/** A word's projected vector (the model's `vproj` input), computed once per word type. */
interface ProjectedVectors {
  hidden: number;
  projected(word: string): Float32Array;
}

/** Word types whose projected vectors are kept; bounds memory on a long-running analyzer. */
const VECTOR_CACHE_LIMIT = 200_000;

/** The shared word vectors, checked against what the model was trained with, through the model's projection. */
async function loadNerVectors(loader: ResourceLoader, dir: string, want: NonNullable<NerMeta['vectors']>): Promise<ProjectedVectors> {
  const vectors = await loadWordVectors(loader, want.dir);
  if (vectors.meta.rows !== want.rows || vectors.meta.dim !== want.dim) {
    throw new AnalysisError(
      500,
      `NER model was trained with word vectors of ${want.rows}×${want.dim}, ${want.dir}/ holds ${vectors.meta.rows}×${vectors.meta.dim} (retrain the NER after \`npm run train -- vectors\`)`,
    );
  }
  const bytes = await loader.bytes(`${dir}/${want.projection}`);
  if (bytes.byteLength !== 4 * want.dim * want.hidden) {
    throw new AnalysisError(500, `NER ${dir}/${want.projection} has ${bytes.byteLength} bytes, expected ${want.dim}×${want.hidden} float32`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const matrix = Float32Array.from({ length: want.dim * want.hidden }, (_, i) => view.getFloat32(4 * i, true));
  const cache = new Map<string, Float32Array>();
  const slabs = new VectorSlabs(want.hidden);
  return {
    hidden: want.hidden,
    projected(word) {
      let out = cache.get(word);
      if (out) return out;
      const keep = cache.size < VECTOR_CACHE_LIMIT;
      out = keep ? slabs.allocate() : new Float32Array(want.hidden);
      vectors.addProjected(vectors.row(word), matrix, out);
      if (keep) cache.set(word, out);
      return out;
    },
  };
}
