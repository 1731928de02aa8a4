/**
 * render(): structure on a fixed response (one `entity` element per entity,
 * one `arc` per word that has a head, the text container's text equal to the
 * document), untrusted text and ids kept inert, code-point offsets with
 * astral characters, overlapping entities, both response shapes, and the
 * fragment fetching nothing. Parsed with cheerio (a dependency already),
 * as a browser would parse the string.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { load, type CheerioAPI } from 'cheerio';
import { availableStyles, render, renderElement, renderPage, RENDER_STYLES } from '../../src/render/index.js';
import type { AnalyzeResponse, Entity, Sentence, Word } from '../../src/types.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/render/response.json', import.meta.url), 'utf8')) as AnalyzeResponse;
const payload = fixture.response!;

const $of = (html: string): CheerioAPI => load(html, null, false);

/** A word at code-point offsets [start, end) of `text`. */
function word(text: string, position: number, start: number, end: number, head?: number, label?: string): Word {
  return { position, startingPos: start, endingPos: end, token: [...text].slice(start, end).join(''), parentPosition: head, relationToParent: label };
}

function entity(id: number, text: string, start: number, end: number, extra: Partial<Entity> = {}): Entity {
  return {
    id,
    sentencePosition: 0,
    confidenceScore: 0.5,
    type: ['Person'],
    kbTwoTypes: [],
    matchingTokens: [],
    matchedText: [...text].slice(start, end).join(''),
    startingPos: start,
    endingPos: end,
    data: {},
    relevanceScore: 0.5,
    ...extra,
  };
}

function response(text: string, fields: Partial<NonNullable<AnalyzeResponse['response']>>): AnalyzeResponse {
  return { time: 0, ok: true, error: '', message: '', response: { language: 'eng', languageIsReliable: true, cleanedText: text, ...fields } };
}

describe('render on a fixed response', () => {
  const html = render(fixture, { idPrefix: 'fixed' });
  const $ = $of(html);

  it('draws every style the response has, in order', () => {
    expect(availableStyles(fixture)).toEqual(['entities', 'dependency-trees', 'relations', 'properties', 'topics']);
    expect($('[data-textlens=root]').attr('data-styles')).toBe('entities dependency-trees relations properties topics');
    expect($('section.tl-block').map((_, el) => $(el).attr('data-textlens')).get()).toEqual([...RENDER_STYLES]);
  });

  it('has one entity element per entity, with its ids, and the document as the text', () => {
    const marks = $('[data-textlens=entity]');
    expect(marks).toHaveLength(payload.entities!.length);
    expect(marks.map((_, el) => Number($(el).attr('data-entity-index'))).get().sort((a, b) => a - b)).toEqual(payload.entities!.map((e) => e.id));
    for (const e of payload.entities!) {
      const mark = $(`[data-textlens=entity][data-entity-index="${e.id}"]`);
      expect(mark.attr('data-entity-id')).toBe(e.entityId ?? e.customEntityId ?? '');
      expect(mark.text()).toBe(e.matchedText);
      expect(mark.attr('tabindex')).toBe('0');
      // The screen-reader description names the type and the confidence.
      const described = $(`[id="${mark.attr('aria-describedby')}"]`).text();
      expect(described).toContain(e.type[0]);
      expect(described).toMatch(/confidence/);
    }
    expect($('[data-textlens=text]').text()).toBe(payload.cleanedText);
  });

  it('marks the custom-dictionary entity apart from the others', () => {
    const custom = payload.entities!.filter((e) => e.customEntityId !== undefined);
    expect(custom.length).toBeGreaterThan(0);
    expect($('[data-textlens=entity][data-custom]')).toHaveLength(custom.length);
    expect($('.tl-custom').attr('data-entity-id')).toBe('bolt-"x"');
  });

  it('draws one arc per word with a head, labelled, per sentence', () => {
    const blocks = $('[data-textlens=dependency-trees] [data-textlens=sentence]');
    expect(blocks).toHaveLength(payload.sentences!.length);
    payload.sentences!.forEach((s, i) => {
      const block = blocks.eq(i);
      expect(block.attr('data-sentence-position')).toBe(String(s.position));
      const withHead = s.words.filter((w) => w.parentPosition !== undefined);
      expect(withHead.length).toBe(s.words.length - 1); // one root per sentence in this parse
      const arcs = block.find('[data-textlens=arc]');
      expect(arcs).toHaveLength(withHead.length);
      expect(arcs.map((_, el) => `${$(el).attr('data-dependent')}:${$(el).attr('data-label')}`).get().sort()).toEqual(
        withHead.map((w) => `${w.position}:${w.relationToParent}`).sort(),
      );
      expect(block.find('[data-textlens=word]').map((_, el) => $(el).text()).get()).toEqual(s.words.map((w) => w.token));
    });
  });

  it('marks each relation and property with its predicate and arguments', () => {
    const relations = $('[data-textlens=relation]');
    expect(relations).toHaveLength(payload.relations!.length);
    const first = relations.eq(0);
    expect(first.find('[data-role=predicate]').text()).toBe('visited');
    expect(first.find('[data-role=subject]').text()).toBe('Tim Cook');
    expect(first.find('[data-role=object]').text()).toBe('London');
    expect(first.find('[data-textlens=part]').map((_, el) => $(el).attr('data-role')).get()).toEqual(['subject', 'predicate', 'object', 'other']);
    expect(first.text()).toBe('Tim Cook visited London on Tuesday 😀1');
    expect($('[data-textlens=property]')).toHaveLength(payload.properties!.length);
    expect($('[data-textlens=property] [data-role=focus]').text()).toBe('Scooter');
  });

  it('lists the topics with their scores', () => {
    const topics = $('[data-textlens=topics] ol').first().find('[data-textlens=topic]');
    expect(topics).toHaveLength(payload.topics!.length);
    expect(topics.first().attr('data-topic-id')).toBe(payload.topics![0]!.id);
    expect(topics.first().find('.tl-score').text()).toBe(String(payload.topics![0]!.score));
  });

  it('fetches nothing: no script, no src, no url(), no @import, no external font', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(|@import|@font-face/i);
    const page = renderPage(fixture);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
  });

  it('renders the same string for the same response and id prefix', () => {
    expect(render(fixture, { idPrefix: 'fixed' })).toBe(html);
  });
});

describe('untrusted text and ids', () => {
  const text = `Say <script>alert("x")</script> to "O'Neil" & <b onclick='x'>Bob</b>.`;
  const cps = [...text];
  const start = cps.indexOf('O') - 1;
  const id = `a"b' onmouseover="alert(1)" <i>`;
  const res = response(text, {
    entities: [entity(0, text, start, start + 8, { entityId: id, type: ['"><svg onload=alert(1)>'], encyclopediaLink: 'javascript:alert(1)' })],
    topics: [{ id: '"t', label: '<img src=x>', score: 0.5, encyclopediaLink: 'javascript:alert(1)' }],
  });
  const html = render(res);
  const $ = $of(html);

  it('comes out as text, never as markup', () => {
    expect(html).not.toMatch(/<script|<b |<svg onload|<img|<i>/);
    expect($('script, b, img, i, [onclick], [onmouseover], [onload]')).toHaveLength(0);
    expect($('[data-textlens=text]').text()).toBe(text);
  });

  it('keeps attribute values intact', () => {
    const mark = $('[data-textlens=entity]');
    expect(mark.attr('data-entity-id')).toBe(id);
    expect(mark.attr('data-type')).toBe('"><svg onload=alert(1)>');
    expect(mark.text()).toBe(`"O'Neil"`);
  });

  it('links only http(s) addresses', () => {
    expect($('a')).toHaveLength(0);
    expect($('[data-textlens=topic]').text()).toContain('<img src=x>');
  });

  it('refuses theme values that could end the declaration or fetch', () => {
    expect(() => render(res, { theme: { '--textlens-fg': 'red;background:url(http://x)' } })).toThrow(/may not contain/);
    expect(() => render(res, { theme: { 'color': 'red' } })).toThrow(/not a CSS variable/);
    expect($of(render(res, { theme: { '--textlens-person': '#fdd' } }))('.textlens').attr('style')).toBe('--textlens-person:#fdd');
  });

  it('shows an error response as an alert, escaped', () => {
    const $e = $of(render({ time: 0, ok: false, error: 'bad <b>thing</b>', message: '' }));
    expect($e('[role=alert]').text()).toBe('Analysis failed: bad <b>thing</b>');
    expect($e('b')).toHaveLength(0);
  });
});

describe('code-point offsets', () => {
  // 😀 and 𝒜 are two UTF-16 units each and one position; 👍🏽 is two code points.
  const text = '😀 Tim Cook met 👍🏽 𝒜lice in Zürich.';
  const at = (s: string) => [...text.slice(0, text.indexOf(s))].length;
  const span = (s: string): [number, number] => [at(s), at(s) + [...s].length];

  it('marks the right characters after astral ones', () => {
    const names = ['Tim Cook', '𝒜lice', 'Zürich'];
    const res = response(text, { entities: names.map((n, i) => entity(i, text, ...span(n))) });
    const $ = $of(render(res));
    expect($('[data-textlens=entity]').map((_, el) => $(el).text()).get()).toEqual(names);
    expect($('[data-textlens=text]').text()).toBe(text);
  });

  it('rebuilds the text from the words when the response has no cleanedText', () => {
    const tokens = ['😀', 'Tim', 'Cook', 'met', '👍🏽', '𝒜lice', 'in', 'Zürich', '.'];
    let from = 0;
    const words = tokens.map((t, i) => {
      const start = [...text.slice(0, text.indexOf(t, from))].length;
      from = text.indexOf(t, from) + t.length;
      return word(text, i, start, start + [...t].length);
    });
    const res = response(text, { sentences: [{ position: 0, words }], entities: [entity(0, text, ...span('𝒜lice'))] });
    delete res.response!.cleanedText;
    const $ = $of(render(res, { style: 'entities' }));
    expect($('[data-textlens=entity]').text()).toBe('𝒜lice');
    // Single spaces between the tokens here, so the rebuilt text is the text.
    expect($('[data-textlens=text]').text()).toBe(text);
  });
});

describe('overlapping entities', () => {
  const text = 'New York City Marathon runners';
  it('nest when one holds the other, and continue across a crossing, one entity element each', () => {
    const res = response(text, {
      entities: [entity(0, text, 0, 13), entity(1, text, 0, 8), entity(2, text, 9, 22), entity(3, text, 0, 13, { customEntityId: 'nyc' })],
    });
    const $ = $of(render(res));
    expect($('[data-textlens=entity]')).toHaveLength(4);
    expect($('[data-textlens=text]').text()).toBe(text);
    // Entity 2 (City Marathon) starts inside entity 0 and ends after it: its text is split over two elements.
    const parts = $('[data-entity-index=2]').map((_, el) => $(el).text()).get();
    expect(parts.join('')).toBe('City Marathon');
    expect($('[data-textlens=entity-continued][data-entity-index=2]').text()).toBe(' Marathon');
    for (const i of [0, 1, 3]) expect($(`[data-textlens=entity][data-entity-index=${i}]`).text()).toBe(text.slice(0, i === 1 ? 8 : 13));
  });
});

describe('both response shapes', () => {
  // The hosted shape (textlens serve's default) numbers words across the document.
  const text = 'Dogs bark. Cats sleep.';
  const sentences: Sentence[] = [
    { position: 0, words: [word(text, 0, 0, 4, 1, 'nsubj'), word(text, 1, 5, 9), word(text, 2, 9, 10, 1, 'punct')] },
    { position: 1, words: [word(text, 3, 11, 15, 4, 'nsubj'), word(text, 4, 16, 21), word(text, 5, 21, 22, 4, 'punct')] },
  ];
  const res = response(text, {
    sentences,
    relations: [{ id: 0, sentencePosition: 1, wordPositions: [4], params: [{ relation: 'SUBJECT', wordPositions: [3] }], confidence: 0.9 }],
  });

  it('draws arcs and relations from document-wide positions', () => {
    const $ = $of(render(res));
    const second = $('[data-textlens=dependency-trees] [data-textlens=sentence]').eq(1);
    expect(second.find('[data-textlens=arc]').map((_, el) => $(el).attr('data-label')).get().sort()).toEqual(['nsubj', 'punct']);
    expect($('[data-textlens=relation] [data-role=subject]').text()).toBe('Cats');
    expect($('[data-textlens=relation] [data-role=predicate]').text()).toBe('sleep');
  });

  it('says what to request for a style the response has nothing for', () => {
    const $ = $of(render(res, { style: ['entities', 'topics'] }));
    expect($('.tl-empty').map((_, el) => $(el).text()).get()).toEqual([
      'No entities in this response (request the entities extractor).',
      'No topics in this response (request the topics extractor).',
    ]);
    expect(() => render(res, { style: 'entities,trees' })).toThrow(/unknown render style "trees": the styles are entities, dependency-trees/);
  });
});

describe('renderElement', () => {
  it('needs a DOM document, and says to use render() in Node', () => {
    expect(() => renderElement(fixture)).toThrow(/in Node use render\(\)/);
  });
});

describe('the render folder', () => {
  it('imports nothing but its own modules (and types), so its compiled files run in a browser as they are', () => {
    const dir = new URL('../../src/render/', import.meta.url);
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      for (const m of source.matchAll(/^((?:import|export)\s+(?:type\s+)?[^;]*?from\s+'([^']+)')/gms)) {
        const [, statement = '', from = ''] = m;
        const ok = /^\.\/[\w-]+\.js$/.test(from) || (statement.startsWith('import type') && from === '../types.js');
        expect(ok, `${name}: ${statement}`).toBe(true);
      }
      expect(source, name).not.toMatch(/\bimport\(|require\(|node:/);
    }
  });
});
