/**
 * The WSD model's file codec: the per-synset feature counts (wsd-weights.bin:
 * feature ids as LEB128 deltas, each count in one byte on a log scale) and
 * the feature vocabulary with its background probabilities (wsd-vocab.txt.gz),
 * as training/senses/train.ts writes them and wsd-model.ts reads them.
 */

import { lineStarts, TAB, Utf8Index } from './utf8-index.js';

export const WSD_WEIGHTS_FILE = 'wsd-weights.bin';
/** The feature vocabulary (wsd-model.ts reads it; named here for its codec's messages). */
const WSD_VOCAB_FILE = 'wsd-vocab.txt.gz';

const MAGIC = 0x32445357; // 'WSD2'

/** Counts are stored as count × COUNT_SCALE in 16 bits (WordNet pseudo-counts are fractions). */
export const COUNT_SCALE = 8;

export interface SenseWeights {
  mass: Float32Array;
  start: Uint32Array;
  feature: Uint32Array;
  count: Uint16Array;
}

/** Feature string → id (its line in wsd-vocab.txt), -1 for a feature the model never saw. */
export interface FeatureVocabulary {
  readonly size: number;
  id(feature: string): number;
  /** The feature string of an id (0 ≤ id < size); a new string each call. */
  feature(id: number): string;
}

/** A vocabulary held as a list of strings (the build, tests). */
export function listVocabulary(features: readonly string[]): FeatureVocabulary {
  const ids = new Map<string, number>();
  features.forEach((f, i) => ids.set(f, i));
  return { size: features.length, id: (f) => ids.get(f) ?? -1, feature: (id) => features[id] };
}

/**
 * wsd-vocab.txt's bytes read in place: features are looked up in the file's
 * UTF-8 (utf8-index.ts) rather than kept as 158k strings in a Map; the
 * background counts are parsed as parseVocab parses them.
 */
export function indexVocab(bytes: Uint8Array): { vocab: FeatureVocabulary; background: Float64Array } {
  const starts = lineStarts(bytes);
  const lines = starts.length - 1;
  const index = new Utf8Index(bytes, lines);
  const background = new Float64Array(lines);
  const utf8 = new TextDecoder();
  for (let i = 0; i < lines; i++) {
    const end = starts[i + 1] - 1;
    let tab = end - 1;
    while (tab >= starts[i] && bytes[tab] !== TAB) tab--;
    if (tab < starts[i]) throw new Error(`${WSD_VOCAB_FILE}: line ${i + 1} is not feature TAB count`);
    if (index.add(starts[i], tab - starts[i]) !== i) throw new Error(`${WSD_VOCAB_FILE}: line ${i + 1} repeats a feature`);
    background[i] = Number(utf8.decode(bytes.subarray(tab + 1, end)));
  }
  const feature = (id: number) => utf8.decode(bytes.subarray(index.start(id), index.start(id) + index.length(id)));
  return { vocab: { size: lines, id: (f) => index.find(f), feature }, background };
}

export function parseVocab(text: string): { vocab: string[]; background: Float64Array } {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const vocab = new Array<string>(lines.length);
  const background = new Float64Array(lines.length);
  lines.forEach((line, i) => {
    const tab = line.lastIndexOf('\t');
    vocab[i] = line.slice(0, tab);
    background[i] = Number(line.slice(tab + 1));
  });
  return { vocab, background };
}

/**
 * Counts are stored on a log scale in one byte: q = round(log(count × COUNT_SCALE) / log(COUNT_BASE)) + 1,
 * a 5 % resolution that the scores do not notice (checked on dev).
 */
const COUNT_BASE = 1.05;

export function quantizeCount(count: number): number {
  const scaled = count * COUNT_SCALE;
  if (scaled < 1) return 0;
  return Math.min(255, Math.round(Math.log(scaled) / Math.log(COUNT_BASE)) + 1);
}

/** The count×COUNT_SCALE a stored byte stands for (0 for 0). */
export function dequantizeCount(q: number): number {
  return q === 0 ? 0 : Math.min(65535, COUNT_BASE ** (q - 1));
}

/** The fixed part of wsd-weights.bin (see decodeWeights): sizes, masses and entry starts. */
function readHeader(bytes: Uint8Array): { n: number; nnz: number; deltaBytes: number; mass: Float32Array; start: Uint32Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 16 || view.getUint32(0, true) !== MAGIC) throw new Error(`${WSD_WEIGHTS_FILE}: not a WSD2 weights file`);
  const n = view.getUint32(4, true);
  const nnz = view.getUint32(8, true);
  const deltaBytes = view.getUint32(12, true);
  let at = 16;
  const mass = new Float32Array(n);
  for (let i = 0; i < n; i++, at += 4) mass[i] = view.getFloat32(at, true);
  const start = new Uint32Array(n + 1);
  for (let i = 0; i <= n; i++, at += 4) start[i] = view.getUint32(at, true);
  return { n, nnz, deltaBytes, mass, start };
}

/** Where the feature deltas begin: after the 16-byte header, n masses and n + 1 starts. */
const deltasOffset = (n: number): number => 16 + 4 * n + 4 * (n + 1);

/**
 * Decodes wsd-weights.bin: 'WSD2', u32 synsets, u32 entries, u32 bytes of
 * feature deltas; f32 mass[synsets]; u32 start[synsets + 1]; the feature ids
 * of each synset's entries as unsigned LEB128 deltas (first one from 0);
 * one byte per entry for its count (quantizeCount). Little-endian.
 */
export function decodeWeights(bytes: Uint8Array): SenseWeights {
  const { n, nnz, deltaBytes, mass, start } = readHeader(bytes);
  let at = deltasOffset(n);
  const feature = new Uint32Array(nnz);
  const end = at + deltaBytes;
  let e = 0;
  for (let s = 0; s < n; s++) {
    let previous = 0;
    for (let k = start[s]; k < start[s + 1]; k++) {
      let value = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = bytes[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      previous += value;
      feature[e++] = previous;
    }
  }
  if (at !== end) throw new Error(`${WSD_WEIGHTS_FILE}: feature stream length mismatch`);
  const table = dequantizedCounts();
  const count = new Uint16Array(nnz);
  for (let k = 0; k < nnz; k++) count[k] = table[bytes[at + k]];
  return { mass, start, feature, count };
}

/**
 * What the sense model reads of the weights: each synset's feature mass and
 * its entries, decoded on demand (a lemma's scoring table is built from its
 * synsets' entries once: wsd-model.ts).
 */
export interface WeightsReader {
  readonly mass: Float32Array;
  /** Synset s's entries are start[s]..start[s + 1) (their count is what a caller sizes arrays by). */
  readonly start: Uint32Array;
  /** Writes synset s's feature ids (ascending) and counts (count × COUNT_SCALE) into the arrays from `at`. */
  read(s: number, feature: Uint32Array, count: Uint16Array, at: number): void;
}

/** Decoded weights (the build, tests) as a WeightsReader. */
export function weightsReader(w: SenseWeights): WeightsReader {
  return {
    mass: w.mass,
    start: w.start,
    read(s, feature, count, at) {
      feature.set(w.feature.subarray(w.start[s], w.start[s + 1]), at);
      count.set(w.count.subarray(w.start[s], w.start[s + 1]), at);
    },
  };
}

/**
 * wsd-weights.bin read in place (the file's layout at decodeWeights): its
 * bytes are kept with where each synset's feature deltas begin, and a
 * synset's entries are decoded when asked for, the same ids and counts as
 * decodeWeights gives. 2.66 M entries take the file's 7.6 MB instead of
 * 16 MB as a Uint32Array of ids and a Uint16Array of counts.
 */
export function packedWeights(bytes: Uint8Array): WeightsReader {
  const { n, nnz, deltaBytes, mass, start } = readHeader(bytes);
  let at = deltasOffset(n);
  // Where each synset's deltas begin: a LEB128 value ends at a byte under 0x80, so its entries' values are counted off.
  const deltaAt = new Uint32Array(n + 1);
  const end = at + deltaBytes;
  for (let s = 0; s < n; s++) {
    deltaAt[s] = at;
    for (let k = start[s]; k < start[s + 1]; k++) while (bytes[at++] & 0x80);
  }
  deltaAt[n] = at;
  if (at !== end || bytes.byteLength < end + nnz) throw new Error(`${WSD_WEIGHTS_FILE}: feature stream length mismatch`);
  const countTable = dequantizedCounts();
  return {
    mass,
    start,
    read(s, feature, count, to) {
      let p = deltaAt[s];
      let previous = 0;
      for (let k = start[s]; k < start[s + 1]; k++, to++) {
        let value = 0;
        let shift = 0;
        let byte: number;
        do {
          byte = bytes[p++];
          value += (byte & 0x7f) * 2 ** shift;
          shift += 7;
        } while (byte & 0x80);
        previous += value;
        feature[to] = previous;
        count[to] = countTable[bytes[end + k]];
      }
    },
  };
}

/** The count × COUNT_SCALE of each stored byte, as decodeWeights rounds it. */
function dequantizedCounts(): Uint16Array {
  const table = new Uint16Array(256);
  for (let q = 0; q < 256; q++) table[q] = Math.round(dequantizeCount(q));
  return table;
}

export function encodeWeights(w: SenseWeights): Uint8Array {
  const n = w.mass.length;
  const nnz = w.feature.length;
  const deltas: number[] = [];
  for (let s = 0; s < n; s++) {
    let previous = 0;
    for (let k = w.start[s]; k < w.start[s + 1]; k++) {
      let value = w.feature[k] - previous;
      previous = w.feature[k];
      do {
        const low = value & 0x7f;
        value = Math.floor(value / 128);
        deltas.push(value > 0 ? low | 0x80 : low);
      } while (value > 0);
    }
  }
  const out = new Uint8Array(16 + 4 * n + 4 * (n + 1) + deltas.length + nnz);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  view.setUint32(8, nnz, true);
  view.setUint32(12, deltas.length, true);
  let at = 16;
  for (let i = 0; i < n; i++, at += 4) view.setFloat32(at, w.mass[i], true);
  for (let i = 0; i <= n; i++, at += 4) view.setUint32(at, w.start[i], true);
  out.set(deltas, at);
  at += deltas.length;
  for (let k = 0; k < nnz; k++) out[at + k] = quantizeCount(w.count[k] / COUNT_SCALE);
  return out;
}
