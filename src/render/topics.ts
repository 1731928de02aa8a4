/**
 * Style `topics`: the topics and the coarse topics as compact ranked lists,
 * each topic with its score as a number and as a bar, linked where the
 * response links it. Only the first `maxTopics` of each list are shown.
 */
import type { Topic } from '../types.js';
import { block, empty, type RenderContext } from './context.js';
import { attributes, escapeHtml, formatScore } from './html.js';

function renderList(topics: readonly Topic[], max: number, label: string): string {
  const items = topics.slice(0, max).map((t) => {
    const score = Math.max(0, Math.min(1, Number(t.score) || 0));
    const link = t.encyclopediaLink ?? t.wikiLink;
    const name = link && /^https?:\/\//i.test(link) ? `<a${attributes({ href: link, rel: 'noopener noreferrer' })}>${escapeHtml(t.label)}</a>` : escapeHtml(t.label);
    return (
      `<li${attributes({ 'data-textlens': 'topic', 'data-topic-id': t.id, 'data-score': t.score })}>` +
      `<span class="tl-topic-label">${name}</span>` +
      `<span class="tl-bar" aria-hidden="true" style="--tl-score:${score}"></span>` +
      `<span class="tl-score">${escapeHtml(formatScore(t.score))}</span></li>`
    );
  });
  const more = topics.length > max ? `<p class="tl-empty">${topics.length - max} more not shown.</p>` : '';
  return `<ol class="tl-topics"${attributes({ 'aria-label': label })}>${items.join('')}</ol>${more}`;
}

export function renderTopics(ctx: RenderContext): string[] {
  const payload = ctx.response.response;
  const topics = payload?.topics ?? [];
  const coarse = payload?.coarseTopics ?? [];
  if (topics.length === 0 && coarse.length === 0) return block('topics', 'Topics', empty('topics', 'request the topics extractor'));
  let body = topics.length > 0 ? renderList(topics, ctx.maxTopics, 'Topics') : '';
  if (coarse.length > 0) body += `<p class="tl-caption" aria-hidden="true">Coarse topics</p>${renderList(coarse, ctx.maxTopics, 'Coarse topics')}`;
  return block('topics', 'Topics', body);
}
