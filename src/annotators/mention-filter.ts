/**
 * Mentions that cannot be names, removed before they become entities:
 *
 *   nameMentions(doc, mentions) → the mentions that may be names, trimmed of markup at their ends
 *
 * Technical text is full of strings a recognizer trained on news reads as names: URLs, e-mail
 * addresses, file paths, `code spans`, fenced code blocks, option flags (--all), the cells of a man page's header
 * ("User Commands        LS"), and markup such as `|`, `>` or the `<…>` around a URL. Such a mention is
 *   - dropped when it overlaps a literal (literalRanges below) or a fenced code block
 *     (codeBlockRanges, src/doc/layout.ts), or runs across a column gap (three or more
 *     blanks inside a line);
 *   - trimmed of tokens of markup at either end ("Linux >" → "Linux", but "Yahoo!" stays), and dropped
 *     when no letter or digit is left.
 * Literals are found in the document's text by one left-to-right scan with bounded patterns, so the
 * cost stays linear in the text's length.
 *
 * A recognizer's mention inside a heading ("## Installation", a man page's "SEE ALSO" or "Known Bugs")
 * is a title's word more often than a name: sentence-initial capitals and capitals throughout look like
 * names to a model trained on news. It stays a name when the same words are a mention in the running
 * text too; otherwise it is handed on as a candidate (source 'alias') that becomes an entity only if the
 * linker links it to a knowledge-base entity ("## Node.js"), and is dropped where there is no linker. A
 * heading's one capitalized word that the running text writes in lower case ("### Building") is dropped.
 */
import type { Doc, Mention } from '../doc/doc.js';
import { codeBlockRanges, headingRanges } from '../doc/layout.js';

/**
 * URLs (a scheme or www.), e-mail addresses, paths (/usr/share/doc, ~/.config, ./bin/run), code spans
 * (backticks on one line, at most 200 characters: an unmatched backtick costs no more than that; never
 * the doubled backticks of ``quotes''),
 * option flags (-a, --all, --preserve=links), shell and make assignments (CC=cc, CFLAGS=-O2: a name
 * right before "=" with no blank, as in "CC=cc ./configure", whose "CC" is no Creative Commons) and
 * variables ($HOME, ${PREFIX}), and a retweet's "RT" before the handle it quotes ("RT @user: …": no TV
 * network). Each alternative that could fail late is bounded (an
 * address's local part is at most 64 characters and starts a run, a code span at most 200, a variable's
 * name at most 64): a run of "a-a-a-…" without '@' must not be rescanned from every position.
 */
const LITERAL =
  /(?:[A-Za-z][A-Za-z0-9+.-]{1,15}:\/\/|www\.|mailto:)[^\s<>"'`]+|(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})+|(?<![\p{L}\p{N}/])(?:~|\.{1,2})?\/[\p{L}\p{N}._${}-]+(?:\/[\p{L}\p{N}._${}-]*)*|(?<!`)`[^`\n]{1,200}`(?!`)|(?<![\p{L}\p{N}-])--?[A-Za-z][\w-]*(?:=[^\s,;)]*)?|(?<![\p{L}\p{N}_$-])[A-Za-z_][A-Za-z0-9_]{0,63}=(?!=)[^\s,;)]*|\$\{?[A-Za-z_][A-Za-z0-9_]{0,63}\}?|(?<![\p{L}\p{N}])RT(?=:?[ \t]*@[\p{L}\p{N}_])/gu;

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

/** Two sorted lists of ranges as one sorted list, overlapping ranges joined. */
function mergeRanges(a: readonly [number, number][], b: readonly [number, number][]): [number, number][] {
  if (b.length === 0) return a as [number, number][];
  const all = [...a, ...b].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [s, e] of all) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const nonNameCache = new WeakMap<Doc, [number, number][]>();
const headingCache = new WeakMap<Doc, [number, number][]>();

/** The document's heading ranges (headingRanges), read once a document: the filter and nonNameRanges both ask. */
function headingsOf(doc: Doc): [number, number][] {
  let ranges = headingCache.get(doc);
  if (!ranges) headingCache.set(doc, (ranges = headingRanges(doc.text)));
  return ranges;
}

/**
 * The sorted UTF-16 ranges of a document's text that hold no names: its literals (literalRanges), its
 * fenced code blocks and its headings in capitals (a man page's "AUTHOR", "SEE ALSO"). The linker's
 * alias matches skip them too; the scan is made once a document.
 */
export function nonNameRanges(doc: Doc): [number, number][] {
  let ranges = nonNameCache.get(doc);
  if (!ranges) {
    const capitals = headingsOf(doc).filter(([a, b]) => !/\p{Ll}/u.test(doc.text.slice(a, b)));
    ranges = mergeRanges(mergeRanges(literalRanges(doc.text), codeBlockRanges(doc.text)), capitals);
    nonNameCache.set(doc, ranges);
  }
  return ranges;
}

/** Whether [start, end) overlaps one of the sorted ranges. */
export function overlaps(ranges: readonly [number, number][], start: number, end: number): boolean {
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

const OPENER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/**
 * Whether tokens[at] closes a bracket opened inside the mention from `start`: part of the name, as in
 * "Saint-Jean ( Québec )" or "Oliver Mowat ( Parti libéral )", never trimmed to a dangling "(".
 */
function closesInside(tokens: readonly string[], start: number, at: number): boolean {
  const open = OPENER[tokens[at]];
  if (open === undefined) return false;
  let depth = 0;
  for (let i = start; i < at; i++) {
    if (tokens[i] === open) depth++;
    else if (tokens[i] === tokens[at] && depth > 0) depth--;
  }
  return depth > 0;
}

export function nameMentions(doc: Doc, mentions: readonly Mention[]): Mention[] {
  if (mentions.length === 0) return [];
  const literals = nonNameRanges(doc);
  const out: Mention[] = [];
  for (const m of mentions) {
    let { start, end } = m;
    while (start < end && MARKUP.test(doc.tokens[start])) start++;
    while (end > start && MARKUP.test(doc.tokens[end - 1]) && !closesInside(doc.tokens, start, end - 1)) end--;
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
  return headingsAsCandidates(doc, out);
}

/** The mentions, those of the recognizer inside a heading made candidates unless the running text names them too. */
function headingsAsCandidates(doc: Doc, mentions: Mention[]): Mention[] {
  const headings = headingsOf(doc);
  if (headings.length === 0) return mentions;
  const text = (m: Mention): string => doc.tokens.slice(m.start, m.end).join(' ');
  const inHeading = mentions.map((m) => m.source === 'ner' && overlaps(headings, doc.start16[m.start], doc.end16[m.end - 1]));
  if (!inHeading.includes(true)) return mentions;
  const named = new Set(mentions.filter((m, i) => m.source === 'ner' && !inHeading[i]).map(text));
  // Words the running text writes in lower case: a heading's one capitalized word that is one of them
  // ("### Building", "## Enterprise support") is the common word, not a name.
  let lowerSeen: Set<string> | undefined;
  const common = (m: Mention): boolean => {
    if (m.end - m.start !== 1) return false;
    lowerSeen ??= new Set(doc.tokens.filter((t) => /^\p{Ll}/u.test(t)));
    const t = doc.tokens[m.start];
    return t !== t.toLowerCase() && t !== t.toUpperCase() && lowerSeen.has(t.toLowerCase());
  };
  const out: Mention[] = [];
  mentions.forEach((m, i) => {
    if (!inHeading[i] || named.has(text(m))) out.push(m);
    else if (common(m)) return;
    // A heading in capitals that the mention fills is a man page's section ("AUTHOR", "SEE ALSO"): a
    // linker would find a concept for it, never the name it is not.
    else if (!isCapitalsHeading(doc, headings, m)) out.push({ ...m, source: 'alias' });
  });
  return out;
}

function isCapitalsHeading(doc: Doc, headings: readonly [number, number][], m: Mention): boolean {
  const start = doc.start16[m.start];
  const end = doc.end16[m.end - 1];
  const heading = headings.find(([a, b]) => a <= start && end <= b);
  if (!heading || heading[0] !== start || heading[1] !== end) return false;
  const words = doc.text.slice(start, end);
  return !/\p{Ll}/u.test(words);
}
