/**
 * Relations as CaRB Open IE tuples, for `textlens eval carb`.
 *
 * Conversion (one relation → one tuple):
 * - arg1 is the SUBJECT's words. Relations without a SUBJECT give no tuple
 *   (CaRB's gold tuples nearly always have one: 61 of 2,548 on dev do not).
 * - The relation string is the predicate's words in sentence order, plus the
 *   preposition that opens the first argument after the verb when the
 *   relation has no OBJECT ("taught at | X | the university"), the
 *   subordinator of a clausal OBJECT right after it ("said that | he | prices
 *   rose") and the preposition of a prepositional copular predicate ("is on |
 *   the cat | the mat"): CaRB's annotators mostly put them there.
 * - A participle modifier is a reduced passive ("an album released in 2000"):
 *   its relation string gets OpenIE's implicit `be` ("be released in | an
 *   album | 2000"), which CaRB's matcher counts against any form of "be" in
 *   the gold relation (dev F1 +0.5). The response's words are unchanged.
 * - arg2, arg3 … are the OBJECTs then the OTHERs, each in sentence order.
 * - Words are the sentence's tokens as given, joined by single spaces.
 */
import type { Analyzer } from '../analyzer.js';
import { Doc, type TokenSpan } from '../doc/doc.js';
import type { OieTuple } from './carb.js';
import type { ItemReport } from './eval-progress.js';
import { propertyToCarbTuple } from './properties-carb.js';
import { argumentMarkers } from '../structure/relations.js';
import type { RelationRecord } from '../doc/layers.js';

/** Runs the pipeline over tokenised sentences (tokens taken as given, one sentence per line) and converts its relations. */
/** `onItem` hears of each batch of sentences as it is done (for the progress display). */
export async function extractCarbTuples(analyzer: Analyzer, sentences: readonly string[], onItem?: ItemReport): Promise<OieTuple[]> {
  let tokens = 0;
  const out: OieTuple[] = [];
  // documents of a few hundred sentences keep the parser's batches full without holding everything at once
  for (let from = 0; from < sentences.length; from += 200) {
    const batch = sentences.slice(from, from + 200);
    const doc = tokenisedDoc(batch);
    await analyzer.annotateDoc(doc, ['relations', 'properties']);
    for (const r of doc.relations ?? []) {
      const t = toCarbTuple(doc, r, batch[r.sentence]);
      if (t) out.push(t);
    }
    for (const p of doc.properties ?? []) {
      const t = propertyToCarbTuple(doc, p, batch);
      if (t) out.push(t);
    }
    tokens += doc.length;
    onItem?.(from + batch.length, sentences.length, tokens);
  }
  return out;
}

/** A Doc over whitespace tokens, one sentence per entry. */
export function tokenisedDoc(sentences: readonly string[]): Doc {
  const tokens: TokenSpan[] = [];
  const ends: number[] = [];
  let text = '';
  for (const line of sentences) {
    for (const w of line.split(/\s+/)) {
      if (w === '') continue;
      if (text !== '') text += ' ';
      tokens.push({ start: text.length, end: text.length + w.length });
      text += w;
    }
    ends.push(tokens.length);
  }
  return new Doc(text, tokens, ends);
}

/** One relation as a CaRB tuple (sentence positions → the sentence's words), or undefined without a SUBJECT. */
export function toCarbTuple(doc: Doc, r: RelationRecord, sentence: string): OieTuple | undefined {
  const subject = r.args.find((a) => a.role === 'SUBJECT');
  if (!subject || subject.words.length === 0) return undefined;
  const rest = r.args.filter((a) => a !== subject && a.words.length > 0);
  const relationWords = [...r.predicate];
  const moved = new Set<number>();
  const hasObject = rest.some((a) => a.role === 'OBJECT' && !(r.copular && a.head === r.head));
  const lastPredicate = r.predicate[r.predicate.length - 1];
  // the preposition of the first argument after the predicate joins the relation when nothing else sits between
  const first = rest.filter((a) => a.words[0] > lastPredicate).sort((a, b) => a.words[0] - b.words[0])[0];
  const clausalObject = first?.role === 'OBJECT' && !(r.copular && first.head === r.head);
  const at = doc.sentStart[r.sentence];
  const { head, deprel, xpos } = doc;
  if (!head || !deprel || !xpos) throw new Error('carb: the doc has relations but no parse');
  const markers = first ? argumentMarkers({ heads: head, deprels: deprel, xpos, at, n: doc.sentEnd[r.sentence] - at }, first.head) : [];
  if (first && markers.length > 0 && (!hasObject || clausalObject || (r.copular && first.head === r.head)) && first.words[0] === markers[0]) {
    for (const m of markers) {
      relationWords.push(m);
      moved.add(m);
    }
  }
  const text = (ws: readonly number[]): string => doc.sentenceWords(r.sentence, ws);
  const args = [subject, ...rest].map((a) => text(a.words.filter((w) => !moved.has(w)))).filter((a, k) => k === 0 || a !== '');
  let relation = text(relationWords.sort((a, b) => a - b));
  // a participle modifier is a reduced passive ("an album released in 2000"): its relation is "be released in"
  if (doc.deprel?.[at + r.head] === 'acl' && doc.xpos?.[at + r.head] === 'VBN' && r.predicate.length === 1) relation = `be ${relation}`;
  return { sentence, confidence: round(r.confidence), relation, args };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
