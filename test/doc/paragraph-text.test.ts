import { describe, expect, it } from 'vitest';
import { editedProse, paragraphs, pick, random, wrap } from '../../training/sentences/paragraph-text.js';
import { layouts } from '../../training/sentences/wrapped-eval.js';
import { parseConllu } from '../../src/eval/conllu.js';

describe('paragraph text for the sentence segmenter', () => {
  it('wraps at spaces only, so every offset and every other character stays', () => {
    const para = 'The committee met on Tuesday. It voted to extend the programme by two years, officials said.';
    for (const width of [20, 30, 45, 60]) {
      const w = wrap(para, width);
      expect(w.length).toBe(para.length);
      expect(w.replace(/\n/g, ' ')).toBe(para);
      for (const line of w.split('\n')) expect(line.length).toBeLessThanOrEqual(width);
    }
    // a word longer than the width stays whole on a line of its own
    expect(wrap('see https://example.org/a/very/long/path/indeed now', 10)).toBe('see\nhttps://example.org/a/very/long/path/indeed\nnow');
  });

  it('groups items in order into runs within the range, the same way for the same seed', () => {
    const items = Array.from({ length: 40 }, (_, i) => i);
    const a = paragraphs(items, { min: 3, max: 8 }, random(7));
    expect(a.flat()).toEqual(items);
    for (const p of a.slice(0, -1)) expect(p.length).toBeGreaterThanOrEqual(3);
    for (const p of a) expect(p.length).toBeLessThanOrEqual(8);
    expect(paragraphs(items, { min: 3, max: 8 }, random(7))).toEqual(a);
    expect(paragraphs(items, { min: 5, max: 5 }, random(1)).map((p) => p.length)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    const rnd = random(3);
    const widths = new Set(Array.from({ length: 500 }, () => pick({ min: 60, max: 80 }, rnd)));
    expect(Math.min(...widths)).toBe(60);
    expect(Math.max(...widths)).toBe(80);
    expect(widths.size).toBe(21);
  });

  it('tells edited prose from web text by how a sentence starts and ends and its length', () => {
    expect(editedProse('The committee met on Tuesday.')).toBe(true);
    expect(editedProse('"We will appeal," she said.')).toBe(true);
    expect(editedProse('“Is it over?” he asked.”')).toBe(true);
    expect(editedProse('1999 was a good year (for some).')).toBe(true);
    expect(editedProse('He left (after the vote.)')).toBe(true);
    expect(editedProse('thanks for the help everyone.')).toBe(false); // lower-case start
    expect(editedProse('Great service, will come back')).toBe(false); // no full stop
    expect(editedProse('Thanks a lot!')).toBe(false); // three words
    expect(editedProse('See you - , then ...')).toBe(false); // three words with letters
  });

  it('lays the same sentences out wrapped, one paragraph a line and one sentence a line', () => {
    const conllu = ['First one here.', 'Second one here.', 'Third one here.', 'Fourth one here.']
      .map((t, i) => `# sent_id = s${i}\n# text = ${t}\n${t.split(' ').map((w, j) => `${j + 1}\t${w}\t_\t_\t_\t_\t0\t_\t_\t_`).join('\n')}\n`)
      .join('\n');
    const l = layouts(parseConllu(conllu), { group: { min: 2, max: 2 }, width: { min: 20, max: 20 } });
    expect(l.lines).toBe('First one here.\nSecond one here.\nThird one here.\nFourth one here.\n');
    expect(l.paragraphs).toBe('First one here. Second one here.\nThird one here. Fourth one here.\n');
    expect(l.wrapped).toBe('First one here.\nSecond one here.\n\nThird one here.\nFourth one here.\n');
  });
});
