/**
 * Compiling dictionary entries into a token trie (token-trie.ts), one entry
 * at a time, so that a file's entries can be compiled as they are parsed and
 * none of the parsed objects outlives its line. `new CompiledDictionary(id,
 * compiler)` (matcher.ts) takes the result. Platform-free.
 *
 * Surface forms are tokenized with the same tokenizer as the text, so an
 * entry matches exactly the token sequences the analyzer produces
 * ("Procter & Gamble" → Procter, &, Gamble). Each token becomes a key — the
 * form, its lower case (caseInsensitive) or its Porter stem (matchType
 * `stem`) — and each distinct key an integer id.
 *
 * What a million-entry load costs, and what keeps it down (bench/DICTIONARIES.md):
 * - tokenizing every surface: a surface made of ASCII letters, digits and
 *   spaces is cut at the spaces, and each distinct word is tokenized and
 *   keyed (stemmed) once, found again by a hash of its characters
 *   (string-table.ts) without cutting it out of the surface;
 * - the trie: typed arrays instead of per-node objects or Maps;
 * - the entries: kept as their ids, interned type lists and data, not as
 *   entry objects with their surface forms (which matching never reads).
 */
import { tokenize } from '../doc/tokenize.js';
import { stem } from '../annotators/stemmer.js';
import type { DictionaryEntry, DictionarySettings } from './entries.js';
import { DEFAULT_SETTINGS } from './entries.js';
import { ROOT, type TokenTrie, TokenTrieBuilder } from './token-trie.js';
import { FNV_OFFSET, StringTable, fnvStep } from './string-table.js';

export type EntryData = NonNullable<DictionaryEntry['data']>;

/** The key a token form matches by under `settings`: the form, its lower case, or its Porter stem. */
function keyFunction(settings: DictionarySettings): (form: string) => string {
  if (settings.matchType === 'stem') return stem;
  return settings.caseInsensitive ? (form) => form.toLowerCase() : (form) => form;
}

const SPACE = 32;

/** Whether `surface` holds only ASCII letters, digits and spaces (see DictionaryCompiler.addSurface). */
function isSimple(surface: string): boolean {
  for (let i = 0; i < surface.length; i++) {
    const c = surface.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === SPACE)) return false;
  }
  return true;
}

/**
 * `s`, not sharing memory with a longer string. A JS engine may return a
 * substring as a view of its parent (V8 does from 13 characters on), and the
 * strings a dictionary keeps — ids, token keys, types — are cut from the
 * whole file's text: one kept view would keep the file (60 MB for a million
 * entries) alive. Shorter strings are always copies.
 */
function ownCopy(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

export class DictionaryCompiler {
  readonly settings: DictionarySettings;
  readonly key: (form: string) => string;
  readonly tokenIds = new Map<string, number>();
  readonly ids: string[] = [];
  readonly types: Array<readonly string[] | undefined> = [];
  readonly data: Array<EntryData | undefined> = [];
  /** Longest surface form in tokens. */
  maxLength = 0;
  private readonly builder = new TokenTrieBuilder();
  private trie: TokenTrie | undefined;
  /** Distinct simple words met in surfaces, and each one's token ids (tokenized and keyed once). */
  private words = new StringTable();
  private wordTokens: Array<readonly number[]> = [];
  private readonly typeLists = new TypeLists();

  constructor(settings: Partial<DictionarySettings>) {
    this.settings = {
      matchType: settings.matchType ?? DEFAULT_SETTINGS.matchType,
      caseInsensitive: settings.caseInsensitive ?? DEFAULT_SETTINGS.caseInsensitive,
      language: settings.language ?? DEFAULT_SETTINGS.language,
    };
    this.key = keyFunction(this.settings);
  }

  /** Add a checked entry (parse.ts checks them); it becomes entry number `ids.length - 1`. */
  add(entry: DictionaryEntry): void {
    if (this.trie) throw new Error('DictionaryCompiler: add after the dictionary was compiled');
    const index = this.ids.length;
    this.ids.push(ownCopy(entry.id));
    this.types.push(entry.types ? this.typeLists.intern(entry.types) : undefined);
    this.data.push(entry.data);
    const surfaces = entry.text;
    if (surfaces.length === 1) {
      const node = this.addSurface(surfaces[0]);
      if (node !== ROOT) this.builder.addTerminal(node, index);
      return;
    }
    // Two surfaces of one entry may end at one node ("NY", "ny" when case-insensitive): one match, not two.
    const ends: number[] = [];
    for (const surface of surfaces) {
      const node = this.addSurface(surface);
      if (node === ROOT || ends.includes(node)) continue;
      ends.push(node);
      this.builder.addTerminal(node, index);
    }
  }

  /** The trie (built on the first call; no add after it). */
  compiledTrie(): TokenTrie {
    if (!this.trie) {
      this.trie = this.builder.build();
      this.words = new StringTable();
      this.wordTokens = [];
    }
    return this.trie;
  }

  /**
   * Adds the path of `surface`'s token ids to the trie; returns the node it
   * ends at (ROOT for a surface without tokens).
   *
   * A surface of ASCII letters, digits and spaces is read word by word: the
   * tokenizer cuts such a word the same wherever it stands (its
   * context-dependent rules — abbreviations before a sentence start, quotes,
   * possessives, URLs, e-mail — all need a character outside this set), so
   * each distinct word is tokenized once for the whole dictionary. Any other
   * surface is tokenized whole. test/dictionaries/compiler.test.ts checks
   * that the two agree.
   */
  private addSurface(surface: string): number {
    const n = surface.length;
    let node = ROOT;
    let length = 0;
    if (!isSimple(surface)) {
      for (const t of tokenize(surface)) {
        node = this.builder.addChild(node, this.intern(this.key(t.form ?? surface.slice(t.start, t.end))));
        length++;
      }
    } else {
      let start = -1;
      let hash = FNV_OFFSET;
      for (let i = 0; i <= n; i++) {
        const c = i < n ? surface.charCodeAt(i) : SPACE;
        if (c !== SPACE) {
          if (start < 0) start = i;
          hash = fnvStep(hash, c);
        } else if (start >= 0) {
          const ids = this.wordIds(surface, start, i, hash);
          for (let k = 0; k < ids.length; k++) node = this.builder.addChild(node, ids[k]);
          length += ids.length;
          start = -1;
          hash = FNV_OFFSET;
        }
      }
    }
    if (length > this.maxLength) this.maxLength = length;
    return node;
  }

  /** Token ids of the simple word surface[start, end). */
  private wordIds(surface: string, start: number, end: number, hash: number): readonly number[] {
    const w = this.words.intern(surface, start, end, hash);
    if (w < this.wordTokens.length) return this.wordTokens[w];
    const word = this.words.word(w);
    const ids = tokenize(word).map((t) => this.intern(this.key(t.form ?? word.slice(t.start, t.end))));
    this.wordTokens.push(ids);
    return ids;
  }

  private intern(key: string): number {
    let id = this.tokenIds.get(key);
    if (id === undefined) {
      id = this.tokenIds.size;
      this.tokenIds.set(ownCopy(key), id);
    }
    return id;
  }
}

/** Type lists interned: a million entries typed ['Product'] share one list. */
class TypeLists {
  private readonly byKey = new Map<string, readonly string[]>();
  private last: readonly string[] | undefined;

  intern(types: readonly string[]): readonly string[] {
    // Consecutive entries mostly repeat the list before: compare before keying.
    const last = this.last;
    if (last && last.length === types.length && last.every((t, i) => t === types[i])) return last;
    const key = JSON.stringify(types);
    let list = this.byKey.get(key);
    if (!list) {
      list = Object.freeze(types.map(ownCopy));
      this.byKey.set(key, list);
    }
    this.last = list;
    return list;
  }
}
