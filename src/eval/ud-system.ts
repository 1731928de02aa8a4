/**
 * The pipeline's side of `eval ud`: a treebank's sentences run through the
 * analyzer, from their raw text (the CoNLL 2018 shared task's setting) or
 * over their gold tokens and sentences, and scored against the gold trees,
 * in UD relations or converted to Stanford dependencies on both sides.
 */
import type { Analyzer } from '../analyzer.js';
import { Doc } from '../doc/doc.js';
import { udToStanford } from '../structure/stanford.js';
import { conlluToRawText, conlluToRawTextWithSpans, segmentationToConllu, surfaceTokens, type ConlluSentence } from './conllu.js';
import { scoreUd, type UdScores } from './ud-score.js';

export interface UdEvalOptions {
  /** Analyze the gold tokens and sentences instead of the raw text. */
  goldTokens?: boolean;
  /** Score UD relations (default) or both sides converted to Stanford dependencies. */
  scheme?: 'ud' | 'stanford';
  /** ISO 639-2 language of the treebank (default English): its language pack tokenizes and tags it. */
  language?: string;
}

/** Scores the analyzer's trees against the gold sentences. */
export async function evalUd(analyzer: Analyzer, gold: ConlluSentence[], options: UdEvalOptions = {}): Promise<UdScores> {
  const system = await systemConllu(analyzer, gold, options.goldTokens ?? false, options.language);
  return options.scheme === 'stanford' ? scoreUd(toStanford(gold), toStanford(system)) : scoreUd(gold, system);
}

/**
 * Run the pipeline over a treebank: from its raw text (CoNLL 2018 rules), or
 * over its gold tokens and sentences with goldTokens.
 */
export async function systemConllu(analyzer: Analyzer, gold: ConlluSentence[], goldTokens: boolean, language = 'eng'): Promise<ConlluSentence[]> {
  let doc: Doc;
  let joins: boolean[];
  if (goldTokens) {
    const { text } = conlluToRawTextWithSpans(gold);
    const tokens: { start: number; end: number; form: string }[] = [];
    const ends: number[] = [];
    joins = [];
    let at = 0;
    for (const s of gold) {
      for (const t of surfaceTokens(s)) {
        at = text.indexOf(t.form, at);
        if (t.multiword) {
          // Words inside a multi-word token share the token's span in the text.
          for (let w = t.firstWord; w <= t.lastWord; w++) {
            tokens.push({ start: at, end: at + t.form.length, form: s.words[w].form });
            joins.push(w > t.firstWord);
          }
        } else {
          tokens.push({ start: at, end: at + t.form.length, form: t.form });
          joins.push(false);
        }
        at += t.form.length;
      }
      ends.push(tokens.length);
    }
    doc = new Doc(text, tokens, ends);
  } else {
    const text = conlluToRawText(gold);
    const seg = await analyzer.segment(text, language);
    doc = seg;
    joins = [];
  }
  await analyzer.annotateDoc(doc, ['xpos', 'upos', 'lemma', 'deps'], { languageOverride: language });
  const spans = Array.from({ length: doc.length }, (_, i) => ({ start: doc.start16[i], end: doc.end16[i], form: doc.tokens[i] }));
  return segmentationToConllu({
    text: doc.text,
    tokens: spans,
    sentenceEnds: Array.from(doc.sentEnd),
    joinsPrevious: goldTokens ? joins : doc.joinsPrevious,
    upos: doc.upos,
    xpos: doc.xpos,
    lemma: doc.lemma,
    head: doc.head,
    deprel: doc.deprel,
  });
}

/** The sentences with their UD trees converted to Stanford dependencies (a sentence without a full tree stays as it is). */
export function toStanford(sentences: ConlluSentence[]): ConlluSentence[] {
  return sentences.map((s) => {
    if (s.words.some((w) => w.head === null)) return s;
    const conv = udToStanford({
      forms: s.words.map((w) => w.form),
      upos: s.words.map((w) => w.upos),
      xpos: s.words.map((w) => w.xpos),
      heads: s.words.map((w) => w.head ?? 0),
      deprels: s.words.map((w) => w.deprel),
    });
    return { ...s, words: s.words.map((w, i) => ({ ...w, head: conv.heads[i], deprel: conv.deprels[i] })) };
  });
}
