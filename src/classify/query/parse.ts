/**
 * The category query language (README.md beside this file): a query is a
 * call such as `and(concept('bank'), not(word('river')))`, or plain text,
 * whose words become an or() of concepts.
 *
 * One left-to-right pass over the characters with an explicit depth bound:
 * linear in the query's length, no regular expression ever sees user input,
 * and a query too long, too deep or with too many leaves is refused with a
 * message that says where.
 */
import { badRequest } from '../../errors.js';

/** Characters in one query. */
export const MAX_QUERY_CHARS = 2000;
/** Nesting of calls: `and(or(not(concept('x'))))` is depth 4. */
export const MAX_QUERY_DEPTH = 12;
/** Leaves (concept, word, entity, type, topic) in one query. */
export const MAX_QUERY_LEAVES = 100;

export type LeafKind = 'concept' | 'word' | 'entity' | 'type' | 'topic';
export type QueryNode =
  | { kind: LeafKind; value: string }
  | { kind: 'and' | 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode };

const LEAVES: ReadonlySet<string> = new Set<LeafKind>(['concept', 'word', 'entity', 'type', 'topic']);
const OPERATORS: ReadonlySet<string> = new Set(['and', 'or', 'not']);

/** Where an error happened, for the message: "at character 12 of the query". */
export class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/**
 * Parses a category's query; `where` names it in the 400 ("category 'sport'").
 * An empty query is refused: the caller substitutes the label first.
 */
export function parseQuery(query: string, where: string): QueryNode {
  if (query.length > MAX_QUERY_CHARS) {
    throw badRequest(`${where}: the query has ${query.length} characters; at most ${MAX_QUERY_CHARS} are allowed`, 'query');
  }
  try {
    const node = looksLikeCall(query) ? new Parser(query).whole() : plainText(query);
    if (leafCount(node) > MAX_QUERY_LEAVES) throw new QuerySyntaxError(`more than ${MAX_QUERY_LEAVES} leaves (concept, word, entity, type, topic)`, 0);
    return node;
  } catch (e) {
    if (e instanceof QuerySyntaxError) {
      const at = e.position > 0 ? ` at character ${e.position + 1}` : '';
      throw badRequest(`${where}: bad query${at}: ${e.message}`, 'query');
    }
    throw e;
  }
}

function leafCount(node: QueryNode): number {
  if (node.kind === 'and' || node.kind === 'or') return node.children.reduce((n, c) => n + leafCount(c), 0);
  if (node.kind === 'not') return leafCount(node.child);
  return 1;
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function isNameChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/** A query is a call when it starts with a known function name and '(' (spaces allowed around). */
function looksLikeCall(query: string): boolean {
  let i = 0;
  while (i < query.length && isSpace(query[i]!)) i++;
  let j = i;
  while (j < query.length && isNameChar(query[j]!)) j++;
  const name = query.slice(i, j).toLowerCase();
  if (!LEAVES.has(name) && !OPERATORS.has(name)) return false;
  while (j < query.length && isSpace(query[j]!)) j++;
  return query[j] === '(';
}

/**
 * Plain text: each word a concept, any of them counting (or). Words are runs
 * of letters, digits, apostrophes and hyphens; anything else separates them.
 */
function plainText(text: string): QueryNode {
  const words: string[] = [];
  let current = '';
  for (const c of text) {
    if (/\p{L}|\p{N}/u.test(c) || c === "'" || c === '-') current += c;
    else if (current) {
      words.push(current);
      current = '';
    }
  }
  if (current) words.push(current);
  const leaves = [...new Set(words.map(trimMarks).filter((w) => w !== ''))];
  if (leaves.length === 0) throw new QuerySyntaxError('it has no words', 0);
  const children: QueryNode[] = leaves.map((value) => ({ kind: 'concept', value }));
  return children.length === 1 ? children[0]! : { kind: 'or', children };
}

/** A word without its leading and trailing apostrophes and hyphens ("'tis-" → "tis"). */
function trimMarks(word: string): string {
  let a = 0;
  let b = word.length;
  while (a < b && (word[a] === "'" || word[a] === '-')) a++;
  while (b > a && (word[b - 1] === "'" || word[b - 1] === '-')) b--;
  return word.slice(a, b);
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  whole(): QueryNode {
    const node = this.expr(1);
    this.spaces();
    if (this.i < this.s.length) throw new QuerySyntaxError(`unexpected '${this.s[this.i]}' after the end of the query`, this.i);
    return node;
  }

  private spaces(): void {
    while (this.i < this.s.length && isSpace(this.s[this.i]!)) this.i++;
  }

  private expr(depth: number): QueryNode {
    this.spaces();
    const start = this.i;
    while (this.i < this.s.length && isNameChar(this.s[this.i]!)) this.i++;
    const name = this.s.slice(start, this.i).toLowerCase();
    if (name === '') {
      const c = this.s[this.i];
      throw new QuerySyntaxError(c === undefined ? 'the query ends where a call was expected' : `expected a call such as concept('…'), found '${c}'`, this.i);
    }
    if (!LEAVES.has(name) && !OPERATORS.has(name)) {
      throw new QuerySyntaxError(`unknown function '${name}': use concept, word, entity, type, topic, and, or, not`, start);
    }
    if (depth > MAX_QUERY_DEPTH) throw new QuerySyntaxError(`calls nested deeper than ${MAX_QUERY_DEPTH}`, start);
    this.spaces();
    this.expect('(', `'(' after ${name}`);
    let node: QueryNode;
    if (LEAVES.has(name)) {
      this.spaces();
      const value = this.string().trim();
      if (value === '') throw new QuerySyntaxError(`${name}() needs a non-empty string`, start);
      node = { kind: name as LeafKind, value };
    } else {
      const children: QueryNode[] = [this.expr(depth + 1)];
      this.spaces();
      while (this.s[this.i] === ',') {
        this.i++;
        children.push(this.expr(depth + 1));
        this.spaces();
      }
      if (name === 'not') {
        if (children.length !== 1) throw new QuerySyntaxError(`not() takes one argument, got ${children.length}`, start);
        node = { kind: 'not', child: children[0]! };
      } else node = children.length === 1 ? children[0]! : { kind: name as 'and' | 'or', children };
    }
    this.spaces();
    this.expect(')', `')' to close ${name}(`);
    return node;
  }

  private expect(c: string, what: string): void {
    if (this.s[this.i] !== c) {
      const found = this.s[this.i];
      throw new QuerySyntaxError(`expected ${what}, ${found === undefined ? 'but the query ends' : `found '${found}'`}`, this.i);
    }
    this.i++;
  }

  /** A quoted string, '…' or "…"; a backslash escapes the next character. */
  private string(): string {
    const quote = this.s[this.i];
    if (quote !== "'" && quote !== '"') {
      throw new QuerySyntaxError(`expected a quoted string, ${quote === undefined ? 'but the query ends' : `found '${quote}'`}`, this.i);
    }
    const open = this.i++;
    let out = '';
    while (this.i < this.s.length) {
      const c = this.s[this.i++]!;
      if (c === quote) return out;
      if (c === '\\' && this.i < this.s.length) out += this.s[this.i++];
      else out += c;
    }
    throw new QuerySyntaxError('a string is not closed', open);
  }
}
