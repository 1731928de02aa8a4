/**
 * CoNLL-2003 style NER evaluation: exact span-and-type match, micro
 * precision/recall/F1 overall and per type, as conlleval counts them.
 *
 * The input is the CoNLL format (token … NER-tag per line, blank lines
 * between sentences, `-DOCSTART-` lines between documents; IOB1 or IOB2
 * tags). Each document becomes a Doc over its gold tokens and goes to
 * `recognize` whole, so document-level context is what it is at run time.
 */
import { Doc, type Mention } from '../doc/doc.js';
import { recognizeDoc, type MentionRecognizer } from '../annotators/ner.js';

export interface TypeScores {
  p: number;
  r: number;
  f1: number;
  /** Gold mentions of this type. */
  support: number;
}

export interface NerScores {
  precision: number;
  recall: number;
  f1: number;
  perType: Record<string, TypeScores>;
  documents: number;
  sentences: number;
  tokens: number;
}

export type Recognize = (doc: Doc) => Promise<readonly Mention[]> | readonly Mention[];

export interface ConllDocument {
  sentences: { words: string[]; tags: string[] }[];
}

/** Documents of a CoNLL-2003 file; text before the first -DOCSTART- is a document too. */
export function parseConll(text: string): ConllDocument[] {
  const docs: ConllDocument[] = [];
  let doc: ConllDocument = { sentences: [] };
  let words: string[] = [];
  let tags: string[] = [];
  const endSentence = () => {
    if (words.length > 0) doc.sentences.push({ words, tags });
    words = [];
    tags = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endSentence();
      continue;
    }
    const cols = line.split(/\s+/);
    if (cols[0] === '-DOCSTART-') {
      endSentence();
      if (doc.sentences.length > 0) docs.push(doc);
      doc = { sentences: [] };
      continue;
    }
    words.push(cols[0]);
    tags.push(cols.length > 1 ? cols[cols.length - 1] : 'O');
  }
  endSentence();
  if (doc.sentences.length > 0) docs.push(doc);
  return docs;
}

/** Spans [start, end) with types from IOB1/IOB2 tags, by conlleval's chunk rules. */
export function iobSpans(tags: readonly string[]): { start: number; end: number; type: string }[] {
  const spans: { start: number; end: number; type: string }[] = [];
  let start = -1;
  let type = '';
  for (let i = 0; i <= tags.length; i++) {
    const t = i < tags.length ? tags[i] : 'O';
    const dash = t.indexOf('-');
    const prefix = dash < 0 ? t : t.slice(0, dash);
    const ty = dash < 0 ? '' : t.slice(dash + 1);
    const inside = prefix === 'I' || prefix === 'B' || prefix === 'E' || prefix === 'S';
    const begins = prefix === 'B' || prefix === 'S' || (prefix === 'I' && (start < 0 || ty !== type));
    if (start >= 0 && (!inside || begins || ty !== type)) {
      spans.push({ start, end: i, type });
      start = -1;
    }
    if (inside && start < 0) {
      start = i;
      type = ty;
    }
    if (prefix === 'E' || prefix === 'S') {
      spans.push({ start, end: i + 1, type });
      start = -1;
    }
  }
  return spans;
}

/** A Doc over gold tokens: tokens joined by single spaces, sentences as given. */
export function docFromConll(doc: ConllDocument): Doc {
  const tokens: { start: number; end: number }[] = [];
  const ends: number[] = [];
  let text = '';
  for (const s of doc.sentences) {
    for (const w of s.words) {
      if (text.length > 0) text += ' ';
      tokens.push({ start: text.length, end: text.length + w.length });
      text += w;
    }
    ends.push(tokens.length);
  }
  return new Doc(text, tokens, ends);
}

/** The shipped recognizer (loadEntityRecognizer) as a Recognize function: the ner annotator's code path. */
export function recognizeWith(ner: MentionRecognizer): Recognize {
  // CoNLL scores the recognizer's own mentions; candidates of other shapes (extra-mentions.ts) wait for the linker.
  return async (doc) => (await recognizeDoc(ner, doc)).filter((m) => m.source === 'ner');
}

export async function evalNer(conllText: string, recognize: Recognize): Promise<NerScores> {
  return evalNerDocuments(parseConll(conllText), recognize);
}

/** Scores over documents already read (src/eval/ner-layouts.ts reads the other corpora's layouts). */
export async function evalNerDocuments(docs: readonly ConllDocument[], recognize: Recognize): Promise<NerScores> {
  const tp = new Map<string, number>();
  const predicted = new Map<string, number>();
  const gold = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let sentences = 0;
  let tokens = 0;
  for (const cd of docs) {
    const doc = docFromConll(cd);
    sentences += cd.sentences.length;
    tokens += doc.length;
    const goldKeys = new Set<string>();
    let offset = 0;
    for (const s of cd.sentences) {
      for (const sp of iobSpans(s.tags)) {
        goldKeys.add(`${offset + sp.start}:${offset + sp.end}:${sp.type}`);
        add(gold, sp.type);
      }
      offset += s.words.length;
    }
    const seen = new Set<string>();
    for (const m of await recognize(doc)) {
      const key = `${m.start}:${m.end}:${m.label}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add(predicted, m.label);
      if (goldKeys.has(key)) add(tp, m.label);
    }
  }
  const score = (t: number, p: number, g: number): TypeScores => {
    const prec = p > 0 ? t / p : 0;
    const rec = g > 0 ? t / g : 0;
    return { p: prec, r: rec, f1: prec + rec > 0 ? (2 * prec * rec) / (prec + rec) : 0, support: g };
  };
  const perType: Record<string, TypeScores> = {};
  const types = [...new Set([...gold.keys(), ...predicted.keys()])].sort();
  for (const ty of types) perType[ty] = score(tp.get(ty) ?? 0, predicted.get(ty) ?? 0, gold.get(ty) ?? 0);
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const all = score(sum(tp), sum(predicted), sum(gold));
  return { precision: all.p, recall: all.r, f1: all.f1, perType, documents: docs.length, sentences, tokens };
}

/** The conlleval-style table, percentages with two decimals. */
export function formatNerScores(s: NerScores): string {
  const pct = (x: number) => (100 * x).toFixed(2).padStart(6);
  const lines = [`${s.documents} documents, ${s.sentences} sentences, ${s.tokens} tokens`, 'type       P       R      F1  support'];
  lines.push(`all   ${pct(s.precision)}  ${pct(s.recall)}  ${pct(s.f1)}  ${Object.values(s.perType).reduce((a, t) => a + t.support, 0)}`);
  for (const [ty, t] of Object.entries(s.perType)) lines.push(`${ty.padEnd(5)} ${pct(t.p)}  ${pct(t.r)}  ${pct(t.f1)}  ${t.support}`);
  return lines.join('\n');
}
