/**
 * A compiled dictionary: a trie over token ids (token-trie.ts, built by
 * compiler.ts), so matching costs one hash probe per token step whatever the
 * dictionary's size (no regex per entry), and time linear in the text for a
 * bounded entry length. Platform-free.
 */
import type { DictionarySettings, DictionarySource } from './entries.js';
import { DictionaryCompiler, type EntryData } from './compiler.js';
import { ROOT, type TokenTrie } from './token-trie.js';

/** A match of entry number `entry` over doc tokens [start, end); read it with the dictionary's entryId/entryTypes/entryData. */
export interface DictionaryMatch {
  start: number;
  end: number;
  entry: number;
}

export class CompiledDictionary {
  readonly id: string;
  readonly settings: DictionarySettings;
  /** The key a token form matches by under this dictionary's settings. */
  readonly key: (form: string) => string;
  private readonly tokenIds: ReadonlyMap<string, number>;
  private readonly trie: TokenTrie;
  /** Longest surface form in tokens: bounds each walk. */
  private readonly maxLength: number;
  private readonly ids: readonly string[];
  /** Per entry: its type list, shared between entries with equal lists. */
  private readonly types: ReadonlyArray<readonly string[] | undefined>;
  private readonly data: ReadonlyArray<EntryData | undefined>;

  /** Compiles `source`'s entries (checked ones: checkSource), or takes what a compiler was fed. */
  constructor(id: string, source: DictionarySource | DictionaryCompiler) {
    let compiler: DictionaryCompiler;
    if (source instanceof DictionaryCompiler) compiler = source;
    else {
      compiler = new DictionaryCompiler(source);
      for (const entry of source.entries) compiler.add(entry);
    }
    this.id = id;
    this.settings = compiler.settings;
    this.key = compiler.key;
    this.trie = compiler.compiledTrie();
    this.tokenIds = compiler.tokenIds;
    this.maxLength = compiler.maxLength;
    this.ids = compiler.ids;
    this.types = compiler.types;
    this.data = compiler.data;
  }

  /** Entries in the dictionary. */
  get size(): number {
    return this.ids.length;
  }

  /** Sizes of the trie (for the bench). */
  get trieStats(): { nodes: number; edges: number; tokens: number; bytes: number } {
    return { nodes: this.trie.nodeCount, edges: this.trie.edgeCount, tokens: this.tokenIds.size, bytes: this.trie.byteLength };
  }

  entryId(entry: number): string {
    return this.ids[entry];
  }

  entryTypes(entry: number): readonly string[] | undefined {
    return this.types[entry];
  }

  entryData(entry: number): Readonly<EntryData> | undefined {
    return this.data[entry];
  }

  /** Whether this dictionary applies to a text in `language` (ISO 639-2). */
  appliesTo(language: string): boolean {
    return this.settings.language === 'any' || this.settings.language === language;
  }

  /**
   * Every match in tokens [from, to) (one sentence: matches never cross a
   * sentence boundary), by start, then end, then entry order. `keys` are the
   * doc tokens' keys under this dictionary's settings, computed once per doc
   * by the caller.
   */
  match(keys: readonly string[], from: number, to: number, out: DictionaryMatch[]): void {
    const trie = this.trie;
    const ids = new Int32Array(to - from);
    for (let i = from; i < to; i++) ids[i - from] = this.tokenIds.get(keys[i]) ?? -1;
    for (let s = from; s < to; s++) {
      let node = ROOT;
      const limit = Math.min(to, s + this.maxLength);
      for (let e = s; e < limit; e++) {
        const id = ids[e - from];
        if (id < 0) break;
        node = trie.child(node, id);
        if (node < 0) break;
        for (let t = trie.terminalsStart(node), end = trie.terminalsEnd(node); t < end; t++) {
          out.push({ start: s, end: e + 1, entry: trie.terminalValue(t) });
        }
      }
    }
  }
}
