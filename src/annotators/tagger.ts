/**
 * Part-of-speech tagger: Penn Treebank tags (the spec's `partOfSpeech`, layer
 * `xpos`) and Universal POS tags (`upos`) from one ONNX model trained here
 * (training/tagger/, models/tagger/). The sentences of a document go to
 * the model together, packed into rows, in one call (a few for very long
 * documents).
 */
import type { Doc } from '../doc/doc.js';
import { AnalysisError } from '../errors.js';
import { loadLexicalCoder, type LexicalSources, type LexicalTableName } from '../models/lexical-codes.js';
import { featureId, modFloor, type FeatureSpec } from '../models/features.js';
import { loadOnnxModel, type Backend, type OnnxModel } from '../models/onnx-runner.js';
import { loadWordVectors, type WordVectors } from '../models/word-vectors.js';
import { VectorSlabs } from '../models/vector-slabs.js';
import type { ResourceLoader } from '../resources/loader.js';
import type { Annotator } from './annotator.js';
import { retagSentenceInitialName } from './sentence-initial-names.js';

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
    /** Word-level codes looked up without hashing; their rows follow the hashed rows (row = offset + code). */
    lexical?: LexicalMeta | null;
    /** The shared pretrained word vectors (models trained with them): a word's row times the projection is added. */
    vectors?: VectorsMeta | null;
  };
  /** The character CNN word encoder (absent in models without one). */
  chars?: {
    /** ONNX graph: `chars` int32 [words, length] → `vec` float32 [words, width]. */
    file: string;
    /** Longer words keep their first and last maxChars/2 code points. */
    maxChars: number;
    /** Characters in id order; a character's id is 4 + its index (0 padding, 1 unknown, 2 begin, 3 end). */
    vocab: string[];
  } | null;
  xposLabels: string[];
  uposLabels: string[];
}

/** meta.json → embedding.lexical (models trained with `--lexical`); the cluster file sits beside meta.json. */
export interface LexicalMeta extends LexicalSources {
  /**
   * In the model's order: wordnetParts, wordnetDominant (src/lexicon/word-classes.ts), clusterCoarse, clusterFine;
   * the language packs' lexiconPos (file beside meta.json).
   */
  tables: { name: LexicalTableName; rows: number; offset: number }[];
}

/** meta.json → embedding.vectors. */
export interface VectorsMeta {
  /** The vectors' directory in the models root (src/models/word-vectors.ts). */
  dir: string;
  /** Rows and dim the model was trained with: the shipped vectors must match. */
  rows: number;
  dim: number;
  /** File beside meta.json: float16 little-endian [dim, width], row-major. */
  projection: string;
  /** Only a word whose norm training never saw gets its vector (the vector stands in for the norm rows). */
  unknownNormsOnly?: boolean;
}

export interface SentenceTags {
  xpos: string[];
  upos: string[];
  /**
   * Each word's word-type id in this tagger's vocabulary (`PosTagger.wordTypes`): the same id for the same
   * string for the tagger's lifetime; -1 for a word it keeps no vector for (past its cache's bound).
   */
  wordTypes: Int32Array;
}

/** The loaded model: tags pre-tokenized sentences. */
export interface PosTagger {
  readonly meta: TaggerMeta;
  tagSentences(sentences: readonly (readonly string[])[]): Promise<SentenceTags[]>;
  /** The first layer's input for a word (what the ONNX graph receives). */
  embed(word: string): Promise<Float32Array>;
  /**
   * The id space of `SentenceTags.wordTypes` (and of `Doc.wordTypes` this tagger sets): compare it by identity
   * before reusing what was memoised per id, as another tagger numbers its words otherwise.
   */
  readonly wordTypes: object;
}

/**
 * Sentences are packed into rows of ROW_WIDTH positions (or the longest
 * sentence, if longer), one all-zero position between neighbours: the model
 * treats a zero position as padding, so packed sentences do not see each
 * other and padding costs almost nothing. Calls hold at most MAX_CELLS
 * positions (8 rows), which bounds the model's working memory on long
 * documents: the C allocator keeps what the largest call needed after it
 * returns (calls of 8,192 cells left ~25 MB more resident after a 50 kB
 * document than calls of 1,024, at the same speed).
 */
const ROW_WIDTH = 128;
const MAX_CELLS = 1024;

export async function loadPosTagger(loader: ResourceLoader, opts: TaggerOptions = {}): Promise<PosTagger> {
  const dir = opts.dir ?? 'tagger';
  if (!(await loader.exists(`${dir}/tagger.onnx`))) {
    throw new AnalysisError(500, `POS tagger model missing: ${dir}/tagger.onnx (run \`npm run train -- tagger\`)`);
  }
  const meta = JSON.parse(await loader.text(`${dir}/meta.json`)) as TaggerMeta;
  const model = await loadOnnxModel(loader, `${dir}/tagger.onnx`, { backend: opts.backend, threads: opts.threads });
  // kept as float16 and decoded row by row as word types are embedded: half the bytes of a float32 copy
  const table = await loader.bytes(`${dir}/${meta.embedding.file}`);
  const known = decodeUint32(await loader.bytes(`${dir}/${meta.embedding.knownNorms}`));
  const chars = meta.chars
    ? await loadOnnxModel(loader, `${dir}/${meta.chars.file}`, { backend: opts.backend, threads: opts.threads })
    : undefined;
  const lexical = meta.embedding.lexical ? await loadLexicalCodes(loader, dir, meta.embedding.lexical) : undefined;
  const vectors = meta.embedding.vectors ? await loadVectorInput(loader, dir, meta.embedding.vectors, meta.embedding.width) : undefined;
  const knownNorms = new Set(known);
  const embedder = wordEmbedder(meta, table, knownNorms, chars, lexical, vectors);
  const normSpec = meta.features[0]!;
  const isKnown = (word: string) => knownNorms.has(featureId(normSpec, word) + 1);

  return {
    meta,
    wordTypes: embedder,
    async embed(word) {
      const vectors = await embedder.embed([[word]]);
      return vectors.vector(vectors.ids[0][0]).slice();
    },
    async tagSentences(sentences) {
      const result: SentenceTags[] = sentences.map((s) => ({
        xpos: new Array<string>(s.length),
        upos: new Array<string>(s.length),
        wordTypes: new Int32Array(s.length).fill(-1),
      }));
      const calls = packCalls(sentences);
      if (calls.length === 0) return result;
      const vectors = await embedder.embed(sentences);
      sentences.forEach((words, i) => {
        const ids = vectors.ids[i];
        const out = result[i].wordTypes;
        for (let t = 0; t < words.length; t++) out[t] = ids[t] >= 0 ? ids[t] : -1;
      });
      for (const call of calls) {
        await runCall(model, meta, vectors, sentences, call, result);
      }
      sentences.forEach((words, i) => retagSentenceInitialName(words, result[i]!, isKnown));
      return result;
    },
  };
}

/** The tagger as a pipeline annotator (declared in registry.ts): writes doc.xpos, doc.upos and doc.wordTypes. */
export async function createTagger(loader: ResourceLoader, opts: TaggerOptions = {}): Promise<Annotator> {
  const tagger = await loadPosTagger(loader, opts);
  return {
    async run(doc: Doc) {
      const sentences: string[][] = [];
      for (let s = 0; s < doc.sentenceCount; s++) {
        sentences.push(doc.tokens.slice(doc.sentStart[s], doc.sentEnd[s]));
      }
      const tags = await tagger.tagSentences(sentences);
      const xpos = new Array<string>(doc.length);
      const upos = new Array<string>(doc.length);
      const ids = new Int32Array(doc.length).fill(-1);
      tags.forEach((t, s) => {
        const start = doc.sentStart[s];
        for (let i = 0; i < t.xpos.length; i++) {
          xpos[start + i] = t.xpos[i];
          upos[start + i] = t.upos[i];
        }
        ids.set(t.wordTypes, start);
      });
      doc.xpos = xpos;
      doc.upos = upos;
      doc.wordTypes = { space: tagger.wordTypes, ids };
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
  vectors: EmbeddedWords,
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
    const ids = vectors.ids[i];
    for (let t = 0; t < ids.length; t++) {
      emb.set(vectors.vector(ids[t]), (base + t) * w);
      mask[base + t] = 1;
    }
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
 * one table row per (feature, hash) pair, plus (models trained with them)
 * its row of the shared pretrained word vectors times the model's
 * projection (a word without a vector adds nothing: the model was trained
 * with vector dropout for those), plus (models with a character CNN) the
 * output of chars.onnx for the word. It depends on the word form
 * alone, so it is computed once per word type and cached: the char CNN runs
 * once per document, batched over the word types not seen before, and on
 * running text most words are cached. The ONNX tagger starts after it.
 * A word whose norm was not seen in training gets no norm rows: they would
 * belong to other words (hash collisions), and word dropout taught the
 * model to read a missing norm as "unknown word".
 * Each word type gets an id when its vector is cached (ids count up from 0 and
 * are never reused: the cache keeps a vector for the tagger's lifetime and
 * stops taking new ones at CACHE_LIMIT), and each running word is looked up
 * once: the ONNX input is filled by id, and the ids go on to the doc
 * (`Doc.wordTypes`) for the annotators after the tagger that memoise per
 * word form (the noun-phrase chunker), which would otherwise hash each word
 * again. A word past the bound gets a vector for this call only, under a
 * negative id.
 */
function wordEmbedder(
  meta: TaggerMeta,
  table: Uint8Array,
  knownNorms: ReadonlySet<number>,
  charModel: OnnxModel | undefined,
  lexicalCodes: LexicalCodes | undefined,
  vectorInput: VectorInput | undefined,
): WordEmbedder {
  const { width, prime, pairs, bias, rows } = meta.embedding;
  if (table.length !== 2 * rows * width) {
    throw new AnalysisError(500, `POS tagger embedding table has ${table.length >> 1} float16 values, meta.json says ${rows}×${width}`);
  }
  const half = float16Table();
  const charIds = meta.chars ? charIdMapper(meta.chars) : undefined;
  /** Word type → id, and each id's vector. */
  const typeIds = new Map<string, number>();
  // Views into shared slabs (src/models/vector-slabs.ts): a typed array of its own per word type cost
  // ~3x its 256 bytes: 43 MB for 50,000 types, 13 as views.
  const vectors: Float32Array[] = [];
  const slabs = new VectorSlabs(width);
  const cache = (vec: Float32Array): number => {
    const kept = slabs.allocate();
    kept.set(vec);
    vectors.push(kept);
    return vectors.length - 1;
  };
  const featureIds = new Float64Array(meta.features.length);
  const tableVector = (word: string): Float32Array => {
    const vec = Float32Array.from(bias);
    const addRow = (row: number) => {
      const at = 2 * row * width;
      for (let j = 0; j < width; j++) vec[j] += half[table[at + 2 * j]! | (table[at + 2 * j + 1]! << 8)]!;
    };
    // A typed array, not the array .map makes: ids reach 2^31, past V8's small integers, so such an
    // array's element kind changed from word to word and V8 threw this function's optimized code away
    // again and again (--trace-deopt: "wrong map", every few documents).
    const ids = featureIds;
    for (let k = 0; k < meta.features.length; k++) ids[k] = featureId(meta.features[k]!, word) + 1;
    const normKnown = knownNorms.has(ids[0]!);
    for (const p of pairs) {
      if (p.feature === 0 && !normKnown) continue;
      addRow(modFloor(modFloor(mulMod(ids[p.feature]!, p.a, prime) + p.b, prime), p.rows) + p.offset);
    }
    if (lexicalCodes) for (const row of lexicalCodes(word)) addRow(row);
    if (vectorInput && !(vectorInput.unknownNormsOnly && normKnown)) {
      vectorInput.vectors.addProjected(vectorInput.vectors.row(word), vectorInput.projection, vec);
    }
    return vec;
  };
  return {
    async embed(sentences) {
      // Words not cached yet get a vector under a provisional id (-2 - k, the k-th new word); they join the
      // cache, and their provisional ids become ids, only once the char CNN has added its part, so that a
      // failed call leaves no half-built vector behind.
      const fresh = new Map<string, number>();
      const freshWords: string[] = [];
      const freshVectors: Float32Array[] = [];
      const ids = sentences.map((words) => {
        const out = new Int32Array(words.length);
        for (let t = 0; t < words.length; t++) {
          const word = words[t];
          let id = typeIds.get(word) ?? fresh.get(word);
          if (id === undefined) {
            id = -2 - freshWords.length;
            fresh.set(word, id);
            freshWords.push(word);
            freshVectors.push(tableVector(word));
          }
          out[t] = id;
        }
        return out;
      });
      if (freshWords.length === 0) return { ids, vector: (id) => vectors[id]! };
      if (charModel && charIds) {
        for (let k = 0; k < freshWords.length; k += CHAR_BATCH) {
          await addCharVectors(charModel, charIds, freshWords.slice(k, k + CHAR_BATCH), freshVectors, k, width);
        }
      }
      // provisional id -2 - k → its id in the cache, or itself past the cache's bound
      const settled = new Int32Array(freshWords.length);
      for (let k = 0; k < freshWords.length; k++) {
        if (vectors.length >= CACHE_LIMIT) {
          settled[k] = -2 - k;
          continue;
        }
        settled[k] = cache(freshVectors[k]!);
        typeIds.set(freshWords[k]!, settled[k]!);
      }
      for (const out of ids) for (let t = 0; t < out.length; t++) if (out[t] < 0) out[t] = settled[-2 - out[t]];
      return { ids, vector: (id) => (id >= 0 ? vectors[id]! : freshVectors[-2 - id]!) };
    },
  };
}

/** The tagger's word vectors, by word-type id (see wordEmbedder). */
interface WordEmbedder {
  /** Every word's id and vector (computing those of words not seen before). */
  embed(sentences: readonly (readonly string[])[]): Promise<EmbeddedWords>;
}

/** The sentences' words as ids (≥ 0: the word type's lasting id; < 0: this call's only), and each id's vector. */
interface EmbeddedWords {
  readonly ids: readonly Int32Array[];
  vector(id: number): Float32Array;
}

/** A word's rows in the embedding table for the lexical codes (one per table). */
type LexicalCodes = (word: string) => Int32Array;

/**
 * The lexical code lookups of a model trained with `--lexical`
 * (training/tagger/train.py, LexicalCodes), as table rows.
 */
async function loadLexicalCodes(loader: ResourceLoader, dir: string, lex: LexicalMeta): Promise<LexicalCodes> {
  const coder = await loadLexicalCoder(
    loader,
    lex.tables,
    lex,
    lex.clusters ? `${dir}/${lex.clusters.file}` : undefined,
    lex.lexicon ? `${dir}/${lex.lexicon.file}` : undefined,
  );
  // Rows as an Int32Array (one element kind whatever the codes: see tableVector).
  return (word) => Int32Array.from(coder(word), (code, k) => lex.tables[k]!.offset + code);
}

/** The shared word vectors and this model's projection of them to its width. */
interface VectorInput {
  vectors: WordVectors;
  projection: Float32Array;
  unknownNormsOnly: boolean;
}

async function loadVectorInput(loader: ResourceLoader, dir: string, meta: VectorsMeta, width: number): Promise<VectorInput> {
  const vectors = await loadWordVectors(loader, meta.dir);
  if (vectors.meta.rows !== meta.rows || vectors.meta.dim !== meta.dim) {
    throw new AnalysisError(
      500,
      `POS tagger was trained with word vectors of ${meta.rows}×${meta.dim}, ${meta.dir}/ holds ${vectors.meta.rows}×${vectors.meta.dim} (retrain the tagger after \`npm run train -- vectors\`)`,
    );
  }
  const projection = decodeFloat16(await loader.bytes(`${dir}/${meta.projection}`));
  if (projection.length !== meta.dim * width) {
    throw new AnalysisError(500, `POS tagger ${dir}/${meta.projection} has ${projection.length} values, expected ${meta.dim}×${width}`);
  }
  return { vectors, projection, unknownNormsOnly: meta.unknownNormsOnly === true };
}

/**
 * New word types per chars.onnx call: bounds its working memory, which the
 * C allocator keeps after the call (2,759 types of a 50 kB document in one
 * call left ~30 MB more resident than calls of 512, and those ~10 MB more
 * than calls of 64; no slower).
 */
const CHAR_BATCH = 64;

/** A word's char ids as training made them (training/tagger/train.py, char_ids). */
function charIdMapper(chars: NonNullable<TaggerMeta['chars']>): (word: string) => number[] {
  const ix = new Map(chars.vocab.map((c, i) => [c, 4 + i]));
  const half = chars.maxChars >> 1;
  return (word) => {
    let cps = Array.from(word);
    if (cps.length > chars.maxChars) cps = [...cps.slice(0, half), ...cps.slice(cps.length - half)];
    return [2, ...cps.map((c) => ix.get(c) ?? 1), 3];
  };
}

/** Runs the char CNN over `words` (one call, padded to the longest) and adds its vectors to out[offset + i], word i's. */
async function addCharVectors(
  model: OnnxModel,
  charIds: (word: string) => number[],
  words: readonly string[],
  out: readonly Float32Array[],
  offset: number,
  width: number,
): Promise<void> {
  const ids = words.map(charIds);
  const len = Math.max(...ids.map((r) => r.length));
  const data = new Int32Array(words.length * len);
  ids.forEach((r, i) => data.set(r, i * len));
  const res = await model.run({ chars: { type: 'int32', data, dims: [words.length, len] } });
  const vec = res.vec.data as Float32Array;
  for (let i = 0; i < words.length; i++) {
    const v = out[offset + i];
    for (let j = 0; j < width; j++) v[j] += vec[i * width + j];
  }
}

/** Word forms whose vectors are kept; bounds memory on a long-running analyzer (51 MB of vectors at width 64). */
const CACHE_LIMIT = 200_000;

/** (x·a) mod m for x, a, m < 2^31, exact in doubles (every product stays under 2^53). */
export function mulMod(x: number, a: number, m: number): number {
  const hi = Math.floor(a / 65536);
  const lo = a - hi * 65536;
  return modFloor(modFloor(x * hi, m) * 65536 + x * lo, m);
}

/** Little-endian uint32 values. */
function decodeUint32(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: bytes.byteLength >> 2 }, (_, i) => view.getUint32(4 * i, true));
}

/** The float32 value of every IEEE half-precision bit pattern. */
let halfValues: Float32Array | undefined;

function float16Table(): Float32Array {
  if (halfValues) return halfValues;
  halfValues = new Float32Array(0x10000);
  for (let h = 0; h < 0x10000; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const frac = h & 0x3ff;
    if (exp === 0) halfValues[h] = sign * frac * 2 ** -24;
    else if (exp === 31) halfValues[h] = frac ? NaN : sign * Infinity;
    else halfValues[h] = sign * (1 + frac / 1024) * 2 ** (exp - 15);
  }
  return halfValues;
}

/**
 * IEEE half-precision little-endian bytes → float32 values. Through a table
 * of all 65,536 patterns (256 KB, built once): decoding value by value was
 * the largest single cost of a cold start when the tagger decoded its whole
 * embedding table.
 */
export function decodeFloat16(bytes: Uint8Array): Float32Array {
  const n = bytes.length >> 1;
  const out = new Float32Array(n);
  const table = float16Table();
  for (let i = 0; i < n; i++) out[i] = table[bytes[2 * i]! | (bytes[2 * i + 1]! << 8)]!;
  return out;
}
