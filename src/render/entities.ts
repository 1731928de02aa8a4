/**
 * Style `entities`: the document's text with each entity's span marked, its
 * type as a label after it, and type, link, confidence on hover and on
 * keyboard focus. Entities from a custom dictionary are marked apart (their
 * own colour, a dashed underline and a star, so not by colour alone).
 *
 * The text container's textContent is exactly the document: labels and
 * tooltips are CSS generated content, and the screen-reader descriptions sit
 * outside it (aria-describedby).
 */
import type { Entity } from '../types.js';
import { block, empty, type RenderContext } from './context.js';
import { attributes, escapeHtml, formatScore } from './html.js';

/** The colour class of an entity: the first of its types that names a family. */
const TYPE_CLASSES: ReadonlyArray<[RegExp, string]> = [
  [/^(Person|PERSON|PER|Human)$/, 'tl-person'],
  [/^(Place|Location|LOC|GPE|PopulatedPlace|Settlement|City|Country|Region|Continent)$/, 'tl-place'],
  [/^(Organisation|Organization|ORG|Company|Agency|Institution)$/, 'tl-organisation'],
  [/^(Date|Time|TimePeriod|DATE|TIME|Year|Month)$/, 'tl-time'],
];

function typeClass(types: readonly string[]): string {
  for (const [pattern, cls] of TYPE_CLASSES) if (types.some((t) => pattern.test(t))) return cls;
  return 'tl-other';
}

/** The entity's link: the spec's encyclopediaLink, or the hosted shape's wikiLink. */
function linkOf(entity: Entity): string | undefined {
  return entity.encyclopediaLink ?? ((entity as { wikiLink?: unknown }).wikiLink as string | undefined);
}

/** The id a program looks an entity up by: its knowledge-base id, else its dictionary entry's id. */
export function entityKey(entity: Entity): string {
  return entity.entityId ?? entity.customEntityId ?? '';
}

/** One line for people: what the entity is, where it links, how sure. */
function describe(entity: Entity, text: string): string {
  const parts = [`${text}: ${entity.type.length > 0 ? entity.type.join(', ') : 'entity'}`];
  if (entity.customEntityId !== undefined) parts.push(`custom dictionary entry ${entity.customEntityId}`);
  else if (entity.entityId !== undefined) parts.push(`linked to ${entity.entityId}`);
  const link = linkOf(entity);
  if (link) parts.push(link);
  parts.push(`confidence ${formatScore(entity.confidenceScore)}`);
  return parts.join(' · ');
}

interface Span {
  entity: Entity;
  /** Index in the response's list. */
  index: number;
  start: number;
  end: number;
}

export function renderEntities(ctx: RenderContext): string[] {
  const entities = ctx.response.response?.entities;
  if (!entities || entities.length === 0) return block('entities', 'Entities', empty('entities', 'request the entities extractor'));
  const text = ctx.text;
  const length = text.length;
  const spans: Span[] = entities.map((entity, index) => {
    const start = Math.max(0, Math.min(length, entity.startingPos));
    return { entity, index, start, end: Math.max(start, Math.min(length, entity.endingPos)) };
  });
  // Outer spans first where two start together, so nested ones nest.
  const order = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || a.index - b.index);

  const out: string[] = [];
  const details: string[] = [];
  let cursor = 0;
  const emitText = (to: number) => {
    if (to > cursor) out.push(escapeHtml(text.slice(cursor, to)));
    cursor = Math.max(cursor, to);
  };
  const classes = (span: Span) => `tl-entity ${typeClass(span.entity.type)}${span.entity.customEntityId !== undefined ? ' tl-custom' : ''}`;
  const open = (span: Span) => {
    const e = span.entity;
    const detailId = ctx.id(`e${span.index}`);
    const matched = text.slice(span.start, span.end);
    const tip = describe(e, matched);
    details.push(`<span id="${escapeHtml(detailId)}">${escapeHtml(tip)}</span>`);
    out.push(
      `<mark${attributes({
        class: classes(span),
        'data-textlens': 'entity',
        'data-entity-id': entityKey(e),
        'data-entity-index': span.index,
        'data-type': e.type[0] ?? '',
        'data-custom': e.customEntityId !== undefined,
        'data-tip': tip,
        tabindex: 0,
        'aria-describedby': detailId,
      })}>`,
    );
  };
  // A span that crosses another's end is closed there and goes on in a continuation
  // element (same data-entity-index), so the HTML stays well nested and each entity
  // still has exactly one `entity` element.
  const reopen = (span: Span) =>
    out.push(`<mark${attributes({ class: `${classes(span)} tl-entity-continued`, 'data-textlens': 'entity-continued', 'data-entity-index': span.index })}>`);

  const stack: Span[] = [];
  let k = 0;
  while (k < order.length || stack.length > 0) {
    const nextStart = k < order.length ? order[k]!.start : Infinity;
    let nextEnd = Infinity;
    for (const s of stack) nextEnd = Math.min(nextEnd, s.end);
    if (nextEnd <= nextStart) {
      emitText(nextEnd);
      const crossing: Span[] = [];
      while (stack.some((s) => s.end === nextEnd)) {
        const top = stack.pop()!;
        out.push('</mark>');
        if (top.end !== nextEnd) crossing.push(top);
      }
      for (let i = crossing.length - 1; i >= 0; i--) {
        reopen(crossing[i]!);
        stack.push(crossing[i]!);
      }
    } else {
      emitText(nextStart);
      open(order[k]!);
      stack.push(order[k]!);
      k++;
    }
  }
  emitText(length);

  const body =
    `<div class="tl-text" data-textlens="text">${out.join('')}</div>` +
    `<div hidden data-textlens="entity-details">${details.join('')}</div>`;
  return block('entities', 'Entities', body);
}
