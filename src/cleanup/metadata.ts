/**
 * Page metadata used by `cleanup.useMetadata`: the title and description a
 * page declares about itself.
 */
import { attr, descendants, HtmlNode, textContent } from './dom.js';

export interface PageMetadata {
  title?: string;
  description?: string;
}

/**
 * Title: `<title>`, else og:title / twitter:title. Description:
 * `<meta name="description">`, else og:description / twitter:description.
 * The page's own `<title>` wins because it is what the author set for this
 * page; the social tags are often the same text or a shortened one.
 */
export function extractMetadata(root: HtmlNode): PageMetadata {
  let title: string | undefined;
  const meta: Record<string, string> = {};
  for (const el of descendants(root)) {
    if (el.name === 'title' && title === undefined && !insideSvg(el)) {
      const t = clean(textContent(el));
      if (t) title = t;
    } else if (el.name === 'meta') {
      const key = (attr(el, 'property') || attr(el, 'name')).trim().toLowerCase();
      const content = clean(attr(el, 'content'));
      if (key && content && !(key in meta)) meta[key] = content;
    }
  }
  const out: PageMetadata = {};
  const t = title ?? meta['og:title'] ?? meta['twitter:title'];
  const d = meta['description'] ?? meta['og:description'] ?? meta['twitter:description'];
  if (t) out.title = t;
  if (d) out.description = d;
  return out;
}

function clean(s: string): string {
  return s.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** An SVG's <title> names a drawing, not the page. */
function insideSvg(el: HtmlNode): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.name === 'svg') return true;
  return false;
}
