/**
 * Mentions that cannot be names, removed before they become entities:
 *
 *   nameMentions(doc, mentions) → the mentions that may be names, trimmed of markup at their ends
 *
 * Technical text is full of strings a recognizer trained on news reads as names: URLs, e-mail
 * addresses, file paths, `code spans`, option flags (--all), the cells of a man page's header
 * ("User Commands        LS"), and markup such as `|`, `>` or the `<…>` around a URL. Such a mention is
 *   - dropped when it overlaps a literal (literalRanges below) or runs across a column gap (three or more
 *     blanks inside a line);
 *   - trimmed of tokens of markup at either end ("Linux >" → "Linux", but "Yahoo!" stays), and dropped
 *     when no letter or digit is left.
 * Literals are found in the document's text by one left-to-right scan with bounded patterns, so the
 * cost stays linear in the text's length.
 */
import type { Doc, Mention } from '../doc/doc.js';

/**
 * URLs (a scheme or www.), e-mail addresses, paths (/usr/share/doc, ~/.config, ./bin/run), code spans
 * (backticks on one line, at most 200 characters: an unmatched backtick costs no more than that; never
 * the doubled backticks of ``quotes'') and
 * option flags (-a, --all, --preserve=links). Each alternative that could fail late is bounded (an
 * address's local part is at most 64 characters and starts a run, a code span at most 200): a run of
 * "a-a-a-…" without '@' must not be rescanned from every position.
 */
const LITERAL =
  /(?:[A-Za-z][A-Za-z0-9+.-]{1,15}:\/\/|www\.|mailto:)[^\s<>"'`]+|(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})+|(?<![\p{L}\p{N}/])(?:~|\.{1,2})?\/[\p{L}\p{N}._${}-]+(?:\/[\p{L}\p{N}._${}-]*)*|(?<!`)`[^`\n]{1,200}`(?!`)|(?<![\p{L}\p{N}-])--?[A-Za-z][\w-]*(?:=[^\s,;)]*)?/gu;

/** Sorted, non-overlapping [start, end) UTF-16 ranges of the literals in text. */
export function literalRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(LITERAL)) {
    const start = m.index ?? 0;
    // A flag needs a blank, a bracket or the line start before it: "well-known" has no flag.
    if (m[0][0] === '-' && start > 0 && !/[\s([{|,]/.test(text[start - 1])) continue;
    out.push([start, start + m[0].length]);
  }
  return out;
}

/** Whether [start, end) overlaps one of the sorted ranges. */
function overlaps(ranges: readonly [number, number][], start: number, end: number): boolean {
  let lo = 0;
  let hi = ranges.length;
  // The first range that ends after start.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][1] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length && ranges[lo][0] < end;
}

const WORDLIKE = /[\p{L}\p{N}]/u;
/**
 * A token of markup or layout punctuation only: trimmed from a mention's ends. Sentence punctuation
 * stays, since names end in it ("Yahoo!", "Inc.").
 */
const MARKUP = /^[|<>`*#_~=+^()[\]{}"“”'‘’,;:&/\\-]+$/u;

export function nameMentions(doc: Doc, mentions: readonly Mention[]): Mention[] {
  if (mentions.length === 0) return [];
  const literals = literalRanges(doc.text);
  const out: Mention[] = [];
  for (const m of mentions) {
    let { start, end } = m;
    while (start < end && MARKUP.test(doc.tokens[start])) start++;
    while (end > start && MARKUP.test(doc.tokens[end - 1])) end--;
    if (start === end || !doc.tokens.slice(start, end).some((t) => WORDLIKE.test(t))) continue;
    if (overlaps(literals, doc.start16[start], doc.end16[end - 1])) continue;
    let gap = false;
    for (let i = start; i + 1 < end && !gap; i++) {
      const between = doc.text.slice(doc.end16[i], doc.start16[i + 1]);
      gap = between.length >= 3 && !between.includes('\n');
    }
    if (gap) continue;
    out.push(start === m.start && end === m.end ? m : { ...m, start, end });
  }
  return out;
}
