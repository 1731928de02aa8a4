/** stripTags: all the text of an HTML document, laid out by its blocks. */
import { parseHtml, type HtmlNode } from './dom.js';
import { renderText } from './render.js';

/**
 * Removes tags, decodes entities and drops what is never text (script,
 * style, noscript, template, comments, head); block elements become line
 * breaks and paragraphs are separated by a blank line.
 */
export function stripTags(html: string): string {
  return renderText(parseHtml(html));
}

/** stripTags of a parsed page (the tree is only read). */
export function textOf(root: HtmlNode): string {
  return renderText(root);
}
