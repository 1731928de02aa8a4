/**
 * Treebank sentences laid out as running paragraphs, for training and scoring the sentence segmenter on
 * text that is not one sentence per line:
 *
 *   paragraphs(texts, group, rnd)  → the sentences grouped into paragraphs of group.min–group.max (seeded)
 *   wrap(paragraph, width)         → the paragraph hard-wrapped at width columns, every offset unchanged
 *   editedProse(text)              → whether a sentence reads like edited prose (news, encyclopaedias)
 *   random(seed)                   → a seeded generator, so every run lays the text out the same way
 */
import { seededRandom } from '../../src/classify/train.js';

/** An inclusive range of whole numbers. */
export interface Range {
  min: number;
  max: number;
}

/** A small seeded generator (mulberry32): the classifier trainer's, so both lay out the same sequence for a seed. */
export const random = seededRandom;

/** A whole number in the range, drawn from rnd. */
export function pick(range: Range, rnd: () => number): number {
  return range.min + Math.floor(rnd() * (range.max - range.min + 1));
}

/** Items grouped, in order, into runs of range.min–range.max (the last run may be shorter). */
export function paragraphs<T>(items: readonly T[], group: Range, rnd: () => number): T[][] {
  const paras: T[][] = [];
  for (let i = 0; i < items.length; ) {
    const n = pick(group, rnd);
    paras.push(items.slice(i, i + n));
    i += n;
  }
  return paras;
}

/** Breaks a paragraph at spaces so that no line is longer than width (a longer word stays whole). */
export function wrap(paragraph: string, width: number): string {
  const chars = [...paragraph];
  let lineStart = 0;
  let lastSpace = -1;
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === ' ') lastSpace = i;
    if (i - lineStart >= width && lastSpace > lineStart) {
      chars[lastSpace] = '\n';
      lineStart = lastSpace + 1;
      lastSpace = -1;
    }
  }
  return chars.join('');
}

/** Opens like edited prose: a capital, a digit or an opening quote. */
const EDITED_START = /^[\p{Lu}\d"“‘']/u;
/** Ends like edited prose: . ! ? and then any closing quotes or brackets. */
const EDITED_END = /[.!?]["”’')\]]*$/u;
/** The fewest words (space-separated pieces with a letter or digit) a sentence of edited prose has. */
const EDITED_MIN_WORDS = 4;

/**
 * Whether a sentence reads like edited prose: it starts with a capital, a digit or a quote, ends in
 * . ! ? (closing quotes or brackets may follow) and has at least 4 words. Newswire and encyclopaedias
 * are written so; web text often is not ("thanks", "great service!!!!", a title without a full stop).
 */
export function editedProse(text: string): boolean {
  const t = text.trim();
  if (!EDITED_START.test(t) || !EDITED_END.test(t)) return false;
  let words = 0;
  for (const w of t.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(w)) words++;
  return words >= EDITED_MIN_WORDS;
}
