/**
 * Checks on a rules program before tau-prolog sees it.
 *
 * tau-prolog runs some goals while it consults a program: `?- G.` clauses,
 * `:- initialization(G).`, and term_expansion/goal_expansion hooks. Those
 * goals run outside the query budget, in timer callbacks where an exception
 * would escape every handler. The sandbox refuses to step them anyway; this
 * check turns them into a clear 400 before anything runs. It looks at the
 * program with comments removed (quoted text kept, so a mention inside a
 * string is refused too: a false alarm that costs the caller a rename).
 */
import { badRequest } from '../errors.js';

const HOOKS = ['initialization', 'term_expansion', 'goal_expansion'];

export function checkRulesSource(source: string): void {
  const code = withoutComments(source);
  for (const hook of HOOKS) {
    const at = new RegExp(`(?<![A-Za-z0-9_])${hook}(?![A-Za-z0-9_])`).exec(code);
    if (at) {
      throw badRequest(
        `rules: ${hook} is not supported (line ${lineOf(code, at.index)}); rules are run only as queries named by an extractor`,
        'rules',
      );
    }
  }
  const query = /(?:^|\.\s)\s*\?-/.exec(code);
  if (query) {
    throw badRequest(
      `rules: '?-' goals in the program are not run (line ${lineOf(code, query.index + query[0].length - 2)}); name a rule as an extractor instead`,
      'rules',
    );
  }
}

/**
 * The program with `% line` and `/* block *\/` comments blanked out (newlines
 * kept, so line numbers stay right). Quoted atoms, strings and 0'c character
 * codes are skipped over so that a `%` inside them is not taken for a comment.
 */
export function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '%') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '0' && source[i + 1] === "'" && !/[A-Za-z0-9_]/.test(source[i - 1] ?? '')) {
      // 0'c, 0'\n, 0''' : a character code, not the start of a quoted atom.
      const len = source[i + 2] === '\\' || (source[i + 2] === "'" && source[i + 3] === "'") ? 4 : 3;
      out += source.slice(i, i + len);
      i += len;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < n) {
        if (source[j] === '\\') j += 2;
        else if (source[j] === c && source[j + 1] === c) j += 2;
        else if (source[j] === c) break;
        else j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
