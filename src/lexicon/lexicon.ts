/**
 * The Lexicon: lemmas for (word, Penn tag) pairs.
 *
 * Two sources, tried in order:
 *  1. A treebank table (models/lexicon/ewt-lemmas.json) built from the UD
 *     English-EWT training lemmas: every form of the closed classes (pronouns,
 *     determiners, modals, contractions — "n't" → "not", "'s"/VBZ → "be"), and
 *     the open-class forms whose treebank lemma WordNet's rules do not give.
 *  2. WordNet morphology (morphy: exception lists, then suffix rules checked
 *     against the WordNet lemma lists), then a spelling-rule guess for words
 *     WordNet does not know.
 *
 * Lemma case follows EWT: proper nouns keep the form's case, everything else
 * is lower case unless the table says otherwise ("I").
 */
import type { ResourceLoader } from '../resources/loader.js';
import { guessBase, morphy } from './morphy.js';
import { isInflectedTag, isProperNounTag, isVerbatimTag, wordNetPos, type WordNetPos } from './penn.js';
import { LEXICON_DIR, WordNetLexicon } from './wordnet.js';

export const TREEBANK_TABLE_FILE = 'ewt-lemmas.json';

/** One table row: the majority lemma, how often the treebank gave it, and how often the (form, tag) pair occurred. */
export type TreebankLemma = [lemma: string, count: number, total: number];

/** Penn tag → form → row. Closed-class forms are keyed in lower case, open-class irregulars by exact form. */
export type TreebankLemmaTable = Record<string, Record<string, TreebankLemma>>;

export interface TreebankTableFile {
  source: string;
  license: string;
  entries: TreebankLemmaTable;
}

/** Beyond this many cached (word, tag) pairs the cache starts over, so a long-running server cannot grow it without bound. */
const CACHE_LIMIT = 200_000;

const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
/** Letter-first upper-case codes with digits ("AS400", "CO2"): EWT keeps their case even as common nouns (not "10MM" → "10mm"). */
const ALPHANUMERIC_CODE = /^[A-Z][A-Z0-9]*\d[A-Z0-9]*$/;

export class Lexicon {
  readonly wordnet: WordNetLexicon;
  private readonly table: TreebankLemmaTable;
  /** Lemmas already found, per tag then form: no key string to build per token. */
  private readonly cache = new Map<string, Map<string, string>>();
  private cached = 0;

  constructor(wordnet: WordNetLexicon, table: TreebankLemmaTable = {}) {
    this.wordnet = wordnet;
    this.table = table;
  }

  /** Loads WordNet's lemma and exception lists and the treebank table from models/lexicon/. */
  static async load(loader: ResourceLoader, dir: string = LEXICON_DIR): Promise<Lexicon> {
    const [wordnet, tableText] = await Promise.all([
      WordNetLexicon.load(loader, dir),
      loader.text(`${dir}/${TREEBANK_TABLE_FILE}`),
    ]);
    const file = JSON.parse(tableText) as TreebankTableFile;
    return new Lexicon(wordnet, file.entries);
  }

  /** The lemma of `word` used with Penn Treebank tag `xpos`. */
  lemmatize(word: string, xpos: string): string {
    let byForm = this.cache.get(xpos);
    if (byForm === undefined) this.cache.set(xpos, (byForm = new Map()));
    let lemma = byForm.get(word);
    if (lemma === undefined) {
      lemma = this.lookupTable(word, xpos) ?? this.lemmatizeByRules(word, xpos);
      if (this.cached >= CACHE_LIMIT) {
        for (const m of this.cache.values()) m.clear();
        this.cached = 0;
      }
      byForm.set(word, lemma);
      this.cached++;
    }
    return lemma;
  }

  /** The treebank table's lemma for (word, xpos), if it has one: exact form first, then lower case. */
  lookupTable(word: string, xpos: string): string | undefined {
    const forms = this.table[xpos];
    if (forms === undefined) return undefined;
    if (Object.hasOwn(forms, word)) return forms[word][0];
    const lower = word.toLowerCase();
    return Object.hasOwn(forms, lower) ? forms[lower][0] : undefined;
  }

  /**
   * The lemma WordNet's morphology and the case conventions give, without the
   * treebank table. The build script uses it to find which forms the table
   * must carry; callers normally want `lemmatize`.
   */
  lemmatizeByRules(word: string, xpos: string): string {
    if (word === '' || isVerbatimTag(xpos)) return word;
    if (xpos === 'NNP') return properNounLemma(word);
    if (xpos === 'CD') return GROUPED_NUMBER.test(word) ? word.replaceAll(',', '') : word.toLowerCase();
    const pos = wordNetPos(xpos);
    const lower = this.unstretch(word.toLowerCase(), xpos, pos);
    const keepCase = isProperNounTag(xpos) || (pos === 'n' && ALPHANUMERIC_CODE.test(word));
    if (pos === undefined) return keepCase ? word : lower;
    if (!isInflectedTag(xpos)) return keepCase ? word : this.uninflectedBase(lower, pos);
    const base = this.inflectionBase(lower, xpos, pos);
    if (xpos !== 'NNPS') return keepCase ? recase(base, word) : base;
    // Plural names: EWT capitalizes them even when typed in lower case ("states" → "State").
    const lemma = properNounLemma(recase(base, word));
    return /^[a-z]/.test(lemma) ? lemma[0].toUpperCase() + lemma.slice(1) : lemma;
  }

  /**
   * Web text stretches words for emphasis ("sooooo", "brilll"); EWT lemmatizes
   * them to the plain word. A run of three or more of one letter is cut to two,
   * then to one, and the first spelling the lexicon knows is taken.
   */
  private unstretch(lower: string, xpos: string, pos: WordNetPos | undefined): string {
    if (!STRETCHED.test(lower)) return lower;
    const known = (w: string) =>
      pos === undefined ? this.lookupTable(w, xpos) !== undefined : this.morphy(w, pos).length > 0;
    for (const run of ['$1$1', '$1']) {
      const shorter = lower.replace(STRETCHED_ALL, run);
      if (known(shorter)) return shorter;
    }
    return lower;
  }

  /** Whether WordNet lists `lemma` under `pos`. */
  hasLemma(lemma: string, pos: WordNetPos): boolean {
    return this.wordnet.hasLemma(lemma, pos);
  }

  /** WordNet base forms of a lower-cased form (see `morphy`). */
  morphy(form: string, pos: WordNetPos): string[] {
    return morphy(form.toLowerCase(), pos, this.wordnet);
  }

  /**
   * A base-form tag (NN, VB, VBP, JJ, RB) normally means the word is its own
   * lemma; but a suppletive present such as "are"/"am" (VBP) is no WordNet
   * verb and only the exception list knows its base. (Only verbs: the noun
   * list would turn the singular "DUI" into "duo", its entry as a plural.)
   */
  private uninflectedBase(lower: string, pos: WordNetPos): string {
    if (pos !== 'v' || this.wordnet.hasLemma(lower, pos)) return lower;
    return this.wordnet.exceptions(lower, pos)[0] ?? lower;
  }

  private inflectionBase(lower: string, xpos: string, pos: WordNetPos): string {
    const bases = morphy(lower, pos, this.wordnet);
    if (bases.length > 0) return bases[0];
    // WordNet has no adverb suffix rules; comparative adverbs mostly share
    // their positive with an adjective ("faster" → "fast").
    if (pos === 'r') {
      const adjective = morphy(lower, 'a', this.wordnet).find((b) => b !== lower);
      if (adjective !== undefined) return adjective;
    }
    return guessBase(lower, xpos);
  }
}

/**
 * Proper nouns keep their form, except that EWT writes a name shouted in
 * capitals in title case ("GINSBURG" → "Ginsburg"). Up to four capitals are
 * taken for an acronym and kept ("NASA", "FERC"): the cut-off that scored
 * best on EWT dev. (Capitalizing lower-case names, "kerala" → "Kerala", was
 * tried and lost 0.2 points on dev: EWT keeps many as typed.)
 */
function properNounLemma(word: string): string {
  return SHOUTED_NAME.test(word) ? word[0] + word.slice(1).toLowerCase() : word;
}
const SHOUTED_NAME = /^[A-Z]{5,}$/;
const STRETCHED = /(\p{L})\1\1/u;
const STRETCHED_ALL = /(\p{L})\1{2,}/gu;

/** Gives `base` the case of `word` over their common prefix: ("american", "Americans") → "American". */
function recase(base: string, word: string): string {
  const lower = word.toLowerCase();
  let k = 0;
  while (k < base.length && k < lower.length && base[k] === lower[k]) k++;
  return word.slice(0, k) + base.slice(k);
}
