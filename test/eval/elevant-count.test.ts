import { describe, expect, it } from 'vitest';
import { createSegmenter } from '../../src/doc/sentences.js';
import { isElevantCoreference, qidSummary, readElevant } from '../../src/eval/el.js';
import { countDocument, goldMentions, widenToWords, type GoldLabel, type PredictedLink } from '../../src/eval/elevant-count.js';

/** Span of the first occurrence of `part` in `text` (code points; the texts here are ASCII). */
const at = (text: string, part: string): [number, number] => {
  const i = text.indexOf(part);
  if (i < 0) throw new Error(`${part} not in ${text}`);
  return [i, i + part.length];
};
const label = (text: string, part: string, qid: string, more: Partial<GoldLabel> = {}): GoldLabel => {
  const [start, end] = at(text, part);
  return { start, end, qid, optional: false, ...more };
};
const link = (text: string, part: string, qid: string): PredictedLink => {
  const [start, end] = at(text, part);
  return { start, end, qid };
};
const count = (text: string, labels: GoldLabel[], links: PredictedLink[]) => {
  const c = countDocument([...text], labels, links, [0, text.length]);
  return { tp: c.tp, fp: c.fp, fn: c.fn };
};

describe('ELEVANT counting of one document', () => {
  const poet = 'She is an American poet.';
  // "American": the country, or (the child label, same span) the people.
  const alternatives = [label(poet, 'American', 'Q30'), label(poet, 'American', 'Q846570', { parent: 0 })];

  it('counts alternatives on one span once: either entity is right, a third is one miss and one false link', () => {
    expect(count(poet, alternatives, [link(poet, 'American', 'Q30')])).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(count(poet, alternatives, [link(poet, 'American', 'Q846570')])).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(count(poet, alternatives, [link(poet, 'American', 'Q99')])).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(count(poet, alternatives, [])).toEqual({ tp: 0, fp: 0, fn: 1 });
  });

  const louis = 'Louis VIII, Landgrave of Hesse ruled.';
  const whole = 'Louis VIII, Landgrave of Hesse';
  const parts = [
    label(louis, whole, 'Q1'),
    label(louis, 'Louis VIII', 'Q1', { parent: 0 }),
    label(louis, 'Landgrave', 'Q2', { parent: 0 }),
    label(louis, 'Hesse', 'Q3', { parent: 0 }),
  ];

  it('counts a name with labelled parts once: the whole, or every part, right', () => {
    expect(count(louis, parts, [link(louis, whole, 'Q1')])).toEqual({ tp: 1, fp: 0, fn: 0 });
    const all = [link(louis, 'Louis VIII', 'Q1'), link(louis, 'Landgrave', 'Q2'), link(louis, 'Hesse', 'Q3')];
    expect(count(louis, parts, all)).toEqual({ tp: 1, fp: 0, fn: 0 });
    // One part right and the others left out: the name is missed (once), nothing is false.
    expect(count(louis, parts, [link(louis, 'Louis VIII', 'Q1')])).toEqual({ tp: 0, fp: 0, fn: 1 });
    // A part linked wrong: one miss for the name, one false link.
    expect(count(louis, parts, [link(louis, 'Landgrave', 'Q9')])).toEqual({ tp: 0, fp: 1, fn: 1 });
  });

  it('counts a part of a span without an entity only when it is linked', () => {
    const s = 'The school officials said no.';
    const labels = [label(s, 'school officials', ''), label(s, 'officials', 'Q5', { parent: 0 })];
    expect(count(s, labels, [])).toEqual({ tp: 0, fp: 0, fn: 0 });
    expect(count(s, labels, [link(s, 'officials', 'Q5')])).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(count(s, labels, [link(s, 'school officials', 'Q7')])).toEqual({ tp: 0, fp: 1, fn: 0 });
  });

  it('leaves optional labels out unless linked wrong, and counts links on no gold span inside the window', () => {
    const s = 'Ann met Bob in Rome.';
    const labels = [label(s, 'Ann', 'Q1', { optional: true }), label(s, 'Rome', 'Q220')];
    expect(count(s, labels, [link(s, 'Ann', 'Q1'), link(s, 'Rome', 'Q220')])).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(count(s, labels, [link(s, 'Ann', 'Q2')])).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(count(s, labels, [link(s, 'Bob', 'Q3')])).toEqual({ tp: 0, fp: 1, fn: 1 });
    // Outside the evaluation window a link on no gold span does not count.
    const c = countDocument([...s], labels, [link(s, 'Bob', 'Q3')], [12, s.length]);
    expect(c.fp).toBe(0);
  });

  it('matches a link on the gold span widened to word boundaries', () => {
    const s = "Albert's birthplace is Ulm.";
    expect(widenToWords(0, 6, [...s])).toEqual([0, 8]);
    expect(widenToWords(0, 6, [...'Soviet-backed rule.'])).toEqual([0, 6]);
    expect(count(s, [label(s, 'Albert', 'Q937')], [link(s, "Albert's", 'Q937')])).toEqual({ tp: 1, fp: 0, fn: 0 });
  });

  it('lists one gold mention per tree with the QIDs right at its span', () => {
    expect(goldMentions([...poet], alternatives)).toEqual([{ label: 0, qids: ['Q30', 'Q846570'] }]);
    expect(goldMentions([...louis], parts)).toEqual([{ label: 0, qids: ['Q1'] }]);
  });

  it('reads the trees of an ELEVANT file: parent ids become indices, labels without a QID have none', async () => {
    const [d] = await readElevant(new URL('../fixtures/kb/elevant-tree.benchmark.jsonl', import.meta.url).pathname, await createSegmenter());
    expect(d.gold).toEqual([
      { start: 10, end: 18, qid: 'Q30', optional: false },
      { start: 10, end: 18, qid: 'Q846570', optional: false, parent: 0 },
      { start: 19, end: 23, qid: '', optional: false },
    ]);
  });

  it("reads a label without a coref field as ELEVANT does: a pronoun or a common-noun phrase is coreference, not gold", async () => {
    const [, d] = await readElevant(new URL('../fixtures/kb/elevant-tree.benchmark.jsonl', import.meta.url).pathname, await createSegmenter());
    // "He", "the nation" optional; "US" (capitals), "his Party" (a capital after the possessive) and "she" (coref: false) count
    expect(d.gold.map((g) => g.optional)).toEqual([true, true, false, false, false]);
    expect(isElevantCoreference('His')).toBe(true);
    expect(isElevantCoreference('IT')).toBe(false);
    expect(isElevantCoreference('I')).toBe(true);
    expect(isElevantCoreference('the Duchess')).toBe(false);
    expect(isElevantCoreference('those islands')).toBe(true);
    expect(isElevantCoreference('Theresa May')).toBe(false);
  });

  it('sums a benchmark up in one name=value line', () => {
    const line = qidSummary({
      documents: 1,
      goldMentions: 4,
      inKb: 0.5,
      endToEnd: { precision: 2 / 3, recall: 0.5, f1: 4 / 7, tp: 2, predicted: 3, gold: 4 },
      disambiguation: { accuracy: 0.25, correct: 1, mentions: 4 },
      tokens: 9,
      linkedWithoutQid: 0,
    });
    expect(line).toBe('f1=57.1 p=66.7 r=50.0 disambiguation=25.0 in_kb=50.0');
  });
});
