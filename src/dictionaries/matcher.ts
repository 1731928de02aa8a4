/**
 * A compiled dictionary: a trie over token ids, so matching costs one map
 * lookup per token step whatever the dictionary's size (no regex per entry).
 *
 * Surface forms are tokenized with the same tokenizer as the text, so an
 * entry matches exactly the token sequences the analyzer produces
 * ("Procter & Gamble" → Procter, &, Gamble). Each token becomes a key — the
 * form, its lower case (caseInsensitive) or its Porter stem (matchType
 * `stem`) — and each key an integer id; the trie's edges live in one
 * Map<number, number> keyed by node × 2^24 + token id, which keeps a
 * million-entry dictionary to a few hundred bytes per entry.
 */
import { tokenize } from '../doc/tokenize.js';
import { stem } from '../annotators/stemmer.js';
import type { DictionaryEntry, DictionarySettings, DictionarySource } from './entries.js';
import { DEFAULT_SETTINGS } from './entries.js';

/** Distinct token keys a dictionary may hold (2^24), so that node × TOKEN_SPACE + id stays an exact integer. */
const TOKEN_SPACE = 16_777_216;

/** A match of one entry over doc tokens [start, end). */
export interface DictionaryMatch {
  start: number;
  end: number;
  entry: DictionaryEntry;
}

export class CompiledDictionary {
  readonly id: string;
  readonly settings: DictionarySettings;
  readonly entries: readonly DictionaryEntry[];
  private readonly tokenIds = new Map<string, number>();
  private readonly edges = new Map<number, number>();
  /** Node → indices of the entries that end there. */
  private readonly terminals = new Map<number, number[]>();
  private nodes = 1;
  /** Longest surface form in tokens: bounds each walk. */
  private maxLength = 0;

  constructor(id: string, source: DictionarySource) {
    this.id = id;
    this.settings = {
      matchType: source.matchType ?? DEFAULT_SETTINGS.matchType,
      caseInsensitive: source.caseInsensitive ?? DEFAULT_SETTINGS.caseInsensitive,
      language: source.language ?? DEFAULT_SETTINGS.language,
    };
    this.entries = source.entries;
    source.entries.forEach((entry, index) => {
      for (const surface of entry.text) this.add(surface, index);
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The key a token form matches by under this dictionary's settings. */
  key(form: string): string {
    if (this.settings.matchType === 'stem') return stem(form);
    return this.settings.caseInsensitive ? form.toLowerCase() : form;
  }

  /** Whether this dictionary applies to a text in `language` (ISO 639-2). */
  appliesTo(language: string): boolean {
    return this.settings.language === 'any' || this.settings.language === language;
  }

  private add(surface: string, entryIndex: number): void {
    const forms = tokenize(surface).map((t) => t.form ?? surface.slice(t.start, t.end));
    if (forms.length === 0) return;
    let node = 0;
    for (const form of forms) {
      const k = this.key(form);
      let id = this.tokenIds.get(k);
      if (id === undefined) {
        id = this.tokenIds.size;
        if (id >= TOKEN_SPACE) throw new RangeError(`dictionary ${this.id}: more than ${TOKEN_SPACE} distinct tokens`);
        this.tokenIds.set(k, id);
      }
      const edge = node * TOKEN_SPACE + id;
      let next = this.edges.get(edge);
      if (next === undefined) {
        next = this.nodes++;
        this.edges.set(edge, next);
      }
      node = next;
    }
    const list = this.terminals.get(node);
    if (!list) this.terminals.set(node, [entryIndex]);
    else if (!list.includes(entryIndex)) list.push(entryIndex);
    this.maxLength = Math.max(this.maxLength, forms.length);
  }

  /**
   * Every match in tokens [from, to) (one sentence: matches never cross a
   * sentence boundary). `keys` are the doc tokens' keys under this
   * dictionary's settings, computed once per doc by the caller.
   */
  match(keys: readonly string[], from: number, to: number, out: DictionaryMatch[]): void {
    const ids = new Int32Array(to - from);
    for (let i = from; i < to; i++) ids[i - from] = this.tokenIds.get(keys[i]) ?? -1;
    for (let s = from; s < to; s++) {
      let node = 0;
      const limit = Math.min(to, s + this.maxLength);
      for (let e = s; e < limit; e++) {
        const id = ids[e - from];
        if (id < 0) break;
        const next = this.edges.get(node * TOKEN_SPACE + id);
        if (next === undefined) break;
        node = next;
        const ends = this.terminals.get(node);
        if (ends) for (const index of ends) out.push({ start: s, end: e + 1, entry: this.entries[index] });
      }
    }
  }
}
