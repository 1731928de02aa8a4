/**
 * The shared pretrained word vectors (models/vectors/: GloVe 100-d, pruned
 * and int8-quantized by training/vectors). Several models read the same
 * file, each through its own projection to its width, so it is read once
 * per loader. The key and the back-off are those of the trainers'
 * training/vectors/lookup.py, so a model sees the rows it was trained on.
 */
import { AnalysisError } from '../errors.js';
import { loadOnce, type LoadRegistry, type RandomAccessFile, type ResourceLoader } from '../resources/loader.js';

/** What models/vectors/meta.json holds (the fields the runtime reads). */
export interface WordVectorsMeta {
  name: string;
  /** float32 scales [rows] | int8 values [rows, dim] | words, UTF-8, '\n'-joined (word k is row k + 1). */
  file: string;
  rows: number;
  dim: number;
}

export interface WordVectors {
  readonly meta: WordVectorsMeta;
  /** A word's row: its key, else (hyphenated words) the last part's; 0 (all zeros) when it has none. */
  row(word: string): number;
  /**
   * The word of a row, as the file lists it ('' for row 0 and rows out of range). Optional: readers
   * that only look words up (and stand-ins in tests) need not name rows.
   */
  word?(row: number): string;
  /**
   * Adds row × matrix to `out`: matrix is float32 [dim, out.length], row-major (a model's projection of the
   * vectors to its own width). Row 0 adds nothing.
   */
  addProjected(row: number, matrix: Float32Array, out: Float32Array): void;
  /** Writes a row's dim values into out[at …] (row 0: zeros). */
  copyRow(row: number, out: Float32Array, at: number): void;
}

/** GloVe's vocabulary is lower-cased and writes the apostrophe in ASCII. */
export function vectorKey(word: string): string {
  return word.toLowerCase().replaceAll('\u2019', "'");
}

const LOADED: LoadRegistry<WordVectors> = new WeakMap();

/** The vectors in `dir` of the models root (read once per loader). */
export function loadWordVectors(loader: ResourceLoader, dir = 'vectors'): Promise<WordVectors> {
  return loadOnce(LOADED, loader, dir, () => readWordVectors(loader, dir));
}

async function readWordVectors(loader: ResourceLoader, dir: string): Promise<WordVectors> {
  if (!(await loader.exists(`${dir}/meta.json`))) {
    throw new AnalysisError(500, `word vectors missing: ${dir}/meta.json (run \`npm run train -- vectors\`)`);
  }
  const meta = JSON.parse(await loader.text(`${dir}/meta.json`)) as WordVectorsMeta;
  const path = `${dir}/${meta.file}`;
  const { rows, dim } = meta;
  const valuesAt = 4 * rows;
  const wordsAt = valuesAt + rows * dim;
  const tooShort = (size: number) => new AnalysisError(500, `word vectors ${path} has ${size} bytes, meta.json says ${rows}×${dim}`);
  let head: Uint8Array;
  let blob: Uint8Array;
  let source: RowSource;
  const file = loader.openFile ? await loader.openFile(path) : undefined;
  if (file) {
    // The scales and the word list are read; the values (89 % of the file) stay in it, a row read when asked.
    if (file.size < wordsAt) throw tooShort(file.size);
    head = new Uint8Array(valuesAt);
    blob = new Uint8Array(file.size - wordsAt);
    file.read(head, 0);
    file.read(blob, wordsAt);
    source = fileRows(file, valuesAt, rows, dim);
  } else {
    const bytes = await loader.bytes(path);
    if (bytes.byteLength < wordsAt) throw tooShort(bytes.byteLength);
    head = bytes.subarray(0, valuesAt);
    blob = bytes.subarray(wordsAt);
    const values = new Int8Array(bytes.buffer, bytes.byteOffset + valuesAt, rows * dim);
    source = { values, at: (row) => row * dim };
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) scales[r] = view.getFloat32(4 * r, true);
  const words = wordIndex(blob, rows);
  if (!words) throw new AnalysisError(500, `word vectors ${path} does not list one word per row after row 0`);

  return {
    meta,
    row(word) {
      const key = vectorKey(word);
      const row = words.index(key);
      if (row > 0) return row;
      const dash = key.lastIndexOf('-');
      return dash >= 0 && dash < key.length - 1 ? words.index(key.slice(dash + 1)) : 0;
    },
    word: words.word,
    copyRow(row, out, at) {
      const scale = scales[row];
      const from = source.at(row);
      const values = source.values;
      for (let d = 0; d < dim; d++) out[at + d] = values[from + d] * scale;
    },
    addProjected(row, matrix, out) {
      if (row <= 0) return;
      const width = out.length;
      const scale = scales[row];
      const from = source.at(row);
      const values = source.values;
      // the dequantized value rounded to float32, as the trainers' table holds it
      const v = new Float64Array(dim);
      for (let d = 0; d < dim; d++) v[d] = Math.fround(values[from + d] * scale);
      for (let j = 0; j < width; j++) {
        let sum = 0;
        for (let d = 0; d < dim; d++) sum += v[d] * matrix[d * width + j];
        out[j] += sum;
      }
    },
  };
}

/**
 * Where a row's int8 values are: `values[at(row) … at(row) + dim)`, valid until the next call of at
 * (which may replace `values` with a larger array: read it after at).
 */
export interface RowSource {
  readonly values: Int8Array;
  at(row: number): number;
}

/**
 * Rows kept read from the file at most (6.5 MB at 100 dimensions). The cache starts at FIRST_ROWS and
 * doubles as rows are read: `words,dependency-trees,entities` reads ~7k rows over 300 kB of text, all
 * eight extractors ~28k (the senses read a row per feature of each verb's senses); a cache of 16k rows
 * that overwrote its oldest made them read 98k times, each a system call.
 */
const CACHED_ROWS = 65_536;
const FIRST_ROWS = 4_096;

/**
 * The values read from the file a row at a time into a cache that grows to `cached` rows; past that,
 * the oldest read is overwritten first. Each row is read once per stay in the cache, with one
 * positional read.
 */
export function fileRows(file: RandomAccessFile, valuesAt: number, rows: number, dim: number, cached = CACHED_ROWS, first = FIRST_ROWS): RowSource {
  const limit = Math.max(1, Math.min(cached, rows));
  /** Per row, its slot + 1 (0: not read). */
  const slotOf = new Int32Array(rows);
  let capacity = Math.max(1, Math.min(first, limit));
  let rowIn = new Int32Array(capacity).fill(-1);
  let next = 0;
  const source = {
    values: new Int8Array(capacity * dim),
    at(row: number): number {
      const slot = slotOf[row]! - 1;
      if (slot >= 0) return slot * dim;
      if (next === capacity && capacity < limit) {
        // Room for more: twice the rows (a copy of what is read), up to the limit.
        capacity = Math.min(2 * capacity, limit);
        const values = new Int8Array(capacity * dim);
        values.set(source.values);
        source.values = values;
        const grown = new Int32Array(capacity).fill(-1);
        grown.set(rowIn);
        rowIn = grown;
      }
      const to = next % capacity;
      next = to + 1;
      if (rowIn[to]! >= 0) slotOf[rowIn[to]!] = 0;
      rowIn[to] = row;
      slotOf[row] = to + 1;
      const into = source.values.subarray(to * dim, (to + 1) * dim);
      if (file.read(into, valuesAt + row * dim) !== dim) throw new AnalysisError(500, `word vectors: row ${row} is past the end of the file`);
      return to * dim;
    },
  };
  return source;
}

/**
 * Word → row over the file's UTF-8 word list without a string per word: an
 * open-addressing table of rows by the FNV-1a hash of the word's bytes, and
 * a lookup that compares bytes. Building it costs a pass over ~1 MB of
 * bytes, where a Map of 100k strings cost tens of milliseconds of cold
 * start. Undefined when the list does not hold rows - 1 words. `word` decodes a row's word
 * from the same bytes (the substitutes' neighbour search names the rows it finds).
 */
function wordIndex(blob: Uint8Array, rows: number): { index: (key: string) => number; word: (row: number) => string } | undefined {
  const starts = new Uint32Array(rows + 1); // word of row r: blob[starts[r], starts[r + 1] - 1)
  let r = 1;
  starts[1] = 0;
  for (let i = 0; i < blob.length; i++) {
    if (blob[i] !== 10) continue;
    if (++r >= rows) return undefined;
    starts[r] = i + 1;
  }
  if (r !== rows - 1) return undefined;
  starts[rows] = blob.length + 1;
  let size = 1;
  while (size < 2 * rows) size <<= 1;
  const mask = size - 1;
  const slots = new Int32Array(size);
  for (let row = 1; row < rows; row++) {
    let h = fnv1a(blob, starts[row], starts[row + 1] - 1) & mask;
    while (slots[h] !== 0) h = (h + 1) & mask;
    slots[h] = row;
  }
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let buf = new Uint8Array(64);
  const word = (row: number): string => (row > 0 && row < rows ? decoder.decode(blob.subarray(starts[row], starts[row + 1] - 1)) : '');
  const index = (key: string): number => {
    if (buf.length < 3 * key.length) buf = new Uint8Array(3 * key.length);
    const n = encoder.encodeInto(key, buf).written;
    for (let h = fnv1a(buf, 0, n) & mask; ; h = (h + 1) & mask) {
      const row = slots[h];
      if (row === 0) return 0;
      const at = starts[row];
      if (starts[row + 1] - 1 - at !== n) continue;
      let same = true;
      for (let i = 0; i < n && same; i++) same = blob[at + i] === buf[i];
      if (same) return row;
    }
  };
  return { index, word };
}

/** FNV-1a, 32 bits, over bytes[from, to). */
function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}
