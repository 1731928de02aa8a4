/**
 * `render(response, options)`: an analysis response as a self-contained HTML
 * fragment (inline SVG and one scoped <style>; no scripts, fonts, images or
 * URLs that a browser would fetch), in Node and in a browser alike;
 * `renderElement` gives the same as a DOM element, `renderPage` as a whole
 * HTML document (what `textlens analyze --format html` writes).
 *
 * Styles: entities, dependency-trees, relations, properties, topics. The
 * elements a program may look for carry `data-textlens` attributes, listed
 * in docs/visualizer.md; those names and values are kept stable.
 */
import type { AnalyzeResponse } from '../types.js';
import { createContext, type RenderContext } from './context.js';
import { renderDependencyTrees } from './dependency-trees.js';
import { renderEntities } from './entities.js';
import { attributes, escapeHtml } from './html.js';
import { renderProperties, renderRelations } from './relations.js';
import { CSS, THEME_DEFAULTS } from './styles.js';
import { renderTopics } from './topics.js';

export { CSS as RENDER_CSS, THEME_DEFAULTS } from './styles.js';
export { escapeHtml } from './html.js';

export const RENDER_STYLES = ['entities', 'dependency-trees', 'relations', 'properties', 'topics'] as const;
export type RenderStyle = (typeof RENDER_STYLES)[number];

export interface RenderOptions {
  /**
   * What to draw: a style, a list of styles, or a comma-separated string.
   * Default: every style the response has something for, in RENDER_STYLES order.
   */
  style?: RenderStyle | readonly RenderStyle[] | string;
  /**
   * The analysed text. Default: the response's cleanedText (request it with
   * `cleanup.returnCleaned=true`), else the text rebuilt from the words.
   */
  text?: string;
  /** Prefix of the element ids in the fragment; give each rendering on one page its own. Default 'textlens-N', N counting renderings. */
  idPrefix?: string;
  /** Include the <style> element (default true); leave it out when the page includes RENDER_CSS once itself. */
  css?: boolean;
  /** CSS variables set on the fragment's root, e.g. { '--textlens-person': '#fdd' } (see THEME_DEFAULTS). */
  theme?: Readonly<Record<string, string>>;
  /** At most this many topics (and coarse topics) are listed. Default 20. */
  maxTopics?: number;
}

const RENDERERS: Record<RenderStyle, (ctx: RenderContext) => string[]> = {
  entities: renderEntities,
  'dependency-trees': renderDependencyTrees,
  relations: renderRelations,
  properties: renderProperties,
  topics: renderTopics,
};

/** The styles a response has something to show for. */
export function availableStyles(response: AnalyzeResponse): RenderStyle[] {
  const p = response.response;
  if (!p) return [];
  const has: Record<RenderStyle, boolean> = {
    entities: (p.entities?.length ?? 0) > 0,
    'dependency-trees': (p.sentences ?? []).some((s) => s.words.some((w) => w.parentPosition !== undefined)),
    relations: (p.relations?.length ?? 0) > 0,
    properties: (p.properties?.length ?? 0) > 0,
    topics: (p.topics?.length ?? 0) + (p.coarseTopics?.length ?? 0) > 0,
  };
  return RENDER_STYLES.filter((s) => has[s]);
}

/** The styles asked for, checked; a bad name throws a RangeError naming the styles there are. */
export function parseStyles(style: RenderOptions['style']): RenderStyle[] | undefined {
  if (style === undefined) return undefined;
  const names = typeof style === 'string' ? style.split(',').map((s) => s.trim()).filter((s) => s !== '') : [...style];
  for (const name of names) {
    if (!(RENDER_STYLES as readonly string[]).includes(name)) {
      throw new RangeError(`unknown render style ${JSON.stringify(name)}: the styles are ${RENDER_STYLES.join(', ')}`);
    }
  }
  return [...new Set(names)] as RenderStyle[];
}

/** Only custom properties with values that cannot end the declaration or fetch anything. */
function themeStyle(theme: Readonly<Record<string, string>> | undefined): string | undefined {
  if (!theme) return undefined;
  const decls: string[] = [];
  for (const [name, value] of Object.entries(theme)) {
    if (!/^--[A-Za-z0-9-]+$/.test(name)) throw new RangeError(`theme: ${JSON.stringify(name)} is not a CSS variable name (--textlens-…)`);
    if (/[;{}<>\\]|url\(|@import/i.test(value)) throw new RangeError(`theme: the value of ${name} may not contain ; { } < > \\, url( or @import`);
    decls.push(`${name}:${value}`);
  }
  return decls.join(';');
}

let renderings = 0;

/** The response as an HTML fragment: one `<div class="textlens">` holding a block per style. */
export function render(response: AnalyzeResponse, options: RenderOptions = {}): string {
  const idPrefix = options.idPrefix ?? `textlens-${++renderings}`;
  const css = options.css === false ? '' : `<style>${CSS}</style>`;
  const rootAttrs = (styles: readonly string[]) =>
    attributes({ class: 'textlens', 'data-textlens': 'root', 'data-styles': styles.join(' '), id: idPrefix, style: themeStyle(options.theme) });
  if (!response.ok || !response.response) {
    const message = response.error || 'the response carries no analysis';
    return `<div${rootAttrs([])}>${css}<p class="tl-error" role="alert" data-textlens="error">Analysis failed: ${escapeHtml(message)}</p></div>`;
  }
  const styles = parseStyles(options.style) ?? availableStyles(response);
  const ctx = createContext(response, { text: options.text, idPrefix, maxTopics: options.maxTopics ?? 20 });
  const out = [`<div${rootAttrs(styles)}>`, css];
  for (const style of styles) for (const piece of RENDERERS[style](ctx)) out.push(piece);
  if (styles.length === 0) out.push('<p class="tl-empty">Nothing to draw: the response has no entities, dependency trees, relations, properties or topics.</p>');
  out.push('</div>');
  return out.join('');
}

/**
 * A whole HTML document around the fragment. Its Content-Security-Policy
 * allows nothing to be fetched and no script to run, so the page stays
 * offline however it is opened.
 */
export function renderPage(response: AnalyzeResponse, options: RenderOptions & { title?: string } = {}): string {
  const title = options.title ?? 'textlens analysis';
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title></head>\n<body style="margin:1.5em;background:${THEME_DEFAULTS['--textlens-bg']}">\n` +
    `${render(response, options)}\n</body></html>\n`
  );
}

/** The minimal DOM a browser gives: the document that creates the element. */
interface TemplateDocument {
  createElement(tag: 'template'): { innerHTML: string; content: { firstElementChild: Element | null } };
}

/**
 * The fragment as a DOM element of `doc` (default: the page's document), for
 * `container.append(renderElement(response))`. Parsed through a <template>,
 * so nothing in it runs or loads while it is built; every text in it was
 * escaped by render().
 */
export function renderElement(response: AnalyzeResponse, options: RenderOptions = {}, doc?: TemplateDocument): Element {
  const d = doc ?? (globalThis as { document?: TemplateDocument }).document;
  if (!d) throw new TypeError('renderElement needs a DOM document (a browser, or pass one); in Node use render(), which returns the HTML');
  const template = d.createElement('template');
  template.innerHTML = render(response, options);
  return template.content.firstElementChild!;
}
