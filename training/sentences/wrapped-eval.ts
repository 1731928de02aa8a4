/**
 * Sentence and parse scores on hard-wrapped text, the way e-mail, man pages and plain-text exports lay
 * prose out, against the same sentences unwrapped:
 *
 *   npx tsx training/sentences/wrapped-eval.ts FILE.conllu [--no-parse]
 *
 * The treebank's `# text` lines, in order, are grouped into paragraphs of 3–8 sentences (seeded), each
 * paragraph's sentences joined by single spaces, and laid out three ways: wrapped at 60–80 columns
 * (seeded; a break replaces a space by a newline) with a blank line between paragraphs, one paragraph
 * per line, and one sentence per line. Each text goes through the analyzer from raw text and is scored
 * by src/eval/ud-score.ts against the gold sentences (CoNLL 2018 rules).
 */
import { readFileSync } from 'node:fs';
import { createAnalyzer } from '../../src/analyzer.js';
import { parseConllu, segmentationToConllu, type ConlluSentence } from '../../src/eval/conllu.js';
import { scoreUd } from '../../src/eval/ud-score.js';

/** A small seeded generator (mulberry32), so every run lays the text out the same way. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentenceText(s: ConlluSentence): string {
  const c = s.comments.find((l) => l.startsWith('text = '));
  if (!c) throw new Error('a sentence has no # text line');
  return c.slice(7);
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

export function layouts(gold: ConlluSentence[], seed = 1): { wrapped: string; paragraphs: string; lines: string } {
  const rnd = random(seed);
  const texts = gold.map(sentenceText);
  const paras: string[][] = [];
  for (let i = 0; i < texts.length; ) {
    const n = 3 + Math.floor(rnd() * 6);
    paras.push(texts.slice(i, i + n));
    i += n;
  }
  const joined = paras.map((p) => p.join(' '));
  return {
    wrapped: joined.map((p) => wrap(p, 60 + Math.floor(rnd() * 21))).join('\n\n') + '\n',
    paragraphs: joined.join('\n') + '\n',
    lines: texts.join('\n') + '\n',
  };
}

async function main(): Promise<void> {
  const file = process.argv[2];
  const parse = !process.argv.includes('--no-parse');
  const gold = parseConllu(readFileSync(file, 'utf8'));
  const analyzer = await createAnalyzer({ backend: 'node', parser: 'accurate' });
  const l = layouts(gold);
  for (const [name, text] of Object.entries(l)) {
    const doc = await analyzer.segment(text);
    if (parse) await analyzer.annotateDoc(doc, ['xpos', 'upos', 'lemma', 'deps']);
    const spans = Array.from({ length: doc.length }, (_, i) => ({ start: doc.start16[i], end: doc.end16[i], form: doc.tokens[i] }));
    const system = segmentationToConllu({
      text: doc.text,
      tokens: spans,
      sentenceEnds: Array.from(doc.sentEnd),
      joinsPrevious: doc.joinsPrevious,
      ...(parse ? { upos: doc.upos, xpos: doc.xpos, lemma: doc.lemma, head: doc.head, deprel: doc.deprel } : {}),
    });
    const s = scoreUd(gold, system);
    const f = (m: { f1: number } | undefined) => (m ? (100 * m.f1).toFixed(2) : '-');
    console.log(`${name.padEnd(10)} tokens ${f(s.tokens)}  sentences ${f(s.sentences)}  UAS ${parse ? f(s.uas ?? undefined) : '-'}  LAS ${parse ? f(s.las ?? undefined) : '-'}`);
  }
}

if (process.argv[1]?.endsWith('wrapped-eval.ts')) await main();
