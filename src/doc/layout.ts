/**
 * Which line breaks of a text are layout and which are only wrapping:
 *
 *   readLayout(text) → { view, blockStarts, markerEnds }
 *     view         the text with every soft line break (a newline that a wrapping tool put inside a
 *                  paragraph) replaced by a space; same length, so every offset still maps to `text`
 *     blockStarts  offsets of the newlines after which the layout starts a block (a list item, a heading,
 *                  an indented block): a sentence ends there, however the line before it ends
 *     markerEnds   offsets just after a list item's marker ("1.", "a)"): no sentence ends there
 *
 * E-mail, man pages, READMEs and plain-text exports wrap their paragraphs at a fixed width. The sentence
 * segmenter (sentences.ts) reads a newline inside a paragraph as a boundary unless the line plainly runs
 * on, and its model learned from treebank text that has no wrapped lines; it segments this view instead.
 *
 * A newline stays a break when the layout says so:
 * - a blank line (paragraphs are never joined);
 * - the next line is a list item (`-`, `*`, `•`, `1.`, `a)` …) that starts a list or continues one;
 * - either line is a heading: a markdown `#` line, or a line underlined by ===, --- (the underline too);
 * - the indentation changes (a block starts), except a paragraph's indented first line and the hanging
 *   indent of a list item's wrapped text;
 * - the line is shorter than wrapping explains: the next line's first word would have fitted on it
 *   within the paragraph's widest line, so whoever wrote it ended the line on purpose. A block whose
 *   widest line is under MIN_WRAP_WIDTH columns is not wrapped prose at all (a list of words, an address),
 *   nor is one whose widest line is over MAX_WRAP_WIDTH (unwrapped paragraphs, one a line).
 *
 * A line that ends with a hyphen ("SSL-⏎based") is joined like any other soft break: the tokenizer splits
 * hyphenated words at the hyphen either way, and the hyphen stays, as the surface text has it.
 */

/** The narrowest paragraph that is taken to be wrapped prose, in columns. */
const MIN_WRAP_WIDTH = 40;
/** The widest: longer lines are unwrapped paragraphs, one a line, not a wrapping tool's output. */
const MAX_WRAP_WIDTH = 160;

// A marker and the blanks after it; a bare number needs two blanks (a man page's table: "1   Executable programs").
const LIST_ITEM = /^[ \t]*(?:(?:[-*+•‣◦▪–]|\d{1,3}[.)]|[a-zA-Z][.)]|\(\w{1,3}\))[ \t]+|\d{1,3}[ \t]{2,})(?=\S)/;
const UNDERLINE = /^[ \t]*(?:={3,}|-{3,}|~{3,}|\*{3,}|_{3,})[ \t]*$/;
const MARKDOWN_HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/;

interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** The line without its line terminator and trailing blanks. */
  text: string;
}

function indentOf(s: string): number {
  let i = 0;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
  return i;
}

function firstWordLength(s: string): number {
  const m = /^[ \t]*(\S+)/.exec(s);
  return m ? m[1].length : 0;
}

/**
 * What the break between lines k and k+1 of one block (no blank line between them) is: 'soft' (only
 * wrapping), 'block' (the layout starts a block) or 'line' (a line break the writer chose, which the
 * segmenter weighs as it weighs any single newline).
 */
function breakKind(block: readonly Line[], k: number, width: number, listSeen: boolean): 'soft' | 'block' | 'line' {
  const a = block[k].text;
  const b = block[k + 1].text;
  if (MARKDOWN_HEADING.test(a) || MARKDOWN_HEADING.test(b) || UNDERLINE.test(a) || UNDERLINE.test(b)) return 'block';
  const aItem = LIST_ITEM.exec(a);
  // A list item after a full line starts a list only where the text announces one; otherwise a dash
  // that wrapping moved to the line start (" - " as punctuation) would end the sentence.
  if (LIST_ITEM.test(b) && (listSeen || aItem !== null || /:$/.test(a) || a.length + 1 + firstWordLength(b) <= width)) return 'block';
  // The column where a's running text starts: a list item's wrapped text hangs under its first word.
  const aIndent = aItem ? aItem[0].length : indentOf(a);
  const bIndent = indentOf(b);
  if (bIndent !== aIndent && !(aItem && bIndent === indentOf(a)) && !(k === 0 && aIndent > bIndent)) return 'block';
  if (width < MIN_WRAP_WIDTH || width > MAX_WRAP_WIDTH) return 'line';
  return a.length + 1 + firstWordLength(b) > width ? 'soft' : 'line';
}

export interface Layout {
  view: string;
  blockStarts: number[];
  markerEnds: number[];
}

/** The text's layout (see the file header); the view is `text` itself when no break is soft. */
export function readLayout(text: string): Layout {
  const layout: Layout = { view: text, blockStarts: [], markerEnds: [] };
  // No line break between two non-blank lines: nothing to decide (one-line and paragraph-per-line text).
  if (text.indexOf('\n') < 0 || !/[^\s]\r?\n[ \t]*[^\s]/.test(text)) return layout;
  const lines: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lines.push({ start, text: text.slice(start, end).trimEnd() });
    start = end + 1;
  }
  let out: string[] | null = null;
  for (let i = 0; i < lines.length; ) {
    if (lines[i].text.trim() === '') {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < lines.length && lines[j + 1].text.trim() !== '') j++;
    const block = lines.slice(i, j + 1);
    // A loop, not Math.max(...): a block can have more lines than a call has room for arguments.
    let width = 0;
    for (const l of block) width = Math.max(width, l.text.length);
    const first = LIST_ITEM.exec(block[0].text);
    if (first) layout.markerEnds.push(block[0].start + first[0].length);
    let listSeen = first !== null;
    for (let k = 0; k + 1 < block.length; k++) {
      // The newline ends line k: just before the next line's start (a '\r' before it is whitespace already).
      const newline = block[k + 1].start - 1;
      const kind = breakKind(block, k, width, listSeen);
      if (kind === 'soft') {
        out ??= text.split('');
        out[newline] = ' ';
      } else if (kind === 'block') {
        layout.blockStarts.push(newline);
      }
      const item = LIST_ITEM.exec(block[k + 1].text);
      if (item) {
        listSeen = true;
        if (kind === 'block') layout.markerEnds.push(block[k + 1].start + item[0].length);
      }
    }
    i = j + 1;
  }
  if (out !== null) layout.view = out.join('');
  return layout;
}
