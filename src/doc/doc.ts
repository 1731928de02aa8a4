/**
 * The Doc: one per request, every layer held as parallel arrays indexed by
 * token (or by sentence / entity). Annotators write layers; only
 * `response.ts` turns layers into the spec's JSON.
 *
 * Offsets: JavaScript strings count UTF-16 units, the spec counts Unicode code
 * points. Tokens are stored in UTF-16 units (what slicing needs) and converted
 * once, here, to code points (what the response reports).
 */

import type {
  CategoryRecord,
  EntailmentRecord,
  EntityRecord,
  Mention,
  PhraseSpan,
  PropertyRecord,
  RelationRecord,
  TopicRecord,
  WordSense,
} from './layers.js';

// The layer records are defined in layers.ts; the Doc's importers find them here too.
export type * from './layers.js';

/** A token as the tokenizer finds it: UTF-16 offsets into the analyzed text. */
export interface TokenSpan {
  start: number;
  end: number;
  /** The token's form; differs from text.slice(start, end) only when the tokenizer normalizes. */
  form?: string;
  /** True for a word split from the same surface token as the previous one ("n't" after "do"). */
  joinsPrevious?: boolean;
}

/**
 * Word-type ids of a doc's tokens: ids[i] is the same number for the same
 * token string in every doc numbered in one id space (`space`, compared by
 * identity: the tagger that numbered them), and -1 where a token has none.
 * Annotators that memoise per word form index their memo by id instead of
 * hashing the string again.
 */
export interface WordTypeIds {
  readonly space: object;
  readonly ids: Int32Array;
}

export class Doc {
  /** The analyzed (cleaned) text. */
  readonly text: string;
  /** Token forms. */
  readonly tokens: string[];
  /** UTF-16 offsets of each token. */
  readonly start16: Uint32Array;
  readonly end16: Uint32Array;
  /** Code-point offsets of each token (what the spec reports). */
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  /** Sentence i spans tokens [sentStart[i], sentEnd[i]). */
  readonly sentStart: Uint32Array;
  readonly sentEnd: Uint32Array;
  /** Sentence index of each token. */
  readonly sentOf: Uint32Array;
  /** 1 where a token is split from the same surface token as the one before it. */
  readonly joinsPrevious: Uint8Array;

  /** Layers, filled by annotators. Absent until the annotator that assigns them has run. */
  xpos?: string[];
  /** Each token's word-type id, set by the tagger (which looks every token up anyway): see WordTypeIds. */
  wordTypes?: WordTypeIds;
  upos?: string[];
  lemma?: string[];
  stem?: string[];
  /** Head token index within the doc, -1 at a root. UD scheme. */
  head?: Int32Array;
  /** UD relation to the head ('root' at a root). */
  deprel?: string[];
  /** Probability the parser gave each token's chosen head (softmax over its arc scores); set with deps. */
  headProb?: Float32Array;
  mentions?: Mention[];
  entities?: EntityRecord[];
  /** Base noun phrases over doc tokens [start, end), in document order (src/structure/noun-phrases.ts). */
  nounPhrases?: PhraseSpan[];
  /** Is-a and has-a properties (src/structure/properties.ts). */
  properties?: PropertyRecord[];
  /** Predicates with their SUBJECT / OBJECT / OTHER arguments (src/structure/relation-layer.ts). */
  relations?: RelationRecord[];
  /** IPTC concepts at every level and salient entities (the topics annotator). */
  topics?: TopicRecord[];
  /** IPTC top-level concepts (the topics annotator). */
  coarseTopics?: TopicRecord[];
  /** Categories of the classifiers the request named. */
  categories?: CategoryRecord[];
  /** WordNet senses per token, best first; undefined where a token has none (function words, unknown words, non-first words of a multiword expression). */
  senses?: (WordSense[] | undefined)[];
  /** Entailed words, in token order, best first per source word. */
  entailments?: EntailmentRecord[];

  constructor(text: string, tokens: readonly TokenSpan[], sentenceEnds: readonly number[]) {
    this.text = text;
    const n = tokens.length;
    this.tokens = new Array<string>(n);
    this.start16 = new Uint32Array(n);
    this.end16 = new Uint32Array(n);
    this.joinsPrevious = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const t = tokens[i];
      if (t.joinsPrevious) this.joinsPrevious[i] = 1;
      this.start16[i] = t.start;
      this.end16[i] = t.end;
      this.tokens[i] = t.form ?? text.slice(t.start, t.end);
    }
    const cp = codePointIndex(text);
    this.start = this.start16.map((o) => cp[o]);
    this.end = this.end16.map((o) => cp[o]);

    // sentenceEnds: exclusive token index where each sentence ends, ascending.
    const ends = sentenceEnds.filter((e, i) => e > (i === 0 ? 0 : sentenceEnds[i - 1]) && e <= n);
    if (n > 0 && (ends.length === 0 || ends[ends.length - 1] !== n)) ends.push(n);
    this.sentStart = new Uint32Array(ends.length);
    this.sentEnd = new Uint32Array(ends);
    this.sentOf = new Uint32Array(n);
    let s = 0;
    for (let i = 0; i < ends.length; i++) {
      this.sentStart[i] = s;
      for (let t = s; t < ends[i]; t++) this.sentOf[t] = i;
      s = ends[i];
    }
  }

  get length(): number {
    return this.tokens.length;
  }

  get sentenceCount(): number {
    return this.sentStart.length;
  }

  /** Position of token i within its sentence (the spec's `position`). */
  positionInSentence(i: number): number {
    return i - this.sentStart[this.sentOf[i]];
  }

  /** The tokens at `positions` within sentence `sentence` (as relation and property records hold them), joined by spaces. */
  sentenceWords(sentence: number, positions: readonly number[]): string {
    const first = this.sentStart[sentence];
    return positions.map((p) => this.tokens[first + p]).join(' ');
  }
}

/**
 * Map from UTF-16 offset to code-point offset, for every offset 0..text.length.
 * A low surrogate maps to the same code point as its high surrogate.
 */
export function codePointIndex(text: string): Uint32Array {
  const map = new Uint32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    map[i] = cp;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        map[i + 1] = cp;
        i++;
      }
    }
    cp++;
  }
  map[text.length] = cp;
  return map;
}
