/**
 * Buckets the noun-phrase errors of a `textlens eval chunks --out FILE`
 * file (CoNLL-2000 columns word, file POS, gold chunk, predicted NP tag) so
 * that convention rules can be aimed at the biggest class:
 *
 *   node --import tsx training/chunker/np-error-buckets.ts FILE [--examples N] [--top N]
 *
 * Each gold NP and predicted NP that does not match exactly is put in one
 * class, keyed by the file's POS of the words at the disagreement:
 * - missed: a gold phrase no predicted phrase overlaps;
 * - spurious: a predicted phrase no gold phrase overlaps;
 * - false split: a gold phrase two or more predicted phrases share (key: POS at the seam);
 * - false merge: a predicted phrase over two or more gold phrases (key: POS at the first seam);
 * - left+/left-, right+/right-: one-to-one overlap whose left/right edge
 *   takes in an extra word (+) or leaves one out (-) (key: POS of the first such word).
 * Prints the classes by count (each with examples), and last the line
 * `gold=… predicted=… correct=… f1=…`.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { npChunksOfTags, type ChunkSpan } from '../../src/eval/conll2000.js';

/** One sentence of a four-column file. */
export interface ScoredSentence {
  words: string[];
  pos: string[];
  gold: string[];
  predicted: string[];
}

export function parseScoredFile(text: string): ScoredSentence[] {
  const out: ScoredSentence[] = [];
  let cur: ScoredSentence = { words: [], pos: [], gold: [], predicted: [] };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (cur.words.length > 0) out.push(cur);
      cur = { words: [], pos: [], gold: [], predicted: [] };
      continue;
    }
    const [w, p, g, q] = line.split(' ');
    if (q === undefined) throw new Error(`np-error-buckets: expected four columns (word POS gold predicted), got ${JSON.stringify(line)}`);
    cur.words.push(w);
    cur.pos.push(p);
    cur.gold.push(g);
    cur.predicted.push(q);
  }
  if (cur.words.length > 0) out.push(cur);
  return out;
}

export interface ErrorBucket {
  key: string;
  count: number;
  examples: string[];
}

const overlaps = (a: ChunkSpan, b: ChunkSpan): boolean => a.start < b.end && b.start < a.end;

/** The sentence with gold phrases in [ ] and predicted ones in { }, cut to a window around [from, to). */
export function showSentence(s: ScoredSentence, gold: ChunkSpan[], pred: ChunkSpan[], from: number, to: number): string {
  const lo = Math.max(0, from - 6);
  const hi = Math.min(s.words.length, to + 6);
  const parts: string[] = [];
  for (let i = lo; i < hi; i++) {
    let w = '';
    for (const g of gold) if (g.start === i) w += '[';
    for (const p of pred) if (p.start === i) w += '{';
    w += `${s.words[i]}/${s.pos[i]}`;
    for (const p of pred) if (p.end === i + 1) w += '}';
    for (const g of gold) if (g.end === i + 1) w += ']';
    parts.push(w);
  }
  return parts.join(' ');
}

/** Error classes of every sentence, largest first. */
export function bucketErrors(sentences: readonly ScoredSentence[], examplesPer = 3): { buckets: ErrorBucket[]; gold: number; predicted: number; correct: number } {
  const byKey = new Map<string, ErrorBucket>();
  let gold = 0;
  let predicted = 0;
  let correct = 0;
  const add = (key: string, example: string): void => {
    let b = byKey.get(key);
    if (!b) byKey.set(key, (b = { key, count: 0, examples: [] }));
    b.count++;
    if (b.examples.length < examplesPer) b.examples.push(example);
  };
  for (const s of sentences) {
    const g = npChunksOfTags(s.gold);
    const p = npChunksOfTags(s.predicted);
    gold += g.length;
    predicted += p.length;
    const exact = new Set(g.map((x) => `${x.start}:${x.end}`));
    const matched = new Set<string>();
    for (const x of p) if (exact.has(`${x.start}:${x.end}`)) { correct++; matched.add(`${x.start}:${x.end}`); }
    const badG = g.filter((x) => !matched.has(`${x.start}:${x.end}`));
    const badP = p.filter((x) => !matched.has(`${x.start}:${x.end}`));
    const seen = new Set<ChunkSpan>();
    for (const x of badG) {
      const over = badP.filter((y) => overlaps(x, y));
      if (over.length === 0) {
        add(`missed ${s.pos.slice(x.start, x.end).join('_')}`, showSentence(s, g, p, x.start, x.end));
      } else if (over.length >= 2) {
        const seam = over[1].start;
        add(`false-split ${s.pos[seam - 1]}|${s.pos[seam]}`, showSentence(s, g, p, x.start, x.end));
        for (const y of over) seen.add(y);
      } else {
        const y = over[0];
        if (badG.filter((z) => overlaps(z, y)).length >= 2) continue; // counted as a merge below
        seen.add(y);
        const ex = showSentence(s, g, p, Math.min(x.start, y.start), Math.max(x.end, y.end));
        if (y.start < x.start) add(`left+ ${s.pos[y.start]}`, ex);
        else if (y.start > x.start) add(`left- ${s.pos[x.start]}`, ex);
        if (y.end > x.end) add(`right+ ${s.pos[x.end]}`, ex);
        else if (y.end < x.end) add(`right- ${s.pos[y.end]}`, ex);
      }
    }
    for (const y of badP) {
      if (seen.has(y)) continue;
      const over = badG.filter((x) => overlaps(x, y));
      if (over.length === 0) add(`spurious ${s.pos.slice(y.start, y.end).join('_')}`, showSentence(s, g, p, y.start, y.end));
      else if (over.length >= 2) add(`false-merge ${s.pos[over[1].start - 1]}|${s.pos[over[1].start]}`, showSentence(s, g, p, y.start, y.end));
    }
  }
  return { buckets: [...byKey.values()].sort((a, b) => b.count - a.count), gold, predicted, correct };
}

/** The class of a key alone ("false-split NN|NN" → "false-split"). */
const classOf = (key: string): string => key.split(' ')[0];

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  const num = (flag: string, dflt: number): number => {
    const i = args.indexOf(flag);
    return i >= 0 ? Number(args[i + 1]) : dflt;
  };
  if (!file) {
    process.stderr.write('usage: node --import tsx training/chunker/np-error-buckets.ts EVAL_OUT_FILE [--examples N] [--top N]\n');
    process.exit(2);
  }
  const bytes = readFileSync(file);
  const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  const r = bucketErrors(parseScoredFile(text), num('--examples', 3));
  const classes = new Map<string, number>();
  for (const b of r.buckets) classes.set(classOf(b.key), (classes.get(classOf(b.key)) ?? 0) + b.count);
  process.stdout.write(`classes: ${[...classes].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}\n\n`);
  for (const b of r.buckets.slice(0, num('--top', 40))) {
    process.stdout.write(`${b.count}\t${b.key}\n`);
    for (const e of b.examples) process.stdout.write(`\t\t${e}\n`);
  }
  const p = r.predicted ? (100 * r.correct) / r.predicted : 0;
  const rc = r.gold ? (100 * r.correct) / r.gold : 0;
  const f1 = p + rc ? (2 * p * rc) / (p + rc) : 0;
  process.stdout.write(`gold=${r.gold} predicted=${r.predicted} correct=${r.correct} f1=${f1.toFixed(2)}\n`);
}
