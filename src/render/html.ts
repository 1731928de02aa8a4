/**
 * What every style shares: escaping (the document and every value in the
 * response are untrusted), the document's text with code-point offsets, and
 * the lookup from a word position to its word.
 *
 * Platform-neutral on purpose: no Node built-ins and no imports outside this
 * folder (types aside), so the compiled folder runs as it is in a browser
 * (`textlens serve --demo` serves it) and bundles without configuration.
 */
import type { AnalyzeResponse, Sentence, Word } from '../types.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML, safe both between tags and inside a double- or single-quoted attribute value. */
export function escapeHtml(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const text = String(value ?? '');
  // Most tokens and labels need nothing: testing first saves the replace's work and garbage.
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPE_ALL, (c) => ESCAPES[c]!) : text;
}

const NEEDS_ESCAPE = /[&<>"']/;
const ESCAPE_ALL = /[&<>"']/g;

/**
 * ` name="value"` for each attribute with a value (undefined and false are
 * left out, true writes the bare name). Names are ours, never the document's.
 */
export function attributes(attrs: Readonly<Record<string, string | number | boolean | undefined>>): string {
  let out = '';
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/**
 * The analysed text, addressed by code points as the response's offsets are
 * (JavaScript strings count UTF-16 units: an emoji is two of them and one
 * position).
 */
export class DocumentText {
  readonly text: string;
  /** starts[i]: the UTF-16 index of code point i; starts[length] = text.length. */
  private readonly starts: Uint32Array;

  constructor(text: string) {
    this.text = text;
    const starts = new Uint32Array(text.length + 1);
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      starts[n++] = i;
      const c = text.charCodeAt(i);
      // A high surrogate followed by a low one is one code point.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
    }
    starts[n] = text.length;
    this.starts = starts.subarray(0, n + 1);
  }

  /** Length in code points. */
  get length(): number {
    return this.starts.length - 1;
  }

  /** The UTF-16 index of a code-point offset, clamped to the text. */
  unit(offset: number): number {
    const i = Math.max(0, Math.min(this.length, Math.trunc(offset) || 0));
    return this.starts[i]!;
  }

  /** The text between two code-point offsets. */
  slice(start: number, end: number): string {
    return this.text.slice(this.unit(start), this.unit(end));
  }
}

/**
 * The document the offsets refer to: the caller's text, else the response's
 * cleanedText (`cleanup.returnCleaned=true`), else the text rebuilt from the
 * words (each token at its offsets, spaces between), which loses only the
 * exact whitespace and anything outside the words.
 */
export function documentText(response: AnalyzeResponse, text?: string): DocumentText {
  if (text !== undefined) return new DocumentText(text);
  const payload = response.response;
  if (payload?.cleanedText !== undefined) return new DocumentText(payload.cleanedText);
  const parts: string[] = [];
  let at = 0;
  for (const sentence of payload?.sentences ?? []) {
    for (const word of sentence.words) {
      if (word.startingPos < at) continue;
      parts.push(' '.repeat(word.startingPos - at), word.token);
      // A token's code points, which its offsets count.
      at = word.startingPos + [...word.token].length;
    }
  }
  const entities = payload?.entities ?? [];
  let rebuilt = parts.join('');
  const end = entities.reduce((m, e) => Math.max(m, e.endingPos), 0);
  if (end > at) rebuilt += ' '.repeat(end - at);
  return new DocumentText(rebuilt);
}

/**
 * A sentence's words by their `position`. Positions are sentence-relative in
 * the spec's shape and document-wide in the hosted shape (`textlens serve`'s
 * default); annotations use the same numbering as the words they sit beside,
 * so looking positions up through the words reads both.
 */
export class SentenceWords {
  readonly sentence: Sentence;
  private readonly index = new Map<number, number>();

  constructor(sentence: Sentence) {
    this.sentence = sentence;
    sentence.words.forEach((w, i) => this.index.set(w.position, i));
  }

  /** The index in `sentence.words` of the word at `position`, or -1. */
  indexOf(position: number | undefined): number {
    return position === undefined ? -1 : (this.index.get(position) ?? -1);
  }

  word(position: number): Word | undefined {
    const i = this.indexOf(position);
    return i < 0 ? undefined : this.sentence.words[i];
  }
}

/** The response's sentences by their `position`. */
export function sentencesByPosition(response: AnalyzeResponse): Map<number, SentenceWords> {
  const map = new Map<number, SentenceWords>();
  for (const s of response.response?.sentences ?? []) map.set(s.position, new SentenceWords(s));
  return map;
}

/** A score for people: at most 2 decimals, no trailing zeros. */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? String(Math.round(score * 100) / 100) : '';
}
