/**
 * CoNLL-2000 chunking files and conlleval's exact-span scoring, for NP
 * chunks only (`textlens eval chunks`). Format: one `word POS chunk` line per
 * token (IOB2 chunk tags), a blank line after each sentence; the file may be
 * gzipped (train.txt.gz as distributed).
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { Doc, type TokenSpan } from '../doc/doc.js';

export interface ChunkSentence {
  words: string[];
  /** The file's POS column (Brill-tagged in CoNLL-2000); kept for --out, not used by the pipeline. */
  pos: string[];
  /** The file's chunk tags (B-NP, I-VP, O, …). */
  chunks: string[];
}

/** A chunk over tokens [start, end) of a sentence. */
export interface ChunkSpan {
  start: number;
  end: number;
}

/** Reads a CoNLL-2000 file (plain or gzipped); throws a message naming the file and line on a wrong format. */
export function readConll2000(path: string): ChunkSentence[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new Error(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  return parseConll2000(text, path);
}

export function parseConll2000(text: string, name = 'input'): ChunkSentence[] {
  const out: ChunkSentence[] = [];
  let cur: ChunkSentence = { words: [], pos: [], chunks: [] };
  const lines = text.split(/\r?\n/);
  for (let ln = 0; ln < lines.length; ln++) {
    const line = lines[ln];
    if (line.trim() === '') {
      if (cur.words.length > 0) out.push(cur);
      cur = { words: [], pos: [], chunks: [] };
      continue;
    }
    const cols = line.split(' ');
    const tag = cols[2];
    if (cols.length < 3 || cols[0] === '' || !/^(O|[BI]-[A-Z]+)$/.test(tag)) {
      throw new Error(
        `${name}:${ln + 1}: not CoNLL-2000 chunking format (expected "word POS chunktag" with an IOB chunk tag such as B-NP, got ${JSON.stringify(line.slice(0, 80))})`,
      );
    }
    cur.words.push(cols[0]);
    cur.pos.push(cols[1]);
    cur.chunks.push(tag);
  }
  if (cur.words.length > 0) out.push(cur);
  if (out.length === 0) throw new Error(`${name}: no sentences (expected CoNLL-2000 chunking format)`);
  return out;
}

/**
 * Penn Treebank escapes in the WSJ token column and the characters they
 * stand for (the tagger and parser were trained on plain text). `#` is the
 * WSJ's pound sign.
 */
const PTB_ESCAPES: Readonly<Record<string, string>> = {
  '-LRB-': '(',
  '-RRB-': ')',
  '-LCB-': '{',
  '-RCB-': '}',
  '-LSB-': '[',
  '-RSB-': ']',
  '``': '"',
  "''": '"',
  '#': '£',
};

/**
 * One Doc over the file's own tokens, one token per word (PTB escapes
 * undone): tokens joined by single spaces, one sentence per line of text,
 * sentence boundaries as given.
 */
export function conll2000Doc(sentences: readonly ChunkSentence[]): Doc {
  const tokens: TokenSpan[] = [];
  const ends: number[] = [];
  let text = '';
  for (const s of sentences) {
    s.words.forEach((word, i) => {
      // "1\/2", "\*": the WSJ escapes slashes and asterisks inside tokens.
      const w = PTB_ESCAPES[word] ?? word.replace(/\\([/*])/g, '$1');
      if (i > 0) text += ' ';
      tokens.push({ start: text.length, end: text.length + w.length, form: w });
      text += w;
    });
    text += '\n';
    ends.push(tokens.length);
  }
  return new Doc(text, tokens, ends);
}

/** NP chunks of an IOB tag sequence, as conlleval reads them (an I-NP after O or another type starts a chunk). */
export function npChunksOfTags(tags: readonly string[]): ChunkSpan[] {
  const out: ChunkSpan[] = [];
  let start = -1;
  for (let i = 0; i <= tags.length; i++) {
    const t = i < tags.length ? tags[i] : 'O';
    const inside = t === 'I-NP' && start >= 0;
    if (!inside && start >= 0) {
      out.push({ start, end: i });
      start = -1;
    }
    if (t === 'B-NP' || (t === 'I-NP' && start < 0)) start = i;
  }
  return out;
}

/** B-NP/I-NP/O tags of a sentence of `length` tokens with the given (non-overlapping) chunks. */
export function tagsOfChunks(chunks: readonly ChunkSpan[], length: number): string[] {
  const tags = new Array<string>(length).fill('O');
  for (const c of chunks) {
    for (let i = c.start; i < c.end; i++) tags[i] = i === c.start ? 'B-NP' : 'I-NP';
  }
  return tags;
}

export interface ChunkScores {
  sentences: number;
  tokens: number;
  gold: number;
  predicted: number;
  correct: number;
  precision: number;
  recall: number;
  f1: number;
}

/** Micro-averaged exact-span P/R/F1 (percentages) over all sentences. */
export function scoreChunks(gold: readonly ChunkSpan[][], predicted: readonly ChunkSpan[][], tokens = 0): ChunkScores {
  let g = 0;
  let p = 0;
  let c = 0;
  for (let s = 0; s < gold.length; s++) {
    const golds = new Set(gold[s].map((x) => `${x.start}:${x.end}`));
    g += gold[s].length;
    p += predicted[s].length;
    for (const x of predicted[s]) if (golds.has(`${x.start}:${x.end}`)) c++;
  }
  const precision = p === 0 ? 0 : (100 * c) / p;
  const recall = g === 0 ? 0 : (100 * c) / g;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { sentences: gold.length, tokens, gold: g, predicted: p, correct: c, precision, recall, f1 };
}

/** The file's three columns plus a fourth with the predicted NP tags. */
export function formatConll2000(sentences: readonly ChunkSentence[], predicted: readonly string[][]): string {
  const parts: string[] = [];
  sentences.forEach((s, k) => {
    for (let i = 0; i < s.words.length; i++) parts.push(`${s.words[i]} ${s.pos[i]} ${s.chunks[i]} ${predicted[k][i]}\n`);
    parts.push('\n');
  });
  return parts.join('');
}
