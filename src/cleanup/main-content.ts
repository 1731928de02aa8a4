/**
 * cleanHTML: the main text of a page without navigation, ads, teasers,
 * comments and other boilerplate.
 *
 * 1. Prune: drop elements that are never article text (scripts, forms,
 *    navigation, hidden elements, and containers whose class/id/role says
 *    boilerplate), unless they hold much of the page's prose.
 * 2. Score text blocks (the text a block element owns, inline markup
 *    included): long, link-poor blocks count for the content, link-heavy
 *    blocks against it.
 * 3. Choose the element whose subtree has the highest sum of block scores:
 *    the smallest container that holds the prose without dragging in more
 *    link lists and teasers than it gains.
 * 4. Render that container, leaving out link lists and boilerplate inside it.
 */
import { attr, descendants, HtmlNode, isElement, isText, NON_CONTENT_TAGS, parseHtml, removeNode, textContent } from './dom.js';
import { renderText } from './render.js';

export interface MainContentOptions {
  /** Put the page's headline (its h1, else its title) first. Default true. */
  includeHeadline?: boolean;
}

/** Tags that flow inside a block: their text belongs to the enclosing block. */
const INLINE_TAGS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd',
  'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'nobr',
  'strike', 'tt', 'big', 'label', 'br',
]);

/** Elements that are never the text of an article. */
const DROP_TAGS = new Set([
  'nav', 'aside', 'footer', 'form', 'button', 'select', 'input', 'textarea', 'dialog', 'menu', 'header',
  'fieldset', 'output', 'progress', 'meter', 'figure', 'figcaption',
]);

const DROP_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'menu', 'menubar', 'dialog', 'alertdialog',
  'search', 'toolbar', 'tablist', 'button',
]);

/** class/id words that mark boilerplate (matched inside the attribute text). */
const BOILERPLATE_PATTERN =
  /comment|share|sharing|social|related|recommend|promo|advert|sponsor|newsletter|subscri|cookie|sidebar|footer|breadcrumb|popup|modal|outbrain|taboola|paywall|masthead|toolbar|disqus|recirc|most-?popular|trending|signup|sign-up|byline|author|caption|credit|timestamp|dateline|hidden|visually-hidden|sr-only|skip|print-only|read-?more|more-?stories|newsletter|inline-?ad|ad-?slot|ad-?container|ad-?wrapper|advertisement|tooltip|overlay|banner|jump|pagination|copyright|disclaimer|topics?-list|tag-?list|keywords|rating|follow|login|bio\b|about-the|contact/i;

/** class/id tokens (whole words) that mark boilerplate but are too short to match inside words. */
const BOILERPLATE_TOKENS = new Set(['ad', 'ads', 'nav', 'navbar', 'menu', 'widget', 'tags', 'tag', 'meta', 'share', 'header', 'hide', 'print', 'extra', 'aside', 'rail', 'dropdown']);

/** class/id words that mark the article itself; they veto a boilerplate match. */
const CONTENT_PATTERN = /article|body|content|entry|main|post|story|text|prose|paragraph|blog/i;

export function extractMainContent(html: string, opts: MainContentOptions = {}): string {
  return mainContentOf(parseHtml(html), opts);
}

/** The main content of a parsed page. Prunes `root` in place: read anything else off it first. */
export function mainContentOf(root: HtmlNode, opts: MainContentOptions = {}): string {
  const headline = opts.includeHeadline === false ? '' : findHeadline(root);
  prune(root);
  const best = bestContainer(root);
  let body = best ? renderText(best, { keep: keepInContent }) : '';
  if (headline && !body.startsWith(headline)) body = body ? `${headline}\n\n${body}` : headline;
  return body;
}

function findHeadline(root: HtmlNode): string {
  for (const el of descendants(root)) {
    if (el.name === 'h1') {
      const t = collapse(textContent(el));
      if (t.length >= 3) return t;
    }
  }
  for (const el of descendants(root)) {
    if (el.name === 'title') return collapse(textContent(el));
  }
  return '';
}

function classAndId(el: HtmlNode): string {
  return `${attr(el, 'class')} ${attr(el, 'id')}`.trim();
}

function looksLikeBoilerplate(el: HtmlNode): boolean {
  const ci = classAndId(el);
  if (!ci) return false;
  const tokens = ci.toLowerCase().split(/[\s_-]+/);
  const bad = BOILERPLATE_PATTERN.test(ci) || tokens.some((t) => BOILERPLATE_TOKENS.has(t));
  if (!bad) return false;
  return !CONTENT_PATTERN.test(ci);
}

function isHidden(el: HtmlNode): boolean {
  if (el.attribs && 'hidden' in el.attribs) return true;
  if (attr(el, 'aria-hidden') === 'true') return true;
  const style = attr(el, 'style').replace(/\s+/g, '').toLowerCase();
  return style.includes('display:none') || style.includes('visibility:hidden');
}

/** Characters of prose (link-poor block text of 80+ characters) in a subtree. */
function proseLength(el: HtmlNode): number {
  let total = 0;
  for (const b of collectBlocks(el)) if (b.length >= 80 && b.linkLength / b.length < 0.3) total += b.length;
  return total;
}

function prune(root: HtmlNode): void {
  const docProse = Math.max(1, proseLength(root));
  const doomed: HtmlNode[] = [];
  const visit = (el: HtmlNode): void => {
    for (const child of [...(el.children ?? [])]) {
      if (child.type === 'comment' || child.type === 'directive') {
        removeNode(child);
        continue;
      }
      if (!isElement(child)) continue;
      const name = child.name ?? '';
      if (NON_CONTENT_TAGS.has(name) && name !== 'img') {
        removeNode(child);
        continue;
      }
      const role = attr(child, 'role').toLowerCase();
      const suspicious =
        isHidden(child) || DROP_TAGS.has(name) || DROP_ROLES.has(role) || (name !== 'body' && name !== 'html' && looksLikeBoilerplate(child));
      // A wrapper that holds most of the page's prose is the page, whatever
      // it is called (ASP.NET wraps whole pages in one <form>).
      if (suspicious && proseLength(child) < 0.4 * docProse) {
        doomed.push(child);
        continue;
      }
      visit(child);
    }
  };
  visit(root);
  for (const el of doomed) removeNode(el);
}

interface Block {
  owner: HtmlNode;
  length: number;
  linkLength: number;
}

/** Text blocks under `el`: text grouped by its nearest non-inline ancestor. */
function collectBlocks(el: HtmlNode): Block[] {
  const byOwner = new Map<HtmlNode, Block>();
  const walk = (node: HtmlNode, owner: HtmlNode, inLink: boolean): void => {
    for (const child of node.children ?? []) {
      if (isText(child)) {
        const len = collapse(child.data ?? '').length;
        if (!len) continue;
        let b = byOwner.get(owner);
        if (!b) byOwner.set(owner, (b = { owner, length: 0, linkLength: 0 }));
        b.length += len;
        if (inLink) b.linkLength += len;
      } else if (isElement(child) && !NON_CONTENT_TAGS.has(child.name ?? '')) {
        const inline = INLINE_TAGS.has(child.name ?? '');
        walk(child, inline ? owner : child, inLink || child.name === 'a');
      }
    }
  };
  walk(el, el, false);
  return [...byOwner.values()];
}

/** How much a block argues for (positive) or against (negative) its containers. */
function blockScore(b: Block): number {
  const density = b.linkLength / b.length;
  if (density > 0.5) return -b.length;
  if (b.length < 40) return density > 0.2 ? -b.length : 0;
  const weight = b.owner.name === 'p' || b.owner.name === 'blockquote' || b.owner.name === 'pre' ? 1 : 0.75;
  return (b.length - 3 * b.linkLength) * weight;
}

function bestContainer(root: HtmlNode): HtmlNode | null {
  const blocks = collectBlocks(root);
  const score = new Map<HtmlNode, number>();
  for (const b of blocks) {
    const s = blockScore(b);
    if (!s) continue;
    for (let n: HtmlNode | null = b.owner; n; n = n.parent) score.set(n, (score.get(n) ?? 0) + s);
  }
  let best: HtmlNode | null = null;
  let bestScore = 0;
  // Document order, ties to the outer element: descendants() is pre-order.
  for (const el of [root, ...descendants(root)]) {
    const s = score.get(el) ?? 0;
    if (s > bestScore * 1.0001) {
      best = el;
      bestScore = s;
    } else if (best && s >= bestScore * 0.97 && s > 0 && isInside(el, best)) {
      // A descendant that keeps nearly all the score is the tighter container.
      best = el;
    }
  }
  return best ?? root;
}

function isInside(el: HtmlNode, ancestor: HtmlNode): boolean {
  for (let n = el.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

/** Inside the chosen container: leave out link lists and leftover boilerplate. */
function keepInContent(el: HtmlNode): boolean {
  const name = el.name ?? '';
  if (name === 'h1') return false;
  if (INLINE_TAGS.has(name)) return true;
  const blocks = collectBlocks(el);
  let len = 0;
  let link = 0;
  for (const b of blocks) {
    len += b.length;
    link += b.linkLength;
  }
  if (len === 0) return true;
  if (link / len > 0.5) return false;
  return true;
}

function collapse(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}
