/**
 * Degenerate text takes time linear in its length, in segmentation (tokenizer,
 * sentence rules, boundary features) and through the whole `words` path
 * (segmentation, the boundary model, tagger, lemmatizer): for each class of
 * character a text of n and of 2n characters is timed, and the larger must take
 * about twice as long, not four times. A walk that looks back or ahead over a
 * run of like characters from every position (a run of ")" before the sentence
 * rules' terminal check, a run of "a-" before an '@') is quadratic and fails
 * the ratio, or the time limit on the smaller text first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../src/analyzer.js';
import { boundaryCandidates, boundaryFeatures } from '../../src/doc/sentence-features.js';
import { splitSentences } from '../../src/doc/sentences.js';
import { tokenize } from '../../src/doc/tokenize.js';

/**
 * Characters in the smaller text. Segmentation alone is cheap enough to time on 50,000 (a quadratic
 * walk there took seconds where the linear one takes ~20 ms); the words path, whose tagger costs
 * ~5 µs a token, on 12,000 (quadratic: 0.5 s and more).
 */
const SEGMENT_N = 50_000;
const WORDS_N = 12_000;
/** Most milliseconds the smaller text may take (measured on a loaded 2-core machine: ≤ 150 ms). */
const LIMIT_MS = 1_500;

/** n characters (or a few fewer) of `unit` repeated. */
const run = (unit: string, n: number): string => unit.repeat(Math.max(1, Math.floor(n / unit.length)));

/** Each class of character, as a text of about n characters. */
const CLASSES: Array<[string, (n: number) => string]> = [
  ['closing parentheses', (n) => run(')', n)],
  ['closing brackets and braces', (n) => run(']}', n)],
  ['opening brackets', (n) => run('([{', n)],
  ['straight quotes', (n) => run('\'"', n)],
  ['apostrophes', (n) => run("'", n)],
  ['curly quotes, closing', (n) => run('”’', n)],
  ['curly quotes, opening', (n) => run('“‘', n)],
  ['guillemets', (n) => run('»', n)],
  ['terminal punctuation, then closers', (n) => run('.', n / 2) + run(')"', n / 2)],
  ['spaced closers', (n) => run(') ', n)],
  ['dashes', (n) => run('—–-', n)],
  ['hyphen-minus', (n) => run('-', n)],
  ['dots', (n) => run('.', n)],
  ['spaced dots', (n) => run('. ', n)],
  ['ellipses', (n) => run('…', n)],
  ['?!', (n) => run('?!', n)],
  ['emoji (astral)', (n) => run('😀', n)],
  ['emoji ZWJ sequences', (n) => run('👨‍👩‍👧', n)],
  ['emoji with skin tones and selectors', (n) => run('👍🏽❤️', n)],
  ['combining marks on letters', (n) => run('e\u0301', n)],
  ['combining marks alone', (n) => run('\u0301', n)],
  ['spaces', (n) => run(' ', n)],
  ['newlines', (n) => run('\n', n)],
  ['CRLF and tabs', (n) => run('\r\n\t', n)],
  ['CJK', (n) => run('漢字', n)],
  ['one long word', (n) => run('a', n)],
  ['capitalized initials', (n) => run('A. ', n)],
  ['emoticons', (n) => run(':)', n)],
  ['an e-mail local part that never reaches a domain', (n) => run('a-', n) + '@!'],
  ['an e-mail local part after a stray character', (n) => run('a-', n) + '!@'],
  ['a URL followed by closing parentheses', (n) => 'http://a' + run(')', n)],
  ['words glued by periods in a chunk with an @', (n) => run('xx.yy-', n) + '@'],
  ['a long number, then letters after digits', (n) => run('1.', n / 2) + run('q1', n / 2)],
  ['a long number, then letter-digit codes', (n) => run('1.', n / 2) + run('x1-1', n / 2)],
];

let analyzer: Analyzer;

beforeAll(async () => {
  analyzer = await createAnalyzer();
  // Loads the segmenter and tagger models, and warms the code paths up.
  await analyzer.analyze({ text: 'Warm up (twice)! "Yes" — e-mail a@b.c 😀 漢字…', extractors: 'words' });
}, 60_000);

/**
 * Milliseconds of CPU that `work` takes on `text`: the process's CPU time, not the wall clock, so that
 * other processes competing for the cores do not count (a loaded machine stretches wall time several
 * fold and unevenly).
 */
async function millis(work: (text: string) => unknown, text: string): Promise<number> {
  const t0 = process.cpuUsage();
  await work(text);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

/**
 * Times `work` on `small` and `large` (twice as long) and checks that the larger takes less than three
 * times as long. Fastest of up to five interleaved tries: garbage collection and cache misses can slow
 * any one run, never speed one up; stops as soon as the ratio is clearly linear, mostly the first try.
 */
async function expectLinear(work: (text: string) => unknown, small: string, large: string): Promise<void> {
  let a = await millis(work, small);
  // A quadratic walk on the larger text would take minutes: fail on the smaller one first.
  expect(a, `${small.length} characters: ${a.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  let b = Infinity;
  for (let round = 0; round < 5; round++) {
    if (round > 0) a = Math.min(a, await millis(work, small));
    b = Math.min(b, await millis(work, large));
    if (b < 3 * a + 10) break;
  }
  // Twice the text, about twice the time (10 ms of slack for texts that take almost none).
  expect(b, `${small.length} characters: ${a.toFixed(0)} ms, ${large.length}: ${b.toFixed(0)} ms`).toBeLessThan(3 * a + 10);
}

function segment(text: string): void {
  const tokens = tokenize(text);
  splitSentences(text, tokens);
  boundaryFeatures(text, tokens, boundaryCandidates(text, tokens), 1 << 18);
}

const words = (text: string) => analyzer.analyze({ text, extractors: 'words' });

describe('degenerate text', () => {
  it.each(CLASSES)('is segmented in linear time: %s', async (_name, make) => {
    await expectLinear(segment, make(SEGMENT_N), make(2 * SEGMENT_N));
  });

  it.each(CLASSES)('goes through the words path in linear time: %s', async (_name, make) => {
    await expectLinear(words, make(WORDS_N), make(2 * WORDS_N));
  });
});
