/**
 * WordNet access: which lemmas exist for each part of speech, how often each
 * was sense-tagged (a frequency prior), and the irregular-form exception
 * lists that morphy consults before its suffix rules.
 *
 * The shipped files (models/lexicon/, built by training/lexicon/build.mjs):
 *   wordnet-lemmas.{noun,verb,adj,adv}.txt  one lemma per line, sorted, as in WordNet's
 *                                           index files (lower case, '_' between words),
 *                                           optionally followed by TAB and the lemma's
 *                                           tagged-sense count when it is above zero
 *   wordnet-exceptions.json                 { n|v|a|r: { inflected: [base, ...] } }
 */
import { loadOnce, type LoadRegistry, type ResourceLoader } from '../resources/loader.js';
import { type WordNetPos, WORDNET_POS } from './penn.js';

export const LEXICON_DIR = 'lexicon';

const LEMMA_FILE: Record<WordNetPos, string> = {
  n: 'wordnet-lemmas.noun.txt',
  v: 'wordnet-lemmas.verb.txt',
  a: 'wordnet-lemmas.adj.txt',
  r: 'wordnet-lemmas.adv.txt',
};
const EXCEPTIONS_FILE = 'wordnet-exceptions.json';

export type ExceptionLists = Record<WordNetPos, Record<string, string[]>>;

const NO_BASES: readonly string[] = Object.freeze([]);

const LOADED: LoadRegistry<WordNetLexicon> = new WeakMap();

export class WordNetLexicon {
  /** Per part of speech: the sorted lemma list, searched in place (see SortedLemmaList). */
  private readonly lemmas: Record<WordNetPos, SortedLemmaList>;
  private readonly exceptionLists: ExceptionLists;

  private constructor(lemmas: Record<WordNetPos, SortedLemmaList>, exceptions: ExceptionLists) {
    this.lemmas = lemmas;
    this.exceptionLists = exceptions;
  }

  /**
   * The lexicon of a models directory. Loaded once per loader and directory:
   * the lemmatizer and the tagger's WordNet codes share one copy.
   */
  static load(loader: ResourceLoader, dir: string = LEXICON_DIR): Promise<WordNetLexicon> {
    return loadOnce(LOADED, loader, dir, () => WordNetLexicon.read(loader, dir));
  }

  private static async read(loader: ResourceLoader, dir: string): Promise<WordNetLexicon> {
    const [n, v, a, r, exc] = await Promise.all([
      ...WORDNET_POS.map((pos) => loader.text(`${dir}/${LEMMA_FILE[pos]}`)),
      loader.text(`${dir}/${EXCEPTIONS_FILE}`),
    ]);
    return WordNetLexicon.fromText({ n, v, a, r }, exc);
  }

  /** Builds the lexicon from the text of the shipped files (what `load` reads). */
  static fromText(lemmaLists: Record<WordNetPos, string>, exceptionsJson: string): WordNetLexicon {
    const lemmas = {} as Record<WordNetPos, SortedLemmaList>;
    for (const pos of WORDNET_POS) lemmas[pos] = new SortedLemmaList(lemmaLists[pos]);
    return new WordNetLexicon(lemmas, JSON.parse(exceptionsJson) as ExceptionLists);
  }

  /** Whether WordNet lists `lemma` (any case; spaces or underscores between words) under `pos`. */
  hasLemma(lemma: string, pos: WordNetPos): boolean {
    return this.lemmas[pos].has(normalizeLemma(lemma));
  }

  /** Whether WordNet lists `lemma` as written under any part of speech ("vertigo"; not through inflections: "tetris" is no plural of "tetri"). */
  hasLemmaAnyPos(lemma: string): boolean {
    return WORDNET_POS.some((pos) => this.hasLemma(lemma, pos));
  }

  /** How many of the lemma's senses were tagged in WordNet's sense-tagged corpora; 0 if none or unknown. */
  taggedSenseCount(lemma: string, pos: WordNetPos): number {
    return this.lemmas[pos].taggedSenseCount(normalizeLemma(lemma));
  }

  /** Base forms the exception list gives for an irregular inflected form (lower case), or none. */
  exceptions(form: string, pos: WordNetPos): readonly string[] {
    const bases = this.exceptionLists[pos];
    return Object.hasOwn(bases, form) ? bases[form] : NO_BASES;
  }

  /** Number of lemmas listed under `pos`. */
  size(pos: WordNetPos): number {
    return this.lemmas[pos].size;
  }
}

/** WordNet writes lemmas in lower case with '_' between the words of a collocation. */
function normalizeLemma(lemma: string): string {
  return lemma.toLowerCase().replaceAll(' ', '_');
}

/**
 * A lemma list kept as the file's text plus the offset of each line, and
 * searched by bisection. Building a Map of ~155k strings took ~100 ms at
 * load; this takes a few, and the Lexicon's (word, tag) cache keeps lookups rare.
 * Lines are sorted by lemma in UTF-16 code-unit order (what `<` compares).
 */
class SortedLemmaList {
  private readonly text: string;
  private readonly lineStart: Uint32Array;

  constructor(text: string) {
    this.text = text;
    const starts: number[] = [];
    for (let i = 0; i < text.length; ) {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      if (end > i) starts.push(i);
      i = end + 1;
    }
    this.lineStart = Uint32Array.from(starts);
  }

  get size(): number {
    return this.lineStart.length;
  }

  has(lemma: string): boolean {
    return this.find(lemma) >= 0;
  }

  taggedSenseCount(lemma: string): number {
    const line = this.find(lemma);
    if (line < 0) return 0;
    const start = this.lineStart[line] + lemma.length;
    return this.text.charCodeAt(start) === 9 /* TAB */ ? Number(this.text.slice(start + 1, this.lineEnd(start))) : 0;
  }

  /** Index of the line holding `lemma`, or -1. */
  private find(lemma: string): number {
    let lo = 0;
    let hi = this.lineStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compareAt(mid, lemma);
      if (order === 0) return mid;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * The order of line's lemma against `lemma`, as `<` orders strings (UTF-16 code units; a prefix
   * first): negative, 0 or positive. Read in place: slicing each probe's lemma out of the text (and
   * finding its end first) was most of a lookup's cost.
   */
  private compareAt(line: number, lemma: string): number {
    const text = this.text;
    const start = this.lineStart[line]!;
    for (let i = 0; ; i++) {
      const at = start + i;
      // The line's lemma ends at a TAB (a count follows), a line break or the end of the text.
      const c = at < text.length ? text.charCodeAt(at) : 10;
      const ended = c === 9 || c === 10;
      if (i === lemma.length) return ended ? 0 : 1;
      if (ended) return -1;
      const d = c - lemma.charCodeAt(i);
      if (d !== 0) return d;
    }
  }

  private lineEnd(from: number): number {
    const end = this.text.indexOf('\n', from);
    return end < 0 ? this.text.length : end;
  }
}
