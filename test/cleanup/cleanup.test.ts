import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanup } from '../../src/cleanup/index.js';

const article = readFileSync(new URL('../fixtures/html/article.html', import.meta.url), 'utf8');

describe('cleanup raw', () => {
  it('returns the input unchanged, markup included', () => {
    expect(cleanup(article, 'raw').text).toBe(article);
    expect(cleanup('  a <b>b</b>  ', 'raw', { useMetadata: true })).toEqual({ text: '  a <b>b</b>  ' });
  });
});

describe('cleanup stripTags', () => {
  it('removes tags, decodes entities and turns blocks into lines and paragraphs', () => {
    const html = '<div>One &amp; two</div><div>three</div><p>Para&nbsp;one,   spaced.</p><p>Line<br>break &eacute;&#233;&#x E9;</p><ul><li>a</li><li>b</li></ul>';
    expect(cleanup(html, 'stripTags').text).toBe('One & two\nthree\n\nPara one, spaced.\n\nLine\nbreak éé&#x E9;\n\na\nb');
  });

  it('drops script, style, noscript, template and comments', () => {
    const html = '<p>keep</p><script>var x = "<p>no</p>";</script><style>p{}</style><noscript>no js</noscript><template><p>tpl</p></template><!-- secret --><p>also</p>';
    expect(cleanup(html, 'stripTags').text).toBe('keep\n\nalso');
  });

  it('keeps the lines of <pre>', () => {
    expect(cleanup('<pre>a  b\nc</pre>', 'stripTags').text).toBe('a b\nc');
  });

  it('keeps all visible text of a page, boilerplate included', () => {
    const text = cleanup(article, 'stripTags').text;
    expect(text).toContain('Otters have been seen along the upper Thames');
    expect(text).toContain('Most read');
    expect(text).toContain('© 2021 The Riverside Gazette');
    expect(text).not.toContain('window.tracker');
    expect(text).not.toContain('font-family');
    expect(text).not.toContain('editor');
    expect(text).not.toMatch(/\n\n\n/);
  });
});

describe('cleanup cleanHTML', () => {
  const { text } = cleanup(article, 'cleanHTML');

  it('keeps the article, its headline and subheadings as paragraphs', () => {
    const paragraphs = text.split('\n\n');
    expect(paragraphs[0]).toBe('River Otters Return to the Thames');
    expect(paragraphs).toContain('Cleaner water');
    expect(text).toContain('Otters have been seen along the upper Thames for the first time in fifty years');
    expect(text).toContain('“It is a remarkable comeback,” said Dr Amira Patel');
    expect(text).toContain('phosphate levels have fallen sharply since the 1980s — and to a ban');
  });

  it('leaves out navigation, ads, share links, sidebar, footer and byline', () => {
    for (const boilerplate of ['Sport', 'Advertisement', 'Share on', 'Most read', 'bakery', 'All rights reserved', 'By Jane Doe', 'editor']) {
      expect(text).not.toContain(boilerplate);
    }
  });

  it('can leave the headline out', () => {
    const body = cleanup(article, 'cleanHTML', { includeHeadline: false }).text;
    expect(body.startsWith('Otters have been seen')).toBe(true);
  });
});

describe('metadata', () => {
  it('reads title and description when useMetadata is set', () => {
    expect(cleanup(article, 'cleanHTML', { useMetadata: true }).metadata).toEqual({
      title: 'River Otters Return to the Thames & Its Tributaries',
      description: 'Otters are back in the Thames after fifty years.',
    });
    expect(cleanup(article, 'stripTags').metadata).toBeUndefined();
  });

  it('falls back to Open Graph tags', () => {
    const html = '<head><meta property="og:title" content="OG title"><meta property="og:description" content="OG desc"></head><p>x</p>';
    expect(cleanup(html, 'stripTags', { useMetadata: true }).metadata).toEqual({ title: 'OG title', description: 'OG desc' });
  });

  it('ignores an SVG title', () => {
    const html = '<body><svg><title>icon</title></svg><p>text</p></body>';
    expect(cleanup(html, 'stripTags', { useMetadata: true }).metadata).toEqual({});
  });
});

describe('robustness', () => {
  it.each([
    ['empty', ''],
    ['whitespace', '   \n\t '],
    ['unclosed tags', '<div><p>one<p>two<span>three'],
    ['stray <', 'a < b and c <d e> f <<p>x'],
    ['broken entities', '&amp &nosuch; &#xZZ; &#99999999; &'],
    ['unbalanced close', '</div></p>text</body></html>'],
    ['comment never closed', '<p>a</p><!-- never closed <p>b</p>'],
    ['plain text', 'Just a sentence with no markup.'],
  ])('%s does not throw', (_name, html) => {
    for (const mode of ['stripTags', 'cleanHTML'] as const) {
      const r = cleanup(html, mode, { useMetadata: true });
      expect(typeof r.text).toBe('string');
    }
  });

  it('gives empty text for empty input', () => {
    expect(cleanup('', 'stripTags').text).toBe('');
    expect(cleanup('', 'cleanHTML').text).toBe('');
  });

  it('still finds text in malformed HTML', () => {
    expect(cleanup('<div><p>one<p>two<span>three', 'stripTags').text).toBe('one\n\ntwothree');
    expect(cleanup('a < b and c', 'stripTags').text).toBe('a < b and c');
    expect(cleanup('Just a sentence with no markup.', 'cleanHTML').text).toBe('Just a sentence with no markup.');
  });
});

describe('hostile nesting', () => {
  it('keeps the text of 30,000 nested elements without overflowing the stack', () => {
    const html = '<div>'.repeat(15000) + '<p>deep <script>x()</script>text</p>' + '</div>'.repeat(15000) + '<b>'.repeat(30000) + 'bold';
    for (const mode of ['stripTags', 'cleanHTML'] as const) {
      const { text } = cleanup(html, mode);
      expect(text).toContain('deep text');
      expect(text).not.toContain('x()');
    }
    expect(cleanup('<b>'.repeat(30000) + 'bold', 'stripTags').text).toBe('bold');
  });
});
