/**
 * Style `dependency-trees`: one block per sentence, the words in a row with
 * their tags under them and one labelled arc from each word to its head (the
 * root has none), drawn as inline SVG. A sentence wider than the page
 * scrolls sideways in its own focusable box rather than shrinking.
 *
 * The layout is computed without measuring text (Node has no fonts): a
 * column per word, as wide as its token, its tag or the labels of the arcs
 * that start between it and its neighbour need, estimated from their
 * lengths at generous average glyph widths.
 */
import type { Word } from '../types.js';
import { block, Chunks, empty, type RenderContext } from './context.js';
import { escapeHtml, type SentenceWords } from './html.js';

/** Average glyph widths (px) at the stylesheet's sizes: 15 px words, 11 px tags and labels. */
const WORD_CHAR = 9;
const LABEL_CHAR = 7;
const COLUMN_PAD = 24;
const MIN_COLUMN = 56;
const LEVEL_HEIGHT = 26;
const TOP = 12;
const SIDE = 12;
/** Arcs leave and reach a word this far apart from its centre, so that arcs in both directions stay apart. */
const FOOT = 5;

/** Width estimate only: UTF-16 length (an astral character counts two, a little wider, which is harmless). */
const chars = (s: string | undefined): number => (s === undefined ? 0 : s.length);

interface Arc {
  head: number;
  dependent: number;
  label: string;
  level: number;
}

/** Arcs with their heights: one level above the highest arc they span, shorter arcs first. */
function arcs(words: readonly Word[], sw: SentenceWords): Arc[] {
  const list: Arc[] = [];
  words.forEach((w, i) => {
    const head = sw.indexOf(w.parentPosition);
    if (head < 0 || head === i) return;
    list.push({ head, dependent: i, label: w.relationToParent ?? '', level: 1 });
  });
  list.sort((a, b) => Math.abs(a.head - a.dependent) - Math.abs(b.head - b.dependent));
  // levelAt[g]: the highest arc so far over the gap between words g and g + 1.
  const levelAt = new Uint16Array(Math.max(0, words.length - 1));
  for (const arc of list) {
    const lo = Math.min(arc.head, arc.dependent);
    const hi = Math.max(arc.head, arc.dependent);
    let level = 0;
    for (let g = lo; g < hi; g++) level = Math.max(level, levelAt[g]!);
    arc.level = level + 1;
    for (let g = lo; g < hi; g++) levelAt[g] = arc.level;
  }
  return list;
}

function renderSentence(ctx: RenderContext, sw: SentenceWords, number: number): string {
  const words = sw.sentence.words;
  const list = arcs(words, sw);
  const widths = words.map((w) => Math.max(MIN_COLUMN, chars(w.token) * WORD_CHAR + COLUMN_PAD, chars(w.partOfSpeech) * LABEL_CHAR + COLUMN_PAD));
  // An arc between neighbours carries its label between their centres: make room for it.
  for (const arc of list) {
    if (Math.abs(arc.head - arc.dependent) !== 1) continue;
    const lo = Math.min(arc.head, arc.dependent);
    const need = chars(arc.label) * LABEL_CHAR + 2 * FOOT + 16 - (widths[lo]! + widths[lo + 1]!) / 2;
    if (need > 0) {
      widths[lo] = widths[lo]! + need / 2;
      widths[lo + 1] = widths[lo + 1]! + need / 2;
    }
  }
  const centres: number[] = [];
  let x = SIDE;
  for (const w of widths) {
    centres.push(Math.round(x + w / 2));
    x += w;
  }
  const width = Math.ceil(x + SIDE);
  const maxLevel = list.reduce((m, a) => Math.max(m, a.level), 0);
  const base = TOP + maxLevel * LEVEL_HEIGHT + 8;
  const height = base + 50;

  const first = words[0];
  const last = words[words.length - 1];
  const sentenceText = first && last ? ctx.text.slice(first.startingPos, last.endingPos) : '';
  const sentenceLabel = escapeHtml(`Dependency tree of sentence ${number}: ${sentenceText}`);
  // Compact on purpose: a 200 kB document has ~40,000 arcs. Shared values
  // (text-anchor, fills, the words' baselines) come from the stylesheet and
  // the enclosing groups, not from each element. One list per sentence,
  // joined at its end, keeps the pieces short-lived (one list for the whole
  // document measured 20 % slower: its pieces outlive the young generation).
  const svg: string[] = [];
  svg.push(
    `<figure class="tl-sentence" data-textlens="sentence" data-sentence-position="${escapeHtml(sw.sentence.position)}">` +
      `<div class="tl-scroll" tabindex="0" role="group" aria-label="${sentenceLabel}">` +
      `<svg class="tl-tree" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  );
  const tokens = words.map((w) => escapeHtml(w.token));
  for (const arc of list) {
    const xh = centres[arc.head]! + (arc.dependent > arc.head ? FOOT : -FOOT);
    const xd = centres[arc.dependent]! + (arc.head > arc.dependent ? FOOT : -FOOT);
    const top = base - arc.level * LEVEL_HEIGHT;
    const dir = xd > xh ? 1 : -1;
    const r = Math.min(8, Math.round(Math.abs(xd - xh) / 2));
    const label = escapeHtml(arc.label);
    // One path per arc, the arrowhead an open chevron at its end (a filled head would need a second element).
    svg.push(
      `<g data-textlens="arc" data-label="${label}" data-head="${escapeHtml(words[arc.head]!.position)}" data-dependent="${escapeHtml(words[arc.dependent]!.position)}">` +
        // &#8594; (→) as a reference: one non-Latin-1 character would make V8 store the whole output two bytes a character.
        `<title>${label}: ${tokens[arc.head]} &#8594; ${tokens[arc.dependent]}</title>` +
        `<path d="M${xh},${base}V${top + r}Q${xh},${top} ${xh + dir * r},${top}H${xd - dir * r}Q${xd},${top} ${xd},${top + r}V${base}m-4,-7l4,7l4,-7"/>` +
        `<text x="${Math.round((xh + xd) / 2)}" y="${top + 4}">${label}</text></g>`,
    );
  }
  svg.push(`<g class="tl-word" transform="translate(0 ${base + 20})">`);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    svg.push(`<text data-textlens="word" data-position="${escapeHtml(w.position)}" x="${centres[i]}">${tokens[i]}</text>`);
  }
  svg.push(`</g><g class="tl-tag" transform="translate(0 ${base + 38})">`);
  for (let i = 0; i < words.length; i++) {
    const tag = words[i]!.partOfSpeech;
    if (tag) svg.push(`<text x="${centres[i]}">${escapeHtml(tag)}</text>`);
  }
  svg.push('</g></svg></div></figure>');
  return svg.join('');
}

export function renderDependencyTrees(ctx: RenderContext): string[] {
  const sentences = [...ctx.sentences.values()];
  const parsed = sentences.some((s) => s.sentence.words.some((w) => w.parentPosition !== undefined));
  if (!parsed) return block('dependency-trees', 'Dependency trees', empty('dependency trees', 'request the dependency-trees extractor'));
  const chunks = new Chunks();
  sentences.forEach((sw, i) => chunks.push(renderSentence(ctx, sw, i + 1)));
  return block('dependency-trees', 'Dependency trees', chunks.pieces());
}
