/**
 * The WordNet 3.0 relations the entailments extractor follows, per synset
 * (indexes as in the synset store). Shipped as models/senses/relations.tsv.gz,
 * one line per synset: hypernyms (incl. instance hypernyms) TAB similar-to
 * TAB verb entailments TAB causes TAB also-see TAB verb group, each a
 * space-separated list of indexes (a file from before the last two columns
 * reads them as empty).
 * Read only when entailments are requested. Held as typed arrays (each
 * synset's six lists side by side in one Int32Array; hyponyms inverted into
 * another on first use), a synset's lists made into arrays when asked for.
 */
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import { gunzipBytes } from './gzip.js';
import { SENSES_DIR } from './synsets.js';
import { lineStarts, NEWLINE, TAB } from './utf8-index.js';

export const RELATIONS_FILE = 'relations.tsv.gz';

export interface SynsetLinks {
  hypernyms: readonly number[];
  similar: readonly number[];
  entails: readonly number[];
  causes: readonly number[];
  alsoSee: readonly number[];
  verbGroup: readonly number[];
}

const NONE: readonly number[] = Object.freeze([]);
const EMPTY = new Int32Array(0);
/** Each list's column in the file. */
const COLUMN_OF: Record<keyof SynsetLinks, number> = { hypernyms: 0, similar: 1, entails: 2, causes: 3, alsoSee: 4, verbGroup: 5 };
const LOADED: LoadRegistry<SynsetRelations> = new WeakMap();
/** The six lists of a line, in file order. */
const COLUMNS = 6;
const SPACE = 32;
/** Synsets whose links objects are kept (dropped whole past it: a server's cache stays bounded). */
const MAX_CACHED = 50_000;

export class SynsetRelations {
  /** Synset s's column c: targets[start[COLUMNS * s + c] … start[COLUMNS * s + c + 1]). */
  private readonly start: Uint32Array;
  private readonly targets: Int32Array;
  private readonly cache = new Map<number, SynsetLinks>();
  /** The hypernym lists inverted: synset h's hyponyms are hyponymList[hyponymStart[h] … hyponymStart[h + 1]) (built on first use). */
  private hyponymStart: Uint32Array | undefined;
  private hyponymList: Int32Array | undefined;

  private constructor(bytes: Uint8Array) {
    const lines = lineStarts(bytes);
    const n = lines.length - 1;
    let numbers = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 48 && bytes[i] <= 57 && (i === 0 || bytes[i - 1] < 48 || bytes[i - 1] > 57)) numbers++;
    this.start = new Uint32Array(COLUMNS * n + 1);
    this.targets = new Int32Array(numbers);
    let k = 0;
    for (let s = 0; s < n; s++) {
      let column = 0;
      this.start[COLUMNS * s] = k;
      const end = lines[s + 1] - 1;
      let value = -1;
      for (let i = lines[s]; i <= end; i++) {
        const b = i < end ? bytes[i] : NEWLINE;
        if (b >= 48 && b <= 57) value = (value < 0 ? 0 : value * 10) + (b - 48);
        else {
          if (value >= 0 && column < COLUMNS) this.targets[k++] = value;
          value = -1;
          if (b === TAB) {
            if (++column < COLUMNS) this.start[COLUMNS * s + column] = k;
          } else if (b !== SPACE && b !== NEWLINE) throw new Error(`${RELATIONS_FILE}: line ${s + 1} has a character other than digits, spaces and tabs`);
        }
      }
      for (let c = column + 1; c < COLUMNS; c++) this.start[COLUMNS * s + c] = k;
    }
    this.start[COLUMNS * n] = k;
  }

  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<SynsetRelations> {
    return loadOnce(LOADED, loader, dir, async () => new SynsetRelations(await gunzipBytes(await loader.bytes(`${dir}/${RELATIONS_FILE}`))));
  }

  static fromText(text: string): SynsetRelations {
    return new SynsetRelations(new TextEncoder().encode(text));
  }

  /** How many synsets the file has a line for. */
  private get lines(): number {
    return (this.start.length - 1) / COLUMNS;
  }

  /**
   * One of a synset's lists as a view into the table (no copy, nothing kept): for readers that
   * walk many synsets once, where links' arrays and their cache would be garbage or heap.
   */
  list(synset: number, column: keyof SynsetLinks): Int32Array {
    if (synset >= this.lines) return EMPTY;
    const c = COLUMN_OF[column];
    return this.targets.subarray(this.start[COLUMNS * synset + c], this.start[COLUMNS * synset + c + 1]);
  }

  links(synset: number): SynsetLinks {
    let links = this.cache.get(synset);
    if (links === undefined) {
      const list = (c: number): readonly number[] => {
        if (synset >= this.lines) return NONE;
        const from = this.start[COLUMNS * synset + c];
        const to = this.start[COLUMNS * synset + c + 1];
        return from === to ? NONE : Array.from(this.targets.subarray(from, to));
      };
      links = { hypernyms: list(0), similar: list(1), entails: list(2), causes: list(3), alsoSee: list(4), verbGroup: list(5) };
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(synset, links);
    }
    return links;
  }

  /** The synsets that have this one as a hypernym (incl. instance hypernyms), in index order. */
  hyponyms(synset: number): Int32Array {
    if (this.hyponymStart === undefined || this.hyponymList === undefined) {
      const n = this.lines;
      let size = n;
      for (let s = 0; s < n; s++) for (let k = this.start[COLUMNS * s]; k < this.start[COLUMNS * s + 1]; k++) size = Math.max(size, this.targets[k] + 1);
      const start = new Uint32Array(size + 1);
      for (let s = 0; s < n; s++) for (let k = this.start[COLUMNS * s]; k < this.start[COLUMNS * s + 1]; k++) start[this.targets[k] + 1]++;
      for (let h = 0; h < size; h++) start[h + 1] += start[h];
      const list = new Int32Array(start[size]);
      const fill = start.slice(0, size);
      for (let s = 0; s < n; s++) for (let k = this.start[COLUMNS * s]; k < this.start[COLUMNS * s + 1]; k++) list[fill[this.targets[k]]++] = s;
      this.hyponymStart = start;
      this.hyponymList = list;
    }
    if (synset + 1 >= this.hyponymStart.length) return new Int32Array(0);
    return this.hyponymList.subarray(this.hyponymStart[synset], this.hyponymStart[synset + 1]);
  }
}
