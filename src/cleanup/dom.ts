/**
 * A forgiving HTML parse and the small view of its tree that cleanup needs.
 *
 * Parsing goes through cheerio's htmlparser2 build ("cheerio/slim"): it never
 * throws on malformed markup (unclosed tags, stray `<`, broken entities),
 * decodes entities, and pulls in no Node-only code. The tree is read through
 * the structural interface below rather than domhandler's classes, which are
 * not a direct dependency of textlens.
 */
import { load } from 'cheerio/slim';

export interface HtmlNode {
  /** domhandler node type: 'root', 'tag', 'script', 'style', 'text', 'comment', 'directive', 'cdata'. */
  readonly type: string;
  /** Lower-case tag name for elements. */
  readonly name?: string;
  readonly attribs?: Record<string, string>;
  readonly children?: HtmlNode[];
  /** Text of text and comment nodes, entities decoded. */
  readonly data?: string;
  parent: HtmlNode | null;
}

/**
 * Deepest element nesting kept. Every walker in cleanup recurses over the
 * tree, so hostile markup (`<b>` × 30,000) would overflow the stack; like a
 * browser's tree builder, elements nested deeper than this are flattened
 * into the text of their ancestor at this depth (their text is kept, their
 * structure is not; script and style text is dropped).
 */
export const MAX_NESTING = 256;

export function parseHtml(html: string): HtmlNode {
  const $ = load(html, { xml: false });
  const root = $.root()[0] as unknown as HtmlNode;
  limitNesting(root);
  return root;
}

const NEVER_TEXT = new Set(['script', 'style', 'noscript', 'template']);

function limitNesting(root: HtmlNode): void {
  const stack: Array<[HtmlNode, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const kids = node.children ?? [];
    if (depth < MAX_NESTING) {
      for (const k of kids) if (k.children && k.children.length) stack.push([k, depth + 1]);
      continue;
    }
    // Replace the subtree's structure by its text nodes, in document order.
    const texts: HtmlNode[] = [];
    const walk: HtmlNode[] = [...kids].reverse();
    while (walk.length) {
      const n = walk.pop()!;
      if (isText(n)) texts.push(n);
      else if (isElement(n) && !NEVER_TEXT.has(n.name ?? '')) {
        const c = n.children ?? [];
        for (let i = c.length - 1; i >= 0; i--) walk.push(c[i]);
      }
    }
    const children = node.children as HtmlNode[];
    children.length = 0;
    for (const t of texts) {
      t.parent = node;
      children.push(t);
    }
  }
}

export function isElement(node: HtmlNode): boolean {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function isText(node: HtmlNode): boolean {
  return node.type === 'text' || node.type === 'cdata';
}

export function attr(node: HtmlNode, name: string): string {
  return node.attribs?.[name] ?? '';
}

/** All elements below `node` in document order (not `node` itself). */
export function* descendants(node: HtmlNode): Generator<HtmlNode> {
  const stack = [...(node.children ?? [])].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (isElement(n)) {
      yield n;
      const kids = n.children ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }
}

/** Detaches `node` from its parent. */
export function removeNode(node: HtmlNode): void {
  const siblings = node.parent?.children;
  if (!siblings) return;
  const i = siblings.indexOf(node);
  if (i >= 0) siblings.splice(i, 1);
  node.parent = null;
}

/** Concatenated text below `node` (no layout, just the characters). */
export function textContent(node: HtmlNode): string {
  if (isText(node)) return node.data ?? '';
  let out = '';
  for (const c of node.children ?? []) if (isText(c) || isElement(c)) out += textContent(c);
  return out;
}

/** Elements whose content is never text to analyze. */
export const NON_CONTENT_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base',
  'iframe', 'object', 'embed', 'svg', 'math', 'canvas', 'video', 'audio', 'source', 'track',
  'map', 'area', 'param', 'picture', 'img',
]);

/** Blocks that stand as paragraphs of their own: a blank line before and after. */
export const PARAGRAPH_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'dl', 'hr',
  'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'address', 'details',
  'fieldset', 'form', 'menu',
]);

/** Blocks that start a new line but not a new paragraph. */
export const LINE_TAGS = new Set([
  'div', 'li', 'tr', 'dt', 'dd', 'br', 'figcaption', 'caption', 'summary', 'option', 'legend',
  'center', 'label', 'body', 'html', 'tbody', 'thead', 'tfoot',
]);

/** Table cells: their text is kept apart by a space-like separator. */
export const CELL_TAGS = new Set(['td', 'th']);
