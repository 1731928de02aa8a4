/**
 * The synset store as it was loaded before it became compact (every lemma a
 * Map entry of typed arrays, every synset's fields a string), kept only as
 * the oracle of test/semantics/compact-tables.test.ts: the compact store
 * must answer every lookup as this one does.
 */
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../../src/resources/loader.js';
import type { WordNetPos } from '../../src/lexicon/penn.js';
import { gunzipText } from '../../src/semantics/gzip.js';
import { MULTIWORDS_APART_FILE, SENSE_INDEX_FILE, SENSES_DIR, SYNSETS_FILE } from '../../src/semantics/synsets.js';

/** A lemma's candidate senses: synset indexes in WordNet order and how often SemCor's training files tagged each. */
interface LemmaSenses {
  readonly synsets: Int32Array;
  readonly tagCounts: Float32Array;
}

/**
 * Everything the store knows about one lower-case string: its senses under
 * each part of speech, and the second words of the multiword lemmas it
 * begins ("ice" → cream, cube, …). One map read answers all of it.
 */
class LemmaEntry {
  n: LemmaSenses | undefined = undefined;
  v: LemmaSenses | undefined = undefined;
  a: LemmaSenses | undefined = undefined;
  r: LemmaSenses | undefined = undefined;
  /** Second words of the multiword lemmas this word begins, if any. */
  seconds: Set<string> | undefined = undefined;
  /** The same for its multiword lemmas of three words or more ("in_the_end"), if any. */
  longSeconds: Set<string> | undefined = undefined;
}

const LOADED: LoadRegistry<ReferenceSynsetStore> = new WeakMap();

export class ReferenceSynsetStore {
  /** Synset ids as WordNet 3.0 offset-pos ("02787772-n"). */
  readonly ids: string[];
  private readonly lexfile: Uint8Array;
  private readonly memberText: string[];
  private readonly headText: string[];
  /** Lower-case lemma (words joined by '_') or first word of a multiword lemma → what WordNet has for it. */
  private readonly entries = new Map<string, LemmaEntry>();
  private readonly memberCache: (Array<[string, number]> | undefined)[];
  private readonly nameCache: (string | undefined)[];
  /** `pos:lemma` of the multiword lemmas read as separate words (readApart). */
  private readonly apart = new Set<string>();

  private constructor(synsetsTsv: string, indexTsv: string, apartTsv: string) {
    const lines = splitLines(synsetsTsv);
    const n = lines.length;
    this.ids = new Array<string>(n);
    this.lexfile = new Uint8Array(n);
    this.memberText = new Array<string>(n);
    this.headText = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const f = lines[i].split('\t');
      if (f.length < 4) throw new Error(`${SYNSETS_FILE}: line ${i + 1} has fewer than 4 fields`);
      this.ids[i] = f[0];
      this.lexfile[i] = Number(f[1]);
      this.memberText[i] = f[2];
      this.headText[i] = f[3];
    }
    this.memberCache = new Array(n).fill(undefined);
    this.nameCache = new Array(n).fill(undefined);
    const zeros = new Map<number, Float32Array>();
    for (const line of splitLines(indexTsv)) {
      const [lemma, pos, synsets, counts] = line.split('\t');
      const underscore = lemma.indexOf('_');
      if (underscore > 0) {
        const second = lemma.indexOf('_', underscore + 1);
        const first = this.entryFor(lemma.slice(0, underscore));
        const secondWord = lemma.slice(underscore + 1, second < 0 ? lemma.length : second);
        (first.seconds ??= new Set()).add(secondWord);
        if (second > 0) (first.longSeconds ??= new Set()).add(secondWord);
      }
      const list = Int32Array.from(synsets.split(' '), Number);
      let tagCounts = counts === undefined ? zeros.get(list.length) : Float32Array.from(counts.split(' '), Number);
      if (tagCounts === undefined) zeros.set(list.length, (tagCounts = new Float32Array(list.length)));
      this.entryFor(lemma)[pos as WordNetPos] = { synsets: list, tagCounts };
    }
    for (const line of splitLines(apartTsv)) {
      const [lemma, pos] = line.split('\t');
      if (pos === undefined) throw new Error(`${MULTIWORDS_APART_FILE}: "${line}" is not lemma TAB pos …`);
      this.apart.add(`${pos}:${lemma}`);
    }
  }

  private entryFor(word: string): LemmaEntry {
    let entry = this.entries.get(word);
    if (entry === undefined) this.entries.set(word, (entry = new LemmaEntry()));
    return entry;
  }

  /** The store of a models directory, read once per loader. */
  static load(loader: ResourceLoader, dir: string = SENSES_DIR): Promise<ReferenceSynsetStore> {
    return loadOnce(LOADED, loader, dir, async () => {
      const apartPath = `${dir}/${MULTIWORDS_APART_FILE}`;
      const [synsets, index, apart] = await Promise.all([
        loader.bytes(`${dir}/${SYNSETS_FILE}`).then(gunzipText),
        loader.bytes(`${dir}/${SENSE_INDEX_FILE}`).then(gunzipText),
        // A models directory built before the file existed matches every multiword lemma, as it did then.
        loader.exists(apartPath).then((has) => (has ? loader.text(apartPath) : '')),
      ]);
      return new ReferenceSynsetStore(synsets, index, apart);
    });
  }

  /** Builds a store from the text of its files (tests, the build script). */
  static fromText(synsetsTsv: string, indexTsv: string, apartTsv = ''): ReferenceSynsetStore {
    return new ReferenceSynsetStore(synsetsTsv, indexTsv, apartTsv);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The senses of a lemma (any case; spaces or '_' between words) under a part of speech, or undefined. */
  senses(lemma: string, pos: WordNetPos): LemmaSenses | undefined {
    return this.entries.get(lemma)?.[pos] ?? this.entries.get(normalizeLemma(lemma))?.[pos];
  }

  /** `senses` for a lemma already in WordNet's spelling (lower case, '_'): one map read. */
  sensesOf(normalizedLemma: string, pos: WordNetPos): LemmaSenses | undefined {
    return this.entries.get(normalizedLemma)?.[pos];
  }

  /** Whether the multiword lemma (WordNet's spelling) is one SemCor mostly reads as separate words under this part of speech. */
  readApart(normalizedLemma: string, pos: WordNetPos): boolean {
    return this.apart.size > 0 && this.apart.has(`${pos}:${normalizedLemma}`);
  }

  /** Everything known about a lower-case word (senses per part of speech, multiword starts), or undefined. */
  entry(word: string): LemmaEntry | undefined {
    return this.entries.get(word);
  }

  /** The synset's NLTK-style name ("bank.n.01"). */
  name(synset: number): string {
    let name = this.nameCache[synset];
    if (name === undefined) {
      const letter = this.posLetter(synset);
      const first = this.members(synset)[0][0].toLowerCase();
      const list = this.senses(first, letter === 's' ? 'a' : (letter as WordNetPos))?.synsets;
      const number = list ? list.indexOf(synset) + 1 : 1;
      name = `${first}.${letter}.${String(Math.max(1, number)).padStart(2, '0')}`;
      this.nameCache[synset] = name;
    }
    return name;
  }

  /** Member lemmas of a synset with their lexicographer ids, in WordNet's order and case ("New_York"). */
  members(synset: number): Array<[lemma: string, lexId: number]> {
    let m = this.memberCache[synset];
    if (m === undefined) {
      m = this.memberText[synset].split(' ').map((x) => {
        const colon = x.lastIndexOf(':');
        return [x.slice(0, colon), Number(x.slice(colon + 1))] as [string, number];
      });
      this.memberCache[synset] = m;
    }
    return m;
  }

  /** The part of speech letter of a synset's id: n, v, a, s (adjective satellite) or r. */
  posLetter(synset: number): string {
    const id = this.ids[synset];
    return id[id.length - 1];
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
      const colon = this.headText[synset].lastIndexOf(':');
      head = `${this.headText[synset].slice(0, colon).toLowerCase()}:${this.headText[synset].slice(colon + 1).padStart(2, '0')}`;
    }
    return `${wanted}%${ssType}:${lexfile}:${lexId}:${head}`;
  }
}

/** Sense-key synset types: 1 noun, 2 verb, 3 adjective, 4 adverb, 5 adjective satellite. */
const SS_TYPE: Record<string, number> = { n: 1, v: 2, a: 3, r: 4, s: 5 };

function normalizeLemma(lemma: string): string {
  return lemma.toLowerCase().replaceAll(' ', '_');
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
