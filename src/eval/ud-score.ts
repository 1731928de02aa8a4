/**
 * CoNLL 2018 shared task scoring, reimplemented from the task's published
 * rules (conll18_ud_eval.py):
 *
 *   scoreUd(gold, system) → UdScores     formatUdTable(scores) → string
 *
 * Gold and system must spell the same non-whitespace characters. Tokens and
 * sentences score by exact character spans over those characters; words are
 * aligned by span, and inside multi-word tokens by the longest common
 * subsequence of their lower-cased forms. Tags, lemmas and attachments score
 * over aligned words; DEPREL compares only the universal part (before ':').
 * A column the system left empty ('_' everywhere) scores as null: n/a.
 */
import { AnalysisError } from '../errors.js';
import { surfaceTokens, type ConlluSentence } from './conllu.js';
import { udNounPhrases } from '../structure/ud-noun-phrases.js';

export interface UdScore {
  precision: number;
  recall: number;
  f1: number;
  /** Correct among aligned words (tags, lemmas, attachments); null for span metrics. */
  alignedAccuracy: number | null;
  gold: number;
  system: number;
  correct: number;
}

export interface UdScores {
  tokens: UdScore;
  sentences: UdScore;
  words: UdScore;
  upos: UdScore | null;
  xpos: UdScore | null;
  ufeats: UdScore | null;
  lemmas: UdScore | null;
  uas: UdScore | null;
  las: UdScore | null;
  /** Base noun phrases read off each tree (src/structure/ud-noun-phrases.ts), the system's against the gold tree's, by character span. */
  phrases: UdScore | null;
}

interface Span {
  start: number;
  end: number;
}

interface EvalWord {
  span: Span;
  multiword: boolean;
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  feats: string;
  deprel: string;
  /** Index of the head word in the file's word list; -1 for the root, -2 when HEAD is '_'. */
  parent: number;
}

interface EvalFile {
  chars: string;
  tokens: Span[];
  sentences: Span[];
  words: EvalWord[];
  /** Each sentence's words: [first, end) in `words`. */
  sentenceWords: Array<[number, number]>;
}

// The official script drops space separators (Unicode Zs) inside forms.
const SPACE_SEPARATORS = /\p{Zs}/gu;

function loadFile(sentences: readonly ConlluSentence[]): EvalFile {
  const charParts: string[] = [];
  let pos = 0;
  const tokens: Span[] = [];
  const sentSpans: Span[] = [];
  const words: EvalWord[] = [];
  const sentenceWords: Array<[number, number]> = [];
  for (const s of sentences) {
    if (s.words.length === 0) continue;
    const base = words.length;
    const sentStart = pos;
    for (const t of surfaceTokens(s)) {
      const form = t.form.replace(SPACE_SEPARATORS, '');
      const span = { start: pos, end: pos + form.length };
      charParts.push(form);
      pos = span.end;
      tokens.push(span);
      for (let i = t.firstWord; i <= t.lastWord; i++) {
        const w = s.words[i];
        words.push({
          span,
          multiword: t.multiword,
          form: w.form,
          lemma: w.lemma,
          upos: w.upos,
          xpos: w.xpos,
          feats: w.feats,
          deprel: w.deprel.split(':')[0],
          parent: w.head === null ? -2 : w.head === 0 ? -1 : base + w.head - 1,
        });
      }
    }
    sentSpans.push({ start: sentStart, end: pos });
    sentenceWords.push([base, words.length]);
  }
  return { chars: charParts.join(''), tokens, sentences: sentSpans, words, sentenceWords };
}

function score(gold: number, system: number, correct: number, aligned: number | null = null): UdScore {
  return {
    precision: system ? correct / system : 0,
    recall: gold ? correct / gold : 0,
    f1: system + gold ? (2 * correct) / (system + gold) : 0,
    alignedAccuracy: aligned === null ? null : aligned ? correct / aligned : 0,
    gold,
    system,
    correct,
  };
}

function spansScore(gold: Span[], system: Span[]): UdScore {
  let correct = 0;
  let gi = 0;
  let si = 0;
  while (gi < gold.length && si < system.length) {
    if (system[si].start < gold[gi].start) si++;
    else if (gold[gi].start < system[si].start) gi++;
    else {
      if (gold[gi].end === system[si].end) correct++;
      gi++;
      si++;
    }
  }
  return score(gold.length, system.length, correct);
}

function beyondEnd(words: EvalWord[], i: number, end: number): boolean {
  if (i >= words.length) return true;
  if (words[i].multiword) return words[i].span.start >= end;
  return words[i].span.end > end;
}

function extendEnd(w: EvalWord, end: number): number {
  return w.multiword && w.span.end > end ? w.span.end : end;
}

/** Pairs [goldIndex, systemIndex] of aligned words, in order. */
function alignWords(gold: EvalWord[], system: EvalWord[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let gi = 0;
  let si = 0;
  while (gi < gold.length && si < system.length) {
    if (gold[gi].multiword || system[si].multiword) {
      // The minimal stretch covering the multi-word token(s) on either side.
      let end: number;
      if (gold[gi].multiword) {
        end = gold[gi].span.end;
        if (!system[si].multiword && system[si].span.start < gold[gi].span.start) si++;
      } else {
        end = system[si].span.end;
        if (!gold[gi].multiword && gold[gi].span.start < system[si].span.start) gi++;
      }
      const gs = gi;
      const ss = si;
      while (!beyondEnd(gold, gi, end) || !beyondEnd(system, si, end)) {
        if (gi < gold.length && (si >= system.length || gold[gi].span.start <= system[si].span.start)) {
          end = extendEnd(gold[gi], end);
          gi++;
        } else {
          end = extendEnd(system[si], end);
          si++;
        }
      }
      if (gi > gs && si > ss) alignByLcs(gold, system, gs, gi, ss, si, pairs);
    } else if (gold[gi].span.start === system[si].span.start && gold[gi].span.end === system[si].span.end) {
      pairs.push([gi, si]);
      gi++;
      si++;
    } else if (gold[gi].span.start <= system[si].span.start) gi++;
    else si++;
  }
  return pairs;
}

function alignByLcs(
  gold: EvalWord[],
  system: EvalWord[],
  gs: number,
  ge: number,
  ss: number,
  se: number,
  pairs: Array<[number, number]>,
): void {
  const G = ge - gs;
  const S = se - ss;
  const lower = (w: EvalWord): string => w.form.toLowerCase();
  const lcs = Array.from({ length: G }, () => new Int32Array(S));
  for (let g = G - 1; g >= 0; g--) {
    for (let s = S - 1; s >= 0; s--) {
      let v = 0;
      if (lower(gold[gs + g]) === lower(system[ss + s])) v = 1 + (g + 1 < G && s + 1 < S ? lcs[g + 1][s + 1] : 0);
      v = Math.max(v, g + 1 < G ? lcs[g + 1][s] : 0);
      v = Math.max(v, s + 1 < S ? lcs[g][s + 1] : 0);
      lcs[g][s] = v;
    }
  }
  let g = 0;
  let s = 0;
  while (g < G && s < S) {
    if (lower(gold[gs + g]) === lower(system[ss + s])) {
      pairs.push([gs + g, ss + s]);
      g++;
      s++;
    } else if (lcs[g][s] === (g + 1 < G ? lcs[g + 1][s] : 0)) g++;
    else s++;
  }
}

const UNIVERSAL_FEATURES = new Set([
  'PronType', 'NumType', 'Poss', 'Reflex', 'Foreign', 'Abbr', 'Gender', 'Animacy', 'Number', 'Case',
  'Definite', 'Degree', 'VerbForm', 'Mood', 'Tense', 'Aspect', 'Voice', 'Evident', 'Polarity', 'Person', 'Polite',
]);

function universalFeats(feats: string): string {
  if (feats === '_') return '_';
  return feats
    .split('|')
    .filter((f) => UNIVERSAL_FEATURES.has(f.slice(0, f.indexOf('='))))
    .sort()
    .join('|');
}

/** The base noun phrases of every sentence's tree, as character spans "start:end". */
function phraseSpans(f: EvalFile): Set<string> {
  const tree = {
    upos: f.words.map((w) => w.upos),
    head: f.words.map((w) => (w.parent >= 0 ? w.parent : -1)),
    deprel: f.words.map((w) => w.deprel),
  };
  const out = new Set<string>();
  for (const [first, end] of f.sentenceWords) {
    for (const p of udNounPhrases(tree, first, end)) out.add(`${f.words[p.start].span.start}:${f.words[p.end - 1].span.end}`);
  }
  return out;
}

function phrasesScore(gold: EvalFile, system: EvalFile): UdScore {
  const g = phraseSpans(gold);
  const s = phraseSpans(system);
  let correct = 0;
  for (const key of s) if (g.has(key)) correct++;
  return score(g.size, s.size, correct);
}

export function scoreUd(gold: readonly ConlluSentence[], system: readonly ConlluSentence[]): UdScores {
  const g = loadFile(gold);
  const s = loadFile(system);
  if (g.chars !== s.chars) {
    let i = 0;
    while (i < g.chars.length && g.chars[i] === s.chars[i]) i++;
    throw new AnalysisError(
      400,
      `gold and system text differ at non-space character ${i}: gold "${g.chars.slice(i, i + 20)}", system "${s.chars.slice(i, i + 20)}"`,
    );
  }
  const pairs = alignWords(g.words, s.words);
  const sysToGold = new Map<number, number>();
  for (const [gi, si] of pairs) sysToGold.set(si, gi);

  const has = (pick: (w: EvalWord) => string): boolean => s.words.some((w) => pick(w) !== '_');
  const column = (key: (gw: EvalWord, sw: EvalWord) => boolean): UdScore => {
    let correct = 0;
    for (const [gi, si] of pairs) if (key(g.words[gi], s.words[si])) correct++;
    return score(g.words.length, s.words.length, correct, pairs.length);
  };
  // The system head, expressed as the gold word it aligns to (-1 root, -3 unaligned).
  const sysParent = (sw: EvalWord): number => (sw.parent < 0 ? sw.parent : (sysToGold.get(sw.parent) ?? -3));
  const hasHeads = s.words.some((w) => w.parent !== -2);

  return {
    tokens: spansScore(g.tokens, s.tokens),
    sentences: spansScore(g.sentences, s.sentences),
    words: score(g.words.length, s.words.length, pairs.length),
    upos: has((w) => w.upos) ? column((a, b) => a.upos === b.upos) : null,
    xpos: has((w) => w.xpos) ? column((a, b) => a.xpos === b.xpos) : null,
    ufeats: has((w) => w.feats) ? column((a, b) => universalFeats(a.feats) === universalFeats(b.feats)) : null,
    // A gold lemma of '_' means "not annotated": any system lemma is right.
    lemmas: has((w) => w.lemma) ? column((a, b) => a.lemma === '_' || a.lemma === b.lemma) : null,
    uas: hasHeads ? column((a, b) => a.parent === sysParent(b)) : null,
    las: hasHeads ? column((a, b) => a.parent === sysParent(b) && a.deprel === b.deprel) : null,
    phrases: hasHeads && has((w) => w.upos) ? phrasesScore(g, s) : null,
  };
}

const ROWS: Array<[keyof UdScores, string]> = [
  ['tokens', 'Tokens'],
  ['sentences', 'Sentences'],
  ['words', 'Words'],
  ['upos', 'UPOS'],
  ['xpos', 'XPOS'],
  ['ufeats', 'UFeats'],
  ['lemmas', 'Lemmas'],
  ['uas', 'UAS'],
  ['las', 'LAS'],
  ['phrases', 'NPs'],
];

/** The scores as the shared task printed them: Metric | Precision | Recall | F1 | AligndAcc, in percent. */
export function formatUdTable(scores: UdScores): string {
  const pct = (x: number): string => (100 * x).toFixed(2).padStart(9);
  const lines = [
    'Metric     | Precision |    Recall |  F1 Score | AligndAcc',
    '-----------+-----------+-----------+-----------+-----------',
  ];
  for (const [key, name] of ROWS) {
    const s = scores[key];
    const label = name.padEnd(11);
    if (!s) {
      lines.push(`${label}|       n/a |       n/a |       n/a |       n/a`);
      continue;
    }
    const acc = s.alignedAccuracy === null ? '          ' : ` ${pct(s.alignedAccuracy)}`;
    lines.push(`${label}| ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} |${acc}`);
  }
  return lines.join('\n');
}

/** The F1 of each scored metric as `name=value` pairs (percent), for scripts: the command's last line. */
export function formatUdLine(scores: UdScores): string {
  return ROWS.filter(([key]) => scores[key] !== null)
    .map(([key]) => `${key}=${(100 * scores[key]!.f1).toFixed(2)}`)
    .join(' ');
}
