/**
 * Sentence and parse scores on hard-wrapped text, the way e-mail, man pages and plain-text exports lay
 * prose out, against the same sentences unwrapped:
 *
 *   npx tsx training/sentences/wrapped-eval.ts FILE.conllu [FILE.conllu …] [--edited] [--group N|MIN-MAX]
 *                                              [--width N|MIN-MAX] [--genre REGEX] [--seed N] [--no-parse]
 *                                              [--models DIR]
 *
 * The treebanks' `# text` lines, in order, are grouped into paragraphs of 3–8 sentences (seeded; --group),
 * each paragraph's sentences joined by single spaces, and laid out three ways: wrapped at 60–80 columns
 * (seeded per paragraph; --width; a break replaces a space by a newline) with a blank line between
 * paragraphs, one paragraph per line, and one sentence per line. Each text goes through the analyzer from
 * raw text and is scored by src/eval/ud-score.ts against the gold sentences (CoNLL 2018 rules).
 *
 * --edited keeps only the sentences that read like edited prose (editedProse in paragraph-text.ts: a
 * capital, digit or quote first, . ! ? last, at least 4 words) and groups them in paragraphs of 5 unless
 * --group says otherwise: a stand-in for wrapped newswire and encyclopaedia text, whose sentences all
 * start and end the way an editor wants them to, where web text often does not.
 * --genre keeps only the sentences whose `# sent_id` matches REGEX, which names the genre in both EWT
 * ("weblog-…", "email-…") and GUM ("GUM_news_…", "GUM_bio_…"): with --edited, 'GUM_(news|bio|academic|
 * textbook|voyage)|^weblog' comes nearest newswire and encyclopaedia text.
 *
 * --models reads every model from DIR instead of models/ (a directory that differs from models/ only in
 * a candidate sentence model, say).
 */
import { readFileSync } from 'node:fs';
import { createAnalyzer } from '../../src/analyzer.js';
import { parseConllu, segmentationToConllu, type ConlluSentence } from '../../src/eval/conllu.js';
import { scoreUd } from '../../src/eval/ud-score.js';
import { editedProse, paragraphs, pick, random, wrap, type Range } from './paragraph-text.js';

export function sentenceText(s: ConlluSentence): string {
  const c = s.comments.find((l) => l.startsWith('text = '));
  if (!c) throw new Error('a sentence has no # text line');
  return c.slice(7);
}

function sentId(s: ConlluSentence): string {
  const c = s.comments.find((l) => l.startsWith('sent_id = '));
  return c ? c.slice(10) : '';
}

export interface LayoutOptions {
  seed?: number;
  /** Sentences per paragraph (default 3–8). */
  group?: Range;
  /** Wrapping width per paragraph, in columns (default 60–80). */
  width?: Range;
}

export function layouts(gold: readonly ConlluSentence[], opts: LayoutOptions = {}): { wrapped: string; paragraphs: string; lines: string } {
  const { seed = 1, group = { min: 3, max: 8 }, width = { min: 60, max: 80 } } = opts;
  const rnd = random(seed);
  const texts = gold.map(sentenceText);
  const joined = paragraphs(texts, group, rnd).map((p) => p.join(' '));
  return {
    wrapped: joined.map((p) => wrap(p, pick(width, rnd))).join('\n\n') + '\n',
    paragraphs: joined.join('\n') + '\n',
    lines: texts.join('\n') + '\n',
  };
}

/** "5" or "3-8" as a range. */
function parseRange(arg: string | undefined, flag: string): Range {
  const m = /^(\d+)(?:-(\d+))?$/.exec(arg ?? '');
  if (!m) throw new Error(`${flag} wants N or MIN-MAX, got ${arg ?? 'nothing'}`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min < 1 || max < min) throw new Error(`${flag} ${arg}: MIN must be at least 1 and at most MAX`);
  return { min, max };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const files: string[] = [];
  const opts: LayoutOptions = {};
  let parse = true;
  let edited = false;
  let modelsDir: string | undefined;
  let genre: RegExp | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--no-parse') parse = false;
    else if (a === '--edited') edited = true;
    else if (a === '--group') opts.group = parseRange(args[++i], a);
    else if (a === '--width') opts.width = parseRange(args[++i], a);
    else if (a === '--seed') opts.seed = Number(args[++i]);
    else if (a === '--models') modelsDir = args[++i];
    else if (a === '--genre') genre = new RegExp(args[++i] ?? '');
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else files.push(a);
  }
  if (files.length === 0) throw new Error('usage: wrapped-eval.ts FILE.conllu [FILE.conllu …] [--edited] [--group N|MIN-MAX] [--width N|MIN-MAX] [--genre REGEX] [--seed N] [--no-parse] [--models DIR]');
  let gold = files.flatMap((f) => parseConllu(readFileSync(f, 'utf8')));
  if (genre) {
    const re = genre;
    gold = gold.filter((s) => re.test(sentId(s)));
  }
  if (edited) {
    gold = gold.filter((s) => editedProse(sentenceText(s)));
    opts.group ??= { min: 5, max: 5 };
  }
  console.log(`${gold.length} sentences${edited ? ' of edited prose' : ''}${genre ? ` of ${genre.source}` : ''}`);
  const analyzer = await createAnalyzer({ backend: 'node', parser: 'accurate', ...(modelsDir ? { modelsDir } : {}) });
  const l = layouts(gold, opts);
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
