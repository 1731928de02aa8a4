/**
 * Styles `relations` and `properties`: per sentence, its text, then one row
 * per tuple showing the stretch of the sentence the tuple covers with its
 * parts marked (predicate and subject, object, other arguments; a property's
 * focus and property words), each part labelled with its role. A tuple's
 * parts overlap other tuples' freely, so each tuple gets its own row rather
 * than marks in one shared copy of the text.
 */
import type { Property, Relation } from '../types.js';
import { block, Chunks, empty, type RenderContext } from './context.js';
import { attributes, escapeHtml, formatScore, type SentenceWords } from './html.js';

interface Part {
  role: string;
  positions: readonly number[];
}

interface Tuple {
  kind: 'relation' | 'property';
  id: number;
  sentencePosition: number;
  parts: Part[];
  confidence?: number;
}

function relationTuple(r: Relation): Tuple {
  return {
    kind: 'relation',
    id: r.id,
    sentencePosition: r.sentencePosition,
    // The predicate last: where a word is both, the predicate wins.
    parts: [...r.params.map((p) => ({ role: p.relation.toLowerCase(), positions: p.wordPositions })), { role: 'predicate', positions: r.wordPositions }],
    confidence: r.confidence,
  };
}

function propertyTuple(p: Property): Tuple {
  return {
    kind: 'property',
    id: p.id,
    sentencePosition: p.sentencePosition,
    parts: [
      { role: 'property', positions: p.propertyPositions },
      { role: 'focus', positions: p.wordPositions },
    ],
  };
}

/** The tuple's words from its first to its last, each run of words of one part in a mark. */
function renderTuple(ctx: RenderContext, sw: SentenceWords, tuple: Tuple, out: string[]): void {
  const words = sw.sentence.words;
  // roleAt[i]: the index in tuple.parts of word i's part, -1 for none (later parts win).
  const roleAt = new Int16Array(words.length).fill(-1);
  let lo = words.length;
  let hi = -1;
  tuple.parts.forEach((part, p) => {
    for (const pos of part.positions) {
      const i = sw.indexOf(pos);
      if (i < 0) continue;
      roleAt[i] = p;
      if (i < lo) lo = i;
      if (i > hi) hi = i;
    }
  });
  const open = `<li class="tl-tuple" data-textlens="${tuple.kind}" data-${tuple.kind}-id="${escapeHtml(tuple.id)}"`;
  if (hi < 0) {
    out.push(`${open}></li>`);
    return;
  }
  const body: string[] = [];
  let i = lo;
  while (i <= hi) {
    const p = roleAt[i]!;
    let j = i;
    while (j < hi && roleAt[j + 1] === p) j++;
    const stretch = escapeHtml(ctx.text.slice(words[i]!.startingPos, words[j]!.endingPos));
    if (p < 0) body.push(`<span class="tl-gap">${stretch}</span>`);
    else {
      const role = tuple.parts[p]!.role;
      body.push(`<mark class="tl-part${role === 'predicate' ? ' tl-predicate' : ''}" data-textlens="part" data-role="${role}">${stretch}</mark>`);
    }
    if (j < hi) body.push(escapeHtml(ctx.text.slice(words[j]!.endingPos, words[j + 1]!.startingPos)));
    i = j + 1;
  }
  if (tuple.confidence !== undefined) body.push(`<span class="tl-score">${escapeHtml(formatScore(tuple.confidence))}</span>`);
  // No aria-label: the roles are generated content (::before), which browsers read out with the words.
  out.push(`${open}>${body.join('')}</li>`);
}

function renderTuples(ctx: RenderContext, style: 'relations' | 'properties', tuples: Tuple[]): string[] {
  const caption = style === 'relations' ? 'Relations' : 'Properties';
  if (tuples.length === 0) return block(style, caption, empty(style, 'request the relations extractor'));
  const bySentence = new Map<number, Tuple[]>();
  for (const t of tuples) {
    const list = bySentence.get(t.sentencePosition);
    if (list) list.push(t);
    else bySentence.set(t.sentencePosition, [t]);
  }
  const sections = new Chunks();
  let shown = 0;
  for (const [position, list] of [...bySentence].sort((a, b) => a[0] - b[0])) {
    const sw = ctx.sentences.get(position);
    if (!sw) continue;
    const words = sw.sentence.words;
    const sentenceText = words.length > 0 ? ctx.text.slice(words[0]!.startingPos, words[words.length - 1]!.endingPos) : '';
    shown++;
    sections.push(
      `<section class="tl-sentence" data-textlens="sentence"${attributes({ 'data-sentence-position': position, 'aria-label': `Sentence ${position + 1}` })}>` +
        `<p class="tl-sentence-text">${escapeHtml(sentenceText)}</p>` +
        `<ol class="tl-list">${tuplesHtml(ctx, sw, list)}</ol></section>`,
    );
  }
  // Tuples are numbered within sentences; without the words there is nothing to show them on.
  if (shown === 0) return block(style, caption, empty(`sentences to show the ${style} on`, 'request the words extractor too'));
  return block(style, caption, sections.pieces());
}

function tuplesHtml(ctx: RenderContext, sw: SentenceWords, list: readonly Tuple[]): string {
  const out: string[] = [];
  for (const t of list) renderTuple(ctx, sw, t, out);
  return out.join('');
}

export function renderRelations(ctx: RenderContext): string[] {
  return renderTuples(ctx, 'relations', (ctx.response.response?.relations ?? []).map(relationTuple));
}

export function renderProperties(ctx: RenderContext): string[] {
  return renderTuples(ctx, 'properties', (ctx.response.response?.properties ?? []).map(propertyTuple));
}
