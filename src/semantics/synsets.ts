/**
 * The WordNet 3.0 synset store the senses extractor reads: which synsets a
 * lemma can name (in WordNet's sense order, with SemCor tag counts), their
 * names and sense keys, and their member lemmas.
 *
 * Shipped as two gzip'd text files under models/senses/ (built by
 * training/senses/train.ts from Princeton WordNet 3.0):
 *
 *   synsets.tsv  one line per synset; its line number is the synset's index:
 *                id (offset-pos, pos n|v|a|s|r) TAB lexfile number
 *                TAB members (lemma:lexid, space separated, WordNet's case)
 *                TAB satellite head (lemma:lexid, adjective satellites only)
 *   index.tsv    lemma (lower case, '_' between words) TAB pos (n|v|a|r)
 *                TAB synset indexes in sense order [TAB SemCor-train tag count of each, when any is above 0]
 *
 * and a small plain one, multiwords-apart.tsv: the two-word lemmas SemCor
 * mostly reads as two words ("live_in", "the_street"), which the target
 * finder does not match (training/senses/multiwords.ts): lemma TAB pos TAB
 * SemCor-train count together TAB count apart.
 *
 * Synset names follow NLTK: the first member lemma, the part of speech
 * (n v a s r) and the synset's sense number for that lemma ("bank.n.01",
 * "depository_financial_institution.n.01").
 *
 * In memory the store keeps the two files' bytes and indexes over them
 * (typed arrays: where each line and field starts, an open-addressing hash
 * of the index's words by the FNV-1a hash of their UTF-8 bytes); a word's
 * entry, a synset's id, members and name are decoded from the bytes when
 * asked for. Built as strings, Maps and small typed arrays per lemma, the
 * same tables took ~94 MB of heap (bench/memory.ts; docs/speed.md, Memory).
 */
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import type { WordNetPos } from '../lexicon/penn.js';
import { BoundedTableCache } from './bounded-cache.js';
import { gunzipBytes } from './gzip.js';
import { indexOfByte, lineStarts, TAB, Utf8Index } from './utf8-index.js';

export const SENSES_DIR = 'senses';
export const SYNSETS_FILE = 'synsets.tsv.gz';
export const SENSE_INDEX_FILE = 'index.tsv.gz';
export const MULTIWORDS_APART_FILE = 'multiwords-apart.tsv';

/** A lemma's candidate senses: synset indexes in WordNet order and how often SemCor's training files tagged each. */
export interface LemmaSenses {
  readonly synsets: Int32Array;
  readonly tagCounts: Float32Array;
}

/**
 * Everything the store knows about one lower-case string: its senses under
 * each part of speech, and the second words of the multiword lemmas it
 * begins ("ice" → cream, cube, …). One map read answers all of it.
 */
export class LemmaEntry {
  n: LemmaSenses | undefined = undefined;
  v: LemmaSenses | undefined = undefined;
  a: LemmaSenses | undefined = undefined;
  r: LemmaSenses | undefined = undefined;
  /** Second words of the multiword lemmas this word begins, if any. */
  seconds: Set<string> | undefined = undefined;
  /** The same for its multiword lemmas of three words or more ("in_the_end"), if any. */
  longSeconds: Set<string> | undefined = undefined;
}

const LOADED: LoadRegistry<SynsetStore> = new WeakMap();

const POS_ORDER: readonly WordNetPos[] = ['n', 'v', 'a', 'r'];
const UNDERSCORE = 95;

/**
 * Memory the decoded entries, names and member lists may hold (names and member lists in two
 * generations, bounded-cache.ts: what a stream of documents keeps using stays, a long document's rare
 * ones leave; the entries are emptied whole past theirs). A document repeats its words,
 * and each entry's arrays must stay the same objects while kept (the sense model and the
 * entailments cache their tables by them), so the entries' budget is several documents' worth:
 * a 50 kB one asks for ~3,800 words (~3 MB), ~7,000 names (~0.5 MB) and member lists (~2 MB), the
 * 1 MB of EWT train 16,000, 25,000 (1.6 MB) and 26,000 (5.6 MB): budgets that held less made the
 * names and member lists be decoded again and again (`words,senses` ~8 % slower by CPU).
 */
export const DEFAULT_STORE_CACHE_BYTES = { entries: 16 * 2 ** 20, names: 8 * 2 ** 20, members: 16 * 2 ** 20 };

const utf8 = new TextDecoder();
const encoder = new TextEncoder();

export class SynsetStore {
  /** synsets.tsv: its bytes, where line i starts (lineStart[n]: one past the end), and where its members and head fields start. */
  private readonly synsetBytes: Uint8Array;
  private readonly lineStart: Uint32Array;
  private readonly memberStart: Uint32Array;
  private readonly headStart: Uint32Array;
  private readonly lexfile: Uint8Array;
  /** index.tsv: its bytes; per line where it starts and where its synsets field starts (one past the end: indexStart[lines]). */
  private readonly indexBytes: Uint8Array;
  private readonly indexStart: Uint32Array;
  private readonly fieldStart: Uint32Array;
  /** Words (whole lemmas, and first words of multiword lemmas) as byte ranges of indexBytes. */
  private readonly words: Utf8Index;
  /** Per word and part of speech (n v a r), its index line, -1 for none. */
  private readonly posLine: Int32Array;
  /** Per word, its multiword lemmas' index lines: multiwordLines[multiwordStart[w] … multiwordStart[w + 1]). */
  private readonly multiwordStart: Uint32Array;
  private readonly multiwordLines: Uint32Array;
  /**
   * The decoded entries: a plain map, emptied whole when its entries' bytes pass the budget (it is read
   * two or three times per token: one map read, not the two generations' wrapper).
   */
  private readonly entries = new Map<string, LemmaEntry>();
  private entryBytes = 0;
  private readonly entryBudget: number;
  private readonly zeros = new Map<number, Float32Array>();
  private readonly memberCache: BoundedTableCache<number, Array<[string, number]>>;
  private readonly nameCache: BoundedTableCache<number, string>;
  private idList: string[] | undefined;
  private memberOffsetList: Uint32Array | undefined;
  /**
   * Member lemmas by their place in the list of all synsets' members (memberOffsets), decoded at a
   * synset's first memberLemma call: one string per member, shared by every table that names it, and
   * bounded by WordNet (207 k members), not by what is analysed.
   */
  private memberLemmaList: Array<string | undefined> | undefined;
  /** `pos:lemma` of the multiword lemmas read as separate words (readApart). */
  private readonly apart = new Set<string>();

  private constructor(synsetsTsv: Uint8Array, indexTsv: Uint8Array, apartTsv: string, cacheBytes: typeof DEFAULT_STORE_CACHE_BYTES) {
    this.entryBudget = cacheBytes.entries;
    this.nameCache = new BoundedTableCache(cacheBytes.names);
    this.memberCache = new BoundedTableCache(cacheBytes.members);
    this.synsetBytes = synsetsTsv;
    this.lineStart = lineStarts(synsetsTsv);
    const n = this.lineStart.length - 1;
    this.memberStart = new Uint32Array(n);
    this.headStart = new Uint32Array(n);
    this.lexfile = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const from = this.lineStart[i];
      const to = this.lineStart[i + 1] - 1;
      const t1 = indexOfByte(synsetsTsv, TAB, from, to);
      const t2 = t1 < 0 ? -1 : indexOfByte(synsetsTsv, TAB, t1 + 1, to);
      const t3 = t2 < 0 ? -1 : indexOfByte(synsetsTsv, TAB, t2 + 1, to);
      if (t3 < 0) throw new Error(`${SYNSETS_FILE}: line ${i + 1} has fewer than 4 fields`);
      this.lexfile[i] = Number(utf8.decode(synsetsTsv.subarray(t1 + 1, t2)));
      this.memberStart[i] = t2 + 1;
      this.headStart[i] = t3 + 1;
    }

    this.indexBytes = indexTsv;
    this.indexStart = lineStarts(indexTsv);
    const lines = this.indexStart.length - 1;
    this.fieldStart = new Uint32Array(lines);
    // At most one word per line and one first word per multiword line.
    const capacity = 2 * lines;
    this.words = new Utf8Index(indexTsv, capacity);
    const posLine = new Int32Array(4 * capacity).fill(-1);
    const firstOf = new Int32Array(lines).fill(-1); // the first word of a multiword line
    for (let line = 0; line < lines; line++) {
      const from = this.indexStart[line];
      const to = this.indexStart[line + 1] - 1;
      const t1 = indexOfByte(indexTsv, TAB, from, to);
      const t2 = t1 < 0 ? -1 : indexOfByte(indexTsv, TAB, t1 + 1, to);
      if (t2 < 0) throw new Error(`${SENSE_INDEX_FILE}: line ${line + 1} is not lemma TAB pos TAB synsets …`);
      this.fieldStart[line] = t2 + 1;
      const underscore = indexOfByte(indexTsv, UNDERSCORE, from, t1);
      if (underscore > from) firstOf[line] = this.words.add(from, underscore - from);
      const p = POS_ORDER.indexOf(String.fromCharCode(indexTsv[t1 + 1]) as WordNetPos);
      const w = this.words.add(from, t1 - from);
      if (p >= 0 && t2 === t1 + 2) posLine[4 * w + p] = line;
    }
    this.words.trim();
    const words = this.words.size;
    this.posLine = posLine.slice(0, 4 * words);
    // Multiword lines grouped by their first word, in file order.
    this.multiwordStart = new Uint32Array(words + 1);
    for (let line = 0; line < lines; line++) if (firstOf[line] >= 0) this.multiwordStart[firstOf[line] + 1]++;
    for (let w = 0; w < words; w++) this.multiwordStart[w + 1] += this.multiwordStart[w];
    this.multiwordLines = new Uint32Array(this.multiwordStart[words]);
    const fill = this.multiwordStart.slice(0, words);
    for (let line = 0; line < lines; line++) if (firstOf[line] >= 0) this.multiwordLines[fill[firstOf[line]]++] = line;

    for (const line of splitLines(apartTsv)) {
      const [lemma, pos] = line.split('\t');
      if (pos === undefined) throw new Error(`${MULTIWORDS_APART_FILE}: "${line}" is not lemma TAB pos …`);
      this.apart.add(`${pos}:${lemma}`);
    }
  }

  /** The store of a models directory, read once per loader. */
  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<SynsetStore> {
    return loadOnce(LOADED, loader, dir, async () => {
      const apartPath = `${dir}/${MULTIWORDS_APART_FILE}`;
      const [synsets, index, apart] = await Promise.all([
        loader.bytes(`${dir}/${SYNSETS_FILE}`).then(gunzipBytes),
        loader.bytes(`${dir}/${SENSE_INDEX_FILE}`).then(gunzipBytes),
        // A models directory built before the file existed matches every multiword lemma, as it did then.
        loader.exists(apartPath).then((has) => (has ? loader.text(apartPath) : '')),
      ]);
      return new SynsetStore(synsets, index, apart, DEFAULT_STORE_CACHE_BYTES);
    });
  }

  /** Builds a store from the text of its files (tests, the build script); `cacheBytes`: its caches' budgets. */
  static fromText(synsetsTsv: string, indexTsv: string, apartTsv = '', cacheBytes = DEFAULT_STORE_CACHE_BYTES): SynsetStore {
    return new SynsetStore(encoder.encode(synsetsTsv), encoder.encode(indexTsv), apartTsv, cacheBytes);
  }

  /** What the decoded entries, names and member lists hold, as charged to their budgets. */
  get cachedBytes(): { entries: number; names: number; members: number } {
    return { entries: this.entryBytes, names: this.nameCache.bytes, members: this.memberCache.bytes };
  }

  get size(): number {
    return this.lexfile.length;
  }

  /** Synset ids as WordNet 3.0 offset-pos ("02787772-n"), by synset index (built on first use: the build scripts read it). */
  get ids(): readonly string[] {
    return (this.idList ??= Array.from({ length: this.size }, (_, i) => this.id(i)));
  }

  /** A synset's id as WordNet 3.0 offset-pos ("02787772-n"). */
  id(synset: number): string {
    const from = this.lineStart[synset];
    return utf8.decode(this.synsetBytes.subarray(from, indexOfByte(this.synsetBytes, TAB, from, this.memberStart[synset])));
  }

  /** The senses of a lemma (any case; spaces or '_' between words) under a part of speech, or undefined. */
  senses(lemma: string, pos: WordNetPos): LemmaSenses | undefined {
    return this.entry(lemma)?.[pos] ?? this.entry(normalizeLemma(lemma))?.[pos];
  }

  /** `senses` for a lemma already in WordNet's spelling (lower case, '_'): one map read. */
  sensesOf(normalizedLemma: string, pos: WordNetPos): LemmaSenses | undefined {
    return this.entry(normalizedLemma)?.[pos];
  }

  /** Whether the multiword lemma (WordNet's spelling) is one SemCor mostly reads as separate words under this part of speech. */
  readApart(normalizedLemma: string, pos: WordNetPos): boolean {
    return this.apart.size > 0 && this.apart.has(`${pos}:${normalizedLemma}`);
  }

  /**
   * `senses(lemma, pos)`'s synsets and tag counts without keeping an entry for the word: for callers
   * that read a word once (the entailments' fit of each member they reach) and need not the
   * entry's arrays to stay the same objects. The same values as `senses`.
   */
  lookupSenses(lemma: string, pos: WordNetPos): LemmaSenses | undefined {
    return this.sensesOfWord(lemma, pos) ?? this.sensesOfWord(normalizeLemma(lemma), pos);
  }

  private sensesOfWord(word: string, pos: WordNetPos): LemmaSenses | undefined {
    const cached = this.entries.get(word);
    if (cached !== undefined) return cached[pos];
    const w = this.words.find(word);
    if (w < 0) return undefined;
    const line = this.posLine[4 * w + POS_ORDER.indexOf(pos)];
    return line >= 0 ? this.sensesAt(line) : undefined;
  }

  /** Everything known about a lower-case word (senses per part of speech, multiword starts), or undefined. */
  entry(word: string): LemmaEntry | undefined {
    let entry = this.entries.get(word);
    if (entry !== undefined) return entry;
    const w = this.words.find(word);
    if (w < 0) return undefined;
    entry = new LemmaEntry();
    // The object, its key and, per part of speech, its two arrays.
    let bytes = 64 + 2 * word.length;
    for (let p = 0; p < 4; p++) {
      const line = this.posLine[4 * w + p];
      if (line < 0) continue;
      const senses = (entry[POS_ORDER[p]] = this.sensesAt(line));
      bytes += 200 + 8 * senses.synsets.length;
    }
    for (let k = this.multiwordStart[w]; k < this.multiwordStart[w + 1]; k++) {
      const line = this.multiwordLines[k];
      const from = this.indexStart[line] + this.words.length(w) + 1; // after the first word's '_'
      const lemmaEnd = indexOfByte(this.indexBytes, TAB, from, this.fieldStart[line]);
      const next = indexOfByte(this.indexBytes, UNDERSCORE, from, lemmaEnd);
      const second = utf8.decode(this.indexBytes.subarray(from, next < 0 ? lemmaEnd : next));
      (entry.seconds ??= new Set()).add(second);
      if (next > 0) (entry.longSeconds ??= new Set()).add(second);
      bytes += 40 + 2 * second.length;
    }
    if (this.entryBytes + bytes > this.entryBudget) {
      this.entries.clear();
      this.entryBytes = 0;
    }
    this.entries.set(word, entry);
    this.entryBytes += bytes;
    return entry;
  }

  /** The synset's NLTK-style name ("bank.n.01"). */
  name(synset: number): string {
    let name = this.nameCache.get(synset);
    if (name === undefined) {
      const letter = this.posLetter(synset);
      const first = this.members(synset)[0][0].toLowerCase();
      const list = this.senses(first, letter === 's' ? 'a' : (letter as WordNetPos))?.synsets;
      const number = list ? list.indexOf(synset) + 1 : 1;
      name = `${first}.${letter}.${String(Math.max(1, number)).padStart(2, '0')}`;
      this.nameCache.set(synset, name, 40 + 2 * name.length);
    }
    return name;
  }

  /** Member lemmas of a synset with their lexicographer ids, in WordNet's order and case ("New_York"). */
  members(synset: number): Array<[lemma: string, lexId: number]> {
    let m = this.memberCache.get(synset);
    if (m === undefined) {
      m = utf8
        .decode(this.synsetBytes.subarray(this.memberStart[synset], this.headStart[synset] - 1))
        .split(' ')
        .map((x) => {
          const colon = x.lastIndexOf(':');
          return [x.slice(0, colon), Number(x.slice(colon + 1))] as [string, number];
        });
      this.memberCache.set(synset, m, 48 + m.reduce((z, [lemma]) => z + 64 + 2 * lemma.length, 0));
    }
    return m;
  }

  /**
   * Where each synset's members begin in a list of all synsets' members in order (offsets[n]: their
   * count): a place per (synset, member) for tables that hold a value per member without decoding
   * the members. Counted from the file on first use.
   */
  memberOffsets(): Uint32Array {
    if (this.memberOffsetList !== undefined) return this.memberOffsetList;
    const n = this.size;
    const offsets = new Uint32Array(n + 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      offsets[i] = total;
      // Members are separated by single spaces: one more member than spaces.
      total++;
      for (let b = this.memberStart[i]; b < this.headStart[i] - 1; b++) if (this.synsetBytes[b] === 0x20) total++;
    }
    offsets[n] = total;
    return (this.memberOffsetList = offsets);
  }

  /**
   * The member lemma (WordNet's case, without its lexicographer id) at place `at` of the list of all
   * synsets' members (memberOffsets: synset s's members are at offsets[s] … offsets[s + 1]). Decoded
   * once, with the rest of its synset's members, and kept (see memberLemmaList).
   */
  memberLemma(at: number): string {
    const list = (this.memberLemmaList ??= new Array<string | undefined>(this.memberOffsets()[this.size]));
    const known = list[at];
    if (known !== undefined) return known;
    const synset = this.memberSynset(at);
    let m = this.memberOffsets()[synset];
    let from = this.memberStart[synset];
    const end = this.headStart[synset] - 1;
    const bytes = this.synsetBytes;
    for (let b = from; b <= end; b++) {
      if (b < end && bytes[b] !== 0x20) continue;
      // One member "lemma:lexid" is bytes [from, b): its lemma ends at the last colon.
      let colon = b - 1;
      while (colon > from && bytes[colon] !== 0x3a) colon--;
      list[m++] ??= utf8.decode(bytes.subarray(from, colon));
      from = b + 1;
    }
    return list[at]!;
  }

  /** The synset whose members include place `at` of the list of all synsets' members (memberOffsets). */
  memberSynset(at: number): number {
    const offsets = this.memberOffsets();
    // The last s with offsets[s] ≤ at.
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (offsets[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The synset's lexicographer file number (WordNet's lexnames: 18 noun.person, 15 noun.location …). */
  lexfileOf(synset: number): number {
    return this.lexfile[synset];
  }

  /** The part of speech letter of a synset's id: n, v, a, s (adjective satellite) or r. */
  posLetter(synset: number): string {
    const tab = indexOfByte(this.synsetBytes, TAB, this.lineStart[synset], this.memberStart[synset]);
    return String.fromCharCode(this.synsetBytes[tab - 1]);
  }

  /**
   * The WordNet 3.0 sense key of `lemma` in `synset` ("bank%1:17:01::"),
   * or undefined when the lemma is not one of its members.
   */
  senseKey(lemma: string, synset: number): string | undefined {
    const wanted = normalizeLemma(lemma);
    const member = this.members(synset).find(([l]) => l.toLowerCase() === wanted);
    if (member === undefined) return undefined;
    const ssType = SS_TYPE[this.posLetter(synset)];
    const lexfile = String(this.lexfile[synset]).padStart(2, '0');
    const lexId = String(member[1]).padStart(2, '0');
    let head = ':';
    if (ssType === 5) {
      const headText = utf8.decode(this.synsetBytes.subarray(this.headStart[synset], this.lineStart[synset + 1] - 1));
      const colon = headText.lastIndexOf(':');
      head = `${headText.slice(0, colon).toLowerCase()}:${headText.slice(colon + 1).padStart(2, '0')}`;
    }
    return `${wanted}%${ssType}:${lexfile}:${lexId}:${head}`;
  }

  /** An index line's synsets and tag counts. */
  private sensesAt(line: number): LemmaSenses {
    const from = this.fieldStart[line];
    const to = this.indexStart[line + 1] - 1;
    const tab = indexOfByte(this.indexBytes, TAB, from, to);
    const synsets = Int32Array.from(utf8.decode(this.indexBytes.subarray(from, tab < 0 ? to : tab)).split(' '), Number);
    let tagCounts = tab < 0 ? this.zeros.get(synsets.length) : Float32Array.from(utf8.decode(this.indexBytes.subarray(tab + 1, to)).split(' '), Number);
    if (tagCounts === undefined) this.zeros.set(synsets.length, (tagCounts = new Float32Array(synsets.length)));
    return { synsets, tagCounts };
  }
}

/** Sense-key synset types: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite. */
const SS_TYPE: Record<string, number> = { n: 1, v: 2, a: 3, r: 4, s: 5 };

export function normalizeLemma(lemma: string): string {
  return lemma.toLowerCase().replaceAll(' ', '_');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
