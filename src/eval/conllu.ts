/**
 * CoNLL-U reading and writing, and the raw text a treebank was made from.
 *
 *   parseConllu(text)            → ConlluSentence[]
 *   writeConllu(sentences)       → string (round-trips what parseConllu read)
 *   conlluToRawText(sentences)   → the raw text, rebuilt as the CoNLL 2018 shared task did
 *   segmentationToConllu(input)  → system CoNLL-U from tokens, sentences and optional layers
 *
 * Format: https://universaldependencies.org/format.html. Words are the
 * syntactic words (ID n); multi-word tokens (ID n-m) group words that are one
 * surface token in the text; empty nodes (ID n.k) are kept verbatim so that a
 * file round-trips, but nothing here interprets them.
 */
import { AnalysisError } from '../errors.js';

export interface ConlluWord {
  id: number;
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  feats: string;
  /** HEAD as written: a word id, 0 for the root, or null where the column is '_'. */
  head: number | null;
  deprel: string;
  deps: string;
  misc: string;
}

/** A multi-word token: words first..last (ids, inclusive) are one surface token. */
export interface ConlluMultiword {
  first: number;
  last: number;
  form: string;
  misc: string;
}

export interface ConlluSentence {
  /** Comment lines without the leading '# ' (e.g. 'sent_id = x', 'newpar'). */
  comments: string[];
  words: ConlluWord[];
  multiwords: ConlluMultiword[];
  /** Empty-node lines (ID n.k), verbatim, keyed by the word id they follow (0 = before the first word). */
  emptyNodes: { after: number; line: string }[];
}

/** A surface token of a sentence: a multi-word token or a word outside one. */
export interface ConlluSurfaceToken {
  form: string;
  /** Indices into sentence.words. */
  firstWord: number;
  lastWord: number;
  multiword: boolean;
  spaceAfter: boolean;
}

export function parseConllu(text: string): ConlluSentence[] {
  const sentences: ConlluSentence[] = [];
  let cur: ConlluSentence | undefined;
  const lines = text.split('\n');
  for (let ln = 0; ln < lines.length; ln++) {
    let line = lines[ln];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '') {
      if (cur) sentences.push(cur);
      cur = undefined;
      continue;
    }
    cur ??= { comments: [], words: [], multiwords: [], emptyNodes: [] };
    if (line.startsWith('#')) {
      cur.comments.push(line.replace(/^# ?/, ''));
      continue;
    }
    const cols = line.split('\t');
    if (cols.length !== 10) {
      throw new AnalysisError(400, `CoNLL-U line ${ln + 1}: expected 10 tab-separated columns, found ${cols.length}`);
    }
    const id = cols[0];
    const dash = id.indexOf('-');
    if (dash > 0) {
      cur.multiwords.push({ first: Number(id.slice(0, dash)), last: Number(id.slice(dash + 1)), form: cols[1], misc: cols[9] });
      continue;
    }
    if (id.includes('.')) {
      cur.emptyNodes.push({ after: Number(id.slice(0, id.indexOf('.'))), line });
      continue;
    }
    const num = Number(id);
    if (!Number.isInteger(num) || num !== cur.words.length + 1) {
      throw new AnalysisError(400, `CoNLL-U line ${ln + 1}: word id ${id} out of sequence`);
    }
    cur.words.push({
      id: num,
      form: cols[1],
      lemma: cols[2],
      upos: cols[3],
      xpos: cols[4],
      feats: cols[5],
      head: cols[6] === '_' ? null : Number(cols[6]),
      deprel: cols[7],
      deps: cols[8],
      misc: cols[9],
    });
  }
  if (cur) sentences.push(cur);
  return sentences;
}

export function writeConllu(sentences: readonly ConlluSentence[]): string {
  const out: string[] = [];
  for (const s of sentences) {
    for (const c of s.comments) out.push(`# ${c}`);
    const mwtAt = new Map<number, ConlluMultiword>();
    for (const m of s.multiwords) mwtAt.set(m.first, m);
    const emptyAfter = new Map<number, string[]>();
    for (const e of s.emptyNodes) {
      const list = emptyAfter.get(e.after) ?? [];
      list.push(e.line);
      emptyAfter.set(e.after, list);
    }
    for (const l of emptyAfter.get(0) ?? []) out.push(l);
    for (const w of s.words) {
      const m = mwtAt.get(w.id);
      if (m) out.push(`${m.first}-${m.last}\t${m.form}\t_\t_\t_\t_\t_\t_\t_\t${m.misc}`);
      const head = w.head === null ? '_' : String(w.head);
      out.push([w.id, w.form, w.lemma, w.upos, w.xpos, w.feats, head, w.deprel, w.deps, w.misc].join('\t'));
      for (const l of emptyAfter.get(w.id) ?? []) out.push(l);
    }
    out.push('');
  }
  return out.length ? out.join('\n') + '\n' : '';
}

/** Whether a MISC column says SpaceAfter=No. */
export function noSpaceAfter(misc: string): boolean {
  if (misc === '_' || misc.length < 12) return false;
  return misc.split('|').includes('SpaceAfter=No');
}

/** The surface tokens of a sentence, multi-word tokens as one. */
export function surfaceTokens(sentence: ConlluSentence): ConlluSurfaceToken[] {
  const byFirst = new Map<number, ConlluMultiword>();
  for (const m of sentence.multiwords) byFirst.set(m.first, m);
  const out: ConlluSurfaceToken[] = [];
  const words = sentence.words;
  for (let i = 0; i < words.length; i++) {
    const m = byFirst.get(words[i].id);
    if (m) {
      const last = Math.min(m.last, words.length) - 1;
      out.push({ form: m.form, firstWord: i, lastWord: last, multiword: true, spaceAfter: !noSpaceAfter(m.misc) });
      i = last;
    } else {
      out.push({ form: words[i].form, firstWord: i, lastWord: i, multiword: false, spaceAfter: !noSpaceAfter(words[i].misc) });
    }
  }
  return out;
}

function hasComment(s: ConlluSentence, key: string): boolean {
  return s.comments.some((c) => c === key || c.startsWith(`${key} `) || c.startsWith(`${key}=`));
}

/**
 * The raw text of a treebank, rebuilt the way the CoNLL 2018 shared task
 * built its input: a blank line between paragraphs (`# newpar`) and documents
 * (`# newdoc`), sentences of a paragraph joined by one space, and tokens
 * joined by one space unless SpaceAfter=No. Ends with a newline.
 */
export function conlluToRawText(sentences: readonly ConlluSentence[]): string {
  return conlluToRawTextWithSpans(sentences).text;
}

/** The raw text and, per sentence, its [start, end) UTF-16 span in that text. */
export function conlluToRawTextWithSpans(sentences: readonly ConlluSentence[]): { text: string; spans: Array<[number, number]> } {
  let text = '';
  const spans: Array<[number, number]> = [];
  for (const s of sentences) {
    if (text !== '' && (hasComment(s, 'newpar') || hasComment(s, 'newdoc'))) text = text.trimEnd() + '\n\n';
    const start = text.length;
    let end = start;
    for (const t of surfaceTokens(s)) {
      text += t.form;
      end = text.length;
      if (t.spaceAfter) text += ' ';
    }
    spans.push([start, end]);
  }
  text = text.trimEnd();
  return { text: text === '' ? '' : text + '\n', spans };
}

/** What a system produced, in the shape the Doc holds it. */
export interface SegmentationInput {
  text: string;
  /** UTF-16 spans of the syntactic words, in order. */
  tokens: readonly { start: number; end: number; form?: string }[];
  /** Exclusive word index where each sentence ends. */
  sentenceEnds: readonly number[];
  /** True at word i when it is part of the same surface token as word i-1 (a multi-word token such as "do|n't"). */
  joinsPrevious?: ArrayLike<boolean | number>;
  upos?: readonly string[];
  xpos?: readonly string[];
  lemma?: readonly string[];
  /** Head word index within the whole text, -1 at a root. */
  head?: ArrayLike<number>;
  deprel?: readonly string[];
}

/**
 * System CoNLL-U sentences from a segmentation and whichever layers exist;
 * a missing layer is written as '_' (the scorer then reports it as n/a).
 */
export function segmentationToConllu(input: SegmentationInput): ConlluSentence[] {
  const { text, tokens, sentenceEnds } = input;
  const sentences: ConlluSentence[] = [];
  let start = 0;
  const ends = [...sentenceEnds];
  if (tokens.length > 0 && (ends.length === 0 || ends[ends.length - 1] < tokens.length)) ends.push(tokens.length);
  for (const end of ends) {
    if (end <= start) continue;
    const s: ConlluSentence = { comments: [], words: [], multiwords: [], emptyNodes: [] };
    s.comments.push(`text = ${text.slice(tokens[start].start, tokens[end - 1].end).replace(/\s+/g, ' ')}`);
    for (let i = start; i < end; i++) {
      const t = tokens[i];
      const form = t.form ?? text.slice(t.start, t.end);
      const nextStart = i + 1 < tokens.length ? tokens[i + 1].start : text.length;
      const glued = i + 1 < end && Boolean(input.joinsPrevious?.[i + 1]);
      const spaceAfter = nextStart > t.end || i + 1 === tokens.length;
      const h = input.head ? input.head[i] : undefined;
      s.words.push({
        id: i - start + 1,
        form,
        lemma: input.lemma?.[i] ?? '_',
        upos: input.upos?.[i] ?? '_',
        xpos: input.xpos?.[i] ?? '_',
        feats: '_',
        head: h === undefined ? null : h < 0 ? 0 : h - start + 1,
        deprel: input.deprel?.[i] ?? '_',
        deps: '_',
        misc: spaceAfter || glued ? '_' : 'SpaceAfter=No',
      });
      if (glued && !Boolean(input.joinsPrevious?.[i])) {
        // Opens a multi-word token that runs while the next words keep joining.
        let last = i + 1;
        while (last + 1 < end && Boolean(input.joinsPrevious?.[last + 1])) last++;
        const after = last + 1 < tokens.length ? tokens[last + 1].start : text.length;
        s.multiwords.push({
          first: i - start + 1,
          last: last - start + 1,
          form: text.slice(t.start, tokens[last].end),
          misc: after > tokens[last].end || last + 1 === tokens.length ? '_' : 'SpaceAfter=No',
        });
      }
    }
    // Words inside a multi-word token carry no SpaceAfter of their own.
    for (const m of s.multiwords) for (let id = m.first; id <= m.last; id++) s.words[id - 1].misc = '_';
    sentences.push(s);
    start = end;
  }
  return sentences;
}
