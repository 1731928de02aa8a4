/**
 * Which line breaks of a text are layout and which are only wrapping, and what else its layout says:
 *
 *   readLayout(text) → { view, blockStarts, markerEnds, unbroken }
 *     view         the text with every soft line break (a newline that a wrapping tool put inside a
 *                  paragraph) replaced by a space; same length, so every offset still maps to `text`
 *     blockStarts  offsets where the layout starts a block (a newline before a list item, a heading, an
 *                  indented block; an option's description; a column of a man page's header line): a
 *                  sentence ends there, however the text before it ends
 *     markerEnds   offsets just after a marker that opens a line ("1.", "a)", "#", ">"): no
 *                  sentence ends there
 *     unbroken     sorted [start, end) ranges read whole (a code line, a table row, a heading, a SYNOPSIS
 *                  form, a header cell, the "![" of a markdown image): no sentence ends inside one
 *
 * E-mail, man pages, READMEs and plain-text exports wrap their paragraphs at a fixed width. The sentence
 * segmenter (sentences.ts) reads a newline inside a paragraph as a boundary unless the line plainly runs
 * on, and its model learned from treebank text that has no wrapped lines; it segments this view instead.
 *
 * A newline stays a break when the layout says so:
 * - a blank line (paragraphs are never joined);
 * - the next line is a list item (`-`, `*`, `•`, `1.`, `a)` …) that starts a list or continues one;
 * - either line is a heading (a markdown `#` line, or a line underlined by ===, --- (the underline too)),
 *   a table row (`| a | b |`, `uid | name | gecos`, a `---+---` rule) or a line of a fenced code block;
 * - the indentation changes (a block starts), except a paragraph's indented first line, the hanging
 *   indent of a list item's or an option's wrapped text, and a full line that goes on under a hanging
 *   indent;
 * - the next line is a man page's option row ("-b     like --backup …");
 * - the line is shorter than wrapping explains: the next line's first word would have fitted on it
 *   within the paragraph's widest line, so whoever wrote it ended the line on purpose. A block whose
 *   widest line is under MIN_WRAP_WIDTH columns is not wrapped prose at all (a list of words, an address),
 *   nor is one whose widest line is over MAX_WRAP_WIDTH (unwrapped paragraphs, one a line). Two lines
 *   ended on purpose that start with the same word are two forms of one command (a SYNOPSIS): a block each.
 * In a man page's SYNOPSIS section each form is a block, its wrapped lines (deeper indent) run on.
 *
 * Inside a line: an unindented line is cut at runs of three or more blanks (a man page's header and
 * footer: "LS(1)   User Commands   LS(1)"); inside indented text such runs are justification and stay.
 * An option row is cut after its option column.
 *
 * Detection, not a mode: every rule keys on structure that running prose lacks (blank-line blocks,
 * indentation, markers at a line start, column gaps), and text with no newline inside a paragraph is
 * returned as it is, so one-line and paragraph-per-line text segment exactly as without this pass.
 *
 * A line that ends with a hyphen ("SSL-⏎based") is joined like any other soft break: the tokenizer splits
 * hyphenated words at the hyphen either way, and the hyphen stays, as the surface text has it.
 *
 * Cost: one pass over the lines; each regex is anchored at a line start or scans a run once.
 */

/** The narrowest paragraph that is taken to be wrapped prose, in columns. */
const MIN_WRAP_WIDTH = 40;
/** The widest: longer lines are unwrapped paragraphs, one a line, not a wrapping tool's output. */
const MAX_WRAP_WIDTH = 160;

// A marker and the blanks after it; a bare number needs two blanks (a man page's table: "1   Executable programs").
const LIST_ITEM = /^[ \t]*(?:(?:[-*+•‣◦▪–]|\d{1,3}[.)]|[a-zA-Z][.)]|\(\w{1,3}\))[ \t]+|\d{1,3}[ \t]{2,})(?=\S)/;
const UNDERLINE = /^[ \t]*(?:={3,}|-{3,}|~{3,}|\*{3,}|_{3,})[ \t]*$/;
const MARKDOWN_HEADING = /^[ \t]{0,3}#{1,6}(?:[ \t]|$)/;
/** A markdown code fence: three or more backticks or tildes. */
const FENCE = /^[ \t]{0,3}(?:`{3,}|~{3,})/;
/** A row of a pipe table (markdown, or a plain-text table drawn with `|`: "uid | name | description"), or its rule. */
const TABLE_ROW = /^[ \t]*\||^[^|]*\S[ \t]+\|[ \t]+[^|]*\S[ \t]+\|[ \t]+\S|^[ \t]*[-=:]+(?:\+[-=:]+)+[ \t]*$/;
/**
 * Markers that open a line and end no sentence: a markdown heading's #s, a quote's >. (A signature's "--"
 * stays a sentence of its own, as treebank text has it.)
 */
const LINE_MARKER = /^[ \t]{0,3}(?:#{1,6}|>)[ \t]+(?=\S)/;
/** A man page's section heading: capitals at the line start ("SEE ALSO", "EXIT STATUS"). */
const MAN_SECTION = /^[A-Z][A-Z0-9 ,()/-]*$/;
/**
 * A man page's option row: the option column (`-a, --all`, `--backup[=CONTROL]`, `-4`) and, after a gap of
 * two or more blanks, its description. The match ends where the description starts.
 */
const OPTION_ROW = /^[ \t]+--?[A-Za-z0-9?#@][^\s]*(?:,? --?[A-Za-z0-9][^\s]*)*[ \t]{2,}(?=\S)/;
/** A column gap inside an unindented line (a man page's header and footer: "LS(1)   User Commands   LS(1)"). */
const COLUMN_GAP = /(?<=\S)[ \t]{3,}(?=\S)/g;

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

function firstWord(s: string): string {
  const m = /^[ \t]*(\S+)/.exec(s);
  return m ? m[1] : '';
}

/**
 * What the break between lines k and k+1 of one block (no blank line between them) is: 'soft' (only
 * wrapping), 'block' (the layout starts a block) or 'line' (a line break the writer chose, which the
 * segmenter weighs as it weighs any single newline).
 */
function breakKind(block: readonly Line[], k: number, width: number, listSeen: boolean, lines: LineKinds): 'soft' | 'block' | 'line' {
  const a = block[k].text;
  const b = block[k + 1].text;
  if (lines.code.has(block[k].start) || lines.code.has(block[k + 1].start)) return 'block';
  // A SYNOPSIS form wraps under a hanging indent; a line at the form's own indent starts the next form.
  if (lines.synopsis.has(block[k].start) && lines.synopsis.has(block[k + 1].start)) return lines.continued.has(block[k + 1].start) ? 'soft' : 'block';
  if (MARKDOWN_HEADING.test(a) || MARKDOWN_HEADING.test(b) || UNDERLINE.test(a) || UNDERLINE.test(b)) return 'block';
  if (TABLE_ROW.test(a) || TABLE_ROW.test(b)) return 'block';
  const aItem = LIST_ITEM.exec(a);
  // A list item after a full line starts a list only where the text announces one; otherwise a dash
  // that wrapping moved to the line start (" - " as punctuation) would end the sentence.
  if (LIST_ITEM.test(b) && (listSeen || aItem !== null || /:$/.test(a) || a.length + 1 + firstWordLength(b) <= width)) return 'block';
  // The column where a's running text starts: a list item's wrapped text hangs under its first word.
  // An option row's description wraps under its own column, as a list item's text does.
  const aOption = aItem ? null : OPTION_ROW.exec(a);
  const aIndent = aItem ? aItem[0].length : aOption ? aOption[0].length : indentOf(a);
  const bIndent = indentOf(b);
  const wrapped = width >= MIN_WRAP_WIDTH && width <= MAX_WRAP_WIDTH && a.length + 1 + firstWordLength(b) > width;
  // A full line that goes on under a hanging indent ("--with-readline tells bc … that allows⏎  for editing").
  const hanging = wrapped && bIndent > aIndent && !aItem && !aOption && !/[:.!?]$/.test(a);
  if (bIndent !== aIndent && !(aItem && bIndent === indentOf(a)) && !(k === 0 && aIndent > bIndent) && !hanging) return 'block';
  if (OPTION_ROW.test(b)) return 'block';
  if (width < MIN_WRAP_WIDTH || width > MAX_WRAP_WIDTH) return 'line';
  if (wrapped) return 'soft';
  // Short lines that start with the same word are one form each (a man page's SYNOPSIS: "cp [OPTION]… SOURCE DEST").
  return firstWord(a) === firstWord(b) ? 'block' : 'line';
}

/** Start offsets of the lines that are code (a fenced block, its fences included) and of a man page's SYNOPSIS. */
interface LineKinds {
  code: Set<number>;
  synopsis: Set<number>;
  /** SYNOPSIS lines that go on with the form above them (indented deeper than its first line). */
  continued: Set<number>;
}

function lineKinds(lines: readonly Line[]): LineKinds {
  const code = new Set<number>();
  const synopsis = new Set<number>();
  const continued = new Set<number>();
  let open: string | null = null;
  let inSynopsis = false;
  // The indent of the form being read (-1 after a blank line or a subheading such as "Traditional usage").
  let formIndent = -1;
  for (const l of lines) {
    if (open === null && l.text.length > 0 && indentOf(l.text) === 0) {
      inSynopsis = l.text === 'SYNOPSIS' || (inSynopsis && !MAN_SECTION.test(l.text));
      formIndent = -1;
    } else if (inSynopsis && l.text.trim() === '') {
      formIndent = -1;
    } else if (inSynopsis) {
      synopsis.add(l.start);
      const indent = indentOf(l.text);
      if (formIndent >= 0 && indent > formIndent) continued.add(l.start);
      // A form has the syntax of one ([options], {choices}, a|b); a subheading has none.
      else formIndent = /[[{|<]/.test(l.text) ? indent : -1;
    }
    const fence = FENCE.exec(l.text);
    if (open === null) {
      if (fence) {
        open = fence[0].trim()[0];
        code.add(l.start);
      }
    } else {
      code.add(l.start);
      if (fence && fence[0].trim()[0] === open) open = null;
    }
  }
  return { code, synopsis, continued };
}

export interface Layout {
  view: string;
  blockStarts: number[];
  markerEnds: number[];
  /** Sorted [start, end) ranges (a code line, a table row, a heading, a SYNOPSIS form, a header cell) inside which no sentence ends. */
  unbroken: [number, number][];
}

/** The text's layout (see the file header); the view is `text` itself when no break is soft. */
export function readLayout(text: string): Layout {
  const layout: Layout = { view: text, blockStarts: [], markerEnds: [], unbroken: [] };
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
  const kinds = lineKinds(lines);
  for (const l of lines) {
    if (l.text.length === 0) continue;
    const end = l.start + l.text.length;
    // Code, table rows, headings and SYNOPSIS forms are read whole: "…] [-T]" ends no sentence. The range
    // starts at the line's first character: a sentence may still end before it.
    if (kinds.code.has(l.start) || kinds.synopsis.has(l.start) || TABLE_ROW.test(l.text) || MARKDOWN_HEADING.test(l.text)) {
      layout.unbroken.push([l.start + indentOf(l.text), end]);
    }
    // A markdown image ("![alt](src)", "[![badge]…"): its "!" ends nothing.
    for (let i = l.text.indexOf('!['); i >= 0; i = l.text.indexOf('![', i + 2)) layout.unbroken.push([l.start + i, l.start + i + 2]);
    if (kinds.code.has(l.start) || TABLE_ROW.test(l.text)) continue;
    const marker = LINE_MARKER.exec(l.text);
    if (marker) layout.markerEnds.push(l.start + marker[0].length);
    // The cells of a column layout are read apart, each whole; inside indented text a run of blanks is
    // more often justification ("a  bug   tracker"), so only unindented lines are cut.
    if (indentOf(l.text) === 0) {
      let cell = l.start;
      for (const m of l.text.matchAll(COLUMN_GAP)) {
        const gap = l.start + (m.index ?? 0);
        layout.unbroken.push([cell, gap]);
        layout.blockStarts.push(gap);
        cell = gap + m[0].length;
      }
      if (cell > l.start) layout.unbroken.push([cell, end]);
    }
    const option = OPTION_ROW.exec(l.text);
    if (option) layout.blockStarts.push(l.start + option[0].length - 1);
  }
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
      const kind = breakKind(block, k, width, listSeen, kinds);
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
  layout.unbroken.sort((a, b) => a[0] - b[0]);
  return layout;
}
