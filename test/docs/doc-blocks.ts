/**
 * Reads the user documentation (README.md, docs/**.md) as the docs test sees
 * it: its fenced blocks with what each is for, its links, its headings.
 *
 * A block's role comes from the HTML comment on the last non-blank line
 * before its opening fence (invisible on GitHub):
 *
 *   <!-- not run: REASON -->   shown only (a server, the network, corpora we do not ship)
 *   <!-- output -->            the stdout of the last run block above it, compared
 *   <!-- file: NAME -->        written to NAME in the page's working folder before later blocks run
 *   <!-- ci -->                the README's first commands: .ci/run runs exactly these lines
 *
 * Without a comment, ```js / ```ts blocks are run as programs and ```sh
 * blocks as shell scripts; a block of any other language must carry one of
 * the comments, so that nothing on a page is left unchecked by accident.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export type BlockRole = 'run' | 'output' | 'file' | 'not-run' | 'ci' | 'unmarked';

export interface DocBlock {
  /** Path of the page, relative to the repository root. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string's first word (`js`, `sh`, `json`, …; '' when none). */
  lang: string;
  /** The block's text, its fence's indentation removed, ending with a newline. */
  text: string;
  role: BlockRole;
  /** The reason of `not run`, or the file name of `file`. */
  note: string;
}

const MARKER = /^<!--\s*(not run:\s*(.+?)|output|file:\s*(\S+)|ci)\s*-->$/;
const FENCE = /^(\s*)(`{3,})([^`\s]*)[^`]*$/;
const RUNNABLE = new Set(['js', 'ts', 'sh']);

/** The fenced blocks of one page, in order. */
export function readBlocks(root: string, page: string): DocBlock[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, ticks, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^(\s*)(`{3,})\s*$/.exec(lines[j]!);
      if (close && close[2]!.length >= ticks!.length) break;
      body.push(lines[j]!.startsWith(indent!) ? lines[j]!.slice(indent!.length) : lines[j]!.trimStart());
    }
    if (j >= lines.length) throw new Error(`${page}:${i + 1}: a code fence that is never closed`);
    const marker = previousNonBlank(lines, i);
    const m = marker === undefined ? null : MARKER.exec(marker.trim());
    let role: BlockRole = RUNNABLE.has(lang!) ? 'run' : 'unmarked';
    let note = '';
    if (m) {
      if (m[2] !== undefined) (role = 'not-run'), (note = m[2]);
      else if (m[3] !== undefined) (role = 'file'), (note = m[3]);
      else role = m[1] === 'output' ? 'output' : 'ci';
    }
    blocks.push({ page, line: i + 1, lang: lang!, text: body.join('\n') + '\n', role, note });
    i = j;
  }
  return blocks;
}

function previousNonBlank(lines: string[], i: number): string | undefined {
  for (let k = i - 1; k >= 0; k--) if (lines[k]!.trim() !== '') return lines[k];
  return undefined;
}

/** README.md and every Markdown page under docs/, relative to the root. */
export function docPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(relative(root, path));
    }
  };
  walk(join(root, 'docs'));
  return pages;
}

export interface DocLink {
  page: string;
  line: number;
  target: string;
}

/** Relative links of a page (`[text](target)`), outside code blocks and inline code. */
export function readLinks(root: string, page: string): DocLink[] {
  const links: DocLink[] = [];
  let inFence = false;
  readFileSync(join(root, page), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (FENCE.test(line)) inFence = !inFence;
      if (inFence) return;
      const prose = line.replace(/`[^`]*`/g, '');
      for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (!/^[a-z]+:/i.test(target)) links.push({ page, line: i + 1, target });
      }
    });
  return links;
}

/** The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces as '-', repeats numbered). */
export function headingAnchors(root: string, page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of readFileSync(join(root, page), 'utf8').split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    const h = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const slug = h[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/**
 * Whether a program's output matches the one a page shows. `…` in the shown
 * output stands for any text; whitespace runs match any whitespace; numbers
 * with a decimal point may differ by 0.002 (ONNX arithmetic differs in the
 * last digits from one CPU to another), whole numbers must be equal.
 */
export function outputMatches(shown: string, actual: string): boolean {
  const numbers: string[] = [];
  let pattern = '';
  for (const token of shown.trim().match(/…|\s+|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[\s\S]/g) ?? []) {
    if (token === '…') pattern += '[\\s\\S]*?';
    else if (/^\s+$/.test(token)) pattern += '\\s*';
    else if (/^-?\d/.test(token)) {
      numbers.push(token);
      pattern += '(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)';
    } else pattern += token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  const m = new RegExp(`^\\s*${pattern}\\s*$`).exec(actual);
  if (!m) return false;
  return numbers.every((want, k) => {
    const got = m[k + 1]!;
    if (!/[.eE]/.test(want)) return got === want;
    return Math.abs(Number(got) - Number(want)) <= 0.002;
  });
}
