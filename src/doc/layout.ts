/**
 * Which line breaks of a text are layout and which are only wrapping, and what else its layout says:
 *
 *   readLayout(text) → { view, blockStarts, markerEnds, unbroken }
 *   headingRanges(text) → [start, end) of each heading's text (what the mention filter reads)
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
 * - the next line is a man page's option row ("-b     like --backup …") or a row of a two-column list
 *   ("  init      create a project", a description in the same column as the row's neighbour's);
 * - the line is shorter than wrapping explains: the next line's first word would have fitted on it
 *   within the paragraph's widest line, so whoever wrote it ended the line on purpose. A block whose
 *   widest line is under MIN_WRAP_WIDTH columns is not wrapped prose at all (a list of words, an address),
 *   nor is one whose widest line is over MAX_WRAP_WIDTH (unwrapped paragraphs, one a line). Two lines
 *   ended on purpose that start with the same word are two forms of one command (a SYNOPSIS): a block each.
 * In a man page's SYNOPSIS section each form is a block, its wrapped lines (deeper indent) run on.
 *
 * Inside a line: an unindented line is cut at runs of three or more blanks (a man page's header and
 * footer: "LS(1)   User Commands   LS(1)"); inside indented text such runs are justification and stay.
 * An option row (or a two-column list's row) is cut after its option column.
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
const OPTION_ROW = /^[ \t]+--?[A-Za-z0-9?#@][^\s]*(?:,? --?[A-Za-z0-9][^\s]*)*(?: (?:<[^<>\s]+>|\[[^[\]\s]+\]|\{[^{}\s]+\}|[A-Z][A-Z0-9_]*))?[ \t]{2,}(?=\S)/;
/**
 * A row of a two-column list without dashes (a README's commands or settings, "  init      create a
 * project", "  usage.txt   Usage instructions"): a term of one to three words (not ending a sentence), a gap of two or more blanks, its description. Taken as one
 * only where the line above or below has its description in the same column: justified prose has
 * such gaps too, but seldom at one column on two lines.
 */
const DEFINITION_ROW = /^[ \t]*\S+(?: \S+){0,2}(?<![.!?])[ \t]{2,}(?=\S)/;
/** One or two dots between blanks, then a word in lower case: through the first letter of that word. */
const LONE_DOTS = /(?<= )\.{1,2}[ \t]+\p{Ll}/gu;
/** A column gap inside an unindented line (a man page's header and footer: "LS(1)   User Commands   LS(1)"). */
const COLUMN_GAP = /(?<=\S)[ \t]{3,}(?=\S)/g;

interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** The line without its line terminator and trailing blanks ('' for a blank line). */
  text: string;
  /** Blanks before its first character. */
  indent: number;
  /** Length of its list marker with the blanks after it ("1. "), 0 when it is no list item. */
  item: number;
  /** Length of its option column with the gap after it, 0 when it is no option row. */
  option: number;
  /** A line of a fenced code block, its fences included. */
  code: boolean;
  /** A table row or a table's rule. */
  table: boolean;
  /** A markdown heading or a setext underline. */
  heading: boolean;
  /** A line of a man page's SYNOPSIS section. */
  synopsis: boolean;
  /** A SYNOPSIS line that goes on with the form above it (indented deeper than the form's first line). */
  continued: boolean;
}

const HASH = 35;
const DASH = 45;
const BACKTICK = 96;
const TILDE = 126;

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
 * The lines of text, each classified once. A cheap test (the first character, an indexOf) comes before
 * every regex, so that a line of ordinary prose costs little more than its slice.
 */
function readLines(text: string): Line[] {
  const lines: Line[] = [];
  let fence = 0;
  let inSynopsis = false;
  // The indent of the SYNOPSIS form being read (-1 after a blank line or a subheading such as "Traditional usage").
  let formIndent = -1;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const t = text.slice(start, end).trimEnd();
    const indent = indentOf(t);
    const c = t.charCodeAt(indent);
    const line: Line = { start, text: t, indent, item: 0, option: 0, code: false, table: false, heading: false, synopsis: false, continued: false };
    start = end + 1;
    lines.push(line);
    if (t.length === 0) {
      formIndent = -1;
      if (fence !== 0) line.code = true;
      continue;
    }
    // Fenced code: from a fence to the next fence of the same character.
    const isFence = (c === BACKTICK || c === TILDE) && FENCE.test(t);
    if (fence !== 0) {
      line.code = true;
      if (isFence && c === fence) fence = 0;
      continue;
    }
    if (isFence) {
      line.code = true;
      fence = c;
      continue;
    }
    if (indent === 0) {
      inSynopsis = t === 'SYNOPSIS' || (inSynopsis && !MAN_SECTION.test(t));
      formIndent = -1;
    } else if (inSynopsis) {
      line.synopsis = true;
      if (formIndent >= 0 && indent > formIndent) line.continued = true;
      // A form has the syntax of one ([options], {choices}, a|b); a subheading has none.
      else formIndent = /[[{|<]/.test(t) ? indent : -1;
    }
    line.heading = (c === HASH && MARKDOWN_HEADING.test(t)) || ((c === 61 || c === DASH || c === TILDE || c === 42 || c === 95) && UNDERLINE.test(t));
    line.table = (t.indexOf('|') >= 0 || t.indexOf('+') >= 0) && TABLE_ROW.test(t);
    const item = LIST_ITEM.exec(t);
    if (item) line.item = item[0].length;
    if (indent > 0 && c === DASH) {
      const option = OPTION_ROW.exec(t);
      if (option) line.option = option[0].length;
    }
  }
  markDefinitionRows(lines);
  return lines;
}

/** Whether the blanks before `column` in the line are three or more. */
function wideGap(line: string, column: number): boolean {
  return column >= 3 && /[ \t]{3}$/.test(line.slice(0, column));
}

/**
 * Rows of a two-column list (DEFINITION_ROW) whose neighbouring row has its description in the same
 * column, lines of a description wrapped under its column between them: option rows.
 */
function markDefinitionRows(lines: Line[]): void {
  let previous = 0;
  let previousColumn = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text;
    let column = 0;
    if (t.length > 0 && !l.code && !l.table && !l.heading && !l.synopsis && l.item === 0 && (t.indexOf('  ') >= 0 || t.indexOf('\t') >= 0)) {
      column = l.option || (DEFINITION_ROW.exec(t)?.[0].length ?? 0);
    }
    // Justified prose doubles blanks too, so one of the two rows needs a wider gap than justification's two.
    if (column > 0 && column === previousColumn && (wideGap(lines[previous].text, column) || wideGap(t, column))) {
      lines[previous].option ||= column;
      l.option ||= column;
    }
    // A line under the description column goes on with the row above, which may still pair with the next row.
    if (column === 0 && previousColumn > 0 && t.length > 0 && l.indent === previousColumn) continue;
    previous = i;
    previousColumn = column;
  }
}

/**
 * What the break between lines a and b (no blank line between them; a is the block's first line when
 * `first`) is: 'soft' (only wrapping), 'block' (the layout starts a block) or 'line' (a line break the
 * writer chose, which the segmenter weighs as it weighs any single newline).
 */
function breakKind(la: Line, lb: Line, first: boolean, width: number, listSeen: boolean): 'soft' | 'block' | 'line' {
  const a = la.text;
  const b = lb.text;
  if (la.code || lb.code) return 'block';
  // A SYNOPSIS form wraps under a hanging indent ("{update | upgrade |" is no table row there); a line at
  // the form's own indent starts the next form.
  if (la.synopsis && lb.synopsis) return lb.continued ? 'soft' : 'block';
  if (la.heading || lb.heading || la.table || lb.table) return 'block';
  const aItem = la.item > 0;
  // A list item after a full line starts a list only where the text announces one; otherwise a dash
  // that wrapping moved to the line start (" - " as punctuation) would end the sentence.
  if (lb.item > 0 && (listSeen || aItem || a.charCodeAt(a.length - 1) === 58 || a.length + 1 + firstWordLength(b) <= width)) return 'block';
  // The column where a's running text starts: a list item's wrapped text hangs under its first word,
  // an option row's description under its own column.
  const aIndent = aItem ? la.item : la.option > 0 ? la.option : la.indent;
  const bIndent = lb.indent;
  const wrapped = width >= MIN_WRAP_WIDTH && width <= MAX_WRAP_WIDTH && a.length + 1 + firstWordLength(b) > width;
  // A full line that goes on under a hanging indent ("--with-readline tells bc … that allows⏎  for editing").
  const hanging = wrapped && bIndent > aIndent && !aItem && la.option === 0 && !/[:.!?]$/.test(a);
  // Under an option's description column, with its own column empty, a line can only go on with the description.
  if (la.option > 0 && lb.option === 0 && bIndent === la.option) return 'soft';
  if (bIndent !== aIndent && !(aItem && bIndent === la.indent) && !(first && aIndent > bIndent) && !hanging) return 'block';
  if (lb.option > 0) return 'block';
  if (width < MIN_WRAP_WIDTH || width > MAX_WRAP_WIDTH) return 'line';
  if (wrapped) return 'soft';
  // Lines ended on purpose that start with the same word are one form each (a SYNOPSIS: "cp [OPTION]… SOURCE DEST").
  return firstWord(a) === firstWord(b) ? 'block' : 'line';
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
  const lines = readLines(text);
  let out: string[] | null = null;
  for (const l of lines) {
    const t = l.text;
    if (t.length === 0) continue;
    const end = l.start + t.length;
    // Code, table rows, headings and SYNOPSIS forms are read whole: "…] [-T]" ends no sentence. The range
    // starts at the line's first character: a sentence may still end before it.
    if (l.code || l.synopsis || l.table || l.heading) layout.unbroken.push([l.start + l.indent, end]);
    // A dot that stands alone before a word in lower case is a file name's or a directory's ("entries
    // starting with .", "implied . and ..", "cd .. first"), not a full stop.
    if (t.indexOf(' .') >= 0) {
      for (const m of t.matchAll(LONE_DOTS)) layout.unbroken.push([l.start + (m.index ?? 0), l.start + (m.index ?? 0) + m[0].length]);
    }
    // A markdown image ("![alt](src)", "[![badge]…"): its "!" ends nothing.
    for (let i = t.indexOf('!['); i >= 0; i = t.indexOf('![', i + 2)) layout.unbroken.push([l.start + i, l.start + i + 2]);
    if (l.code || l.table) continue;
    const c = t.charCodeAt(l.indent);
    if (c === HASH || c === 62) {
      const marker = LINE_MARKER.exec(t);
      if (marker) layout.markerEnds.push(l.start + marker[0].length);
    }
    // The cells of a column layout are read apart, each whole; inside indented text a run of blanks is
    // more often justification ("a  bug   tracker"), so only unindented lines are cut.
    if (l.indent === 0 && (t.indexOf('   ') >= 0 || t.indexOf('\t') >= 0)) {
      let cell = l.start;
      for (const m of t.matchAll(COLUMN_GAP)) {
        const gap = l.start + (m.index ?? 0);
        layout.unbroken.push([cell, gap]);
        layout.blockStarts.push(gap);
        cell = gap + m[0].length;
      }
      if (cell > l.start) layout.unbroken.push([cell, end]);
    }
    if (l.option > 0) {
      layout.blockStarts.push(l.start + l.option - 1);
      // The option or term is one unit: "*.1" or "-x, --exclude=PAT." ends no sentence inside.
      layout.unbroken.push([l.start + l.indent, l.start + t.slice(0, l.option).trimEnd().length]);
    }
  }
  for (let i = 0; i < lines.length; ) {
    if (lines[i].text.length === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < lines.length && lines[j + 1].text.length !== 0) j++;
    // A loop, not Math.max(...): a block can have more lines than a call has room for arguments.
    let width = 0;
    for (let k = i; k <= j; k++) width = Math.max(width, lines[k].text.length);
    if (lines[i].item > 0) layout.markerEnds.push(lines[i].start + lines[i].item);
    let listSeen = lines[i].item > 0;
    for (let k = i; k < j; k++) {
      const next = lines[k + 1];
      // The newline ends line k: just before the next line's start (a '\r' before it is whitespace already).
      const newline = next.start - 1;
      const kind = breakKind(lines[k], next, k === i, width, listSeen);
      if (kind === 'soft') {
        out ??= text.split('');
        out[newline] = ' ';
      } else if (kind === 'block') {
        layout.blockStarts.push(newline);
      }
      if (next.item > 0) {
        listSeen = true;
        if (kind === 'block') layout.markerEnds.push(next.start + next.item);
      }
    }
    i = j + 1;
  }
  if (out !== null) layout.view = out.join('');
  layout.unbroken.sort((a, b) => a[0] - b[0]);
  return layout;
}

/**
 * The sorted [start, end) ranges of markdown's fenced code blocks, fences included (one range a block, a
 * block left open running to the end of the text): code, whose words are identifiers and strings, not
 * names ("type Apple = {name: 'Apple'}").
 */
export function codeBlockRanges(text: string): [number, number][] {
  if (text.indexOf('```') < 0 && text.indexOf('~~~') < 0) return [];
  const out: [number, number][] = [];
  for (const l of readLines(text)) {
    if (!l.code) continue;
    const end = l.start + l.text.length;
    const last = out[out.length - 1];
    // Lines of one block follow each other: the newline between them joins their ranges.
    if (last && last[1] >= l.start - 1) last[1] = Math.max(last[1], end);
    else out.push([l.start, end]);
  }
  return out;
}

/** A man page's subsection heading goes on for at most this many words ("Generic Program Information"). */
const MAX_SUBHEADING_WORDS = 6;

/**
 * The sorted [start, end) ranges of the headings' text (markers and indentation left out): markdown `#`
 * lines, setext headings (the line above a === or --- underline), a man page's section headings
 * (capitals at the line start, "SEE ALSO") and subsection headings (a short line without final
 * punctuation, indented a little, over text indented deeper: "   Known Bugs"). A heading names the part
 * that follows, so its words are a title's ("## Installation", "AUTHOR"), seldom names. A man section
 * heading needs its indented section body under it: an unindented line in capitals elsewhere is
 * shouting, not a heading.
 */
export function headingRanges(text: string): [number, number][] {
  if (text.indexOf('\n') < 0) return [];
  const lines = readLines(text);
  const out: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const t = l.text;
    if (t.length === 0 || l.code || l.table) continue;
    const next = lines[i + 1];
    const end = l.start + t.length;
    if (l.heading && t.charCodeAt(l.indent) === HASH) {
      const marker = /^[ \t]{0,3}#{1,6}[ \t]*/.exec(t)![0].length;
      if (marker < t.length) out.push([l.start + marker, end]);
      continue;
    }
    if (l.heading || !next || next.text.length === 0) continue;
    const setext = next.heading && next.text.charCodeAt(next.indent) !== HASH && l.item === 0;
    const manSection = l.indent === 0 && next.indent >= 3 && MAN_SECTION.test(t);
    const subsection =
      l.indent > 0 &&
      l.indent <= 4 &&
      next.indent >= l.indent + 3 &&
      l.item === 0 &&
      l.option === 0 &&
      !/[.!?:;,{}()[\]=]/.test(t) &&
      t.trim().split(/\s+/).length <= MAX_SUBHEADING_WORDS;
    if (setext || manSection || subsection) out.push([l.start + l.indent, end]);
  }
  return out;
}
