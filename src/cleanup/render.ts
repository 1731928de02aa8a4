/**
 * Turns an HTML subtree into plain text: block elements become line breaks,
 * paragraphs are separated by one blank line, runs of spaces collapse, and
 * the text of `<pre>` keeps its lines.
 */
import { CELL_TAGS, HtmlNode, isElement, isText, LINE_TAGS, NON_CONTENT_TAGS, PARAGRAPH_TAGS } from './dom.js';

/** Break strength between pieces: 1 = new line, 2 = new paragraph. */
type Break = 1 | 2;

export class TextSink {
  private readonly lines: string[] = [];
  private current = '';
  private pendingBreak: 0 | Break = 0;

  /** Appends inline text; whitespace runs become one space. */
  text(s: string, preformatted = false): void {
    if (preformatted) {
      const parts = s.replace(/\r\n?/g, '\n').split('\n');
      parts.forEach((part, i) => {
        if (i > 0) this.lineBreak(1);
        this.append(part.replace(/[\t\f\v\u00a0 ]+/g, ' '));
      });
      return;
    }
    this.append(s.replace(/[\s\u00a0]+/g, ' '));
  }

  lineBreak(strength: Break): void {
    if (strength > this.pendingBreak) this.pendingBreak = strength;
  }

  private append(s: string): void {
    if (!s) return;
    if (this.pendingBreak) {
      if (this.current.trim()) this.flush(this.pendingBreak);
      this.pendingBreak = 0;
      if (!this.current.trim()) s = s.replace(/^ /, '');
    } else if (!this.current.trim()) {
      s = s.replace(/^ /, '');
    }
    if (this.current.endsWith(' ') && s.startsWith(' ')) s = s.slice(1);
    this.current += s;
  }

  private flush(strength: Break): void {
    this.lines.push(this.current.trim());
    if (strength === 2) this.lines.push('');
    this.current = '';
  }

  toString(): string {
    const all = [...this.lines];
    if (this.current.trim()) all.push(this.current.trim());
    // Collapse repeated blank lines and trim leading/trailing ones.
    const out: string[] = [];
    for (const line of all) {
      if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
      out.push(line);
    }
    while (out.length && out[out.length - 1] === '') out.pop();
    return out.join('\n');
  }
}

export interface RenderOptions {
  /** Return false to leave an element (and everything in it) out. */
  keep?: (el: HtmlNode) => boolean;
}

/** Writes the text of `node` and its descendants into `sink`. */
export function renderInto(node: HtmlNode, sink: TextSink, opts: RenderOptions = {}, pre = false): void {
  if (isText(node)) {
    sink.text(node.data ?? '', pre);
    return;
  }
  if (!isElement(node) && node.type !== 'root') return;
  const name = node.name ?? '';
  if (isElement(node)) {
    if (NON_CONTENT_TAGS.has(name)) return;
    if (opts.keep && !opts.keep(node)) return;
  }
  const brk: 0 | Break = PARAGRAPH_TAGS.has(name) ? 2 : LINE_TAGS.has(name) ? 1 : 0;
  if (brk) sink.lineBreak(brk);
  if (CELL_TAGS.has(name)) sink.text(' ');
  const inPre = pre || name === 'pre' || name === 'textarea';
  for (const child of node.children ?? []) renderInto(child, sink, opts, inPre);
  if (name === 'br') sink.lineBreak(1);
  if (brk) sink.lineBreak(brk);
  if (CELL_TAGS.has(name)) sink.text(' ');
}

export function renderText(node: HtmlNode, opts: RenderOptions = {}): string {
  const sink = new TextSink();
  renderInto(node, sink, opts);
  return sink.toString();
}
